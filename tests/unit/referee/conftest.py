"""Referees built once per test session: with the real model, and lexical-only."""

import pytest

from companion.cards import once_upon_a_time_deck
from companion.referee import Referee
from embeddings import Embedder


@pytest.fixture(scope="session")
def referee(embedder: Embedder) -> Referee:
    """The shipped referee: bundled deck, real model."""
    return Referee(once_upon_a_time_deck(), embedder)


@pytest.fixture(scope="session")
def lexical_referee() -> Referee:
    """The referee without embeddings (lexical, rules and guards only): no model needed."""
    return Referee(once_upon_a_time_deck(), None)
