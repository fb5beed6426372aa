"""The map as data: places, sockets, forest spirits and horse links, read from YAML.

`load_map(path)` reads a board file (format in `data/map.yaml`'s header) and checks it;
`map_from_text(text, source)` does the same for text. Every problem raises `MapError`, whose
message names the file, the place and the field, e.g.
``my_board.yaml: places[well].sockets[2].touches: unknown place 'wel'``.

Sockets get ids: ``<place>.<n>`` (n from 1, in file order) for a place's sockets, ``rabbit``,
``wolf``, ``snake`` for those spirits and ``fox.<n>`` for the fox's one-die sockets.
"""

from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import yaml

from companion.games.base import Frozen

PlaceKind = Literal[
    "city", "king", "fairy", "resource", "ally", "horse", "magic_item", "building", "far_place"
]
Spirit = Literal["rabbit", "wolf", "snake", "fox"]
PLACE_KINDS: tuple[str, ...] = PlaceKind.__args__  # type: ignore[attr-defined]
SPIRITS: tuple[str, ...] = Spirit.__args__  # type: ignore[attr-defined]
RESOURCES = ("gold", "bread", "apple")
ALLIES = ("hunter", "grandmother", "woodcutter", "soldier")
LANGUAGES = ("en", "ja", "es")
# A board's size, so that a table's own board (sent as text) stays a board: YAML aliases could
# otherwise repeat one long list of sockets under every place.
MAX_PLACES = 80
MAX_SOCKETS_PER_PLACE = 12


class MapError(ValueError):
    """A board file that cannot be used; the message names file, place and field."""


class Texts(Frozen):
    en: str
    ja: str
    es: str


class Place(Frozen):
    id: str
    kind: PlaceKind
    name: Texts
    resource: str | None = None
    ally: str | None = None


class Socket(Frozen):
    """Where a die goes: `number` is the lowest face allowed (icons count as 6, DU-3);
    `touches` the places a figure beside it may move between; `spirit` for corner sockets."""

    id: str
    number: int
    touches: tuple[str, ...] = ()
    spirit: Spirit | None = None


class Board(Frozen):
    name: str
    start: str
    places: dict[str, Place]
    sockets: dict[str, Socket]
    horse_links: tuple[tuple[str, str], ...]

    def neighbours(self, place: str) -> tuple[str, ...]:
        """Places one socket away from `place` (where a rabbit token can take a figure)."""
        out: list[str] = []
        for socket in self.sockets.values():
            if place in socket.touches:
                out.extend(p for p in socket.touches if p != place and p not in out)
        return tuple(out)

    def horse_targets(self, place: str) -> tuple[str, ...]:
        out = [b if a == place else a for a, b in self.horse_links if place in (a, b)]
        return tuple(dict.fromkeys(out))


