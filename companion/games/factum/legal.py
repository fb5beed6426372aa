"""`legal_actions(state)`: for each seat, what it may do now and with which cards or options.

Stories are free text, so actions cannot all be listed; a `Move` lists the choices the rules
leave open: the `cards` a seat may name, or the `options` of a choice ("storyteller"/"judge" for
the judge, "current"/"reigning" for the best-story vote). A volunteer may also name the teams.
"""

from dataclasses import dataclass

from companion.games.factum.config import TABLE_MINIMUM
from companion.games.factum.state import State

_BY_HAND = frozenset({"storytelling", "decoys"})


@dataclass(frozen=True, slots=True)
class Move:
    """One kind of action a seat may take now: the `cards` it may name, the `options` of a
    choice. Physical deck: `any_card` says any card of the deck not on the table may be named
    (the engine does not know hands), and `count` how many fill-up cards `declare_fill` names."""

    type: str
    cards: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    any_card: bool = False
    count: int = 0


def legal_actions(state: State) -> dict[int, tuple[Move, ...]]:
    """Every seat's moves; an empty tuple for a seat that must wait (all, once it is over)."""
    moves: dict[int, tuple[Move, ...]] = dict.fromkeys(range(state.players), ())
    shared: tuple[Move, ...] | None = None  # the same for every seat but in hand-choosing phases
    for seat in state.awaiting():
        if state.phase in _BY_HAND:
            moves[seat] = _moves(state, seat)
        else:
            shared = shared if shared is not None else _moves(state, seat)
            moves[seat] = shared
    return moves


def legal_moves(state: State, seat: int) -> tuple[Move, ...]:
    """One seat's moves."""
    return _moves(state, seat) if seat in state.awaiting() else ()


def _moves(state: State, seat: int) -> tuple[Move, ...]:
    turn = state.turn
    if state.phase == "volunteer":
        return (Move("volunteer"),)
    if turn is None:
        return ()
    if state.phase == "storytelling":
        return (Move("tell", cards=state.hands[seat], any_card=state.physical),)
    if state.phase == "judging":
        return (Move("choose_guessers", options=("storyteller", "judge")),)
    if state.phase == "decoys":
        return (Move("decoy", cards=state.hands[seat], any_card=state.physical),)
    if state.phase == "filling":
        count = max(0, TABLE_MINIMUM - len(turn.table_cards()))
        return (Move("declare_fill", any_card=True, count=count),)
    if state.phase == "guessing":
        return (Move("guess", cards=turn.table),)
    if state.phase == "best_story":
        return (Move("best_story", options=("current", "reigning")),)
    return ()
