"""What the phenomenon modules share: their data files, the two shapes of a table, the words
several of them read (articles, determiners), and where a marker stands from a match.

A data file (`companion/referee/data/phenomena/<name>.yaml`) holds a phenomenon's tables, each
with the reason it exists. A table is either phrases, written as one `|`-separated string per
language ("would | will | about to"), or words, one space-separated string ("no not never").
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from companion.cards import LANGUAGES
from companion.referee.patterns import Hit
from companion.referee.tokens import Language, words

if TYPE_CHECKING:
    from companion.referee.text import Analysis

DATA = Path(__file__).resolve().parent.parent / "data" / "phenomena"


@cache
def load(name: str) -> Mapping[str, Any]:
    """The data file of a phenomenon, as read."""
    raw = yaml.safe_load((DATA / f"{name}.yaml").read_text(encoding="utf-8"))
    if not isinstance(raw, dict):
        raise ValueError(f"{name}.yaml: a mapping of tables expected")
    return raw


def phrases(text: str) -> tuple[str, ...]:
    """`"a b | c"` → ("a b", "c")."""
    return tuple(p.strip() for p in text.split("|") if p.strip())


def phrase_table(raw: Mapping[str, str]) -> dict[Language, tuple[str, ...]]:
    """Per language, the phrases of a `|`-separated string."""
    return {lang: phrases(raw[lang]) for lang in LANGUAGES}


def word_table(raw: Mapping[str, str]) -> dict[Language, frozenset[str]]:
    """Per language, the words of a space-separated string."""
    return {lang: words(raw[lang]) for lang in LANGUAGES}


_SHARED = load("shared")
ARTICLES = words(_SHARED["articles"])
DEFINITE = words(_SHARED["definite"])
DETERMINERS = words(_SHARED["determiners"])
INDEFINITE = words(_SHARED["indefinite"])
THING_GROUPS = frozenset(_SHARED["thing_groups"])


def before(analysis: Analysis, markers: list[Hit], first: int, window: int) -> Hit | None:
    """A marker ending within `window` words before the match, in its clause."""
    for marker in markers:
        if 0 < first - marker.last <= window and analysis.same_clause(marker.last, first):
            return marker
    return None


def after(analysis: Analysis, markers: list[Hit], last: int, window: int) -> Hit | None:
    """A marker starting within `window` words after the match, in its clause."""
    for marker in markers:
        if 0 < marker.first - last <= window and analysis.same_clause(marker.first, last):
            return marker
    return None


def quote(analysis: Analysis, marker: Hit) -> str:
    return repr(analysis.text[marker.start : marker.end])


def written(analysis: Analysis, index: int) -> str:
    token = analysis.tokens[index]
    return analysis.text[token.start : token.end]


def indefinite_before(analysis: Analysis, first: int) -> bool:
    tokens = analysis.tokens
    return any(
        tokens[j].text in INDEFINITE and analysis.same_clause(j, first)
        for j in range(max(0, first - 2), first)
    )
