"""The live-table keeper's models: config, recorded actions, pending answer, event, state.

The keeper knows only what the table sees: awake queens, which of the 12 places in the middle
still hold a face-down queen (and which queen, where she was seen going back to sleep), the
queens not yet seen (asleep, place unknown), whose turn it is and what was just recorded.
"""

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter, field_validator

from companion.games.base import Frozen, seated_players
from companion.games.sleeping_queens.cards import Goal, sleeping_queens_deck

MIN_PLAYERS, MAX_PLAYERS = 2, 5
Position = Annotated[int, Field(ge=0, le=11)]
Number = Annotated[int, Field(ge=1, le=10)]
CardKind = Literal["king", "jester", "knight", "potion", "wand", "dragon"]
Blocker = Literal["dragon", "wand"]
PendingKind = Literal["block_knight", "block_potion", "wake"]
WakeReason = Literal["rose", "jester"]


class KeeperConfig(Frozen):
    """The players in seating order, clockwise (seat i+1 sits on seat i's left); seat 0 starts."""

    players: tuple[str, ...]

    @field_validator("players")
    @classmethod
    def _supported_count(cls, players: tuple[str, ...]) -> tuple[str, ...]:
        return seated_players(players, MIN_PLAYERS, MAX_PLAYERS, "the keeper")


class KeeperKing(Frozen):
    """SQ-3: the seat turned the queen at `position` face up and found `queen`."""

    type: Literal["king"] = "king"
    seat: int
    position: Position
    queen: str


class KeeperKnight(Frozen):
    """SQ-4: the seat plays a knight on another seat's awake `queen`."""

    type: Literal["knight"] = "knight"
    seat: int
    queen: str


class KeeperPotion(Frozen):
    """SQ-5: the seat plays a sleeping potion on another seat's awake `queen`."""

    type: Literal["potion"] = "potion"
    seat: int
    queen: str


class KeeperJester(Frozen):
    """SQ-6: the seat played a jester and turned `revealed`: a number, or a card kind."""

    type: Literal["jester"] = "jester"
    seat: int
    revealed: Number | CardKind


class KeeperDiscard(Frozen):
    """SQ-7: the seat discarded these number cards (one, a pair, or an addition equation)."""

    type: Literal["discard"] = "discard"
    seat: int
    numbers: tuple[Number, ...]


class KeeperDiscardOther(Frozen):
    """SQ-2's last resort: the seat had nothing else to do and discarded one card of `kind`."""

    type: Literal["discard_other"] = "discard_other"
    seat: int
    kind: CardKind


class KeeperBlock(Frozen):
    """SQ-4/SQ-5: the target answers with a dragon (against a knight) or a wand (a potion)."""

    type: Literal["block"] = "block"
    seat: int
    card: Blocker


class KeeperAllow(Frozen):
    """The target lets the knight or the potion happen."""

    type: Literal["allow"] = "allow"
    seat: int


class KeeperWake(Frozen):
    """The pending wake (Rose Queen, SQ-3; a jester's count, SQ-6): `queen` found at `position`."""

    type: Literal["wake"] = "wake"
    seat: int
    position: Position
    queen: str


KeeperAction = Annotated[
    KeeperKing
    | KeeperKnight
    | KeeperPotion
    | KeeperJester
    | KeeperDiscard
    | KeeperDiscardOther
    | KeeperBlock
    | KeeperAllow
    | KeeperWake,
    Field(discriminator="type"),
]
KeeperActionType = Literal[
    "king", "knight", "potion", "jester", "discard", "discard_other", "block", "allow", "wake"
]
KEEPER_ACTION_ADAPTER: TypeAdapter[KeeperAction] = TypeAdapter(KeeperAction)


class KeeperPending(Frozen):
    """An answer the keeper waits for from `seat`: for a block, the target of `attacker`'s
    knight or potion aimed at `queen`; for a wake, the seat that wakes and `why`."""

    kind: PendingKind
    seat: int
    attacker: int | None = None
    queen: str | None = None
    why: WakeReason | None = None


class KeeperEvent(Frozen):
    """The last recording in public terms. `result`: "woke", "returned" (Cat/Dog, SQ-8),
    "pending", "stolen", "slept", "blocked", "to_hand", "counted", "discarded"."""

    type: KeeperActionType
    seat: int
    queen: str | None = None
    position: int | None = None
    target: int | None = None
    revealed: int | str | None = None
    numbers: tuple[int, ...] = ()
    card: str | None = None
    result: str = ""


class KeeperState(Frozen):
    """`sleeping[i]`: a face-down queen lies at place i; `known[i]`: her name, when she was
    seen going back to sleep (else None); `unseen`: the queens asleep whose place is unknown
    (as many as the face-down places with no known queen)."""

    config: KeeperConfig
    turn: int = 0
    turn_number: int = 0
    awake: tuple[tuple[str, ...], ...]
    sleeping: tuple[bool, ...]
    known: tuple[str | None, ...]
    unseen: tuple[str, ...]
    pending: KeeperPending | None = None
    over: bool = False
    winners: tuple[int, ...] = ()
    last: KeeperEvent | None = None

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
        return tuple(i for i, asleep in enumerate(self.sleeping) if asleep)

    def owner_of(self, queen: str) -> int | None:
        return next((seat for seat, qs in enumerate(self.awake) if queen in qs), None)

    def acting_seat(self) -> int | None:
        """Who must record now: the pending answer's seat, else the turn's; None once over."""
        if self.over:
            return None
        return self.pending.seat if self.pending is not None else self.turn
