"""Semantic matching: the text and its clauses against the held cards' phrases, by embedding.

The text's segments (the whole text, and its clauses when it has several) are embedded in one
call. Each held card's phrases (prototypes and names, in the text's language; a free-text card's
label) are embedded once through `embeddings.CardVectorCache` (kept on disk when that cache has
a directory) and stacked once per set of held cards, so a ruling costs one embed call and one
small matrix product. Cards named in the text are scored too, to explain matches away: a
sentence about a queen is close to King as well, but it is Queen that it names.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from companion.cards import Deck, StoryCard
from companion.referee.lexicon import Target
from companion.referee.text import Analysis, Span
from companion.referee.tokens import Language
from embeddings import CardVectorCache, Embedder

Vectors = npt.NDArray[np.float32]
MAX_SEGMENTS = 4  # the whole text and up to three of its sentences


def phrases_of(target: Target, lang: Language) -> tuple[str, ...]:
    """What a card is compared with: its prototypes and names in one language (a free-text
    card: its label)."""
    card = target.card
    if card is None:
        return (target.given.strip(),)
    text = card.text.get(lang) or card.text["en"]
    return (*text.prototypes, *text.names)


@dataclass(frozen=True)
class _Stack:
    vectors: Vectors  # (phrases, dimension), all targets' phrases one after the other
    starts: npt.NDArray[np.intp]  # first row of each target, for np.maximum.reduceat


@dataclass(frozen=True)
class Similarities:
    """Best cosine of each segment to each held card (and to the cards named in the text)."""

    language: Language
    segments: list[Span]
    held: npt.NDArray[np.float32]  # (segments, targets)
    named: dict[str, npt.NDArray[np.float32]]  # deck id → (segments,)


class SemanticMatcher:
    def __init__(self, deck: Deck, embedder: Embedder, vectors: CardVectorCache | None) -> None:
        self.deck = deck
        self.embedder = embedder
        self.vectors = vectors if vectors is not None else CardVectorCache(embedder)
        self._stack = lru_cache(maxsize=256)(self._build_stack)
        self._warm: set[Language] = set()

    def warm(self, languages: Sequence[Language]) -> None:
        """Embed every deck card's phrases in these languages now, in one batch (read back
        from the cache's disk copy when it has one); done anyway on a language's first use."""
        for lang in languages:
            if lang in self._warm:
                continue
            targets = [Target(card.id, card) for card in self.deck.story_cards]
            self.vectors.warm([p for t in targets for p in phrases_of(t, lang)])
            self._warm.add(lang)

    def _build_stack(self, targets: tuple[Target, ...], lang: Language) -> _Stack:
        groups = [phrases_of(t, lang) for t in targets]
        flat = [p for group in groups for p in group]
        starts = np.cumsum([0, *(len(g) for g in groups[:-1])]).astype(np.intp)
        return _Stack(np.ascontiguousarray(self.vectors.vectors(flat).T), starts)

    @staticmethod
    def segments(analysis: Analysis) -> list[Span]:
        """The whole text, and its sentences when it has several (one embed call for all:
        on the dev split, clause segments cost time and changed no ruling)."""
        whole = Span(0, len(analysis.text))
        sentences = [s for s in analysis.sentences if s.end > s.start]
        if len(sentences) <= 1:
            return [whole]
        return [whole, *sentences[: MAX_SEGMENTS - 1]]

    def embed(self, analyses: Sequence[Analysis]) -> list[Vectors]:
        """The segment vectors of each text, all embedded in one call."""
        spans = [self.segments(a) for a in analyses]
        texts = [
            a.text[s.start : s.end]
            for a, segments in zip(analyses, spans, strict=True)
            for s in segments
        ]
        vectors = self.embedder.embed(texts)
        out: list[Vectors] = []
        position = 0
        for segments in spans:
            out.append(vectors[position : position + len(segments)])
            position += len(segments)
        return out

    def similarities(
        self,
        analysis: Analysis,
        segment_vectors: Vectors,
        targets: tuple[Target, ...],
        named: Sequence[StoryCard],
    ) -> Similarities:
        """Similarities of a text's segments (vectors from `embed`) to the cards."""
        segments = self.segments(analysis)
        lang = analysis.language
        self.warm([lang])
        stack = self._stack(targets, lang)
        held = np.maximum.reduceat(segment_vectors @ stack.vectors, stack.starts, axis=1)
        out: dict[str, npt.NDArray[np.float32]] = {}
        for card in named:
            if card.id not in out:
                rows = self.vectors.vectors(phrases_of(Target(card.id, card), lang))
                out[card.id] = (segment_vectors @ rows.T).max(axis=1).astype(np.float32)
        return Similarities(lang, segments, held.astype(np.float32), out)
