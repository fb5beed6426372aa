"""Cards and decks: story cards in five groups, interrupt cards, ending cards, en/ja/es text.

Errors::

    DeckError (ValueError)        a deck file is malformed: carries path, line, field
    UnknownCardError (KeyError)   a card id or label names no card of the deck
    CustomCardError (ValueError)  a custom card's label or group cannot make a card
"""

from companion.cards.custom import (
    CustomCardError,
    clean_label,
    custom_card,
    is_custom,
    parse_custom,
)
from companion.cards.loader import DeckError, load_deck, load_deck_text, once_upon_a_time_deck
from companion.cards.models import (
    CUSTOM_PREFIX,
    LANGUAGES,
    CardText,
    Deck,
    EndingCard,
    Group,
    Language,
    StoryCard,
    UnknownCardError,
)
from companion.cards.text import fold

__all__ = [
    "CUSTOM_PREFIX",
    "LANGUAGES",
    "CardText",
    "CustomCardError",
    "Deck",
    "DeckError",
    "EndingCard",
    "Group",
    "Language",
    "StoryCard",
    "UnknownCardError",
    "clean_label",
    "custom_card",
    "fold",
    "is_custom",
    "load_deck",
    "load_deck_text",
    "once_upon_a_time_deck",
    "parse_custom",
]
