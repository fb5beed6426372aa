"""Load decks from YAML, with errors that name the file, the line and the field.

A deck file::

    game: once_upon_a_time
    name: Once Upon a Time
    story_cards:
      - id: king
        group: characters          # characters | items | places | aspects | events
        interrupt: false           # optional; interrupt cards are story cards too (OU-2)
        en: {label: King, aliases: [monarch], prototypes: [the old king ruled the land]}
        ja: {label: 王, aliases: [国王], prototypes: [年老いた王が国を治めていた]}
        es: {label: Rey, aliases: [monarca], prototypes: [el viejo rey gobernaba el país]}
    endings:
      - id: dancing-still
        en: And for all I know they may be dancing still.
        ja: そして私の知る限り、彼らは今でも踊り続けているのです。
        es: Y por lo que sé, quizá todavía sigan bailando.
"""

from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from companion.cards.models import (
    LANGUAGES,
    CardText,
    Deck,
    EndingCard,
    Group,
    Language,
    StoryCard,
)

_MAX_DECK_BYTES = 2_000_000


class DeckError(ValueError):
    """A deck file is malformed. Carries where: the file, the 1-based line, the field path."""

    def __init__(self, path: str, line: int, field: str, message: str) -> None:
        super().__init__(f"{path}:{line}: {field}: {message}")
        self.path = path
        self.line = line
        self.field = field
        self.message = message


class _Reader:
    """Walks a composed YAML node tree, checking shapes and keeping line numbers for errors."""

    def __init__(self, path: str) -> None:
        self.path = path

    def fail(self, node: Node | None, field: str, message: str) -> DeckError:
        line = node.start_mark.line + 1 if node is not None else 1
        return DeckError(self.path, line, field, message)

    def mapping(self, node: Node, field: str) -> dict[str, tuple[Node, Node]]:
        if not isinstance(node, MappingNode):
            raise self.fail(node, field, "expected a mapping")
        out: dict[str, tuple[Node, Node]] = {}
        for key, value in node.value:
            name = self.scalar(key, field)
            if name in out:
                raise self.fail(key, f"{field}.{name}", "duplicate key")
            out[name] = (key, value)
        return out

    def sequence(self, node: Node, field: str) -> list[Node]:
        if not isinstance(node, SequenceNode):
            raise self.fail(node, field, "expected a list")
        return list(node.value)

    def scalar(self, node: Node, field: str) -> str:
        if not isinstance(node, ScalarNode) or node.tag == "tag:yaml.org,2002:null":
            raise self.fail(node, field, "expected text")
        text = str(node.value).strip()
        if not text:
            raise self.fail(node, field, "must not be empty")
        return text

    def strings(self, node: Node, field: str) -> tuple[str, ...]:
        return tuple(
            self.scalar(item, f"{field}[{i}]") for i, item in enumerate(self.sequence(node, field))
        )

    def boolean(self, node: Node, field: str) -> bool:
        if not isinstance(node, ScalarNode) or node.tag != "tag:yaml.org,2002:bool":
            raise self.fail(node, field, "expected true or false")
        return str(node.value).lower() in ("true", "yes", "on")

    def require(
        self, fields: dict[str, tuple[Node, Node]], name: str, parent: Node, where: str
    ) -> Node:
        if name not in fields:
            raise self.fail(parent, f"{where}.{name}" if where else name, "missing")
        return fields[name][1]

    def reject_unknown(
        self, fields: dict[str, tuple[Node, Node]], allowed: set[str], where: str
    ) -> None:
        for name, (key, _) in fields.items():
            if name not in allowed:
                allowed_list = ", ".join(sorted(allowed))
                raise self.fail(key, f"{where}.{name}", f"unknown field (allowed: {allowed_list})")


def _card_text(reader: _Reader, node: Node, where: str) -> CardText:
    fields = reader.mapping(node, where)
    reader.reject_unknown(fields, {"label", "aliases", "prototypes"}, where)
    label = reader.scalar(reader.require(fields, "label", node, where), f"{where}.label")
    aliases = (
        reader.strings(fields["aliases"][1], f"{where}.aliases") if "aliases" in fields else ()
    )
    prototypes = (
        reader.strings(fields["prototypes"][1], f"{where}.prototypes")
        if "prototypes" in fields
        else ()
    )
    return CardText(label=label, aliases=aliases, prototypes=prototypes)


