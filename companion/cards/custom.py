"""Cards players make up: an expansion's, another edition's, a home-made one ("Scarecrow").

A custom card is known by its label alone, in whatever language it was typed, and its group.
Its id carries both (`custom:characters:Scarecrow`), so every part that reads a card by id (the
engine, the referee, the narrator, the views) knows it without a deck of its own:
`Deck.story_card` and `Deck.resolve` read such an id for any deck. Nothing else is written
for it: the referee rules it by its label (its learned scorer, and a model's words when one is
configured, companion/story/card_enrichment.py); the offline narrator tells it by its label.
"""

import unicodedata

from companion.cards.models import CUSTOM_PREFIX, LANGUAGES, CardText, Group, StoryCard

MAX_LABEL_CHARS = 60


class CustomCardError(ValueError):
    """A custom card's label or group cannot make a card."""


def clean_label(label: str) -> str:
    """The label as it is kept: spaces squeezed, NFC. Raises `CustomCardError` for a label
    that is empty, too long, has no letter, or holds control characters."""
    text = " ".join(unicodedata.normalize("NFC", label).split())
    if not text:
        raise CustomCardError("a card needs a label")
    if len(text) > MAX_LABEL_CHARS:
        raise CustomCardError(f"a card's label has at most {MAX_LABEL_CHARS} characters")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs", "Cn") for ch in text):
        raise CustomCardError("a card's label must be plain text")
    if not any(ch.isalpha() for ch in text):
        raise CustomCardError("a card's label needs a letter")
    return text


def custom_card(group: Group | str, label: str) -> StoryCard:
    """The card a player typed: `label` (cleaned, `clean_label`) in every language, `group`."""
    try:
        kind = Group(group)
    except ValueError:
        raise CustomCardError(f"{group!r} is not a group of story cards") from None
    text = clean_label(label)
    return StoryCard(
        id=f"{CUSTOM_PREFIX}{kind.value}:{text}",
        group=kind,
        text={language: CardText(text) for language in LANGUAGES},
    )


def is_custom(card: StoryCard | str) -> bool:
    """A card (or card id) typed by players, not printed in a deck."""
    card_id = card if isinstance(card, str) else card.id
    return card_id.startswith(CUSTOM_PREFIX)


def parse_custom(card_id: str) -> StoryCard | None:
    """The custom card an id names (`custom:<group>:<label>`), or None when it names none."""
    if not card_id.startswith(CUSTOM_PREFIX):
        return None
    group, _, label = card_id.removeprefix(CUSTOM_PREFIX).partition(":")
    try:
        card = custom_card(group, label)
    except CustomCardError:
        return None
    return card if card.id == card_id else None
