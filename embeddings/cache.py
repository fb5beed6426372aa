"""``CardVectorCache``: card texts are embedded once and reused, in memory and on disk.
``RecentVectors``: an embedder that remembers the vectors of the texts it embedded last.

A deck has about a thousand short texts (labels, aliases, prototype phrases in three
languages); embedding them costs about 2 s, so ``warm`` stores the whole set as one ``.npy``
file under ``cache_dir/vectors/``, named by the embedder's identity and a hash of the texts:
the next process start reads it back in milliseconds. ``vectors`` then answers from memory and
embeds only texts it has never seen (a player's free-text card, say).
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import re
import shutil
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from embeddings.base import Embedder, Vectors, as_text_list, prepare


class CardVectorCache:
    """Vectors of texts under one embedder, each computed once per process (and once per
    machine for the sets passed to ``warm``). Grows with the distinct texts it is asked for."""

    def __init__(self, embedder: Embedder, *, cache_dir: Path | None = None) -> None:
        self.embedder = embedder
        self._dir = cache_dir / "vectors" if cache_dir is not None else None
        self._rows: dict[str, Vectors] = {}
        self._lock = threading.Lock()
        self.embedded = 0  # texts this cache has sent to the embedder (for tests and stats)

    def __len__(self) -> int:
        return len(self._rows)

    def vectors(self, texts: Sequence[str]) -> Vectors:
        """Rows for ``texts`` in order, float32 ``(len(texts), dimension)``."""
        items = as_text_list(texts)
        self._embed_missing(items)
        if not items:
            return np.zeros((0, self.embedder.dimension), dtype=np.float32)
        return np.stack([self._rows[text] for text in items])

    def warm(self, texts: Sequence[str]) -> None:
        """Make every text of a set (a deck's card texts) available, from disk when possible."""
        items = list(dict.fromkeys(as_text_list(texts)))
        if self._dir is None or not items:
            self._embed_missing(items)
            return
        path = self._dir / f"{_slug(self.embedder.name)}-{self._set_hash(items)}.npy"
        matrix = _load(path, (len(items), self.embedder.dimension))
        if matrix is None:
            self._embed_missing(items)
            matrix = np.stack([self._rows[text] for text in items])
            _save(path, matrix)
        with self._lock:
            for text, row in zip(items, matrix, strict=True):
                self._rows.setdefault(text, row)

    def _embed_missing(self, items: list[str]) -> None:
        with self._lock:
            missing = list(dict.fromkeys(t for t in items if t not in self._rows))
            if not missing:
                return
            for text, row in zip(missing, self.embedder.embed(missing), strict=True):
                self._rows[text] = row
            self.embedded += len(missing)

    def _set_hash(self, items: list[str]) -> str:
        digest = hashlib.sha256()
        revision = str(getattr(self.embedder, "revision", ""))
        for part in (self.embedder.name, revision, *items):
            digest.update(part.encode("utf-8", "surrogatepass") + b"\0")
        return digest.hexdigest()[:20]


class RecentVectors:
    """An `Embedder` that remembers the vectors of the last `size` distinct texts it embedded
    and embeds only the others (in one call). At a table, a narrated sentence comes back as a
    line of the story so far, and the story's elements are described again and again: their
    vectors are computed once. Same `name` and `revision` as the embedder it wraps (the
    vectors are the same). Safe to share between threads."""

    def __init__(self, embedder: Embedder, *, size: int = 4096) -> None:
        self.embedder = embedder
        self.size = size
        self._rows: OrderedDict[str, Vectors] = OrderedDict()
        self._lock = threading.Lock()
        self.embedded = 0  # texts sent to the embedder (for tests and stats)

    @property
    def name(self) -> str:
        return self.embedder.name

    @property
    def dimension(self) -> int:
        return self.embedder.dimension

    @property
    def revision(self) -> str:
        return str(getattr(self.embedder, "revision", ""))

    def prepare(self) -> None:
        prepare(self.embedder)

    def embed(self, texts: Sequence[str]) -> Vectors:
        items = as_text_list(texts)
        if not items:
            return np.zeros((0, self.dimension), dtype=np.float32)
        with self._lock:
            known = {text: self._rows[text] for text in items if text in self._rows}
            for text in known:
                self._rows.move_to_end(text)
        missing = list(dict.fromkeys(text for text in items if text not in known))
        if missing:
            fresh = dict(zip(missing, self.embedder.embed(missing), strict=True))
            with self._lock:
                self.embedded += len(missing)
                self._rows.update(fresh)
                while len(self._rows) > self.size:
                    self._rows.popitem(last=False)
            known.update(fresh)
        return np.stack([known[text] for text in items])


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9.-]+", "_", name).strip("_")[-60:]


def _load(path: Path, shape: tuple[int, int]) -> Vectors | None:
    try:
        matrix: Vectors = np.load(path, allow_pickle=False)
    except (OSError, ValueError):
        return None
    if matrix.shape != shape or matrix.dtype != np.float32 or not np.isfinite(matrix).all():
        return None  # stale or damaged: recompute and overwrite
    return matrix


def _save(path: Path, matrix: Vectors) -> None:
    """Write to a temporary file and rename: readers never see half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=f".{path.stem}.", suffix=".npy", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as file:
            np.save(file, matrix, allow_pickle=False)
        os.replace(temp, path)
    except OSError:
        Path(temp).unlink(missing_ok=True)
        raise


@contextmanager
def file_lock(lock_path: Path) -> Iterator[None]:
    """Hold an exclusive lock on `lock_path` (created if absent) across processes: a build into
    a shared cache directory happens once when several workers start together."""
    with lock_path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def build_once_into(root: Path, key: str, build: Callable[[Path], None]) -> Path:
    """``root/key``, made by ``build(staging_dir)`` unless it holds a ``manifest.json`` already
    (which `build` must write): under a file lock (processes starting together build it once),
    into a temporary directory renamed into place (a crash leaves nothing half-built behind).
    The int8 model builds and the referee's lemma tries share it."""
    target = root / key
    with file_lock(root / f".{key}.lock"):
        if (target / "manifest.json").is_file():  # another process built it while we waited
            return target
        staging = Path(tempfile.mkdtemp(prefix=f".{key}.", dir=root))
        try:
            build(staging)
            if target.exists():  # no manifest: not ours to trust (a hand-made or broken copy)
                shutil.rmtree(target)
            os.rename(staging, target)
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    return target
