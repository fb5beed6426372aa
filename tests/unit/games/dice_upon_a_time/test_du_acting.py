"""`acting_seat`: the seat the game waits for (the table service asks it of every view and of
its AI seats)."""

from companion.games.dice_upon_a_time import Choose, Config, Pass, acting_seat, apply, new_game
from tests.unit.games.dice_upon_a_time.helpers import started


def test_the_opening_choices_are_asked_clockwise_from_the_start_player() -> None:
    state = new_game(Config(players=("a", "b", "c"), seed=3, start_player=1))
    assert state.pending[0].kind == "opening"
    assert acting_seat(state) == 1
    state = apply(state, Choose(seat=1, option=state.pending[0].options[0]))
    assert acting_seat(state) == 1  # two quests: the same seat chooses again
    state = apply(state, Choose(seat=1, option=state.pending[0].options[0]))
    assert acting_seat(state) == 2


def test_the_turn_seat_acts_when_nothing_is_pending_and_nobody_once_it_is_over() -> None:
    state = started(players=2)
    assert not state.pending and state.turn is not None
    assert acting_seat(state) == state.turn.seat == 0
    after = apply(state, Pass(seat=0))
    assert acting_seat(after) == 1
    assert acting_seat(after.model_copy(update={"over": True})) is None
