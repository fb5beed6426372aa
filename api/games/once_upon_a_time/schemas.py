"""Once Upon a Time's request bodies and views (`TableCreate`, `TableView`, the actions).

Actions are a tagged union on `type`. Cards may be named by deck id ("old-woman") or by label or
alias in any language ("Old Woman", "老婆", "Anciana").
"""

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from api.schemas import CardName, PlayerCreate, StrictBody, Text
from companion.cards import Group, Language
from companion.games.once_upon_a_time.config import MAX_CUSTOM_CARDS
from companion.games.once_upon_a_time.config import FirstStoryteller as EngineFirstStoryteller
from companion.seats.once_upon_a_time_pace import DEFAULT_LEVEL, AILevel

# --- tables ----------------------------------------------------------------------------------


class HandCreate(StrictBody):
    """Physical deck: the cards one seat was dealt, when known at creation (replays, tests)."""

    cards: list[CardName] = Field(default_factory=list, max_length=20)
    endings: list[CardName] = Field(default_factory=list, max_length=2)


class VariantsCreate(StrictBody):
    multiple_endings: list[Annotated[int, Field(ge=0, le=9)]] = Field(
        default_factory=list, max_length=10, description="seats dealt two ending cards (OU-20)"
    )
    ending_swap: bool = Field(default=False, description="OU-21")


class CustomCardCreate(StrictBody):
    """A story card the deck does not print (an expansion's, another edition's, made up)."""

    label: CardName = Field(description="its name, in any of the three languages (60 at most)")
    group: Literal["characters", "items", "places", "aspects", "events"]


class TableCreate(StrictBody):
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
    ai_level: AILevel = Field(
        default=DEFAULT_LEVEL,
        description="how the AI seats play: gentle (they rarely interrupt), fair, sharp",
    )
    custom_cards: list[CustomCardCreate] = Field(
        default_factory=list,
        max_length=MAX_CUSTOM_CARDS,
        description="story cards of the table's own (an expansion's, another edition's, made "
        "up), shuffled into the deck; the referee rules them by their label",
    )
    deal_custom_first: bool = Field(
        default=False,
        description="virtual deck: deal the table's own cards first, spread over the seats "
        "(a house rule; everyone then knows each of them is in some hand)",
    )


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
    evidence: dict[str, str] | None = Field(
        None,
        description="on a claimed mention, what the models found: finding (heard, not_heard, "
        "borderline, failed, model_said_no, model_said_yes) and phrase (the words it rests on)",
    )


class FailureView(BaseModel):
    seq: int
    step: str
    message: str


class AIThinkingView(BaseModel):
    seat: int
    name: str
    speaks_at: str = Field(description="about when it tells on (ISO time), unless someone acts")


class TableView(BaseModel):
    """A table as one seat sees it (its hand, hints and moves), or as a spectator (public)."""

    id: str
    seq: int = Field(description="the last event of the log this view includes")
    game: Literal["once_upon_a_time"] = "once_upon_a_time"
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
    custom_cards: list[CardView] = Field(
        description="the story cards this table added to the deck (public, like the deck's)"
    )
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
    ai_level: AILevel = DEFAULT_LEVEL
    ai_thinking: AIThinkingView | None = Field(
        default=None, description="an AI storyteller is about to tell on: who, and about when"
    )


# --- actions ---------------------------------------------------------------------------------


class NarrateBody(StrictBody):
    type: Literal["narrate"]
    text: Text


class PlayBody(StrictBody):
    type: Literal["play"]
    card: CardName
    sentence: Text | None = None
    line: Annotated[int, Field(ge=0)] | None = None
    ask_table: bool = Field(default=False, description="let the table vote instead of the referee")


class InterruptBody(StrictBody):
    type: Literal["interrupt"]
    card: CardName
    line: Annotated[int, Field(ge=0)] | None = None
    ask_table: bool = False


class CardInterruptBody(StrictBody):
    type: Literal["card_interrupt"]
    card: CardName


class PassBody(StrictBody):
    type: Literal["pass"]
    discard: CardName | None = None
    swap_ending: CardName | None = None


class StallBody(StrictBody):
    type: Literal["stall"]
    seconds: Annotated[float, Field(gt=0, le=3600)]


class ChallengeBody(StrictBody):
    type: Literal["challenge"]
    reason: Annotated[str, Field(max_length=500)] = ""
    ask_table: bool = False


class EndBody(StrictBody):
    type: Literal["end"]
    ending: CardName
    linking: list[Text] = Field(min_length=1, max_length=2)


class DeclareHandBody(StrictBody):
    type: Literal["declare_hand"]
    cards: list[CardName] = Field(default_factory=list, max_length=20)
    endings: list[CardName] = Field(default_factory=list, max_length=2)


class DeclareDrawBody(StrictBody):
    type: Literal["declare_draw"]
    cards: list[CardName] = Field(default_factory=list, max_length=20)
    endings: list[CardName] = Field(default_factory=list, max_length=2)


class VoteBody(StrictBody):
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
