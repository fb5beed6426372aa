"""The dependency-free fake embedder: protocol, determinism, sane geometry."""

import numpy as np
import pytest

from embeddings import Embedder, HashingEmbedder


def test_satisfies_the_protocol(fake_embedder: HashingEmbedder) -> None:
    assert isinstance(fake_embedder, Embedder)
    assert fake_embedder.name == "hashing-ngrams/256"


def test_rows_are_unit_float32_and_deterministic(fake_embedder: HashingEmbedder) -> None:
    texts = ["A queen in the forest", "", "女王が森にいた 👑", "la reina\x00\x07 del bosque"]
    first = fake_embedder.embed(texts)
    again = HashingEmbedder().embed(texts)
    assert first.shape == (4, 256)
    assert first.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(first, axis=1), 1.0, rtol=1e-5)
    np.testing.assert_array_equal(first, again)


def test_shared_ngrams_mean_higher_cosine(fake_embedder: HashingEmbedder) -> None:
    queen, queens, dragon = fake_embedder.embed(["the queen", "the queens", "a dragon"])
    assert queen @ queens > queen @ dragon + 0.3


def test_empty_list_and_bare_string() -> None:
    embedder = HashingEmbedder(dimension=16)
    assert embedder.embed([]).shape == (0, 16)
    with pytest.raises(TypeError, match="single string"):
        embedder.embed("not a list")
