"""CardVectorCache: each text embedded once; whole card sets come back from disk."""

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from embeddings import CardVectorCache, Embedder, HashingEmbedder, RecentVectors, Vectors

CARDS = ["Queen", "Wolf", "Sword", "女王", "el lobo", "a magic sword", "Queen"]


class CountingEmbedder:
    """Wraps an embedder and records every batch it is asked to embed."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self.calls: list[list[str]] = []
        self.name = inner.name
        self.dimension = inner.dimension
        self.revision = getattr(inner, "revision", "")

    def embed(self, texts: Sequence[str]) -> Vectors:
        self.calls.append(list(texts))
        return self.inner.embed(texts)


@pytest.fixture
def counting() -> CountingEmbedder:
    return CountingEmbedder(HashingEmbedder())


def test_each_text_is_embedded_once(counting: CountingEmbedder) -> None:
    cache = CardVectorCache(counting)
    first = cache.vectors(CARDS)
    again = cache.vectors(list(reversed(CARDS)))
    assert counting.calls == [["Queen", "Wolf", "Sword", "女王", "el lobo", "a magic sword"]]
    np.testing.assert_array_equal(first, again[::-1])
    np.testing.assert_array_equal(first, HashingEmbedder().embed(CARDS))
    cache.vectors(["Queen", "Dragon"])
    assert counting.calls[-1] == ["Dragon"] and cache.embedded == 7 and len(cache) == 7


def test_empty_request(counting: CountingEmbedder) -> None:
    assert CardVectorCache(counting).vectors([]).shape == (0, 256)
    assert counting.calls == []


def test_warm_set_is_read_back_from_disk(counting: CountingEmbedder, tmp_path: Path) -> None:
    CardVectorCache(counting, cache_dir=tmp_path).warm(CARDS)
    assert len(counting.calls) == 1
    (saved,) = (tmp_path / "vectors").glob("*.npy")
    assert saved.name.startswith("hashing-ngrams_256-")

    fresh = CountingEmbedder(HashingEmbedder())
    restarted = CardVectorCache(fresh, cache_dir=tmp_path)
    restarted.warm(CARDS)
    vectors = restarted.vectors(CARDS)
    assert fresh.calls == []  # a new process start: nothing re-embedded
    np.testing.assert_array_equal(vectors, HashingEmbedder().embed(CARDS))


def test_another_embedder_or_set_gets_its_own_file(tmp_path: Path) -> None:
    CardVectorCache(HashingEmbedder(), cache_dir=tmp_path).warm(CARDS)
    CardVectorCache(HashingEmbedder(dimension=64), cache_dir=tmp_path).warm(CARDS)
    CardVectorCache(HashingEmbedder(), cache_dir=tmp_path).warm([*CARDS, "Dragon"])
    assert len(list((tmp_path / "vectors").glob("*.npy"))) == 3


def test_a_damaged_file_is_recomputed(counting: CountingEmbedder, tmp_path: Path) -> None:
    CardVectorCache(HashingEmbedder(), cache_dir=tmp_path).warm(CARDS)
    (saved,) = (tmp_path / "vectors").glob("*.npy")
    saved.write_bytes(b"garbage")
    cache = CardVectorCache(counting, cache_dir=tmp_path)
    cache.warm(CARDS)
    assert len(counting.calls) == 1
    np.testing.assert_array_equal(np.load(saved), cache.vectors(list(dict.fromkeys(CARDS))))


@pytest.mark.slow
def test_real_model_cache_matches_direct_embedding(embedder: Embedder, tmp_path: Path) -> None:
    cache = CardVectorCache(embedder, cache_dir=tmp_path)
    cache.warm(CARDS)
    restarted = CardVectorCache(embedder, cache_dir=tmp_path)
    restarted.warm(CARDS)
    assert restarted.embedded == 0
    np.testing.assert_array_equal(restarted.vectors(CARDS), embedder.embed(CARDS))


# --- RecentVectors ---------------------------------------------------------------------------


def test_recent_texts_are_embedded_once_and_give_the_same_vectors(
    counting: CountingEmbedder,
) -> None:
    recent = RecentVectors(counting)
    first = recent.embed(CARDS)
    np.testing.assert_array_equal(first, HashingEmbedder().embed(CARDS))
    assert counting.calls == [["Queen", "Wolf", "Sword", "女王", "el lobo", "a magic sword"]]
    again = recent.embed(["Wolf", "Dragon", "Queen"])
    assert counting.calls[-1] == ["Dragon"]
    np.testing.assert_array_equal(again, HashingEmbedder().embed(["Wolf", "Dragon", "Queen"]))
    assert (recent.name, recent.dimension) == (counting.name, counting.dimension)
    assert recent.embed([]).shape == (0, counting.dimension)


def test_recent_vectors_forget_the_least_recently_used_beyond_their_size(
    counting: CountingEmbedder,
) -> None:
    recent = RecentVectors(counting, size=2)
    recent.embed(["a", "b"])
    recent.embed(["a"])  # "a" is now more recent than "b"
    recent.embed(["c"])  # over the size: "b" goes
    recent.embed(["a", "b"])
    assert counting.calls == [["a", "b"], ["c"], ["b"]]
    assert recent.embedded == 4
