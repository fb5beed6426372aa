"""Cards and dice as data: quests, story cards, magic items, events, characters (DU-8), dice.

Read from `data/quests.yaml`, `data/cards.yaml` and `data/dice.yaml` (formats in their headers)
into frozen models. `CardError` names the file, the card and the field. `check_against_board`
refuses a card that sends a figure to a place the board lacks (a table's own board must keep the
places our cards name).
"""

from functools import cache
from importlib import resources
from typing import Any, Literal

import yaml
from pydantic import Field, ValidationError

from companion.games.base import Frozen
from companion.games.dice_upon_a_time.board import RESOURCES, Board, Texts

Face = int | str
ICONS = ("magic_item", "story", "ban", "double_token")
SNAKE_FACES = ("snake", *RESOURCES)
TOKENS = ("golden_key", "glass_slipper", "golden_feather", "water_of_life")
StoryKind = Literal["luck", "misfortune", "side_quest", "curse", "mini_quest"]
Ability = Literal["nudge", "reroll", "swap", "scout", "forage"]
Modifier = Literal["no_horses", "quiet_wolf", "generous_fairy", "rich_mines"]


class CardError(ValueError):
    """A card file that cannot be used; the message names file, card and field."""


class Effect(Frozen):
    gain: dict[str, int] = Field(default_factory=dict)
    lose: dict[str, int] = Field(default_factory=dict)
    draw_items: int = 0
    discard_items: int = 0
    draw_quests: int = 0
    rabbit_tokens: int = 0
    lose_dice: int = 0
    go_to: str | None = None


class Condition(Frozen):
    at: str | None = None
    have: dict[str, int] = Field(default_factory=dict)
    completed: int = 0
    pay: dict[str, int] = Field(default_factory=dict)


class Quest(Frozen):
    id: str
    ap: int
    title: Texts
    at: str | None = None
    pay: dict[str, int] = Field(default_factory=dict)
    pickup: str | None = None
    token: str | None = None

    def cost(self) -> dict[str, int]:
        """What completing it returns to the supply (the fetched token included)."""
        return {**self.pay, self.token: 1} if self.token else dict(self.pay)


class StoryCard(Frozen):
    id: str
    kind: StoryKind
    title: Texts
    text: Texts
    effect: Effect | None = None
    options: tuple[Effect, Effect] | None = None
    condition: Condition | None = None
    reward: Effect | None = None
    ap: int = 0


class MagicItem(Frozen):
    id: str
    title: Texts
    text: Texts
    effect: Effect = Effect()
    set_face: bool = False


class Event(Frozen):
    id: str
    title: Texts
    text: Texts
    each: Effect | None = None
    modifier: Modifier | None = None


class Character(Frozen):
    id: str
    ability: Ability
    title: Texts
    text: Texts


class Lengths(Frozen):
    """DU-9/DU-10 numbers from `data/variants.yaml`."""

    chapters: dict[str, int]
    long_cap: int
    coop_bands: dict[int, tuple[int, ...]]
    coop_ratings: tuple[Texts, ...]


class Catalogue(Frozen):
    quests: dict[str, Quest]
    story: dict[str, StoryCard]
    items: dict[str, MagicItem]
    events: dict[str, Event]
    characters: dict[str, Character]
    player_dice: tuple[tuple[Face, ...], ...]
    snake_die: tuple[Face, ...]
    lengths: Lengths

    def quest_values(self) -> tuple[int, ...]:
        return tuple(sorted({quest.ap for quest in self.quests.values()}))


def _read(name: str) -> Any:
    source = resources.files("companion.games.dice_upon_a_time").joinpath(f"data/{name}")
    return yaml.safe_load(source.read_text(encoding="utf-8"))


