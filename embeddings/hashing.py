"""A deterministic, dependency-free fake embedder for fast unit tests.

Texts are folded (NFKC, case-folded), split into character n-grams (n = 2..4, with word
boundaries marked) and hashed into signed buckets. Texts sharing many n-grams get a high cosine,
so lexical overlap behaves sensibly; meaning does not (it is not a model).
"""

from __future__ import annotations

import unicodedata
import zlib
from collections.abc import Sequence

import numpy as np

from embeddings.base import Vectors, as_text_list, l2_normalise

_NGRAM_SIZES = (2, 3, 4)
_BIAS_WEIGHT = 0.05  # keeps every row non-zero (empty text included) so it can be normalised


class HashingEmbedder:
    """Character n-gram hashing: same text → same vector, in any process, on any machine."""

    def __init__(self, dimension: int = 256) -> None:
        if dimension < 8:
            raise ValueError("dimension must be at least 8")
        self._dimension = dimension
        self.revision = "1"  # bump when the hashing scheme changes

    @property
    def name(self) -> str:
        return f"hashing-ngrams/{self._dimension}"

    @property
    def dimension(self) -> int:
        return self._dimension

    def embed(self, texts: Sequence[str]) -> Vectors:
        items = as_text_list(texts)
        matrix = np.zeros((len(items), self._dimension), dtype=np.float32)
        for row, text in enumerate(items):
            matrix[row, 0] = _BIAS_WEIGHT
            for gram in _ngrams(text):
                digest = zlib.crc32(gram.encode("utf-8"))
                sign = 1.0 if digest & 1 else -1.0
                matrix[row, 1 + (digest >> 1) % (self._dimension - 1)] += sign
        return l2_normalise(matrix)


def _ngrams(text: str) -> list[str]:
    folded = unicodedata.normalize("NFKC", text).casefold()
    grams: list[str] = []
    for word in folded.split():
        marked = f"<{word}>"
        for n in _NGRAM_SIZES:
            grams.extend(marked[i : i + n] for i in range(len(marked) - n + 1))
    return grams
