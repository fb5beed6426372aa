"""`seat_view(state, seat)`: what one player (or a spectator, `seat=None`) may see, as JSON data.

Public: names, whose turn, the pending answer, hand sizes, the draw pile's size (never its
order or cards), the discard pile (face up), every awake queen, which of the 12 positions
still hold a sleeping queen and, for a position whose queen was seen going back to sleep,
her name (SQ-5, SQ-8: the table saw her), scores, the goal, the end, and the last action in
public terms. Private: the seat's own hand. Nothing of another seat's hand is ever in it.
"""

from typing import Any

from companion.games.sleeping_queens.state import State


def seat_view(state: State, seat: int | None) -> dict[str, Any]:
    if seat is not None and not 0 <= seat < state.players:
        raise ValueError(f"seat {seat} does not exist (seats are 0..{state.players - 1})")
    goal = state.goal
    pending = state.pending
    return {
        "game": "sleeping_queens",
        "seat": seat,
        "players": list(state.config.players),
        "turn": state.turn,
        "turn_number": state.turn_number,
        "pending": None if pending is None else pending.model_dump(),
        "hand": None if seat is None else list(state.hands[seat]),
        "hand_sizes": [len(hand) for hand in state.hands],
        "draw_pile_size": len(state.draw_pile),
        "discard": list(state.discard),
        "queens": [list(queens) for queens in state.awake],
        "points": [state.points(s) for s in range(state.players)],
        "positions": [
            {
                "position": position,
                "asleep": queen is not None,
                "queen": queen if queen is not None and state.known[position] else None,
            }
            for position, queen in enumerate(state.sleeping)
        ],
        "goal": {"queens": goal.queens, "points": goal.points},
        "over": state.over,
        "winners": list(state.winners),
        "last": None if state.last is None else state.last.model_dump(),
    }
