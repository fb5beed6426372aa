"""`LazyEmbedder`: the model loads on the first embed, once, whichever thread asks first; its
slow one-time part (building files) may run ahead, at start-up."""

import threading

import numpy as np
import pytest

from embeddings import (
    Embedder,
    EmbeddingError,
    HashingEmbedder,
    ModelBuildError,
    RecentVectors,
    prepare,
)
from embeddings.lazy import LazyEmbedder


def counting_loader(calls: list[int], embedder: Embedder) -> LazyEmbedder:
    def load() -> Embedder:
        calls.append(1)
        threading.Event().wait(0.05)  # let the other threads reach the lock
        return embedder

    return LazyEmbedder(load, name=embedder.name, dimension=embedder.dimension)


def test_name_and_dimension_without_loading() -> None:
    calls: list[int] = []
    lazy = counting_loader(calls, HashingEmbedder(64))
    assert isinstance(lazy, Embedder)
    assert (lazy.name, lazy.dimension) == (HashingEmbedder(64).name, 64)
    assert not lazy.loaded and calls == []


def test_loads_once_on_first_embed_from_many_threads() -> None:
    calls: list[int] = []
    inner = HashingEmbedder(64)
    lazy = counting_loader(calls, inner)
    results: list[np.ndarray] = []
    threads = [
        threading.Thread(target=lambda: results.append(lazy.embed(["a wolf"]))) for _ in range(4)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert calls == [1] and lazy.loaded
    for vectors in results:
        np.testing.assert_array_equal(vectors, inner.embed(["a wolf"]))


def test_a_model_other_than_announced_is_refused() -> None:
    lazy = LazyEmbedder(lambda: HashingEmbedder(32), name="something else", dimension=32)
    with pytest.raises(EmbeddingError, match="expected something else"):
        lazy.embed(["x"])
    assert not lazy.loaded


def test_a_failed_load_is_not_tried_again() -> None:
    calls: list[int] = []

    def broken() -> Embedder:
        calls.append(1)
        raise ModelBuildError("int8 build failed: disk full")

    lazy = LazyEmbedder(broken, name="e5", dimension=384)
    with pytest.raises(ModelBuildError, match="disk full"):
        lazy.embed(["x"])
    for _ in range(2):
        with pytest.raises(EmbeddingError, match="e5 failed to load: int8 build failed: disk full"):
            lazy.embed(["x"])
    assert calls == [1] and not lazy.loaded


def test_prepare_runs_the_slow_part_ahead_once_without_loading() -> None:
    prepared: list[int] = []
    calls: list[int] = []
    inner = HashingEmbedder(64)
    lazy = LazyEmbedder(
        lambda: calls.append(1) or inner,  # type: ignore[func-returns-value]
        name=inner.name,
        dimension=64,
        prepare=lambda: prepared.append(1),
    )
    remembered = RecentVectors(lazy)
    prepare(remembered)  # through the wrapper a scorer holds
    prepare(remembered)
    assert prepared == [1] and calls == [] and not lazy.loaded
    remembered.embed(["a wolf"])
    assert calls == [1]


def test_prepare_after_the_load_does_nothing() -> None:
    prepared: list[int] = []
    lazy = LazyEmbedder(
        lambda: HashingEmbedder(32),
        name=HashingEmbedder(32).name,
        dimension=32,
        prepare=lambda: prepared.append(1),
    )
    lazy.embed(["x"])
    lazy.prepare()
    assert prepared == []


def test_a_failed_prepare_is_logged_and_the_first_use_still_loads(
    caplog: pytest.LogCaptureFixture,
) -> None:
    def broken() -> None:
        raise ModelBuildError("int8 build failed: disk full")

    inner = HashingEmbedder(32)
    lazy = LazyEmbedder(lambda: inner, name=inner.name, dimension=32, prepare=broken)
    lazy.prepare()
    assert "could not be prepared ahead" in caplog.text and "disk full" in caplog.text
    np.testing.assert_array_equal(lazy.embed(["x"]), inner.embed(["x"]))
