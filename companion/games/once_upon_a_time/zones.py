"""Moving cards between places: taking from a hand, drawing, discarding, reshuffling.

Deck exhaustion: when a draw finds the pile empty, the discard pile is shuffled into a new pile
(seeded, so replays redraw the same cards); when both are empty the draw is skipped. Cards on
the table are the story and never go back. Endings behave the same with their own piles.
"""

from companion.games.base import InvalidAction, RuleViolation, shuffled
from companion.games.once_upon_a_time.state import Draw, SeatState, State


def with_seat(state: State, seat: int, new: SeatState) -> State:
    seats = list(state.seats)
    seats[seat] = new
    return state.model_copy(update={"seats": tuple(seats)})


def check_story_card(state: State, card: str) -> None:
    if card not in state.cards:
        raise InvalidAction(f"{card!r} is not a story card of this deck")


def check_ending_card(state: State, ending: str) -> None:
    if ending not in state.ending_ids:
        raise InvalidAction(f"{ending!r} is not an ending card of this deck")


def where_is(state: State, card: str) -> str | None:
    """Where a known story card lies, in words, or None when the engine has not seen it."""
    if any(played.card == card for played in state.table):
        return "is already on the table"
    if card in state.discard:
        return "is in the discard pile"
    for seat in state.seats:
        if card in seat.hand:
            return f"is in {seat.name}'s hand"
    return None


def holds(state: State, seat: int, card: str) -> bool:
    """Whether the seat holds the card or, with a physical deck, may reveal it from hiding."""
    held = state.seats[seat]
    if card in held.hand:
        return True
    return state.physical and held.hidden > 0 and where_is(state, card) is None


def take_card(state: State, seat: int, card: str, rule: str) -> State:
    """Remove a story card from a hand; with a physical deck a hidden card is revealed."""
    check_story_card(state, card)
    held = state.seats[seat]
    if card in held.hand:
        hand = list(held.hand)
        hand.remove(card)
        return with_seat(state, seat, held.model_copy(update={"hand": tuple(hand)}))
    place = where_is(state, card)
    if state.physical and held.hidden > 0 and place is None:
        hidden = held.hidden - 1
        return with_seat(
            state, seat, held.model_copy(update={"hidden": hidden, "owed": min(held.owed, hidden)})
        )
    raise RuleViolation(
        rule, f"{held.name} does not hold {card!r}" + (f": it {place}" if place else "")
    )


def take_ending(state: State, seat: int, ending: str, rule: str) -> State:
    check_ending_card(state, ending)
    held = state.seats[seat]
    if ending in held.endings:
        endings = list(held.endings)
        endings.remove(ending)
        return with_seat(state, seat, held.model_copy(update={"endings": tuple(endings)}))
    if state.physical and held.hidden_endings > 0 and ending not in state.seen_endings():
        hidden = held.hidden_endings - 1
        update = {"hidden_endings": hidden, "owed_endings": min(held.owed_endings, hidden)}
        return with_seat(state, seat, held.model_copy(update=update))
    raise RuleViolation(rule, f"{held.name} does not hold the ending {ending!r}")


def draw(state: State, seat: int, count: int, endings: int = 0) -> tuple[State, Draw]:
    """The seat draws `count` story cards and `endings` ending cards (fewer if both the pile and
    the discard pile run out)."""
    drawn: list[str] = []
    drawn_endings: list[str] = []
    got = got_endings = 0
    for _ in range(count):
        state, card = _draw_story(state, seat)
        if card is None:
            break
        got += 1
        if card:
            drawn.append(card)
    for _ in range(endings):
        state, ending = _draw_ending(state, seat)
        if ending is None:
            break
        got_endings += 1
        if ending:
            drawn_endings.append(ending)
    record = Draw(
        seat=seat,
        count=got,
        cards=tuple(drawn),
        endings_count=got_endings,
        endings=tuple(drawn_endings),
    )
    return state, record


def _draw_story(state: State, seat: int) -> tuple[State, str | None]:
    """One story card: its id (virtual), "" (physical: the seat owes a declaration), or None."""
    if state.pile_size() == 0:
        if not state.discard:
            return state, None
        pile = () if state.physical else shuffled(state.discard, state.config.seed, _purpose(state))
        state = state.model_copy(
            update={"draw_pile": pile, "discard": (), "reshuffles": state.reshuffles + 1}
        )
    held = state.seats[seat]
    if state.physical:
        new = held.model_copy(update={"hidden": held.hidden + 1, "owed": held.owed + 1})
        return with_seat(state, seat, new), ""
    card, pile = state.draw_pile[0], state.draw_pile[1:]
    state = state.model_copy(update={"draw_pile": pile})
    return with_seat(state, seat, held.model_copy(update={"hand": (*held.hand, card)})), card


def _draw_ending(state: State, seat: int) -> tuple[State, str | None]:
    if state.ending_pile_size() == 0:
        if not state.ending_discard:
            return state, None
        pile = (
            ()
            if state.physical
            else shuffled(state.ending_discard, state.config.seed, _purpose(state))
        )
        state = state.model_copy(
            update={"ending_pile": pile, "ending_discard": (), "reshuffles": state.reshuffles + 1}
        )
    held = state.seats[seat]
    if state.physical:
        update = {"hidden_endings": held.hidden_endings + 1, "owed_endings": held.owed_endings + 1}
        return with_seat(state, seat, held.model_copy(update=update)), ""
    ending, pile = state.ending_pile[0], state.ending_pile[1:]
    state = state.model_copy(update={"ending_pile": pile})
    new = held.model_copy(update={"endings": (*held.endings, ending)})
    return with_seat(state, seat, new), ending


def _purpose(state: State) -> str:
    return f"reshuffle-{state.reshuffles + 1}"
