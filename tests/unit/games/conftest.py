import pytest

from companion.cards import Deck
from tests.unit.games.vocabulary import vocabulary_deck


@pytest.fixture(scope="session")
def deck() -> Deck:
    return vocabulary_deck()
