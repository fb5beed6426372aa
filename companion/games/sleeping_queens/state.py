"""The frozen game state and read-only queries on it.

Every one of the 79 cards is in exactly one place. Red-backed cards: the draw pile (ordered,
top first, never shown), a seat's hand, or the discard pile (face up). Queens: one of the 12
positions in the middle (asleep, face down), or in front of one seat (awake). `known[i]` says
the queen at position i was seen going back to sleep (a potion, or a Cat/Dog Queen sent back),
so the whole table knows who lies there; the queens dealt face down are known to no one.

`turn` is the seat whose turn it is; while `pending` is set another seat (or the same) must
answer first: block or allow a knight or a potion, or wake a queen. `last` says, in public
terms, what the last action did.
"""

from typing import Literal

from companion.games.base import Frozen
from companion.games.sleeping_queens.cards import Goal, sleeping_queens_deck
from companion.games.sleeping_queens.config import Config

PendingKind = Literal["block_knight", "block_potion", "wake"]


class Pending(Frozen):
    """An answer the game waits for from `seat`. For a block: the `attacker` and the `queen`
    targeted (the attack card is already on the discard pile)."""

    kind: PendingKind
    seat: int
    attacker: int | None = None
    queen: str | None = None


class Event(Frozen):
    """The last action, as everyone saw it: the cards played (`cards`), the queen it moved
    (`queen`, with `position` in the middle), the seat it targeted or counted to (`target`), the
    card a jester turned (`revealed`), and `result`: "woke", "returned" (Cat/Dog, SQ-8),
    "stolen", "slept", "blocked", "to_hand", "counted", "discarded", "pending"."""

    type: str
    seat: int
    cards: tuple[str, ...] = ()
    queen: str | None = None
    position: int | None = None
    target: int | None = None
    revealed: str | None = None
    result: str = ""


class State(Frozen):
    config: Config
    hands: tuple[tuple[str, ...], ...]
    draw_pile: tuple[str, ...]
    discard: tuple[str, ...] = ()
    sleeping: tuple[str | None, ...]
    known: tuple[bool, ...]
    awake: tuple[tuple[str, ...], ...]
    turn: int = 0
    turn_number: int = 0
    reshuffles: int = 0
    pending: Pending | None = None
    over: bool = False
    winners: tuple[int, ...] = ()
    last: Event | None = None

    @property
    def players(self) -> int:
        return len(self.config.players)

    @property
    def goal(self) -> Goal:
        return sleeping_queens_deck().goal(self.players)

    def points(self, seat: int) -> int:
        table = sleeping_queens_deck().queen_points
        return sum(table[queen] for queen in self.awake[seat])

    def sleeping_positions(self) -> tuple[int, ...]:
        return tuple(i for i, queen in enumerate(self.sleeping) if queen is not None)

    def owner_of(self, queen: str) -> int | None:
        for seat, queens in enumerate(self.awake):
            if queen in queens:
                return seat
        return None

    def acting_seat(self) -> int | None:
        """Who must act now: the pending answer's seat, else the turn's; None once over."""
        if self.over:
            return None
        return self.pending.seat if self.pending is not None else self.turn

    def to_json(self) -> str:
        return self.model_dump_json()

    @classmethod
    def from_json(cls, text: str | bytes) -> "State":
        return cls.model_validate_json(text)
