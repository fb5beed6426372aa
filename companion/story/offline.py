"""The offline narrator: every task answers with no model configured, and says so.

Continuations and endings come from the story planner (`planner.py`: a hero, a cast and a plot
arc rebuilt from the story, card clauses from per-language data files), then, for cards it has
no words for, from a template grammar over the deck's prototype phrases; all are verified by the
referee like any proposal; Factum cards come from the built-in bank and a
generator; coherence and adjudication answer "unchecked" with the reason, never a fake "ok".
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterator, Sequence

from companion.cards import Deck, Language
from companion.referee.port import RefereePort
from companion.story import grammar, planner
from companion.story.chapter_facts import ChapterFacts
from companion.story.chapter_tale import ChapterTale, tell_chapter
from companion.story.context import (
    MAX_TEXT_CHARS,
    check_factum_request,
    check_language,
    check_text,
)
from companion.story.ending_guard import ending_guard_for
from companion.story.factum import (
    DUPLICATE_SIMILARITY,
    TextEmbedder,
    candidate_cards,
    pick_distinct,
)
from companion.story.recap import Recap
from companion.story.requests import ContinuationRequest, EndingRequest
from companion.story.results import (
    OFFLINE,
    AdjudicationVerdict,
    CoherenceVerdict,
    Continuation,
    Ending,
    FactumCard,
    FactumPromptSet,
    Rejection,
)
from companion.story.verify import (
    Proposal,
    offer_until_done,
)

NO_MODEL = "no language model is configured"
MAX_OFFLINE_PROPOSALS = 8


class OfflineNarrator:
    """The narrator with no model: templates, a card bank, and honest "unchecked" verdicts."""

    name = OFFLINE

    def __init__(
        self,
        *,
        deck: Deck,
        referee: RefereePort,
        embedder: TextEmbedder | None = None,
        max_proposals: int = MAX_OFFLINE_PROPOSALS,
    ) -> None:
        self.deck = deck
        self.referee = referee
        self.embedder = embedder
        self.ending_guard = ending_guard_for(embedder)
        self.max_proposals = max_proposals

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
        request = ContinuationRequest.check(
            self.deck, story, hand, card, ending, language, other_cards
        )
        selection = request.selection(self.referee, self.ending_guard)
        offer_until_done(selection, self.continuation_proposals(request))
        return selection.result(asked=self.name)

    def propose_ending(self, *, story: Sequence[str], ending: str, language: Language) -> Ending:
        request = EndingRequest.check(self.deck, story, ending, language)
        selection = request.selection(self.referee)
        offer_until_done(selection, self.ending_proposals(request))
        return selection.result(asked=self.name)

    def check_coherence(
        self, *, story: Sequence[str], sentence: str, language: Language
    ) -> CoherenceVerdict:
        check_language(language)
        check_text("sentence", sentence)
        return unchecked_coherence(f"{NO_MODEL}: the table decides by a show of hands (OU-17)")

    def adjudicate(
        self, text: str, story: Sequence[str], card_label: str, evidence: str
    ) -> AdjudicationVerdict:
        check_text("text", text, limit=MAX_TEXT_CHARS)
        return unjudged(f"{NO_MODEL}: the players not involved decide (OU-13)")

    def bedtime_recap(
        self, *, told: Sequence[str], names: Sequence[str], language: Language
    ) -> Recap:
        return Recap(narrator=self.name, language=language, paragraphs=tuple(told))

    def chapter_tale(
        self, *, facts: ChapterFacts, names: Sequence[str], language: Language
    ) -> ChapterTale:
        text = tell_chapter(facts, names, check_language(language))
        return ChapterTale(chapter=facts.chapter, narrator=self.name, language=language, text=text)

    def factum_prompts(
        self,
        *,
        count: int,
        language: Language,
        avoid: Sequence[str] = (),
        seed: int | None = None,
    ) -> FactumPromptSet:
        language, avoid = check_factum_request(count, language, avoid)
        kept, dropped = self.factum_cards(count, language, avoid, seed)
        return FactumPromptSet(
            narrator=self.name,
            language=language,
            cards=tuple(FactumCard(text=text, narrator=self.name) for text in kept),
            dropped=dropped,
        )

    # The pieces the LLM narrator falls back on.

    def continuation_proposals(self, request: ContinuationRequest) -> Iterator[Proposal]:
        """The planner's proposals, then (for a card it has no words for, or when none passed)
        the template grammar's over the card's prototype phrases."""
        others = (self.deck.resolve(name) for name in request.other_cards)
        told = planner.continuations(
            self.deck,
            request.story,
            request.card,
            request.ending.id,
            request.language,
            avoid=frozenset(card.id for card in others if card is not None),
        )
        seed = _seed(request.card.id, request.ending.id, str(len(request.story)))
        stock = grammar.continuations(request.card, request.language, random.Random(seed))
        for candidates in (told, stock):
            for _, sentences in zip(range(self.max_proposals), candidates, strict=False):
                yield Proposal(self.name, sentences)

    def ending_proposals(self, request: EndingRequest) -> Iterator[Proposal]:
        told = planner.linking(self.deck, request.story, request.ending.id, request.language)
        seed = _seed(request.ending.id, str(len(request.story)))
        stock = grammar.linking_sentences(request.language, random.Random(seed))
        for candidates in (told, stock):
            for _, sentences in zip(range(self.max_proposals), candidates, strict=False):
                yield Proposal(self.name, sentences)

    def factum_cards(
        self, count: int, language: Language, avoid: Sequence[str], seed: int | None
    ) -> tuple[list[str], tuple[Rejection, ...]]:
        rng = random.Random(seed)
        kept, duplicates = pick_distinct(
            candidate_cards(language, rng),
            count,
            avoid=avoid,
            embedder=self.embedder,
            threshold=DUPLICATE_SIMILARITY[language],
        )
        return kept, duplicate_rejections(self.name, duplicates)


def unchecked_coherence(reason: str, *, fallback_reason: str | None = None) -> CoherenceVerdict:
    return CoherenceVerdict(
        narrator=OFFLINE, verdict="unchecked", reason=reason, fallback_reason=fallback_reason
    )


def unjudged(reason: str, *, fallback_reason: str | None = None) -> AdjudicationVerdict:
    return AdjudicationVerdict(
        narrator=OFFLINE, mentioned=None, reason=reason, fallback_reason=fallback_reason
    )


def duplicate_rejections(
    narrator: str, duplicates: Sequence[tuple[str, str]]
) -> tuple[Rejection, ...]:
    return tuple(
        Rejection(narrator=narrator, reason="duplicate", detail=f"too close to {twin!r}", text=text)
        for text, twin in duplicates
    )


def _seed(*parts: str) -> int:
    """A seed that is the same in every process (str hashes are salted per process)."""
    return zlib.crc32("\x1f".join(parts).encode())
