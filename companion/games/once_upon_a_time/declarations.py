"""Physical deck: players tell the engine which cards they were dealt and which they drew.

Rules of declaration (beyond OU-1 … OU-22, so they get their own ids):
- PD-1 every card exists once: a declared card may not be on the table, in the discard pile, in
  any hand already (a card declared twice), nor twice in one declaration.
- OU-4 a seat declares no more cards than it holds undeclared (`hidden`): no hand larger than
  the deal and the draws allow.
- PD-2 a seat declares as drawn only cards it drew and has not declared yet (its `owed` count).
Declaring is optional: a hidden card may also be named the first time it is played. Which hidden
cards were dealt and which drawn cannot be known once one is named, so `declare_hand` accepts
any hidden card (dealt ones are assumed revealed first) and `owed` only prompts for draws.
"""

from companion.games.base import InvalidAction, RuleViolation
from companion.games.once_upon_a_time.actions import DeclareDraw, DeclareHand
from companion.games.once_upon_a_time.state import State
from companion.games.once_upon_a_time.zones import (
    check_ending_card,
    check_story_card,
    where_is,
    with_seat,
)


def declare_hand(state: State, action: DeclareHand) -> State:
    seat = state.seats[action.seat]
    _check_physical(state)
    _check_unseen(state, action.cards, action.endings)
    if len(action.cards) > seat.hidden or len(action.endings) > seat.hidden_endings:
        raise RuleViolation(
            "OU-4",
            f"{seat.name} holds {seat.hidden} undeclared story and {seat.hidden_endings} "
            f"undeclared ending cards, not {len(action.cards)} and {len(action.endings)}",
        )
    return _reveal(state, action.seat, action.cards, action.endings, owed=False)


def declare_draw(state: State, action: DeclareDraw) -> State:
    seat = state.seats[action.seat]
    _check_physical(state)
    _check_unseen(state, action.cards, action.endings)
    if len(action.cards) > seat.owed or len(action.endings) > seat.owed_endings:
        raise RuleViolation(
            "PD-2",
            f"{seat.name} drew {seat.owed} story and {seat.owed_endings} ending cards not yet "
            f"declared, not {len(action.cards)} and {len(action.endings)}",
        )
    return _reveal(state, action.seat, action.cards, action.endings, owed=True)


def _check_physical(state: State) -> None:
    if not state.physical:
        raise InvalidAction("declarations are for games played with a physical deck")


def _check_unseen(state: State, cards: tuple[str, ...], endings: tuple[str, ...]) -> None:
    if not cards and not endings:
        raise InvalidAction("a declaration names at least one card")
    if len(set(cards)) != len(cards) or len(set(endings)) != len(endings):
        raise RuleViolation("PD-1", "a card is declared twice in one declaration")
    for card in cards:
        check_story_card(state, card)
        place = where_is(state, card)
        if place is not None:
            raise RuleViolation("PD-1", f"{card!r} {place}")
    seen_endings = state.seen_endings()
    for ending in endings:
        check_ending_card(state, ending)
        if ending in seen_endings:
            raise RuleViolation("PD-1", f"the ending {ending!r} is already accounted for")


def _reveal(
    state: State, index: int, cards: tuple[str, ...], endings: tuple[str, ...], *, owed: bool
) -> State:
    seat = state.seats[index]
    update: dict[str, object] = {
        "hand": (*seat.hand, *cards),
        "hidden": seat.hidden - len(cards),
        "endings": (*seat.endings, *endings),
        "hidden_endings": seat.hidden_endings - len(endings),
    }
    if owed:
        update["owed"] = seat.owed - len(cards)
        update["owed_endings"] = seat.owed_endings - len(endings)
    else:  # dealt cards are revealed first; draws only once no dealt card can be left hidden
        update["owed"] = min(seat.owed, seat.hidden - len(cards))
        update["owed_endings"] = min(seat.owed_endings, seat.hidden_endings - len(endings))
    return with_seat(state, index, seat.model_copy(update=update))
