"""Sleeping Queens' request bodies and view. With the companion's deck (`virtual`) cards are
named by their ids (`king-3`, `number-7-2`), sleeping queens by their position (0–11: they lie
face down); the seat comes from the token. With the printed deck on a live table (`physical`:
the keeper) a body records what the player whose move it is just did, in the table's words:
the queen turned up (`queen`), the card a jester revealed (`revealed`), the numbers thrown
(`numbers`), "dragon" or "wand"; any seated player may record it (a shared tablet is fine)."""

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from api.schemas import PlayerCreate, SeatKind, StrictBody
from companion.cards import Language
from companion.seats.once_upon_a_time_pace import DEFAULT_LEVEL, AILevel

MIN_PLAYERS, MAX_PLAYERS = 2, 5

CardId = Annotated[str, Field(min_length=1, max_length=24, pattern=r"^[a-z0-9-]+$")]
Position = Annotated[int, Field(ge=0, le=11)]
QueenId = Annotated[str, Field(min_length=1, max_length=24, pattern=r"^[a-z]+$")]
Number = Annotated[int, Field(ge=1, le=10)]
CardKind = Literal["king", "jester", "knight", "potion", "wand", "dragon"]


class SleepingQueensCreate(StrictBody):
    game: Literal["sleeping_queens"]
    players: list[PlayerCreate] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    language: Language = Field(default="en", description="the language of the recap")
    deck_mode: Literal["virtual", "physical"] = Field(
        default="virtual",
        description="virtual: the companion deals; physical: the printed deck, the keeper records",
    )
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
    """SQ-3: wake the queen at `position` (physical: `queen`, the one found there)."""

    type: Literal["king"]
    card: CardId | None = None
    position: Position
    queen: QueenId | None = None


class KnightBody(StrictBody):
    """SQ-4: steal another player's awake `queen` (a dragon blocks)."""

    type: Literal["knight"]
    card: CardId | None = None
    queen: QueenId


class PotionBody(StrictBody):
    """SQ-5: put another player's awake `queen` back to sleep (a wand blocks)."""

    type: Literal["potion"]
    card: CardId | None = None
    queen: QueenId


class JesterBody(StrictBody):
    """SQ-6: turn the top card of the draw pile (physical: `revealed`, the card it showed)."""

    type: Literal["jester"]
    card: CardId | None = None
    revealed: Number | CardKind | None = None


class DiscardBody(StrictBody):
    """SQ-7: one number, a pair, or an addition equation (SQ-2: any one card when stuck)."""

    type: Literal["discard"]
    cards: list[CardId] | None = Field(default=None, min_length=1, max_length=5)
    numbers: list[Number] | None = Field(
        default=None, min_length=1, max_length=5, description="physical: the numbers thrown"
    )


class DiscardOtherBody(StrictBody):
    """Physical: one card of another kind thrown, SQ-2's last resort."""

    type: Literal["discard_other"]
    kind: CardKind


class BlockBody(StrictBody):
    """SQ-4/SQ-5: the target of a knight plays a dragon, of a potion a wand (physical: the
    kind, "dragon" or "wand")."""

    type: Literal["block"]
    card: CardId


class AllowBody(StrictBody):
    """The target of a knight or a potion lets it happen."""

    type: Literal["allow"]


class WakeBody(StrictBody):
    """Wake one more queen: after the Rose Queen (SQ-3), or when a jester counted to you."""

    type: Literal["wake"]
    position: Position
    queen: QueenId | None = None


SleepingQueensAction = Annotated[
    KingBody
    | KnightBody
    | PotionBody
    | JesterBody
    | DiscardBody
    | DiscardOtherBody
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
    hand only; never another hand or the draw pile's cards. Physical: the keeper's view (all
    public: the companion knows no hand)."""

    id: str
    seq: int
    game: Literal["sleeping_queens"] = "sleeping_queens"
    language: Language
    ai_level: AILevel
    deck_mode: Literal["virtual", "physical"] = "virtual"
    you: int | None
    acting: int | None = Field(description="the seat the game waits for (None: it is over)")
    seats: list[SleepingQueensSeat]
    state: dict[str, Any]
    moves: list[dict[str, Any]] = Field(
        description="every action you may take now, as a request body (empty when not yours)"
    )
    keeper: dict[str, Any] | None = Field(
        None,
        description="physical: what the player whose move it is may record now (kinds, "
        "positions, the queens a knight or potion may aim at, discard_other kinds, block)",
    )
    finished: bool