def load_map(path: str | Path) -> Board:
    """The board described by the YAML file at `path`; `MapError` if it is not a valid one."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise MapError(f"{path.name}: cannot read: {error.strerror}") from error
    return map_from_text(text, path.name)


@cache
def bundled_map() -> Board:
    """Our own original map, The Lantern Road (not the published board)."""
    source = resources.files("companion.games.dice_upon_a_time").joinpath("data/map.yaml")
    return map_from_text(source.read_text(encoding="utf-8"), "map.yaml")


def map_from_text(text: str, source: str = "<text>") -> Board:
    try:
        raw = yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise MapError(f"{source}: not YAML: {error}") from error
    return _Checker(source).board(raw)


class _Checker:
    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, message: str) -> MapError:
        return MapError(f"{self.source}: {where}: {message}")

    def mapping(self, value: Any, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, "must be a mapping")
        return value

    def listing(self, value: Any, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise self.fail(where, "must be a list")
        return value

    def board(self, raw: Any) -> Board:
        root = self.mapping(raw, "<top>")
        unknown = set(root) - {"name", "start", "places", "spirits", "horse_links"}
        if unknown:
            raise self.fail(sorted(unknown)[0], "unknown field")
        name = root.get("name")
        if not isinstance(name, str) or not name.strip():
            raise self.fail("name", "missing board name")
        places_raw = self.mapping(root.get("places"), "places")
        if not places_raw:
            raise self.fail("places", "a board needs places")
        if len(places_raw) > MAX_PLACES:
            raise self.fail("places", f"{len(places_raw)} places: a board has at most {MAX_PLACES}")
        places = {str(pid): self.place(str(pid), spec) for pid, spec in places_raw.items()}
        sockets: dict[str, Socket] = {}
        for pid, spec in places_raw.items():
            for socket in self.place_sockets(str(pid), spec, places):
                sockets[socket.id] = socket
        for socket in self.spirits(root.get("spirits")):
            sockets[socket.id] = socket
        start = root.get("start")
        if start not in places:
            raise self.fail("start", f"unknown place {start!r}")
        if places[start].kind != "city":
            raise self.fail("start", f"'{start}' is a {places[start].kind}, not a city")
        links = self.horse_links(root.get("horse_links", []), places)
        board = Board(name=name, start=start, places=places, sockets=sockets, horse_links=links)
        self.reachable(board)
        return board

    def place(self, pid: str, spec: Any) -> Place:
        where = f"places[{pid}]"
        body = self.mapping(spec, where)
        unknown = set(body) - {"kind", "name", "resource", "ally", "sockets"}
        if unknown:
            raise self.fail(f"{where}.{sorted(unknown)[0]}", "unknown field")
        kind = body.get("kind")
        if kind not in PLACE_KINDS:
            raise self.fail(f"{where}.kind", f"{kind!r} is not one of {', '.join(PLACE_KINDS)}")
        names = self.mapping(body.get("name"), f"{where}.name")
        for language in LANGUAGES:
            if not isinstance(names.get(language), str) or not names[language].strip():
                raise self.fail(f"{where}.name.{language}", "missing")
        resource = self.kind_field(body, where, kind, "resource", RESOURCES)
        ally = self.kind_field(body, where, kind, "ally", ALLIES)
        return Place(
            id=pid,
            kind=kind,
            name=Texts(**{lang: names[lang] for lang in LANGUAGES}),
            resource=resource,
            ally=ally,
        )

    def kind_field(
        self, body: dict[str, Any], where: str, kind: str, field: str, allowed: tuple[str, ...]
    ) -> str | None:
        value = body.get(field)
        if kind != field:
            if value is not None:
                raise self.fail(f"{where}.{field}", f"only a {field} place has a {field}")
            return None
        if value not in allowed:
            raise self.fail(f"{where}.{field}", f"{value!r} is not one of {', '.join(allowed)}")
        return str(value)

    def place_sockets(self, pid: str, spec: Any, places: dict[str, Place]) -> list[Socket]:
        out = []
        sockets = self.listing(spec.get("sockets") or [], f"places[{pid}].sockets")
        if len(sockets) > MAX_SOCKETS_PER_PLACE:
            raise self.fail(
                f"places[{pid}].sockets", f"{len(sockets)} sockets: at most {MAX_SOCKETS_PER_PLACE}"
            )
        for index, raw in enumerate(sockets):
            where = f"places[{pid}].sockets[{index + 1}]"
            body = self.mapping(raw, where)
            unknown = set(body) - {"number", "touches"}
            if unknown:
                raise self.fail(f"{where}.{sorted(unknown)[0]}", "unknown field")
            number = self.number(body.get("number"), f"{where}.number")
            touches = self.listing(body.get("touches"), f"{where}.touches")
            if not touches:
                raise self.fail(f"{where}.touches", "a socket must touch another place")
            for other in touches:
                if other not in places:
                    raise self.fail(f"{where}.touches", f"unknown place {other!r}")
                if other == pid:
                    raise self.fail(f"{where}.touches", f"'{pid}' touches itself")
            if len(set(touches)) != len(touches):
                raise self.fail(f"{where}.touches", "a place is listed twice")
            out.append(Socket(id=f"{pid}.{index + 1}", number=number, touches=(pid, *touches)))
        return out

    def number(self, value: Any, where: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
            raise self.fail(where, f"{value!r} is not a socket number 1-6")
        return value

    def spirits(self, raw: Any) -> list[Socket]:
        body = self.mapping(raw, "spirits")
        out = []
        for spirit in ("rabbit", "wolf", "snake", "fox"):
            where = f"spirits[{spirit}]"
            if spirit not in body:
                raise self.fail(where, "missing: a board has all four forest spirits")
            spec = self.mapping(body[spirit] or {}, where)
            allowed = {"number", "sockets"} if spirit == "fox" else {"number"}
            unknown = set(spec) - allowed
            if unknown:
                raise self.fail(f"{where}.{sorted(unknown)[0]}", "unknown field")
            number = self.number(spec.get("number", 1), f"{where}.number")
            if spirit != "fox":
                out.append(Socket(id=spirit, number=number, spirit=spirit))
                continue
            count = spec.get("sockets", 1)
            if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 6:
                raise self.fail(f"{where}.sockets", f"{count!r} is not a count 1-6")
            out += [Socket(id=f"fox.{n}", number=number, spirit="fox") for n in range(1, count + 1)]
        unknown_spirits = set(body) - set(SPIRITS)
        if unknown_spirits:
            raise self.fail(f"spirits[{sorted(unknown_spirits)[0]}]", "unknown forest spirit")
        return out

    def horse_links(self, raw: Any, places: dict[str, Place]) -> tuple[tuple[str, str], ...]:
        out = []
        for index, pair in enumerate(self.listing(raw, "horse_links")):
            where = f"horse_links[{index + 1}]"
            if not isinstance(pair, list) or len(pair) != 2 or pair[0] == pair[1]:
                raise self.fail(where, "must be a pair of two different horse places")
            for end in pair:
                if end not in places:
                    raise self.fail(where, f"unknown place {end!r}")
                if places[end].kind != "horse":
                    raise self.fail(f"places[{end}].kind", f"in {where} but not a horse place")
            out.append((str(pair[0]), str(pair[1])))
        return tuple(out)

    def reachable(self, board: Board) -> None:
        seen = {board.start}
        frontier = [board.start]
        while frontier:
            place = frontier.pop()
            for other in (*board.neighbours(place), *board.horse_targets(place)):
                if other not in seen:
                    seen.add(other)
                    frontier.append(other)
        for pid in board.places:
            if pid not in seen:
                raise self.fail(f"places[{pid}]", f"cannot be reached from '{board.start}'")
