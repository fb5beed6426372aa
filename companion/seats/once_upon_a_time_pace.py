"""How an AI seat of Once Upon a Time paces itself: its difficulty level and its beats.

A level (`gentle`, `fair`, `sharp`; data in `data/once_upon_a_time_levels.yaml`) says how often a
listener claims a card it heard, how long it lets the people at the table claim first, how often
a storyteller passes, and how many sentences it tells per card. A beat is what a storyteller
means to tell for one card: a few bridge sentences with no element of any card
(`data/once_upon_a_time_bridges.yaml`), then the narrator's continuation, the card played on the
sentence that brings it in. A beat is told one sentence per move; the seat remembers it between
moves (`BeatMemory`) and drops it as soon as the story differs from what it planned.

Chance here is deterministic: `chance(salt, *key)` is a stable number in [0, 1) for a key (the
table, the seat, the line), so deciding again after the table moved gives the same answer.
"""

import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Literal, get_args

import yaml

from companion.cards import Language

AILevel = Literal["gentle", "fair", "sharp"]
AI_LEVELS: tuple[AILevel, ...] = get_args(AILevel)
DEFAULT_LEVEL: AILevel = "fair"


@dataclass(frozen=True)
class Level:
    name: AILevel
    interrupt_chance: float
    card_interrupt_chance: float
    claim_pace: float
    pass_chance: float
    beat: tuple[int, int]

    def beat_length(self, salt: str, start: int) -> int:
        """Sentences per card for the beat that starts at story line `start`."""
        fewest, most = self.beat
        return fewest + int(chance(salt, "beat", start) * (most - fewest + 1))


@dataclass(frozen=True)
class Beat:
    """What a storyteller means to tell for one card: `sentences` from story line `start`, the
    card played on sentence `card_at`."""

    start: int
    card: str
    sentences: tuple[str, ...]
    card_at: int

    def next_index(self, story: Sequence[str]) -> int | None:
        """Which of its sentences comes next, or None if the story left the plan (or it is
        all told)."""
        told = len(story) - self.start
        if not 0 <= told < len(self.sentences):
            return None
        if tuple(story[self.start :]) != self.sentences[:told]:
            return None
        return told


BeatMemory = dict[int, Beat]  # a table's beats in progress, by seat


def chance(salt: str, *key: object) -> float:
    """A stable pseudo-random number in [0, 1) for `key`."""
    text = "/".join([salt, *map(str, key)])
    return zlib.crc32(text.encode()) / 2**32


def level(name: str) -> Level:
    levels = _levels()
    if name not in levels:
        raise ValueError(f"unknown AI level {name!r}; the levels are: {', '.join(AI_LEVELS)}")
    return levels[name]


def bridges(language: Language) -> tuple[str, ...]:
    """Sentences that move the story on with no element of any card."""
    return _bridges()[language]


def pick_bridges(language: Language, story: Sequence[str], count: int, salt: str) -> list[str]:
    """`count` bridge sentences, those not told yet first, then those told longest ago, in a
    stable order for this point of the story."""
    last_told = {text: index for index, text in enumerate(story)}

    def rank(sentence: str) -> tuple[int, float]:
        return last_told.get(sentence, -1), chance(salt, len(story), sentence)

    return sorted(bridges(language), key=rank)[:count]


@cache
def _levels() -> Mapping[str, Level]:
    data = _load("once_upon_a_time_levels.yaml")["levels"]
    found = {name: _level(name, entry) for name, entry in data.items()}
    if set(found) != set(AI_LEVELS):
        raise ValueError(f"the levels file must define exactly {AI_LEVELS}, not {sorted(found)}")
    return found


def _level(name: str, entry: Mapping[str, Any]) -> Level:
    fewest, most = entry["beat"]
    if not 1 <= fewest <= most:
        raise ValueError(f"level {name!r}: beat must be [fewest, most] with 1 <= fewest <= most")
    return Level(
        name=name,  # type: ignore[arg-type]  # checked against AI_LEVELS by the caller
        interrupt_chance=float(entry["interrupt_chance"]),
        card_interrupt_chance=float(entry["card_interrupt_chance"]),
        claim_pace=float(entry["claim_pace"]),
        pass_chance=float(entry["pass_chance"]),
        beat=(int(fewest), int(most)),
    )


@cache
def _bridges() -> Mapping[str, tuple[str, ...]]:
    data = _load("once_upon_a_time_bridges.yaml")
    return {language: tuple(sentences) for language, sentences in data.items()}


def _load(name: str) -> Any:
    source = resources.files("companion.seats") / "data" / name
    return yaml.safe_load(source.read_text(encoding="utf-8"))
