"""Likenesses and appearances: what only shows, seems or plays a thing is not the thing.

- Representation: a stone dragon, a portrait of a king, 竜の像 are not the creature; nor is what
  a tapestry shows or a door is carved with ("carved with dragons", 竜が彫られていた).
- Illusion: "what looked like a castle", "creyeron ver un lago", 湖が見えた気がした.
- Pretence: children playing at kings are not kings ("disfrazado de mendigo", 王様ごっこ).

Tables: `data/phenomena/likeness.yaml`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.referee.phenomena._scope import (
    after,
    before,
    load,
    phrase_table,
    quote,
    word_table,
    written,
)
from companion.referee.tokens import words

if TYPE_CHECKING:
    from companion.referee.text import Analysis

_DATA = load("likeness")
REPRESENTATION_BEFORE = phrase_table(_DATA["representation_before"])
REPRESENTATION_AFTER = phrase_table(_DATA["representation_after"])
PRETENCE = phrase_table(_DATA["pretence"])
PRETENCE_GROUPS = frozenset(_DATA["pretence_groups"])
DEPICTION_WITH = phrase_table(_DATA["depiction_with"])
DEPICTION_VERBS = phrase_table(_DATA["depiction_verbs"])
ARTWORKS = word_table(_DATA["artworks"])
JA_DEPICTING = words(_DATA["ja_depicting"])
JA_PASSIVE = words(_DATA["ja_passive"])
DEPICTION_WINDOW: int = _DATA["depiction_window"]
ILLUSION = phrase_table(_DATA["illusion"])
ILLUSION_WINDOW: int = _DATA["illusion_window"]


def represented(analysis: Analysis, first: int, last: int) -> str | None:
    """A likeness, not the creature: a stone dragon, a portrait of the king, 竜の像."""
    marker = before(analysis, analysis.markers["representation-before"], first, 2)
    if marker is None:
        marker = after(analysis, analysis.markers["representation-after"], last, 2)
    return None if marker is None else f"a likeness ({quote(analysis, marker)})"


def pretended(analysis: Analysis, first: int, last: int) -> str | None:
    """Pretence: "played at being kings", "disfrazado de mendigo", 王様ごっこ."""
    tokens = analysis.tokens
    for marker in analysis.markers["pretence"]:
        if not analysis.same_sentence(marker.first, first):
            continue
        if tokens[first].lang == "ja" and 0 < marker.first - last <= 2:
            return f"pretence ({quote(analysis, marker)})"
        if tokens[first].lang != "ja" and 0 < first - marker.last <= 5:  # "kings and queens"
            return f"pretence ({quote(analysis, marker)})"
    return None


def depicted(analysis: Analysis, first: int, last: int) -> str | None:
    """A depiction without "of": "a tapestry showed the king", "carved with dragons",
    "un tapiz mostraba al rey", 扉には竜が彫られていた."""
    tokens = analysis.tokens
    lang = tokens[first].lang
    if lang == "ja":
        end = min(len(tokens) - 1, last + 1 + DEPICTION_WINDOW + 2)
        for k in range(last + 1, end):
            if not analysis.same_clause(k, last):
                return None
            carved = tokens[k].keys & JA_DEPICTING and tokens[k + 1].keys & JA_PASSIVE
            if carved and any(tokens[m].text == "が" for m in range(last + 1, k)):
                return f"a likeness ({written(analysis, k)!r})"
        return None
    window = DEPICTION_WINDOW
    marker = next(  # the sentence, not the clause: "carved with dragons and giants"
        (
            m
            for m in analysis.markers["depiction-with"]
            if 0 < first - m.last <= window and analysis.same_sentence(m.last, first)
        ),
        None,
    )
    verb = before(analysis, analysis.markers["depiction-verb"], first, window)
    if marker is None and verb is not None:
        shown_by_art = any(
            tokens[k].text in ARTWORKS[lang] and analysis.same_clause(k, verb.first)
            for k in range(verb.first)
        )
        marker = verb if shown_by_art else None
    return None if marker is None else f"a likeness ({quote(analysis, marker)})"


def illusory(analysis: Analysis, first: int, last: int) -> str | None:
    """Only seemed: "what looked like a castle", "creyeron ver un lago", 湖が見えた気がした."""
    markers = analysis.markers["illusion"]
    if analysis.tokens[first].lang == "ja":
        marker = after(analysis, markers, last, ILLUSION_WINDOW)
    else:
        marker = before(analysis, markers, first, ILLUSION_WINDOW)
    return None if marker is None else f"only seemed ({quote(analysis, marker)})"
