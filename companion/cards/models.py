"""The card model: story cards (OU-1, OU-2), ending cards (OU-3) and decks."""

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

from companion.cards.text import fold

Language = Literal["en", "ja", "es"]
CUSTOM_PREFIX = "custom:"  # a custom card's id begins so (companion.cards.custom)
LANGUAGES: tuple[Language, ...] = ("en", "ja", "es")


class UnknownCardError(KeyError):
    """A card id or label names no card of the deck."""

    def __init__(self, name: str, deck: str) -> None:
        super().__init__(name)
        self.name = name
        self.deck = deck

    def __str__(self) -> str:
        return f"unknown card {self.name!r} in deck {self.deck!r}"


class Group(StrEnum):
    """The five groups of story cards (OU-1)."""

    CHARACTERS = "characters"
    ITEMS = "items"
    PLACES = "places"
    ASPECTS = "aspects"
    EVENTS = "events"


@dataclass(frozen=True)
class CardText:
    """A card's words in one language: its printed label, other names, and short example phrases."""

    label: str
    aliases: tuple[str, ...] = ()
    prototypes: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return (self.label, *self.aliases)


@dataclass(frozen=True)
class StoryCard:
    """One story element of a group. An interrupt card is a story card too (OU-2)."""

    id: str
    group: Group
    text: Mapping[Language, CardText] = field(hash=False, compare=False)
    interrupt: bool = False

    def label(self, language: Language = "en") -> str:
        return self.text[language].label

    def names(self, language: Language) -> tuple[str, ...]:
        return self.text[language].names


@dataclass(frozen=True)
class EndingCard:
    """A "Happy Ever After" card: one ending sentence per language (OU-3)."""

    id: str
    text: Mapping[Language, str] = field(hash=False, compare=False)

    def sentence(self, language: Language = "en") -> str:
        return self.text[language]


@dataclass(frozen=True)
class Deck:
    """A game's cards. Ids are unique across story and ending cards."""

    name: str
    game: str
    story_cards: tuple[StoryCard, ...]
    endings: tuple[EndingCard, ...]
    _by_id: dict[str, StoryCard | EndingCard] = field(
        init=False, repr=False, hash=False, compare=False
    )
    _by_name: dict[str, StoryCard] = field(init=False, repr=False, hash=False, compare=False)

    def __post_init__(self) -> None:
        by_id: dict[str, StoryCard | EndingCard] = {}
        by_name: dict[str, StoryCard] = {}
        for card in self.story_cards:
            by_id[card.id] = card
        # Labels first, then aliases: a name that is one card's label and another's alias
        # ("Dragón" is also an alias of Monster) resolves to the card it labels.
        for labels in (True, False):
            for card in self.story_cards:
                for language in LANGUAGES:
                    if language in card.text:
                        text = card.text[language]
                        for name in (text.label,) if labels else text.aliases:
                            by_name.setdefault(fold(name), card)
        for ending in self.endings:
            by_id[ending.id] = ending
        object.__setattr__(self, "_by_id", by_id)
        object.__setattr__(self, "_by_name", by_name)

    def __iter__(self) -> Iterator[StoryCard]:
        return iter(self.story_cards)

    def story_card(self, card_id: str) -> StoryCard:
        """The story card of `card_id`: one of the deck's, or a custom card (its id carries it,
        `companion.cards.custom`)."""
        card = self._by_id.get(card_id) or _custom(card_id)
        if not isinstance(card, StoryCard):
            raise UnknownCardError(card_id, self.name)
        return card

    def ending(self, ending_id: str) -> EndingCard:
        card = self._by_id.get(ending_id)
        if not isinstance(card, EndingCard):
            raise UnknownCardError(ending_id, self.name)
        return card

    def resolve(self, name: str) -> StoryCard | None:
        """The story card that an id (a custom card's too), label or alias in any language
        names, or None."""
        card = self._by_id.get(name.strip()) or _custom(name.strip())
        if isinstance(card, StoryCard):
            return card
        return self._by_name.get(fold(name))

    def in_group(self, group: Group) -> tuple[StoryCard, ...]:
        return tuple(card for card in self.story_cards if card.group is group)


def _custom(card_id: str) -> StoryCard | None:
    if not card_id.startswith(CUSTOM_PREFIX):
        return None
    from companion.cards.custom import parse_custom  # custom cards are built on this module

    return parse_custom(card_id)
