"""The offline storyteller's grammars and lexicons, read from data files.

`companion/story/data/tale_arc.yaml` holds what every language shares: the steps of the plot arc
(Propp's functions, each lasting a few sentences), which told characters may stand as the hero's
foe or friend, which may be the hero of a story people began (and their gender), and the motif
each ending card steers toward. `tale_<language>.yaml` holds a language's words:

    heroes    the names the planner gives a hero (capitalised), gender (f/m) and trade
    forms     per gender, the words a template's {he} {him} {his} (en), {o} {el} {lo} {un} (es)
              slots take
    intro     first sentences that bring the hero in: `start` (an empty story), `later`
    openers   per arc step, phrases a sentence may open with ("" lets the clause open it)
    nouns     how a told character or place is named again ({foe}, {friend}, {place}, {thing})
    cards     per story card, clause templates that bring the card in; "step,step: template"
              marks a template that fits those arc steps
    frames    per arc step (but the first), sentences that open the step ("But {hero}'s quiet
              days were numbered"), naming only the hero and a told {foe}
    nearby    ways to set a clause near the latest place told: {clause}, {place}
    steer     per ending motif, sentences that steer toward that kind of ending
    links     per ending motif (and `any`), linking sentences for an ending

Templates use {hero} (the hero's name) and the slots above; a template whose slot the story
cannot fill is not used. Any malformed file raises `TaleDataError` naming the file and field.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from companion.cards import Language

DATA = Path(__file__).resolve().parent / "data"


class TaleDataError(ValueError):
    def __init__(self, path: Path, field: str, message: str) -> None:
        super().__init__(f"{path.name}: {field}: {message}")


@dataclass(frozen=True)
class Hero:
    name: str  # a name the planner gave, or how the lexicon names a told deck character
    gender: str
    trade: str
    card: str | None = None  # the deck character the hero is, when the story brought one in


@dataclass(frozen=True)
class Template:
    text: str
    steps: frozenset[str]  # empty: fits any step


@dataclass(frozen=True)
class Arc:
    steps: tuple[str, ...]
    sentences_per_step: int
    foes: frozenset[str]
    friends: frozenset[str]
    hero_cards: dict[str, str]  # deck characters that can be the hero -> gender (f/m)
    motifs: dict[str, str]  # ending id -> motif

    def step(self, told: int) -> str:
        return self.steps[min(len(self.steps) - 1, told // self.sentences_per_step)]

    def motif(self, ending_id: str) -> str:
        return self.motifs.get(ending_id, "any")


@dataclass(frozen=True)
class Lexicon:
    language: Language
    heroes: tuple[Hero, ...]
    forms: dict[str, dict[str, str]]
    intro_start: tuple[str, ...]
    intro_later: tuple[str, ...]
    openers: dict[str, tuple[str, ...]]
    nouns: dict[str, str]
    cards: dict[str, tuple[Template, ...]]
    frames: dict[str, tuple[str, ...]]
    nearby: tuple[str, ...]
    steer: dict[str, tuple[str, ...]]
    links: dict[str, tuple[str, ...]]


def _read(path: Path) -> dict[str, Any]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as error:
        raise TaleDataError(path, "(file)", str(error)) from None
    if not isinstance(data, dict):
        raise TaleDataError(path, "(file)", "must be a mapping")
    return data


def _strings(path: Path, field: str, value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise TaleDataError(path, field, "must be a list of strings")
    return tuple(value)


def _mapping(path: Path, field: str, value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise TaleDataError(path, field, "must be a mapping")
    return {str(k): v for k, v in value.items()}


def _template(text: str) -> Template:
    head, sep, rest = text.partition(": ")
    if sep and head and all(part.isalpha() for part in head.split(",")):
        return Template(rest, frozenset(head.split(",")))
    return Template(text, frozenset())


@cache
def arc(path: Path = DATA / "tale_arc.yaml") -> Arc:
    data = _read(path)
    motifs: dict[str, str] = {}
    for motif, endings in _mapping(path, "motifs", data.get("motifs")).items():
        for ending in _strings(path, f"motifs.{motif}", endings):
            motifs[ending] = motif
    per_step = data.get("sentences_per_step")
    if not isinstance(per_step, int) or per_step < 1:
        raise TaleDataError(path, "sentences_per_step", "must be a positive integer")
    return Arc(
        steps=_strings(path, "steps", data.get("steps")),
        sentences_per_step=per_step,
        foes=frozenset(_strings(path, "foes", data.get("foes"))),
        friends=frozenset(_strings(path, "friends", data.get("friends"))),
        hero_cards={
            str(k): str(v) for k, v in _mapping(path, "heroes", data.get("heroes", {})).items()
        },
        motifs=motifs,
    )


@cache
def lexicon(language: Language, data_dir: Path = DATA) -> Lexicon:
    path = data_dir / f"tale_{language}.yaml"
    data = _read(path)
    heroes = []
    if not isinstance(data.get("heroes"), list):
        raise TaleDataError(path, "heroes", "must be a list of heroes")
    for i, hero in enumerate(data["heroes"]):
        entry = _mapping(path, f"heroes[{i}]", hero)
        if not all(isinstance(entry.get(k), str) for k in ("name", "gender", "trade")):
            raise TaleDataError(path, f"heroes[{i}]", "needs name, gender and trade")
        heroes.append(Hero(entry["name"], entry["gender"], entry["trade"]))
    if not heroes:
        raise TaleDataError(path, "heroes", "must name at least one hero")
    forms = {
        gender: {str(k): str(v) for k, v in _mapping(path, f"forms.{gender}", words).items()}
        for gender, words in _mapping(path, "forms", data.get("forms", {})).items()
    }
    intro = _mapping(path, "intro", data.get("intro"))

    def lists(field: str) -> dict[str, tuple[str, ...]]:
        return {
            key: _strings(path, f"{field}.{key}", value)
            for key, value in _mapping(path, field, data.get(field)).items()
        }

    return Lexicon(
        language=language,
        heroes=tuple(heroes),
        forms=forms,
        intro_start=_strings(path, "intro.start", intro.get("start")),
        intro_later=_strings(path, "intro.later", intro.get("later")),
        openers=lists("openers"),
        nouns={k: str(v) for k, v in _mapping(path, "nouns", data.get("nouns")).items()},
        cards={k: tuple(map(_template, v)) for k, v in lists("cards").items()},
        frames=lists("frames"),
        nearby=_strings(path, "nearby", data.get("nearby", [])),
        steer=lists("steer"),
        links=lists("links"),
    )
