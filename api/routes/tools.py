"""Stateless tools for other apps: the referee and the narrator, one request at a time.

Every narrator answer says which narrator produced it (`narrator`: "llm:<model>" or "offline");
without a configured model the offline narrator answers and its verdicts are "unchecked".
"""

from typing import Annotated, Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from api.deps import ClientLimited, ServicesDep
from api.errors import ApiError, responses
from api.schemas import CardName, StrictBody, Text
from companion.cards import Language
from companion.story import (
    CoherenceVerdict,
    Continuation,
    Ending,
    FactumPromptSet,
    Rejection,
)

router = APIRouter(prefix="/v1", tags=["tools"], dependencies=[ClientLimited])

# Characters × distinct cards one ruling may take: a table's longest narration (2,000
# characters) against every card ten players can hold (100); the referee's work grows with both.
MAX_RULING_COST = 200_000
_ERRORS = responses(400, 408, 413, 422, 429, 502, 503, 504)

Story = Annotated[list[Text], Field(max_length=200)]


class MentionsRequest(StrictBody):
    text: Annotated[str, Field(min_length=1, max_length=20_000)]
    cards: Annotated[list[CardName], Field(min_length=1, max_length=200)]
    story: Story = Field(default_factory=list)
    language: Language | None = None


class MentionOut(BaseModel):
    card: str
    card_id: str | None
    score: float
    evidence: str
    start: int
    end: int
    method: str
    antecedent: str | None = Field(
        default=None,
        description="a re-mention: the words of the story line that brought the element in",
    )
    antecedent_line: int | None = Field(
        default=None, description="a re-mention: that line's index in `story`"
    )


class MentionsResponse(BaseModel):
    mentions: list[MentionOut] = Field(description="cards the text brings in, best first")
    borderline: list[MentionOut] = Field(description="grey zone: not flagged")


class ContinuationRequest(StrictBody):
    story: Story = Field(default_factory=list)
    hand: Annotated[list[CardName], Field(min_length=1, max_length=30)]
    card: CardName
    ending: CardName
    language: Language = "en"
    other_cards: Annotated[list[CardName], Field(max_length=199)] = Field(
        default_factory=list,
        description="cards others hold: used only to avoid handing them an interrupt",
    )


class ContinuationOut(BaseModel):
    """A `companion.story.Continuation`, with its sentences joined as `text`."""

    narrator: str
    language: Language
    card: str
    sentences: list[str]
    text: str
    evidence: str
    score: float
    exposed_other_cards: int
    rejected: list[Rejection]
    fallback_reason: str | None


class EndingRequest(StrictBody):
    story: Story = Field(default_factory=list)
    ending: CardName
    language: Language = "en"


class EndingOut(BaseModel):
    """A `companion.story.Ending`, with its sentences joined as `text`."""

    narrator: str
    language: Language
    ending: str
    linking: list[str]
    ending_sentence: str
    text: str
    rejected: list[Rejection]
    fallback_reason: str | None


class CoherenceRequest(StrictBody):
    story: Story = Field(default_factory=list)
    sentence: Text
    language: Language = "en"


class FactumRequest(StrictBody):
    count: Annotated[int, Field(ge=1, le=30)] = 10
    language: Language = "en"
    avoid: Annotated[
        list[Annotated[str, Field(min_length=1, max_length=500)]], Field(max_length=100)
    ] = Field(default_factory=list)
    seed: Annotated[int, Field(ge=0, le=2**53)] | None = None


def _mention(m: Any) -> MentionOut:
    return MentionOut(
        card=m.card,
        card_id=m.card_id,
        score=float(m.score),
        evidence=m.evidence,
        start=m.start,
        end=m.end,
        method=m.method,
        antecedent=m.antecedent,
        antecedent_line=m.antecedent_line,
    )


async def _narrate(services: Any, call: Any) -> Any:
    """Run a narrator call in the tools' lane (its errors are mapped in `api.errors`)."""
    return await services.tool_lane.run(call)


def _card(services: Any, name: str, field: str) -> str:
    card = services.deck.resolve(name)
    if card is None:
        raise ApiError(422, "unknown_card", f"{field}: no story card is called {name[:80]!r}")
    return str(card.id)


@router.post("/referee/mentions", response_model=MentionsResponse, responses=_ERRORS)
async def mentions(body: MentionsRequest, services: ServicesDep) -> MentionsResponse:
    """Which of `cards` (deck ids, labels in any language, or free text) the text mentions."""
    cost = (len(body.text) + sum(len(line) for line in body.story)) * len(set(body.cards))
    if cost > MAX_RULING_COST:
        raise ApiError(
            422,
            "too_costly",
            f"The text (with its story) times the number of cards is {cost:,}; at most "
            f"{MAX_RULING_COST:,} are ruled in one request: send fewer cards or a shorter text.",
        )
    ruling = await services.tool_lane.run(
        lambda: services.referee.rule(
            body.text, body.cards, story=body.story, language=body.language
        )
    )
    return MentionsResponse(
        mentions=[_mention(m) for m in ruling.mentions],
        borderline=[_mention(m) for m in ruling.borderline],
    )


@router.post("/story/continuations", response_model=ContinuationOut, responses=_ERRORS)
async def continuation(body: ContinuationRequest, services: ServicesDep) -> ContinuationOut:
    """1–3 sentences that bring `card` (from `hand`) into the story, checked by the referee."""
    hand = [_card(services, c, f"hand[{i}]") for i, c in enumerate(body.hand)]
    card = _card(services, body.card, "card")
    others = [c for c in (services.deck.resolve(o) for o in body.other_cards) if c is not None]
    result: Continuation = await _narrate(
        services,
        lambda: services.narrator.continue_story(
            story=body.story,
            hand=hand,
            card=card,
            ending=body.ending.strip(),
            language=body.language,
            other_cards=[c.id for c in others],
        ),
    )
    return ContinuationOut(**result.model_dump())


@router.post("/story/endings", response_model=EndingOut, responses=_ERRORS)
async def ending(body: EndingRequest, services: ServicesDep) -> EndingOut:
    """One or two sentences linking the story to the ending card, then the card's sentence."""
    result: Ending = await _narrate(
        services,
        lambda: services.narrator.propose_ending(
            story=body.story, ending=body.ending.strip(), language=body.language
        ),
    )
    return EndingOut(**result.model_dump())


@router.post("/story/coherence", response_model=CoherenceVerdict, responses=_ERRORS)
async def coherence(body: CoherenceRequest, services: ServicesDep) -> CoherenceVerdict:
    """Does `sentence` contradict the story, ramble or make no sense (OU-17)?"""
    result: CoherenceVerdict = await _narrate(
        services,
        lambda: services.narrator.check_coherence(
            story=body.story, sentence=body.sentence, language=body.language
        ),
    )
    return result


@router.post("/factum/prompts", response_model=FactumPromptSet, responses=_ERRORS)
async def factum_prompts(body: FactumRequest, services: ServicesDep) -> FactumPromptSet:
    """A set of Factum plot cards (FA-1, FA-10), near-duplicates removed."""
    result: FactumPromptSet = await _narrate(
        services,
        lambda: services.narrator.factum_prompts(
            count=body.count, language=body.language, avoid=body.avoid, seed=body.seed
        ),
    )
    return result
