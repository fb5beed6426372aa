"""Plain sentence-transformers (torch, fp32, CPU): the reference every faster path is checked
against, and the way to run any local sentence-transformers model directory (``"st:<path>"``)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from embeddings.base import Vectors, as_text_list, l2_normalise
from embeddings.errors import ModelBuildError


class SentenceTransformerEmbedder:
    """Any local sentence-transformers model directory, run with torch on the CPU."""

    def __init__(self, model_dir: Path, *, name: str, batch_size: int = 32) -> None:
        if not model_dir.is_dir():
            raise ModelBuildError("not a model directory", path=str(model_dir))
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:  # pragma: no cover - hard dependency
            raise ModelBuildError("sentence-transformers is not installed") from exc
        try:
            self._model: Any = SentenceTransformer(
                str(model_dir), device="cpu", local_files_only=True
            )
        except Exception as exc:  # the library raises many types; wrap them all
            raise ModelBuildError(f"cannot load model: {exc}", path=str(model_dir)) from exc
        dimension = self._model.get_embedding_dimension()
        if not dimension:
            raise ModelBuildError("model reports no embedding dimension", path=str(model_dir))
        self._name = name
        self._dimension = int(dimension)
        self.revision = _directory_stamp(model_dir)
        self._batch_size = batch_size

    @property
    def name(self) -> str:
        return self._name

    @property
    def dimension(self) -> int:
        return self._dimension

    def embed(self, texts: Sequence[str]) -> Vectors:
        items = as_text_list(texts)
        if not items:
            return np.zeros((0, self._dimension), dtype=np.float32)
        vectors = self._model.encode(
            items,
            batch_size=self._batch_size,
            convert_to_numpy=True,
            normalize_embeddings=True,
            show_progress_bar=False,
        )
        return l2_normalise(vectors)


def _directory_stamp(model_dir: Path) -> str:
    """A cheap identity of a model directory's files (names, sizes, mtimes) for cache keys."""
    import hashlib

    import sentence_transformers

    digest = hashlib.sha256(sentence_transformers.__version__.encode())
    for path in sorted(p for p in model_dir.rglob("*") if p.is_file()):
        stat = path.stat()
        digest.update(f"{path.relative_to(model_dir)}:{stat.st_size}:{stat.st_mtime_ns};".encode())
    return digest.hexdigest()[:16]
