"""An embedder loaded on its first use: for models that only some requests need (the learned
scorer's, for cards typed by players), so that a server starts as fast and as small as before
and pays for the model only when a table asks for it."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence

from embeddings.base import Embedder, Vectors
from embeddings.errors import EmbeddingError

log = logging.getLogger(__name__)


class LazyEmbedder:
    """Calls `load` once, on the first `embed` (or `revision`), from whichever thread gets
    there first; the others wait for it. `name` and `dimension` are known without loading.
    A failed load raises an `EmbeddingError` and is not tried again (a build that failed would
    fail again, and take its time doing so): later calls raise one at once, saying why.
    `prepare`, when given, is the slow part of `load` that needs no memory afterwards (building
    the model's files): `prepare()` runs it ahead, at a server's start-up."""

    def __init__(
        self,
        load: Callable[[], Embedder],
        *,
        name: str,
        dimension: int,
        prepare: Callable[[], object] | None = None,
    ) -> None:
        self._load = load
        self._prepare = prepare
        self._name = name
        self._dimension = dimension
        self._loaded: Embedder | None = None
        self._failed: Exception | None = None
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        return self._name

    @property
    def dimension(self) -> int:
        return self._dimension

    @property
    def loaded(self) -> bool:
        return self._loaded is not None

    @property
    def revision(self) -> str:
        return str(getattr(self._embedder(), "revision", ""))

    def prepare(self) -> None:
        """Run `prepare` now (once), unless the model is loaded already. A failure is logged,
        not raised: the first use tries again and says why."""
        with self._lock:
            if self._prepare is None or self._loaded is not None:
                return
            ahead, self._prepare = self._prepare, None
        try:
            ahead()
        except Exception:
            log.exception(
                "%s could not be prepared ahead; its first use will try again", self._name
            )

    def embed(self, texts: Sequence[str]) -> Vectors:
        return self._embedder().embed(texts)

    def _embedder(self) -> Embedder:
        if self._loaded is None:
            with self._lock:
                if self._failed is not None:
                    # a fresh error each time: re-raising one object grows its traceback
                    raise EmbeddingError(f"{self._name} failed to load: {self._failed}")
                if self._loaded is None:
                    try:
                        self._loaded = self._checked(self._load())
                    except Exception as exc:
                        self._failed = exc
                        if isinstance(exc, EmbeddingError):
                            raise
                        raise EmbeddingError(f"{self._name} failed to load: {exc}") from exc
        return self._loaded

    def _checked(self, loaded: Embedder) -> Embedder:
        if loaded.name != self._name or loaded.dimension != self._dimension:
            raise ValueError(
                f"loaded {loaded.name} ({loaded.dimension}), expected "
                f"{self._name} ({self._dimension})"
            )
        return loaded