def _story_card(reader: _Reader, node: Node, where: str) -> StoryCard:
    fields = reader.mapping(node, where)
    reader.reject_unknown(fields, {"id", "group", "interrupt", *LANGUAGES}, where)
    card_id = reader.scalar(reader.require(fields, "id", node, where), f"{where}.id")
    group_node = reader.require(fields, "group", node, where)
    group_name = reader.scalar(group_node, f"{where}.group")
    try:
        group = Group(group_name)
    except ValueError:
        allowed = ", ".join(g.value for g in Group)
        message = f"{group_name!r} is not one of {allowed}"
        raise reader.fail(group_node, f"{where}.group", message) from None
    interrupt = (
        reader.boolean(fields["interrupt"][1], f"{where}.interrupt")
        if "interrupt" in fields
        else False
    )
    text: dict[Language, CardText] = {}
    for language in LANGUAGES:
        text[language] = _card_text(
            reader, reader.require(fields, language, node, where), f"{where}.{language}"
        )
    return StoryCard(id=card_id, group=group, text=text, interrupt=interrupt)


def _ending(reader: _Reader, node: Node, where: str) -> EndingCard:
    fields = reader.mapping(node, where)
    reader.reject_unknown(fields, {"id", *LANGUAGES}, where)
    ending_id = reader.scalar(reader.require(fields, "id", node, where), f"{where}.id")
    text: dict[Language, str] = {
        language: reader.scalar(
            reader.require(fields, language, node, where), f"{where}.{language}"
        )
        for language in LANGUAGES
    }
    return EndingCard(id=ending_id, text=text)


def load_deck_text(source: str, path: str = "<deck>") -> Deck:
    """Parse a deck from YAML text; `path` names it in errors."""
    if len(source.encode("utf-8", "replace")) > _MAX_DECK_BYTES:
        raise DeckError(path, 1, "<file>", f"larger than {_MAX_DECK_BYTES} bytes")
    try:
        root = yaml.compose(source, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        mark: Any = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 1
        raise DeckError(path, line, "<yaml>", str(getattr(exc, "problem", exc))) from exc
    reader = _Reader(path)
    if root is None:
        raise DeckError(path, 1, "<file>", "empty deck file")
    fields = reader.mapping(root, "<deck>")
    reader.reject_unknown(fields, {"game", "name", "story_cards", "endings"}, "")
    game = reader.scalar(reader.require(fields, "game", root, ""), "game")
    name = reader.scalar(reader.require(fields, "name", root, ""), "name")
    cards_node = reader.require(fields, "story_cards", root, "")
    cards = tuple(
        _story_card(reader, item, f"story_cards[{i}]")
        for i, item in enumerate(reader.sequence(cards_node, "story_cards"))
    )
    if not cards:
        raise reader.fail(cards_node, "story_cards", "a deck needs at least one story card")
    endings_node = fields.get("endings", (None, None))[1]
    endings = (
        tuple(
            _ending(reader, item, f"endings[{i}]")
            for i, item in enumerate(reader.sequence(endings_node, "endings"))
        )
        if endings_node is not None
        else ()
    )
    seen: dict[str, int] = {}
    items = [(f"story_cards[{i}]", n) for i, n in enumerate(reader.sequence(cards_node, ""))]
    if endings_node is not None:
        items += [(f"endings[{i}]", n) for i, n in enumerate(reader.sequence(endings_node, ""))]
    all_cards: tuple[StoryCard | EndingCard, ...] = (*cards, *endings)
    for (where, item), card in zip(items, all_cards, strict=True):
        if card.id in seen:
            message = f"duplicate id {card.id!r} (first on line {seen[card.id]})"
            raise reader.fail(item, f"{where}.id", message)
        seen[card.id] = item.start_mark.line + 1
    return Deck(name=name, game=game, story_cards=cards, endings=endings)


def load_deck(path: str | Path) -> Deck:
    """Load a user's deck file."""
    path = Path(path)
    try:
        source = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DeckError(str(path), 1, "<file>", f"cannot read: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise DeckError(str(path), 1, "<file>", "not UTF-8 text") from exc
    return load_deck_text(source, str(path))


@cache
def once_upon_a_time_deck() -> Deck:
    """The bundled Once Upon a Time deck (loaded once per process)."""
    source = resources.files("companion.cards").joinpath("data/once_upon_a_time.yaml")
    return load_deck_text(source.read_text(encoding="utf-8"), "once_upon_a_time.yaml")
