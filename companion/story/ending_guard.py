"""Does a storyteller's proposal give away its own secret ending card, in other words or in
another language? (issue 16 item 4)

The word-for-word check (`verify.quotes`) misses a paraphrase or a translation. The guard embeds
each proposed sentence and the ending card's sentence in every language with the table's
multilingual sentence embedder; a cosine at or above the calibrated threshold gives it away.
Thresholds are data (`data/ending_guard.yaml`, one per embedder, chosen on the dev half of
`evals/data/ending_leaks.yaml` by `evals/ending_guard_eval.py --write`); an embedder with no
calibrated threshold gets no guard (the word-for-word check still applies).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from importlib import resources

import numpy as np
import yaml

from companion.cards import LANGUAGES, EndingCard
from companion.story.factum import TextEmbedder


@cache
def calibrated_thresholds() -> dict[str, float]:
    text = resources.files("companion.story").joinpath("data/ending_guard.yaml")
    data = yaml.safe_load(text.read_text(encoding="utf-8")) or {}
    return {str(name): float(entry["threshold"]) for name, entry in data.items()}


class EndingGuard:
    def __init__(self, embedder: TextEmbedder, threshold: float) -> None:
        self.embedder = embedder
        self.threshold = threshold
        self._endings: dict[str, np.ndarray] = {}

    def score(self, sentences: Sequence[str], ending: EndingCard) -> float:
        """The highest cosine between a proposed sentence (or all of them) and the ending."""
        texts = [*sentences, " ".join(sentences)] if len(sentences) > 1 else list(sentences)
        if not texts:
            return 0.0
        told = _unit(self.embedder.embed(texts))
        return float((told @ self._ending(ending).T).max())

    def gives_away(self, sentences: Sequence[str], ending: EndingCard) -> bool:
        return self.score(sentences, ending) >= self.threshold

    def _ending(self, ending: EndingCard) -> np.ndarray:
        if ending.id not in self._endings:
            texts = [ending.text[lang] for lang in LANGUAGES if lang in ending.text]
            self._endings[ending.id] = _unit(self.embedder.embed(texts))
        return self._endings[ending.id]


def ending_guard_for(embedder: TextEmbedder | None) -> EndingGuard | None:
    """The guard on `embedder` at its calibrated threshold, or None (no embedder, or one never
    calibrated: a threshold is only meaningful for the model it was chosen on)."""
    if embedder is None:
        return None
    threshold = calibrated_thresholds().get(embedder.name)
    return None if threshold is None else EndingGuard(embedder, threshold)


def _unit(vectors: np.ndarray) -> np.ndarray:
    matrix = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    unit: np.ndarray = matrix / np.maximum(norms, 1e-12)
    return unit
