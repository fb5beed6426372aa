"""The decks: every card's id and names in each language (for search and labels)."""

from importlib import resources
from typing import Any, Literal

from fastapi import APIRouter
from fastapi.responses import PlainTextResponse
from pydantic import BaseModel, Field

from api.deps import ClientLimited, ServicesDep
from companion.cards import LANGUAGES, Group
from companion.games.dice_upon_a_time import bundled_map, catalogue
from companion.games.sleeping_queens import sleeping_queens_deck

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


class QueenCard(BaseModel):
    id: str
    points: int
    names: dict[str, str]
    rival: str | None = Field(description="the queen she may not share a player with (SQ-8)")
    wakes_another: bool = Field(description="waking her wakes one more queen (SQ-3)")


class RedCard(BaseModel):
    kind: str
    names: dict[str, str]
    count: int


class Goal(BaseModel):
    players: int
    queens: int
    points: int


class SleepingQueensDeck(BaseModel):
    game: Literal["sleeping_queens"] = "sleeping_queens"
    queens: list[QueenCard]
    cards: list[RedCard] = Field(description="each kind of red-backed card (ids: <kind>-<i>)")
    goals: list[Goal] = Field(description="SQ-9: what wins, by the number of players")


@router.get("/sleeping_queens", response_model=SleepingQueensDeck, dependencies=[ClientLimited])
async def get_sleeping_queens_deck() -> SleepingQueensDeck:
    """Sleeping Queens' cards: the queens with their points, the kinds of the others."""
    deck = sleeping_queens_deck()
    counts: dict[str, int] = {}
    for card in deck.cards:
        counts[deck.kind[card]] = counts.get(deck.kind[card], 0) + 1
    return SleepingQueensDeck(
        queens=[
            QueenCard(
                id=queen,
                points=deck.queen_points[queen],
                names=deck.queen_names[queen],
                rival=deck.rivals.get(queen),
                wakes_another=queen in deck.wakes_another,
            )
            for queen in deck.queens
        ],
        cards=[
            RedCard(kind=kind, names=deck.kind_names[kind], count=count)
            for kind, count in counts.items()
        ],
        goals=[
            Goal(players=players, queens=goal.queens, points=goal.points)
            for players, goal in sorted(deck.goals.items())
        ],
    )


class DiceUponATimeDeck(BaseModel):
    """The board and every card of Dice Upon a Time, as data (our own, not the published ones):
    enough for a page to draw the map and name every card in en/ja/es. Public: which cards
    exist is no secret; who holds which magic item is (the table's view keeps that)."""

    game: Literal["dice_upon_a_time"] = "dice_upon_a_time"
    board: dict[str, Any] = Field(
        description="name, start, places {id: kind, name, resource, ally}, sockets {id: "
        "number, touches, spirit}, horse_links"
    )
    quests: list[dict[str, Any]] = Field(description="id, ap, title, at, pay, pickup, token")
    story: list[dict[str, Any]] = Field(description="id, kind, title, text, ap")
    items: list[dict[str, Any]] = Field(description="id, title, text, set_face")
    events: list[dict[str, Any]] = Field(description="id, title, text")
    characters: list[dict[str, Any]] = Field(description="id, ability, title, text")
    dice: dict[str, Any] = Field(description="each player's five dice's faces; the snake die's")
    coop_ratings: list[dict[str, str]] = Field(description="DU-10's rating texts, lowest first")


@router.get("/dice_upon_a_time", response_model=DiceUponATimeDeck, dependencies=[ClientLimited])
async def get_dice_upon_a_time_deck() -> DiceUponATimeDeck:
    """Dice Upon a Time's bundled map (The Lantern Road) and its cards in three languages."""
    cat = catalogue()
    keep = ("id", "ap", "title", "at", "pay", "pickup", "token")
    return DiceUponATimeDeck(
        board=bundled_map().model_dump(mode="json"),
        quests=[q.model_dump(mode="json", include=set(keep)) for q in cat.quests.values()],
        story=[
            c.model_dump(mode="json", include={"id", "kind", "title", "text", "ap"})
            for c in cat.story.values()
        ],
        items=[
            i.model_dump(mode="json", include={"id", "title", "text", "set_face"})
            for i in cat.items.values()
        ],
        events=[
            e.model_dump(mode="json", include={"id", "title", "text"}) for e in cat.events.values()
        ],
        characters=[
            c.model_dump(mode="json", include={"id", "ability", "title", "text"})
            for c in cat.characters.values()
        ],
        dice={"player": [list(d) for d in cat.player_dice], "snake": list(cat.snake_die)},
        coop_ratings=[r.model_dump(mode="json") for r in cat.lengths.coop_ratings],
    )


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


@router.get(
    "/dice_upon_a_time/board.yaml",
    response_class=PlainTextResponse,
    dependencies=[ClientLimited],
    responses={200: {"content": {"text/plain": {}}}},
)
async def get_dice_upon_a_time_board_file() -> PlainTextResponse:
    """Our bundled map's board file as text: its header documents the format a table's own
    board is written in (the `board` of a new table), and it is a board to start from."""
    source = resources.files("companion.games.dice_upon_a_time").joinpath("data/map.yaml")
    return PlainTextResponse(source.read_text(encoding="utf-8"))
