"""The ``Embedder`` protocol and the small numeric helpers every backend shares."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

Vectors = npt.NDArray[np.float32]


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into unit vectors: ``embed(texts)`` → float32 ``(len(texts), dimension)``.

    ``name`` is a stable id of the model *and* the way it is run (``"minilm-l6-v2/onnx-int8"``);
    caches key on it, so two embedders with the same name must give the same vectors.
    A backend may also carry a ``revision`` string (the model files' hash, the runtime's
    version); on-disk caches add it to their keys so a changed model never reuses old vectors.
    """

    @property
    def name(self) -> str: ...

    @property
    def dimension(self) -> int: ...

    def embed(self, texts: Sequence[str]) -> Vectors: ...


def prepare(embedder: object) -> None:
    """Let `embedder` do its slow one-time work now (building model files), without loading
    its model, when it can (`LazyEmbedder.prepare`, forwarded by the wrappers): a server calls
    this at start-up so that the first request that needs the model only loads it."""
    ahead = getattr(embedder, "prepare", None)
    if callable(ahead):
        ahead()


def l2_normalise(matrix: npt.NDArray[np.floating]) -> Vectors:
    """Rows scaled to unit length (all-zero rows stay zero), as float32."""
    matrix = np.asarray(matrix, dtype=np.float32)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    out: Vectors = np.zeros_like(matrix)
    np.divide(matrix, norms, out=out, where=norms > 0)
    return out


def as_text_list(texts: Sequence[str]) -> list[str]:
    """The texts as a list, refusing a bare string (a classic bug: it embeds each character)."""
    if isinstance(texts, str):
        raise TypeError("embed() takes a sequence of texts, not a single string")
    out = list(texts)
    for i, text in enumerate(out):
        if not isinstance(text, str):
            raise TypeError(f"texts[{i}] is {type(text).__name__}, not str")
    return out
