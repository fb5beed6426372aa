"""Sleeping Queens' request bodies and view. Cards are named by their ids (`king-3`,
`number-7-2`; a queen by hers: `rose`, `cat`), sleeping queens by their position (0–11): they
lie face down. The seat is never in a body: it comes from the token."""

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from api.schemas import PlayerCreate, SeatKind, StrictBody
from companion.cards import Language
from companion.seats.once_upon_a_time_pace import DEFAULT_LEVEL, AILevel

MIN_PLAYERS, MAX_PLAYERS = 2, 5

CardId = Annotated[str, Field(min_length=1, max_length=24, pattern=r"^[a-z0-9-]+$")]
Position = Annotated[int, Field(ge=0, le=11)]


class SleepingQueensCreate(StrictBody):
    game: Literal["sleeping_queens"]
    players: list[PlayerCreate] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    language: Language = Field(default="en", description="the language of the recap")
    ai_level: AILevel = Field(
        default=DEFAULT_LEVEL,
        description="how the AI players play: gentle (at random), fair (greedy), sharp (search)",
    )
    seed: Annotated[int, Field(ge=0, le=2**53)] | None = Field(
        default=None, description="fixes the deal and every reshuffle (replays, tests)"
    )
    spectators: bool = Field(
        default=True, description="whether the table id alone shows the public state"
    )


# --- actions ---------------------------------------------------------------------------------


class KingBody(StrictBody):
    """SQ-3: wake the queen at `position`."""

    type: Literal["king"]
    card: CardId
    position: Position


class KnightBody(StrictBody):
    """SQ-4: steal another player's awake `queen` (a dragon blocks)."""

    type: Literal["knight"]
    card: CardId
    queen: CardId


class PotionBody(StrictBody):
    """SQ-5: put another player's awake `queen` back to sleep (a wand blocks)."""

    type: Literal["potion"]
    card: CardId
    queen: CardId


class JesterBody(StrictBody):
    """SQ-6: turn the top card of the draw pile."""

    type: Literal["jester"]
    card: CardId


class DiscardBody(StrictBody):
    """SQ-7: one number, a pair, or an addition equation (SQ-2: any one card when stuck)."""

    type: Literal["discard"]
    cards: list[CardId] = Field(min_length=1, max_length=5)


class BlockBody(StrictBody):
    """SQ-4/SQ-5: the target of a knight plays a dragon, of a potion a wand."""

    type: Literal["block"]
    card: CardId


class AllowBody(StrictBody):
    """The target of a knight or a potion lets it happen."""

    type: Literal["allow"]


class WakeBody(StrictBody):
    """Wake one more queen: after the Rose Queen (SQ-3), or when a jester counted to you."""

    type: Literal["wake"]
    position: Position


SleepingQueensAction = Annotated[
    KingBody
    | KnightBody
    | PotionBody
    | JesterBody
    | DiscardBody
    | BlockBody
    | AllowBody
    | WakeBody,
    Field(discriminator="type"),
]


# --- view ------------------------------------------------------------------------------------


class SleepingQueensSeat(BaseModel):
    seat: int
    name: str
    kind: SeatKind
    points: int
    queens: list[str]
    hand_size: int


class SleepingQueensView(BaseModel):
    """A Sleeping Queens table as one reader may see it. `state` is the engine's per-seat view
    (`companion.games.sleeping_queens.views.seat_view`): the public table and the reader's own
    hand only; never another hand or the draw pile's cards."""

    id: str
    seq: int
    game: Literal["sleeping_queens"] = "sleeping_queens"
    language: Language
    ai_level: AILevel
    you: int | None
    acting: int | None = Field(description="the seat the game waits for (None: it is over)")
    seats: list[SleepingQueensSeat]
    state: dict[str, Any]
    moves: list[dict[str, Any]] = Field(
        description="every action you may take now, as a request body (empty when not yours)"
    )
    finished: bool
