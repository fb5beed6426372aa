"""Request and response bodies of the API (`TableCreate`, `TableCreated`, `TableView`, …).

Actions are a tagged union on `type`. The seat is never in the body: it comes from the token.
Cards may be named by deck id ("old-woman") or by label or alias in any language ("Old Woman",
"老婆", "Anciana").
"""

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from companion.cards import Group, Language
from companion.games.once_upon_a_time.config import FirstStoryteller as EngineFirstStoryteller

MAX_NARRATION_CHARS = 2_000
MAX_NAME_CHARS = 40
MAX_CARD_NAME_CHARS = 80

Text = Annotated[str, Field(min_length=1, max_length=MAX_NARRATION_CHARS)]
CardName = Annotated[str, Field(min_length=1, max_length=MAX_CARD_NAME_CHARS)]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


# --- tables ----------------------------------------------------------------------------------


class PlayerCreate(_Body):
    name: Annotated[str, Field(min_length=1, max_length=MAX_NAME_CHARS, pattern=r"\S")]
    kind: Literal["human", "ai"] = "human"


class HandCreate(_Body):
    """Physical deck: the cards one seat was dealt, when known at creation (replays, tests)."""

    cards: list[CardName] = Field(default_factory=list, max_length=20)
    endings: list[CardName] = Field(default_factory=list, max_length=2)


class VariantsCreate(_Body):
    multiple_endings: list[Annotated[int, Field(ge=0, le=9)]] = Field(
        default_factory=list, max_length=10, description="seats dealt two ending cards (OU-20)"
    )
    ending_swap: bool = Field(default=False, description="OU-21")


class TableCreate(_Body):
    game: Literal["once_upon_a_time"] = "once_upon_a_time"
    players: list[PlayerCreate] = Field(min_length=2, max_length=10)
    language: Language = "en"
    deck_mode: Literal["virtual", "physical"] = "virtual"
    first_storyteller: EngineFirstStoryteller | None = Field(
        default=None, description="OU-5 / OU-22; default: seat 0, chosen"
    )
    variants: VariantsCreate = Field(default_factory=VariantsCreate)
    hands: list[HandCreate] | None = Field(
        default=None,
        max_length=10,
        description="physical deck only: each seat's dealt cards, in seat order",
    )
    seed: Annotated[int, Field(ge=0, le=2**53)] | None = Field(
        default=None, description="virtual deck: fixes the shuffle (replays, tests)"
    )
    spectators: bool = Field(
        default=True, description="whether the table id alone shows the public state"
    )


class SeatCreated(BaseModel):
    seat: int
    name: str
    kind: Literal["human", "ai"]
    token: str | None = Field(description="the seat's secret; shown once, only here")
    join_path: str | None = Field(description="relative join link carrying the token")


class TableCreated(BaseModel):
    id: str
    players: list[SeatCreated]
    view: "TableView"


# --- views -----------------------------------------------------------------------------------


class SeatPublic(BaseModel):
    seat: int
    name: str
    kind: Literal["human", "ai"]
    hand_size: int
    ending_count: int
    storyteller: bool


class LineView(BaseModel):
    line: int
    seat: int
    text: str
    card: str | None
    kind: Literal["story", "link"]


class PlayedView(BaseModel):
    card: str
    label: str
    seat: int
    line: int
    how: Literal["play", "interrupt", "card_interrupt"]


class CardView(BaseModel):
    id: str
    label: str
    group: Group
    interrupt: bool


class EndingView(BaseModel):
    id: str
    sentence: str


class HintView(BaseModel):
    """One of your cards the referee heard in the story: you may interrupt with it (OU-10)."""

    line: int
    card: str
    label: str
    evidence: str
    score: float
    method: str
    start: int
    end: int
    borderline: bool


class MoveView(BaseModel):
    type: str
    cards: list[str]
    endings: list[str]
    hidden: int
    hidden_endings: int
    judgement: str | None


class DrawPublic(BaseModel):
    seat: int
    count: int
    endings_count: int


class OutcomeView(BaseModel):
    type: str
    seat: int | None
    accepted: bool | None
    penalised: list[int]
    draws: list[DrawPublic]
    discarded: list[str] = Field(description="cards shown when discarded (a rejected claim)")
    storyteller_before: int
    storyteller_after: int
    note: str


