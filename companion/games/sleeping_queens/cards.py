"""The deck as data (`data/cards.yaml`): 12 queens with points, 67 red-backed cards, the goals.

    deck = sleeping_queens_deck()
    deck.queen_points["heart"]        # 20
    deck.kind["number-7-2"]           # "number";  deck.value["number-7-2"] == 7
    deck.goal(4)                      # Goal(queens=4, points=40)

Card ids: queens by name ("rose", "heart", …); the others "<kind>-<i>" ("king-3") and
"number-<n>-<i>" ("number-7-2"). Loaded once and cached; the file is validated on load and a
bad file raises `ValueError` naming what is wrong.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import yaml

KINDS = ("king", "jester", "knight", "potion", "wand", "dragon", "number")
DECK_SIZE = 79
QUEEN_COUNT = 12


@dataclass(frozen=True, slots=True)
class Goal:
    """SQ-9: a seat wins on reaching `queens` queens or `points` points."""

    queens: int
    points: int


@dataclass(frozen=True, slots=True)
class Deck:
    queens: tuple[str, ...]
    queen_points: dict[str, int]
    queen_names: dict[str, dict[str, str]]
    rivals: dict[str, str]
    wakes_another: frozenset[str]
    cards: tuple[str, ...]
    kind: dict[str, str]
    value: dict[str, int]
    kind_names: dict[str, dict[str, str]]
    goals: dict[int, Goal]
    hand_size: int

    def goal(self, players: int) -> Goal:
        if players not in self.goals:
            raise ValueError(f"no goal for {players} players (supported: {sorted(self.goals)})")
        return self.goals[players]


def outcome(awake: Sequence[Sequence[str]], any_asleep: bool) -> tuple[bool, tuple[int, ...]]:
    """SQ-9: whether the game is over and who won. A seat reaching the goal (by the number of
    players) wins at once; with no queen asleep, the most points win (ties share)."""
    deck = sleeping_queens_deck()
    goal = deck.goal(len(awake))
    points = [sum(deck.queen_points[q] for q in queens) for queens in awake]
    for seat, queens in enumerate(awake):
        if len(queens) >= goal.queens or points[seat] >= goal.points:
            return True, (seat,)
    if not any_asleep:
        best = max(points)
        return True, tuple(seat for seat, p in enumerate(points) if p == best)
    return False, ()


@cache
def sleeping_queens_deck() -> Deck:
    text = resources.files(__package__).joinpath("data/cards.yaml").read_text(encoding="utf-8")
    return parse_deck(yaml.safe_load(text))


def parse_deck(raw: Any) -> Deck:
    if not isinstance(raw, dict):
        raise ValueError("cards.yaml: expected a mapping at the top level")
    queens = [_queen(entry) for entry in raw.get("queens", ())]
    ids = [queen["id"] for queen in queens]
    if len(ids) != QUEEN_COUNT or len(set(ids)) != QUEEN_COUNT:
        raise ValueError(f"cards.yaml: expected {QUEEN_COUNT} distinct queens, got {ids}")
    rivals = {q["id"]: str(q["rival"]) for q in queens if "rival" in q}
    for queen, rival in rivals.items():
        if rivals.get(rival) != queen:
            raise ValueError(f"cards.yaml: rivals must name each other ({queen} → {rival})")
    cards, kind, value, kind_names = _red_cards(raw)
    if len(cards) + len(ids) != DECK_SIZE:
        raise ValueError(f"cards.yaml: {len(cards) + len(ids)} cards, expected {DECK_SIZE}")
    return Deck(
        queens=tuple(ids),
        queen_points={q["id"]: int(q["points"]) for q in queens},
        queen_names={q["id"]: dict(q["names"]) for q in queens},
        rivals=rivals,
        wakes_another=frozenset(q["id"] for q in queens if q.get("power") == "wake_another"),
        cards=tuple(cards),
        kind=kind,
        value=value,
        kind_names=kind_names,
        goals=_goals(raw.get("goals", ())),
        hand_size=int(raw.get("hand_size", 5)),
    )


def _queen(entry: Any) -> dict[str, Any]:
    if not isinstance(entry, dict) or not {"id", "points", "names"} <= entry.keys():
        raise ValueError(f"cards.yaml: a queen needs id, points and names: {entry!r}")
    if not isinstance(entry["points"], int) or entry["points"] <= 0:
        raise ValueError(f"cards.yaml: queen {entry['id']} has bad points {entry['points']!r}")
    if not {"en", "ja", "es"} <= entry["names"].keys():
        raise ValueError(f"cards.yaml: queen {entry['id']} needs names in en, ja and es")
    return entry


def _red_cards(
    raw: dict[str, Any],
) -> tuple[list[str], dict[str, str], dict[str, int], dict[str, dict[str, str]]]:
    cards: list[str] = []
    kind: dict[str, str] = {}
    value: dict[str, int] = {}
    names: dict[str, dict[str, str]] = {}
    for entry in raw.get("cards", ()):
        name = entry.get("kind")
        if name not in KINDS or name == "number":
            raise ValueError(f"cards.yaml: unknown card kind {name!r} (known: {KINDS})")
        names[name] = dict(entry["names"])
        for index in range(1, int(entry["count"]) + 1):
            card = f"{name}-{index}"
            cards.append(card)
            kind[card] = name
    numbers = raw.get("numbers") or {}
    low, high = numbers.get("values", (1, 10))
    names["number"] = dict(numbers.get("names", {}))
    for number in range(int(low), int(high) + 1):
        for index in range(1, int(numbers.get("copies", 4)) + 1):
            card = f"number-{number}-{index}"
            cards.append(card)
            kind[card] = "number"
            value[card] = number
    return cards, kind, value, names


def _goals(entries: Any) -> dict[int, Goal]:
    goals: dict[int, Goal] = {}
    for entry in entries:
        low, high = entry["players"]
        for players in range(int(low), int(high) + 1):
            goals[players] = Goal(queens=int(entry["queens"]), points=int(entry["points"]))
    if not goals:
        raise ValueError("cards.yaml: no goals")
    return goals
