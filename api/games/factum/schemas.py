"""Factum's request bodies and view (`FactumCreate`, the actions, `FactumView`).

Cards are named exactly as the table's deck holds them (the bundled bank's text in the table's
language, or the cards the table wrote). The seat is never in a body: it comes from the token.
"""

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from api.schemas import PlayerCreate, SeatKind, StrictBody
from companion.cards import Language
from companion.games.factum import MAX_PLAYERS, MIN_PLAYERS, TARGET_SCORE
from companion.games.factum.actions import MAX_STORY_CHARS
from companion.games.factum.config import MAX_CARD_CHARS

MAX_DECK_CARDS = 500

PlotCard = Annotated[str, Field(min_length=1, max_length=MAX_CARD_CHARS)]
Seat = Annotated[int, Field(ge=0, lt=MAX_PLAYERS)]


class FactumCreate(StrictBody):
    game: Literal["factum"]
    players: list[PlayerCreate] = Field(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)
    language: Language = "en"
    deck_mode: Literal["virtual", "physical"] = Field(
        default="virtual",
        description="virtual: the companion deals; physical: printed cards at a live table",
    )
    cards: list[PlotCard] | None = Field(
        default=None,
        max_length=MAX_DECK_CARDS,
        description="the table's own plot cards (unique); default: the bundled bank in "
        "the table's language",
    )
    target_score: int = Field(default=TARGET_SCORE, ge=1, le=100, description="FA-9")
    seed: Annotated[int, Field(ge=0, le=2**53)] | None = Field(
        default=None, description="fixes every shuffle (replays, tests)"
    )
    spectators: bool = Field(
        default=True, description="whether the table id alone shows the public state"
    )
    use_model: bool = Field(
        default=False,
        description="AI storytellers invent their stories with the server's language model "
        "(only the AI's own card is sent to it, never a player's story); off: they tell canned "
        "stories from the bank and nothing of the table goes to a model. Refused (422 "
        "model_unavailable) when the server has no model: GET /v1/server says "
        "(`language_model`)",
    )


# --- actions ---------------------------------------------------------------------------------


class VolunteerBody(StrictBody):
    """FA-2: offer to tell. A table may give the teams and the judge; else they are drawn."""

    type: Literal["volunteer"]
    teammates: list[Seat] | None = Field(default=None, max_length=MAX_PLAYERS - 1)
    judge: Seat | None = None


class TellBody(StrictBody):
    """FA-2: the storyteller's card, and the story (typed or dictated; none when told aloud)."""

    type: Literal["tell"]
    card: PlotCard
    text: Annotated[str, Field(min_length=1, max_length=MAX_STORY_CHARS)] | None = None


class ChooseGuessersBody(StrictBody):
    """FA-3: the judge sends the guess to the storyteller's team or to its own."""

    type: Literal["choose_guessers"]
    guessers: Literal["storyteller", "judge"]


class DecoyBody(StrictBody):
    """FA-4: a seat of the non-guessing team adds a card of its hand."""

    type: Literal["decoy"]
    card: PlotCard


class GuessBody(StrictBody):
    """FA-5: a seat of the guessing team votes for a card on the table."""

    type: Literal["guess"]
    card: PlotCard


class BestStoryBody(StrictBody):
    """FA-7: the secret vote: does the current story beat the reigning one?"""

    type: Literal["best_story"]
    prefer: Literal["current", "reigning"]


class DeclareFillBody(StrictBody):
    """Physical deck: the judge names the cards drawn to fill the table up to 5."""

    type: Literal["declare_fill"]
    cards: list[PlotCard] = Field(min_length=1, max_length=5)


FactumAction = Annotated[
    VolunteerBody
    | TellBody
    | ChooseGuessersBody
    | DecoyBody
    | GuessBody
    | BestStoryBody
    | DeclareFillBody,
    Field(discriminator="type"),
]


# --- view ------------------------------------------------------------------------------------


class FactumSeatPublic(BaseModel):
    seat: int
    name: str
    kind: SeatKind
    score: int


class FactumMove(BaseModel):
    """One kind of action you may take now, with the cards or options it may name."""

    type: str
    cards: list[str] = Field(default_factory=list)
    options: list[str] = Field(default_factory=list)
    any_card: bool = False
    count: int = 0


class FactumView(BaseModel):
    """A Factum table as one reader may see it. `state` is the engine's per-seat view
    (`companion.games.factum.views.seat_view`): public things, and the reader's own secrets
    only (its hand, its decoy and votes; the storyteller's card to the storyteller and judge)."""

    id: str
    seq: int
    game: Literal["factum"] = "factum"
    language: Language
    deck_mode: Literal["virtual", "physical"]
    you: int | None
    seats: list[FactumSeatPublic]
    state: dict[str, Any]
    moves: list[FactumMove]
    story_origin: dict[str, Literal["canned", "generated"]] = Field(
        default_factory=dict,
        description="turn number → what an AI storyteller's story is: canned (from the bank, "
        "written in advance) or generated (invented by the language model), never lived",
    )
    use_model: bool = Field(
        default=False, description="whether the table let AI storytellers use a language model"
    )
    finished: bool
