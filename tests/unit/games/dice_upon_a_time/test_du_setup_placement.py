"""DU-1 set-up, DU-2 chapters, DU-3 placing."""

import random

import pytest
from pydantic import ValidationError

from companion.games.dice_upon_a_time import (
    Choose,
    Config,
    InvalidAction,
    Pass,
    Place,
    RuleViolation,
    State,
    apply,
    catalogue,
    new_game,
)
from companion.games.dice_upon_a_time.chapter import die_faces
from companion.games.dice_upon_a_time.legal import placements
from companion.games.dice_upon_a_time.placement import placement_error
from tests.unit.games.dice_upon_a_time.helpers import (
    at,
    choose,
    end_chapter,
    pool,
    stack,
    started,
    turn_of,
)
from tests.unit.games.dice_upon_a_time.playout import config_for, random_game


def test_du_1_setup_decks_dice_figures_items_and_opening_quests() -> None:
    state = new_game(Config(players=("a", "b", "c"), seed=4))
    cat = catalogue()
    assert sorted(state.quest_decks) == [2, 3, 4, 5]
    for value, deck in state.quest_decks.items():
        assert all(cat.quests[q].ap == value for q in deck)
    assert len(state.events) == 6 and len(set(state.events)) == 6
    assert len({s.character for s in state.seats}) == 3
    for held in state.seats:
        assert held.place == state.board.start
        assert len(held.items) == 1 and len(held.pool) == 5
    # the two opening quests are chosen, clockwise from the start player, deck by deck
    order = [ask.seat for ask in state.pending]
    start = state.start_player
    assert order == [start, (start + 1) % 3, (start + 2) % 3]
    ask = state.pending[0]
    assert ask.kind == "opening" and ask.left == 2
    state = apply(state, Choose(seat=ask.seat, option="5"))
    state = apply(state, Choose(seat=ask.seat, option="2"))
    quests = state.seats[ask.seat].quests
    assert [cat.quests[q].ap for q in quests] == [5, 2]
    with pytest.raises(RuleViolation) as error:
        apply(state, Place(seat=state.turn.seat, die=f"{state.turn.seat}.1", socket="rabbit"))
    assert error.value.rule == "DU-4"


def test_du_1_config_validates_itself() -> None:
    with pytest.raises(ValidationError):
        Config(players=("solo",))
    with pytest.raises(ValidationError):
        Config(players=tuple("abcdef"))
    with pytest.raises(ValidationError, match="start_player 3"):
        Config(players=("a", "b"), start_player=3)
    with pytest.raises(ValidationError, match="unknown character"):
        Config(players=("a", "b"), characters=("tailor", "wizard"))
    with pytest.raises(ValidationError, match="same character"):
        Config(players=("a", "b"), characters=("tailor", "tailor"))
    chosen = new_game(Config(players=("a", "b"), characters=("tailor", "goose_girl")))
    assert [s.character for s in chosen.seats] == ["tailor", "goose_girl"]


def test_du_2_chapter_rolls_every_die_reveals_its_event_and_turns_go_clockwise() -> None:
    state = started(players=3)
    assert state.chapter == 1 and state.event == state.events[0]
    for seat, held in enumerate(state.seats):
        assert [d.id for d in held.pool] == [f"{seat}.{n}" for n in range(1, 6)]
        assert all(d.face in die_faces(d.id) for d in held.pool)
    assert state.turn is not None and state.turn.seat == 0
    state = apply(state, Pass(seat=0))
    assert state.turn is not None and state.turn.seat == 1
    state = apply(state, Pass(seat=1))
    state = apply(state, Pass(seat=2))
    # everyone passed: chapter 2 starts, pools rolled again, its own event revealed
    assert state.chapter == 2 and state.event == state.events[1]
    assert all(len(held.pool) == 5 and not held.passed for held in state.seats)


def test_du_2_rolls_come_from_the_seed() -> None:
    first = started(players=2, seed=11)
    again = started(players=2, seed=11)
    other = started(players=2, seed=12)
    assert first == again
    pools = [tuple(d.face for d in held.pool) for held in first.seats]
    assert pools != [tuple(d.face for d in held.pool) for held in other.seats]


def test_du_3_face_must_reach_the_socket_number_icons_count_as_six() -> None:
    state = turn_of(pool(started(), 0, 2, "story", 6), 0)
    with pytest.raises(RuleViolation) as error:
        apply(state, Place(seat=0, die="0.1", socket="market_town.5"))  # socket 3
    assert error.value.rule == "DU-3"
    after = apply(state, Place(seat=0, die="0.2", socket="above_the_clouds.1"))  # socket 6
    assert [d.id for d in after.sockets["above_the_clouds.1"]] == ["0.2"]
    assert "0.2" not in [d.id for d in after.seats[0].pool]