class BallotView(BaseModel):
    """An open show of hands (OU-7, OU-13, OU-17, OU-19)."""

    ballot: int
    kind: str
    rule: str
    claimant: int
    question: str
    action: dict[str, Any]
    voters: list[int]
    yes: list[int]
    no: list[int]
    closes_at: str = Field(description="the deadline (ISO 8601): then the hands up decide")


class FailureView(BaseModel):
    seq: int
    step: str
    message: str


class TableView(BaseModel):
    """A table as one seat sees it (its hand, hints and moves), or as a spectator (public)."""

    id: str
    seq: int = Field(description="the last event of the log this view includes")
    game: str
    language: Language
    deck_mode: Literal["virtual", "physical"]
    variants: dict[str, Any]
    narrator: str
    seats: list[SeatPublic]
    storyteller: int
    turn: int
    turn_start: int
    story: list[LineView]
    table: list[PlayedView]
    window: int | None = Field(description="line whose card is open to a card interrupt (OU-11)")
    window_group: Group | None
    draw_pile: int
    ending_pile: int
    discard_count: int
    ending: EndingView | None
    winner: int | None
    finished: bool
    last: OutcomeView | None
    pending: BallotView | None
    failure: FailureView | None
    you: int | None
    hand: list[CardView]
    endings: list[EndingView]
    hidden: int
    owed: int
    hidden_endings: int
    owed_endings: int
    drew: list[str] = Field(description="the cards you drew in the last action")
    hints: list[HintView]
    moves: list[MoveView]
    can_vote: bool


# --- actions ---------------------------------------------------------------------------------


class NarrateBody(_Body):
    type: Literal["narrate"]
    text: Text


class PlayBody(_Body):
    type: Literal["play"]
    card: CardName
    sentence: Text | None = None
    line: Annotated[int, Field(ge=0)] | None = None
    ask_table: bool = Field(default=False, description="let the table vote instead of the referee")


class InterruptBody(_Body):
    type: Literal["interrupt"]
    card: CardName
    line: Annotated[int, Field(ge=0)] | None = None
    ask_table: bool = False


class CardInterruptBody(_Body):
    type: Literal["card_interrupt"]
    card: CardName


class PassBody(_Body):
    type: Literal["pass"]
    discard: CardName | None = None
    swap_ending: CardName | None = None


class StallBody(_Body):
    type: Literal["stall"]
    seconds: Annotated[float, Field(gt=0, le=3600)]


class ChallengeBody(_Body):
    type: Literal["challenge"]
    reason: Annotated[str, Field(max_length=500)] = ""
    ask_table: bool = False


class EndBody(_Body):
    type: Literal["end"]
    ending: CardName
    linking: list[Text] = Field(min_length=1, max_length=2)


class DeclareHandBody(_Body):
    type: Literal["declare_hand"]
    cards: list[CardName] = Field(default_factory=list, max_length=20)
    endings: list[CardName] = Field(default_factory=list, max_length=2)


class DeclareDrawBody(_Body):
    type: Literal["declare_draw"]
    cards: list[CardName] = Field(default_factory=list, max_length=20)
    endings: list[CardName] = Field(default_factory=list, max_length=2)


class VoteBody(_Body):
    type: Literal["vote"]
    yes: bool
    ballot: int | None = Field(default=None, description="the open ballot's id (checked if given)")


ActionBody = Annotated[
    NarrateBody
    | PlayBody
    | InterruptBody
    | CardInterruptBody
    | PassBody
    | StallBody
    | ChallengeBody
    | EndBody
    | DeclareHandBody
    | DeclareDrawBody
    | VoteBody,
    Field(discriminator="type"),
]


# --- events ----------------------------------------------------------------------------------


class EventView(BaseModel):
    """One event of the table's log, as the reader may see it. Types: table_created, action,
    hints (private), drew (private), vote_opened, vote_cast, step_failed."""

    seq: int
    type: str
    created: str
    data: dict[str, Any]


class ActionResult(BaseModel):
    seq: int
    events: list[EventView] = Field(description="the events this action appended, as you see them")
    view: TableView


class EventPage(BaseModel):
    events: list[EventView]
    last_seq: int
    more: bool = Field(description="true when more events follow: ask again after the last one")


# --- errors ----------------------------------------------------------------------------------


class ErrorBody(BaseModel):
    error: str = Field(examples=["illegal_action"])
    message: str = Field(examples=["OU-10: only what the current storyteller told can be claimed"])
    rule: str | None = Field(default=None, examples=["OU-10"])
    details: list[dict[str, Any]] | None = None


TableCreated.model_rebuild()
