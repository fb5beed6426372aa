"""Readers over the fake embedder (fast) and over the real multilingual model (slow)."""

import pytest

from companion.seats.factum import FactumReader
from embeddings import HashingEmbedder
from embeddings.e5 import E5Embedder


@pytest.fixture(scope="session")
def fake_reader() -> FactumReader:
    return FactumReader(HashingEmbedder())


@pytest.fixture(scope="session")
def e5_reader() -> FactumReader:
    return FactumReader(E5Embedder())
