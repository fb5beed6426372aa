"""Semantic matching: the text and its clauses against every card's phrases, by embedding.

The text's segments (the whole text, and its clauses when it has several) are embedded in one
call. Every deck card's phrases (prototypes and names, in the text's language) sit in one
matrix, embedded once per language through `embeddings.CardVectorCache` (kept on disk when the
cache has a directory), so a ruling costs one embed call and one matrix product. Scoring every
deck card, not only the held ones, lets the referee explain a match away: a sentence about a
queen is close to King too, but Queen is named in it.
"""

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from companion.cards import Deck, StoryCard
from companion.referee.lexicon import Target
from companion.referee.text import Analysis, Span
from companion.referee.tokens import Language
from embeddings import CardVectorCache, Embedder

Vectors = npt.NDArray[np.float32]
MAX_SEGMENTS = 8  # the whole text and up to seven clauses


def card_phrases(card: StoryCard, lang: Language) -> tuple[str, ...]:
    """What a card is compared with: its prototypes and names in one language."""
    text = card.text.get(lang) or card.text["en"]
    return (*text.prototypes, *text.names)


@dataclass(frozen=True)
class _DeckMatrix:
    vectors: Vectors  # (phrases, dimension)
    starts: npt.NDArray[np.intp]  # first row of each card, for np.maximum.reduceat


@dataclass(frozen=True)
class Similarities:
    """Cosine of each segment to each deck card, and to each free-text card asked about."""

    language: Language
    segments: list[Span]
    deck: npt.NDArray[np.float32]  # (segments, deck cards)
    free: dict[str, npt.NDArray[np.float32]]  # free-text target key → (segments,)

    def of(self, target: Target, card_index: dict[str, int]) -> npt.NDArray[np.float32]:
        if target.card is not None:
            column: npt.NDArray[np.float32] = self.deck[:, card_index[target.card.id]]
            return column
        return self.free[target.key]


class SemanticMatcher:
    def __init__(self, deck: Deck, embedder: Embedder, vectors: CardVectorCache | None) -> None:
        self.deck = deck
        self.embedder = embedder
        self.vectors = vectors if vectors is not None else CardVectorCache(embedder)
        self.card_index = {card.id: i for i, card in enumerate(deck.story_cards)}
        self._matrices: dict[Language, _DeckMatrix] = {}

    def matrix(self, lang: Language) -> _DeckMatrix:
        matrix = self._matrices.get(lang)
        if matrix is None:
            phrases = [card_phrases(card, lang) for card in self.deck.story_cards]
            flat = [p for group in phrases for p in group]
            self.vectors.warm(flat)
            starts = np.cumsum([0, *(len(g) for g in phrases[:-1])]).astype(np.intp)
            matrix = _DeckMatrix(self.vectors.vectors(flat), starts)
            self._matrices[lang] = matrix
        return matrix

    @staticmethod
    def segments(analysis: Analysis) -> list[Span]:
        whole = Span(0, len(analysis.text))
        clauses = [c for c in analysis.clauses if c.end > c.start]
        if len(clauses) <= 1:
            return [whole]
        return [whole, *clauses[: MAX_SEGMENTS - 1]]

    def similarities(self, analysis: Analysis, targets: Sequence[Target]) -> Similarities:
        segments = self.segments(analysis)
        matrix = self.matrix(analysis.language)
        texts = [analysis.text[s.start : s.end] for s in segments]
        segment_vectors = self.embedder.embed(texts)
        per_phrase = segment_vectors @ matrix.vectors.T  # (segments, phrases)
        deck = np.maximum.reduceat(per_phrase, matrix.starts, axis=1).astype(np.float32)
        free: dict[str, npt.NDArray[np.float32]] = {}
        labels = [t.given.strip() for t in targets if t.card is None]
        if labels:
            label_vectors = self.vectors.vectors(labels)
            for label, column in zip(labels, (segment_vectors @ label_vectors.T).T, strict=True):
                free[Target(label, None).key] = column.astype(np.float32)
        return Similarities(analysis.language, segments, deck, free)
