"""The state of a game: a frozen model, changed only by `apply` into a new one.

Dice are `Die(id, owner, face)`: seat s's dice are "s.1" … "s.5", the snake die is "snake".
A die is in exactly one place: its owner's `pool`, `aside` (lost for this chapter), or a socket
on the board (`sockets[id]`, bottom to top). Decks are tuples, top first. `pending` queues the
choices the table is waiting for (the head is asked now); `turn` is the turn in progress.
"""

from typing import Literal

from pydantic import Field

from companion.games.base import Frozen
from companion.games.dice_upon_a_time.board import Board
from companion.games.dice_upon_a_time.cards import Face
from companion.games.dice_upon_a_time.config import Config

PendingKind = Literal[
    "opening",
    "misfortune",
    "move",
    "city",
    "king_draw",
    "king_keep",
    "fairy",
    "horse",
    "wolf",
    "fox",
    "finish",
]
Step = Literal["place", "move", "ability", "finish"]
SNAKE = "snake"


class Die(Frozen):
    id: str
    owner: int
    face: Face


class Pending(Frozen):
    """A choice asked of `seat`: one of `options`. `card`: the story card, die or quest it is
    about; `cards`: cards drawn for it (the king's three, seen by the seat only); `left`:
    how many more times the same choice is asked."""

    seat: int
    kind: PendingKind
    options: tuple[str, ...]
    card: str | None = None
    cards: tuple[str, ...] = ()
    left: int = 1


class Turn(Frozen):
    seat: int
    step: Step = "place"
    socket: str | None = None
    double: bool = False


class FoxDie(Frozen):
    """A die taken from the fox at chapter end: `setter` turns it to any face next chapter."""

    id: str
    owner: int
    setter: int


class SeatState(Frozen):
    character: str
    ability_used: bool = False
    place: str
    pool: tuple[Die, ...] = ()
    aside: tuple[Die, ...] = ()
    passed: bool = False
    resources: dict[str, int] = Field(default_factory=dict)
    rabbit_tokens: int = 0
    quests: tuple[str, ...] = ()
    done: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    story: tuple[str, ...] = ()

    def has(self, cost: dict[str, int]) -> bool:
        spare = sum(self.resources.get(r, 0) for r in ("gold", "bread", "apple"))
        named = {r: n for r, n in cost.items() if r != "any"}
        if any(self.resources.get(r, 0) < n for r, n in named.items()):
            return False
        named_basic = sum(n for r, n in named.items() if r in ("gold", "bread", "apple"))
        return spare - named_basic >= cost.get("any", 0)

    @property
    def active(self) -> bool:
        return not self.passed and bool(self.pool)


class State(Frozen):
    config: Config
    board: Board
    chapter: int = 1
    start_player: int
    turn: Turn | None = None
    pending: tuple[Pending, ...] = ()
    seats: tuple[SeatState, ...]
    sockets: dict[str, tuple[Die, ...]] = Field(default_factory=dict)
    wolf_used: bool = False
    fox: tuple[FoxDie, ...] = ()
    snake_holder: int | None = None
    quest_decks: dict[int, tuple[str, ...]]
    story_deck: tuple[str, ...]
    story_discard: tuple[str, ...] = ()
    item_deck: tuple[str, ...]
    item_discard: tuple[str, ...] = ()
    events: tuple[str, ...]
    event: str | None = None
    row: tuple[str, ...] = ()
    shared_story: tuple[str, ...] = ()
    shared_done: tuple[str, ...] = ()
    reshuffles: int = 0
    over: bool = False

    @property
    def players(self) -> int:
        return len(self.seats)

    def seat(self, seat: int, **changes: object) -> "State":
        """This state with seat `seat` changed."""
        seats = list(self.seats)
        seats[seat] = seats[seat].model_copy(update=changes)
        return self.model_copy(update={"seats": tuple(seats)})

    def to_json(self) -> str:
        return self.model_dump_json()

    @classmethod
    def from_json(cls, text: str) -> "State":
        return cls.model_validate_json(text)