def test_du_3_stack_only_on_an_equal_or_lower_top_face_own_dice_included() -> None:
    state = turn_of(pool(started(), 0, 3, 4, 5), 0)
    state = stack(state, "inn.1", (1, 4))
    with pytest.raises(RuleViolation, match="below the top die"):
        apply(state, Place(seat=0, die="0.1", socket="inn.1"))
    equal = apply(state, Place(seat=0, die="0.2", socket="inn.1"))
    assert [d.face for d in equal.sockets["inn.1"]] == [4, 4]
    own = turn_of(stack(state, "inn.1", (0, 4)), 0)
    assert apply(own, Place(seat=0, die="0.3", socket="inn.1")).sockets["inn.1"][-1].owner == 0


def test_du_3_three_dice_a_socket_rabbit_and_snake_included() -> None:
    state = turn_of(pool(started(players=3), 0, 6, 6), 0)
    for socket in ("inn.1", "rabbit", "snake"):
        full = stack(state, socket, (1, 2), (2, 3), (1, 4))
        with pytest.raises(RuleViolation, match="full") as error:
            apply(full, Place(seat=0, die="0.1", socket=socket))
        assert error.value.rule == "DU-3"
        two = stack(state, socket, (1, 2), (2, 3))
        assert len(apply(two, Place(seat=0, die="0.1", socket=socket)).sockets[socket]) == 3


def test_du_3_a_player_who_passed_passes_for_the_rest_of_the_chapter() -> None:
    state = apply(started(players=2), Pass(seat=0))
    assert state.seats[0].passed
    state = pool(state, 1, 6, 6)
    state = apply(state, Place(seat=1, die="1.1", socket="rabbit"))
    assert state.pending[0].kind == "finish"
    state = choose(state, "end")
    assert state.turn is not None and state.turn.seat == 1  # seat 0 is skipped
    with pytest.raises(RuleViolation) as error:
        apply(turn_of(state, 0), Place(seat=0, die="0.1", socket="bridge.1"))
    assert error.value.rule == "DU-3"


def test_du_3_unknown_die_or_socket_is_an_invalid_action() -> None:
    state = turn_of(pool(started(), 0, 5), 0)
    with pytest.raises(InvalidAction, match=r"no socket 'moon\.1'"):
        apply(state, Place(seat=0, die="0.1", socket="moon.1"))
    with pytest.raises(InvalidAction, match="not in seat 0's pool"):
        apply(state, Place(seat=0, die="1.1", socket="inn.1"))


def with_event(state: State, event: str) -> State:
    return state.model_copy(update={"event": event})


def test_du_2_events_give_to_everyone_or_change_the_chapter() -> None:
    state = started(players=2)
    state = state.model_copy(update={"events": (state.events[0], "e04", *state.events[2:])})
    golds = [held.resources.get("gold", 0) for held in state.seats]
    state = end_chapter(state)
    assert state.event == "e04"  # the king's birthday: everyone takes a gold
    assert [held.resources.get("gold", 0) for held in state.seats] == [g + 1 for g in golds]
    base = turn_of(at(pool(started(), 0, 2, 6, 5), 0, "market_town"), 0)
    horses = apply(with_event(base, "e02"), Place(seat=0, die="0.1", socket="market_town.3"))
    horses = choose(horses, "north_stable")
    assert horses.pending[0].kind == "finish"  # lame horses carry nobody
    with pytest.raises(RuleViolation) as error:
        apply(with_event(base, "e03"), Place(seat=0, die="0.2", socket="wolf"))
    assert error.value.rule == "DU-6"  # the wolf sleeps
    fairy = apply(
        with_event(at(base, 0, "market_town"), "e05"),
        Place(seat=0, die="0.3", socket="market_town.4"),
    )
    fairy = choose(choose(choose(fairy, "fairy_glade"), "gold"), "apple")
    assert fairy.seats[0].resources == {"gold": 1, "apple": 1}  # midsummer: two gifts
    mines = apply(with_event(base, "e07"), Place(seat=0, die="0.1", socket="market_town.1"))
    assert choose(mines, "bakery").seats[0].resources == {"bread": 2}


def test_du_3_listed_placements_are_exactly_the_allowed_ones() -> None:
    checked = 0
    for game in range(3):
        for state, _, _ in random_game(config_for(game), random.Random(game)):
            if state.pending or state.turn is None or state.turn.step != "place":
                continue
            seat = state.turn.seat
            listed = {(m.die, m.socket) for m in placements(state, seat)}
            allowed = {
                (die.id, socket)
                for die in state.seats[seat].pool
                for socket in state.board.sockets
                if placement_error(state, seat, die, socket) is None
            }
            assert listed == allowed
            checked += 1
    assert checked > 50