def _models(file: str, kind: str, raw: Any, model: type[Frozen]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for index, item in enumerate(raw or []):
        card = item.get("id", f"#{index + 1}") if isinstance(item, dict) else f"#{index + 1}"
        try:
            parsed = model.model_validate(item)
        except ValidationError as error:
            first = error.errors()[0]
            field = ".".join(str(part) for part in first["loc"])
            raise CardError(f"{file}: {kind}[{card}].{field}: {first['msg']}") from error
        if card in out:
            raise CardError(f"{file}: {kind}[{card}]: duplicate id")
        out[str(card)] = parsed
    return out


@cache
def catalogue() -> Catalogue:
    """Every card and die of the game, checked; cached (the files never change at run time)."""
    cards = _read("cards.yaml")
    dice = _read("dice.yaml")
    result = Catalogue(
        quests=_models("quests.yaml", "quests", _read("quests.yaml")["quests"], Quest),
        story=_models("cards.yaml", "story", cards["story"], StoryCard),
        items=_models("cards.yaml", "items", cards["items"], MagicItem),
        events=_models("cards.yaml", "events", cards["events"], Event),
        characters=_models("cards.yaml", "characters", cards["characters"], Character),
        player_dice=tuple(tuple(die) for die in dice["player_dice"]),
        snake_die=tuple(dice["snake_die"]),
        lengths=Lengths.model_validate(_read("variants.yaml")),
    )
    _check_shapes(result)
    return result


def _check_shapes(cat: Catalogue) -> None:
    for die in cat.player_dice:
        for face in die:
            if not (isinstance(face, int) and 1 <= face <= 6) and face not in ICONS:
                raise CardError(f"dice.yaml: player_dice: unknown face {face!r}")
    for face in cat.snake_die:
        if not (isinstance(face, int) and 1 <= face <= 6) and face not in SNAKE_FACES:
            raise CardError(f"dice.yaml: snake_die: unknown face {face!r}")
    for quest in cat.quests.values():
        for resource in quest.pay:
            if resource not in (*RESOURCES, "any"):
                raise CardError(f"quests.yaml: quests[{quest.id}].pay: unknown {resource!r}")
        if (quest.pickup is None) != (quest.token is None) or (
            quest.token is not None and (quest.token not in TOKENS or quest.at is None)
        ):
            raise CardError(f"quests.yaml: quests[{quest.id}]: fetch needs pickup, token, at")
    need = {
        "luck": ("effect",),
        "misfortune": ("options",),
        "side_quest": ("condition",),
        "curse": ("condition",),
        "mini_quest": ("condition", "reward"),
    }
    for card in cat.story.values():
        for field in need[card.kind]:
            if getattr(card, field) is None:
                raise CardError(f"cards.yaml: story[{card.id}].{field}: a {card.kind} needs it")
    _check_resources(cat)


def _check_resources(cat: Catalogue) -> None:
    """Every resource an effect or condition names is gold, bread or apple."""
    named: list[tuple[str, dict[str, int]]] = []
    for card in cat.story.values():
        for effect in (card.effect, card.reward, *(card.options or ())):
            if effect is not None:
                named += [(f"story[{card.id}]", effect.gain), (f"story[{card.id}]", effect.lose)]
        if card.condition is not None:
            named += [(f"story[{card.id}].condition", card.condition.have)]
            named += [(f"story[{card.id}].condition", card.condition.pay)]
    for item in cat.items.values():
        named += [(f"items[{item.id}]", item.effect.gain), (f"items[{item.id}]", item.effect.lose)]
    for event in cat.events.values():
        if event.each is not None:
            named += [(f"events[{event.id}]", event.each.gain)]
    for where, counts in named:
        for resource in counts:
            if resource not in RESOURCES:
                raise CardError(f"cards.yaml: {where}: unknown resource {resource!r}")


def places_named(cat: Catalogue) -> dict[str, str]:
    """Every place a card names, mapped to the first card naming it."""
    named: dict[str, str] = {}
    for quest in cat.quests.values():
        for place in (quest.at, quest.pickup):
            if place:
                named.setdefault(place, f"quests[{quest.id}]")
    for card in cat.story.values():
        effects = [card.effect, card.reward, *(card.options or ())]
        places = [e.go_to for e in effects if e] + [card.condition.at if card.condition else None]
        for place in places:
            if place:
                named.setdefault(place, f"story[{card.id}]")
    return named


def check_against_board(cat: Catalogue, board: Board) -> None:
    for place, card in places_named(cat).items():
        if place not in board.places:
            raise CardError(f"board '{board.name}' lacks place '{place}' that {card} names")
