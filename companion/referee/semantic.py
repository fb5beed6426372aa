"""Semantic matching: the text's clauses against each card's example phrases, by embedding.

The text and its clauses are embedded in one call; each card's vectors (its prototypes and names
in the text's language) are computed once per referee and reused. A card's similarity is the best
cosine between any clause and any of its vectors.
"""

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from companion.referee.lexicon import Target
from companion.referee.text import Analysis, Span
from companion.referee.tokens import Language
from embeddings import Embedder

Vectors = npt.NDArray[np.float32]
MAX_SEGMENTS = 8  # the whole text and up to seven clauses


@dataclass(frozen=True)
class Similarity:
    cosine: float
    segment: Span  # the clause (or whole text) that matched best


def card_phrases(target: Target, lang: Language) -> tuple[str, ...]:
    """What a card is compared with: its prototypes and names in one language (free text:
    the label itself)."""
    card = target.card
    if card is None:
        return (target.given.strip(),)
    text = card.text.get(lang) or card.text["en"]
    return (*text.prototypes, *text.names)


class SemanticMatcher:
    def __init__(self, embedder: Embedder) -> None:
        self.embedder = embedder
        self._card_vectors: dict[tuple[str, Language], Vectors] = {}

    def card_vectors(self, target: Target, lang: Language) -> Vectors:
        key = (target.key, lang)
        vectors = self._card_vectors.get(key)
        if vectors is None:
            vectors = self.embedder.embed(list(card_phrases(target, lang)))
            self._card_vectors[key] = vectors
        return vectors

    def warm(self, targets: Sequence[Target], languages: Sequence[Language]) -> None:
        """Compute every card vector now, in one call per language."""
        for lang in languages:
            missing = [t for t in targets if (t.key, lang) not in self._card_vectors]
            if not missing:
                continue
            phrases = [card_phrases(t, lang) for t in missing]
            flat = [p for group in phrases for p in group]
            vectors = self.embedder.embed(flat)
            position = 0
            for target, group in zip(missing, phrases, strict=True):
                self._card_vectors[(target.key, lang)] = vectors[position : position + len(group)]
                position += len(group)

    @staticmethod
    def segments(analysis: Analysis) -> list[Span]:
        whole = Span(0, len(analysis.text))
        clauses = [c for c in analysis.clauses if c.end > c.start]
        if len(clauses) <= 1:
            return [whole]
        return [whole, *clauses[: MAX_SEGMENTS - 1]]

    def similarities(self, analysis: Analysis, targets: Sequence[Target]) -> list[Similarity]:
        """The best similarity of each target to the text, in the order of `targets`."""
        if not targets:
            return []
        segments = self.segments(analysis)
        lang = analysis.language
        self.warm(targets, [lang])
        text_vectors = self.embedder.embed([analysis.text[s.start : s.end] for s in segments])
        out: list[Similarity] = []
        for target in targets:
            scores = text_vectors @ self.card_vectors(target, lang).T  # (segments, phrases)
            row, _ = np.unravel_index(int(np.argmax(scores)), scores.shape)
            out.append(Similarity(float(scores.max()), segments[int(row)]))
        return out
