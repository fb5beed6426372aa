"""What the model must reply for each task: the output schemas the prompt templates name."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field, StringConstraints

MAX_PROPOSED_SENTENCE_CHARS = 400

Sentence = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=2, max_length=MAX_PROPOSED_SENTENCE_CHARS),
]
Reason = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=600)]
Confidence = Annotated[float, Field(ge=0.0, le=1.0)]


class ContinuationDraft(BaseModel):
    sentences: list[Sentence] = Field(min_length=1, max_length=3)


class EndingDraft(BaseModel):
    linking_sentences: list[Sentence] = Field(min_length=1, max_length=2)


class CoherenceDraft(BaseModel):
    verdict: Literal["consistent", "contradiction", "rambling", "nonsense"]
    contradicted_sentence: int | None = Field(default=None, ge=1)
    reason: Reason
    confidence: Confidence


class AdjudicationDraft(BaseModel):
    mentioned: bool
    reason: Reason
    confidence: Confidence


class FactumDraft(BaseModel):
    cards: list[Annotated[str, StringConstraints(strip_whitespace=True, min_length=2)]] = Field(
        min_length=1, max_length=60
    )


class FactumStoryDraft(BaseModel):
    """An AI storyteller's invented Factum story (companion/seats/factum_storyteller.py)."""

    story: Annotated[str, StringConstraints(strip_whitespace=True, min_length=10, max_length=800)]


class RecapDraft(BaseModel):
    """A bedtime retelling of a finished game (companion/story/recap.py)."""

    paragraphs: list[
        Annotated[str, StringConstraints(strip_whitespace=True, min_length=2, max_length=800)]
    ] = Field(min_length=1, max_length=8)


class ChapterTaleDraft(BaseModel):
    """A retelling of one chapter of Dice Upon a Time (companion/story/chapter_tale.py)."""

    paragraph: Annotated[
        str, StringConstraints(strip_whitespace=True, min_length=10, max_length=2_400)
    ]


class CardWordsDraft(BaseModel):
    """A card's proposed words in one language (companion/story/card_enrichment.py)."""

    label: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=80)]
    aliases: list[str] = Field(default_factory=list, max_length=20)
    prototypes: list[str] = Field(default_factory=list, max_length=10)


class CardEnrichmentDraft(BaseModel):
    """Proposed words for a card the deck does not know; verified before use."""

    group: Literal["characters", "items", "places", "aspects", "events"]
    en: CardWordsDraft
    ja: CardWordsDraft
    es: CardWordsDraft


OUTPUT_SCHEMAS: dict[str, type[BaseModel]] = {
    model.__name__: model
    for model in (
        ContinuationDraft,
        EndingDraft,
        CoherenceDraft,
        AdjudicationDraft,
        FactumDraft,
        FactumStoryDraft,
        RecapDraft,
        ChapterTaleDraft,
        CardEnrichmentDraft,
    )
}
