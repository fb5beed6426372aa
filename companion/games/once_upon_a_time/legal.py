"""`legal_actions(state)`: for each seat, the kinds of action it may take now and with which cards.

Actions carry free text and rulings, so they cannot all be listed; a `Move` lists the choices
the rules leave open: the card ids (and ending ids) the seat may use, and, with a physical deck,
how many hidden cards it could still name instead. `judgement` is the ruling the action needs.
Simultaneous interrupts are several `interrupt` / `card_interrupt` moves made at once.
"""

from dataclasses import dataclass

from companion.games.once_upon_a_time.judging import KIND_BY_TYPE
from companion.games.once_upon_a_time.state import SeatState, State


@dataclass(frozen=True, slots=True)
class Move:
    """One kind of action a seat may take now (a plain dataclass: built for every seat and
    step, so kept cheap; FastAPI and pydantic serialise it as they are)."""

    type: str
    cards: tuple[str, ...] = ()
    endings: tuple[str, ...] = ()
    hidden: int = 0
    hidden_endings: int = 0
    judgement: str | None = None


def legal_actions(state: State) -> dict[int, tuple[Move, ...]]:
    """Every seat's moves; an empty tuple for a seat that can do nothing (all, once it is over)."""
    hidden_interrupts = _hidden_interrupt_possible(state)
    return {seat: _moves(state, seat, hidden_interrupts) for seat in range(state.players)}


def legal_moves(state: State, seat: int) -> tuple[Move, ...]:
    """One seat's moves."""
    return _moves(state, seat, _hidden_interrupt_possible(state))


def _hidden_interrupt_possible(state: State) -> bool:
    """Physical deck, card just played: may an unseen interrupt card of its group be hidden?"""
    if not state.physical or state.window is None:
        return False
    group = state.cards[state.story[state.window].card or ""].group
    seen = state.seen_cards()
    return any(
        info.interrupt and info.group is group and info.id not in seen
        for info in state.cards.values()
    )


def _moves(state: State, seat: int, hidden_interrupts: bool) -> tuple[Move, ...]:
    if state.is_terminal:
        return ()
    held = state.seats[seat]
    moves: list[Move] = []
    if seat == state.storyteller:
        moves.extend(_storyteller_moves(state, held))
    else:
        moves.extend(_listener_moves(state, held, hidden_interrupts))
    moves.append(_move("stall"))
    if state.physical:
        if held.hidden or held.hidden_endings:
            moves.append(
                _move("declare_hand", hidden=held.hidden, hidden_endings=held.hidden_endings)
            )
        if held.owed or held.owed_endings:
            moves.append(_move("declare_draw", hidden=held.owed, hidden_endings=held.owed_endings))
    return tuple(moves)


def _move(
    type_: str,
    cards: tuple[str, ...] = (),
    endings: tuple[str, ...] = (),
    hidden: int = 0,
    hidden_endings: int = 0,
) -> Move:
    return Move(
        type=type_,
        cards=cards,
        endings=endings,
        hidden=hidden,
        hidden_endings=hidden_endings,
        judgement=KIND_BY_TYPE.get(type_),
    )


def _storyteller_moves(state: State, held: SeatState) -> list[Move]:
    moves = [_move("narrate")]
    if held.hand_size:
        moves.append(_move("play", cards=held.hand, hidden=held.hidden))
    swap = state.config.variants.ending_swap
    moves.append(
        _move(
            "pass",
            cards=held.hand,
            hidden=held.hidden,
            endings=held.endings if swap else (),
            hidden_endings=held.hidden_endings if swap else 0,
        )
    )
    if not held.hand_size and held.ending_count:
        moves.append(_move("end", endings=held.endings, hidden_endings=held.hidden_endings))
    return moves


def _listener_moves(state: State, held: SeatState, hidden_interrupts: bool) -> list[Move]:
    moves: list[Move] = []
    if state.claimable_lines():
        if held.hand_size:
            moves.append(_move("interrupt", cards=held.hand, hidden=held.hidden))
        moves.append(_move("challenge"))
    if state.window is not None:
        group = state.cards[state.story[state.window].card or ""].group
        cards = tuple(
            card
            for card in held.hand
            if state.cards[card].interrupt and state.cards[card].group is group
        )
        hidden = held.hidden if hidden_interrupts else 0
        if cards or hidden:
            moves.append(_move("card_interrupt", cards=cards, hidden=hidden))
    return moves
