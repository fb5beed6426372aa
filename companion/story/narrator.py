"""The narrator façade: one protocol, an LLM narrator and an offline one, chosen in one place."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from companion.cards import Deck, Language
from companion.llm import OpenAILLM
from companion.referee.port import RefereePort
from companion.story.chapter_facts import ChapterFacts
from companion.story.chapter_tale import ChapterTale
from companion.story.factum import TextEmbedder
from companion.story.llm_narrator import LLMNarrator
from companion.story.offline import OfflineNarrator
from companion.story.recap import Recap
from companion.story.results import (
    AdjudicationVerdict,
    CoherenceVerdict,
    Continuation,
    Ending,
    FactumPromptSet,
)


class Narrator(Protocol):
    """Tells stories, endings and verdicts. Every answer names the narrator that produced it."""

    @property
    def name(self) -> str:
        """ "llm:<model>" or "offline"."""
        ...

    def continue_story(
        self,
        *,
        story: Sequence[str],
        hand: Sequence[str],
        card: str,
        ending: str,
        language: Language,
        other_cards: Sequence[str] = (),
    ) -> Continuation:
        """1–3 sentences bringing `card` (a deck id in `hand`) into the story, toward `ending`.

        `hand` and `ending` are the asking seat's own cards: only its own output is based on
        them. `other_cards` (the cards other players hold) go to the referee's check only, never
        into a prompt. Raises ProposalDropped when no proposal passes the referee.
        """
        ...

    def propose_ending(self, *, story: Sequence[str], ending: str, language: Language) -> Ending:
        """Linking sentences plus the ending card's sentence, with no new element (OU-18)."""
        ...

    def check_coherence(
        self, *, story: Sequence[str], sentence: str, language: Language
    ) -> CoherenceVerdict:
        """Whether `sentence` contradicts `story`, rambles or is nonsense (OU-17)."""
        ...

    def adjudicate(
        self, text: str, story: Sequence[str], card_label: str, evidence: str
    ) -> AdjudicationVerdict:
        """The referee's Adjudicator: does `text` really bring in `card_label`?"""
        ...

    def factum_prompts(
        self,
        *,
        count: int,
        language: Language,
        avoid: Sequence[str] = (),
        seed: int | None = None,
    ) -> FactumPromptSet:
        """`count` Factum plot cards (FA-10), none too close to each other or to `avoid`."""
        ...

    def bedtime_recap(
        self, *, told: Sequence[str], names: Sequence[str], language: Language
    ) -> Recap:
        """A finished game told back as a bedtime tale: `told` is the offline telling of what
        happened (`companion.story.recap`), `names` the players' names a retelling must keep; a
        model retells it, the offline narrator keeps it."""
        ...

    def chapter_tale(
        self, *, facts: ChapterFacts, names: Sequence[str], language: Language
    ) -> ChapterTale:
        """One chapter of Dice Upon a Time told as a short tale: `facts` what each traveller did
        (`companion.story.chapter_facts`), `names` the travellers' names by seat. The offline
        narrator tells it from its phrases; a model retells it, kept only when the retelling
        names every traveller who acted and no quest, card or place the facts do not hold."""
        ...


def build_narrator(
    *,
    deck: Deck,
    referee: RefereePort,
    model: str | None = None,
    base_url: str | None = None,
    api_key: str | None = None,
    timeout_s: float = 20.0,
    max_retries: int = 2,
    max_reasks: int = 2,
    embedder: TextEmbedder | None = None,
) -> Narrator:
    """The LLM narrator when a model and a server (base URL or key) are given, else offline.

    `referee` verifies proposals; build it WITHOUT this narrator as its adjudicator (a table's
    referee may then take the narrator as adjudicator). `embedder` deduplicates Factum cards.
    """
    if not model or not (base_url or api_key):
        return OfflineNarrator(deck=deck, referee=referee, embedder=embedder)
    llm = OpenAILLM(
        model=model,
        base_url=base_url,
        api_key=api_key,
        timeout_s=timeout_s,
        max_retries=max_retries,
        max_reasks=max_reasks,
    )
    return LLMNarrator(llm, deck=deck, referee=referee, embedder=embedder)
