"""The physical deck: printed cards at a live table; the engine deals nothing and players name
the cards they lay down (see the package docstring)."""

import pytest

from companion.games.factum import (
    ChooseGuessers,
    DeclareFill,
    Decoy,
    InvalidAction,
    RuleViolation,
    State,
    Tell,
    Volunteer,
    apply,
    legal_actions,
    seat_view,
)
from tests.unit.games.factum.helpers import game, guess_all


def physical(players: int) -> State:
    return game(players, deck_mode="physical")


def _judged(players: int, guessers: str) -> State:
    state = apply(physical(players), Volunteer(seat=0))
    move = legal_actions(state)[0][0]
    assert (move.type, move.cards, move.any_card) == ("tell", (), True)
    state = apply(state, Tell(seat=0, card="card-050"))
    judge = state.current().judge
    return apply(state, ChooseGuessers(seat=judge, guessers=guessers))  # type: ignore[arg-type]


def _decoys(state: State, first: int = 60) -> State:
    for offset, seat in enumerate(state.awaiting()):
        state = apply(state, Decoy(seat=seat, card=f"card-{first + offset:03d}"))
    return state


def test_physical_deck_deals_nothing() -> None:
    state = physical(5)
    assert state.hands == ((),) * 5 and state.draw_pile == ()
    view = seat_view(state, 2)
    assert view["deck_mode"] == "physical"
    assert view["hand"] is None and view["hand_sizes"] is None and view["draw_pile_size"] is None


def test_physical_cards_named_must_be_of_the_deck_and_not_on_the_table() -> None:
    state = _judged(6, "judge")
    with pytest.raises(InvalidAction, match="not a card of this game's deck"):
        apply(state, Decoy(seat=0, card="a card we lost"))
    with pytest.raises(RuleViolation, match=r"^FA-4: 'card-050' is on the table already"):
        apply(state, Decoy(seat=0, card="card-050"))
    assert apply(state, Decoy(seat=0, card="card-001")).current().decoys == {0: "card-001"}


def test_physical_the_judge_names_the_fill_up_cards() -> None:
    state = _decoys(_judged(4, "storyteller"))
    turn = state.current()
    assert state.phase == "filling" and state.awaiting() == (turn.judge,)
    move = legal_actions(state)[turn.judge][0]
    assert (move.type, move.count) == ("declare_fill", 2)
    with pytest.raises(RuleViolation, match=r"^FA-4: the table lacks 2 cards; 1 were named"):
        apply(state, DeclareFill(seat=turn.judge, cards=("card-070",)))
    with pytest.raises(InvalidAction, match="named twice"):
        apply(state, DeclareFill(seat=turn.judge, cards=("card-070", "card-070")))
    with pytest.raises(RuleViolation, match=r"^FA-4: 'card-060' is on the table already"):
        apply(state, DeclareFill(seat=turn.judge, cards=("card-070", "card-060")))
    shown = apply(state, DeclareFill(seat=turn.judge, cards=("card-070", "card-071")))
    assert shown.phase == "guessing"
    assert shown.current().fill == ("card-070", "card-071")
    assert sorted(shown.current().table) == [
        "card-050",
        "card-060",
        "card-061",
        "card-070",
        "card-071",
    ]


def test_physical_a_full_table_needs_no_fill_up() -> None:
    state = _decoys(_judged(8, "judge"))
    assert state.phase == "guessing" and len(state.current().table) == 5


def test_physical_the_turn_ends_without_refills_and_records_the_cards() -> None:
    state = _decoys(_judged(8, "judge"))
    table = state.current().table
    state = guess_all(state, "card-050")
    assert state.phase == "volunteer" and state.hands == ((),) * 8
    assert state.discard == table and state.draw_pile == ()
    assert state.scores[0] == 0 and state.history[-1].correct is True
