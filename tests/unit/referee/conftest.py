"""Referees built once per test session: with the real model, and lexical-only."""

from pathlib import Path

import pytest

from companion.cards import once_upon_a_time_deck
from companion.referee import Referee
from embeddings import CardVectorCache, Embedder


@pytest.fixture(scope="session")
def referee(embedder: Embedder, embeddings_cache_dir: Path) -> Referee:
    """The shipped referee: bundled deck, real model (card vectors cached on disk)."""
    vectors = CardVectorCache(embedder, cache_dir=embeddings_cache_dir)
    return Referee(once_upon_a_time_deck(), embedder, card_vectors=vectors)


@pytest.fixture(scope="session")
def lexical_referee() -> Referee:
    """The referee without embeddings (lexical, rules and guards only): no model needed."""
    return Referee(once_upon_a_time_deck(), None)
