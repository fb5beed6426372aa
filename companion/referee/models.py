"""What the referee answers: mentions of held cards, in a ruling; and the adjudicator port."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from companion.cards import StoryCard

Method = Literal["lexical", "semantic", "lexical+semantic", "llm", "re-mention"]


@dataclass(frozen=True)
class Mention:
    """One held card that the text brings into the story, with the words that show it."""

    card: str  # the card exactly as the caller gave it (deck id or label in any language)
    card_id: str | None  # the deck id it resolved to; None for a free-text card
    score: float  # calibrated confidence 0..1
    evidence: str  # the span of the text that mentions it ("baby")
    start: int  # char offsets of evidence in the text; -1/-1 when not locatable
    end: int
    method: Method
    # a re-mention (method "re-mention", cast.py): the words of the story line that brought the
    # element in ("a wolf"), and that line's index in the story as given
    antecedent: str | None = None
    antecedent_line: int | None = None


@dataclass(frozen=True)
class Ruling:
    """The referee's answer for one text."""

    text: str
    mentions: tuple[Mention, ...]  # flagged, best first
    borderline: tuple[Mention, ...]  # grey zone: not flagged; an adjudicator may settle them

    @property
    def cards(self) -> tuple[str, ...]:
        """The flagged cards, as the caller gave them, best first."""
        return tuple(m.card for m in self.mentions)


class Verdict(Protocol):
    """What an adjudicator answers: True/False, or None when it cannot tell."""

    @property
    def mentioned(self) -> bool | None: ...

    @property
    def reason(self) -> str: ...


class CardEnricher(Protocol):
    """Words for a card the deck does not know (a model's proposals, verified; in
    companion/story). Only used when passed in."""

    def card_for(self, label: str) -> StoryCard | None:
        """The enriched card for a free-text label when it is known already; else None, and
        the enrichment may be started in the background (never waited for by a ruling)."""
        ...


class Adjudicator(Protocol):
    """Settles borderline cases (an LLM, in companion/story). Only used when passed in."""

    def adjudicate(
        self, text: str, story: Sequence[str], card_label: str, evidence: str
    ) -> Verdict: ...
