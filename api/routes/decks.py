"""The deck: every card's id, group and names in each language (for search and labels)."""

from typing import Literal

from fastapi import APIRouter
from pydantic import BaseModel

from api.deps import ClientLimited, ServicesDep
from companion.cards import LANGUAGES, Group

router = APIRouter(prefix="/v1/decks", tags=["decks"])


class CardNames(BaseModel):
    label: str
    aliases: list[str]


class DeckCard(BaseModel):
    id: str
    group: Group
    interrupt: bool
    names: dict[str, CardNames]


class DeckEnding(BaseModel):
    id: str
    sentences: dict[str, str]


class DeckPublic(BaseModel):
    game: str
    name: str
    story_cards: list[DeckCard]
    endings: list[DeckEnding]


@router.get("/{game}", response_model=DeckPublic, dependencies=[ClientLimited])
async def get_deck(game: Literal["once_upon_a_time"], services: ServicesDep) -> DeckPublic:
    """The whole deck (public: every player may know which cards exist)."""
    deck = services.deck
    return DeckPublic(
        game=game,
        name=deck.name,
        story_cards=[
            DeckCard(
                id=card.id,
                group=card.group,
                interrupt=card.interrupt,
                names={
                    lang: CardNames(
                        label=card.text[lang].label, aliases=list(card.text[lang].aliases)
                    )
                    for lang in LANGUAGES
                    if lang in card.text
                },
            )
            for card in deck
        ],
        endings=[
            DeckEnding(
                id=ending.id,
                sentences={lang: ending.text[lang] for lang in LANGUAGES if lang in ending.text},
            )
            for ending in deck.endings
        ],
    )
