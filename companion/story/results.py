"""What the narrator answers. Every answer says which narrator produced it ("llm:<model>" or
"offline") and, when an LLM narrator had to fall back to the offline one, why."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, computed_field

from companion.cards import Language

OFFLINE = "offline"

Verdict = Literal["consistent", "contradiction", "rambling", "nonsense", "unchecked"]
RejectionReason = Literal[
    "card-not-mentioned",  # the referee does not find the chosen card in the proposal
    "exposes-other-card",  # it mentions an element another player holds (not named here)
    "reveals-ending",  # it quotes the storyteller's own secret ending card
    "new-element",  # an ending's linking sentences bring in an element not yet in the story
    "invalid-output",  # the model's reply was unusable (shape, length, language)
    "model-error",  # the model call failed (timeout, unavailable, rate limited…)
    "duplicate",  # a Factum card too close to another one
]


class _Answer(BaseModel):
    model_config = ConfigDict(frozen=True)


class Rejection(_Answer):
    """A proposal that was not offered, and why. Never names another player's card; `text` is
    None where showing the proposal could reveal one."""

    narrator: str
    reason: RejectionReason
    detail: str
    text: str | None = None


def join_sentences(sentences: tuple[str, ...], language: Language) -> str:
    return ("" if language == "ja" else " ").join(sentences)


class Continuation(_Answer):
    """1–3 sentences that bring the chosen card into the story, verified by the referee."""

    narrator: str
    language: Language
    card: str  # the chosen card's deck id
    sentences: tuple[str, ...]
    evidence: str  # the words the referee matched to the chosen card
    score: float  # the referee's confidence in that mention
    exposed_other_cards: int = 0  # other players' cards it mentions: 0 unless no attempt avoided it
    rejected: tuple[Rejection, ...] = ()  # earlier proposals that failed verification
    fallback_reason: str | None = None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def text(self) -> str:
        return join_sentences(self.sentences, self.language)


class Ending(_Answer):
    """One or two linking sentences, then the ending card's own sentence (OU-18)."""

    narrator: str
    language: Language
    ending: str  # the ending card's deck id
    linking: tuple[str, ...]
    ending_sentence: str  # verbatim from the deck
    rejected: tuple[Rejection, ...] = ()
    fallback_reason: str | None = None

    @computed_field  # type: ignore[prop-decorator]
    @property
    def sentences(self) -> tuple[str, ...]:
        return (*self.linking, self.ending_sentence)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def text(self) -> str:
        return join_sentences(self.sentences, self.language)


class CoherenceVerdict(_Answer):
    """Does a new sentence contradict the story so far, ramble or make nonsense (OU-17)?"""

    narrator: str
    verdict: Verdict
    contradicted: str | None = None  # the story sentence it contradicts
    contradicted_index: int | None = None  # its 0-based index in the story
    reason: str
    confidence: float | None = Field(default=None, ge=0.0, le=1.0)  # None when unchecked
    fallback_reason: str | None = None


class AdjudicationVerdict(_Answer):
    """Does the text really bring in the card's element (OU-10, OU-14)? None: not judged."""

    narrator: str
    mentioned: bool | None
    reason: str
    confidence: float | None = Field(default=None, ge=0.0, le=1.0)
    fallback_reason: str | None = None


class FactumCard(_Answer):
    text: str
    narrator: str


class FactumPromptSet(_Answer):
    """Plot/situation cards for Factum (FA-1, FA-10), near-duplicates removed."""

    narrator: str
    language: Language
    cards: tuple[FactumCard, ...]
    dropped: tuple[Rejection, ...] = ()
    fallback_reason: str | None = None
