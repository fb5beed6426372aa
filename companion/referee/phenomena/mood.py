"""Mood: what is only wished, planned, feared, supposed, sought or to come has not happened.

- Not yet (irrealis): an event or state only planned, wished, feared, supposed or to come
  ("planned to marry", "iba a casarse", 結婚するつもり, "the wedding was to take place"). Only
  for events and aspects: a sword one dreams of is still a sword brought into the story.
- Wished for: what is only longed for is not there, whatever its group ("she longed for a
  child", いつか竜を見てみたい); a definite person is ("she hoped the king would come").
- Hypothetical: a thing only supposed, planned or looked for, said with an indefinite article
  ("if a wolf came", "promised to bake a cake", "para buscar un tesoro", もし狼が来たら); a
  definite one is already in the story ("if the frog could talk").
- Purpose: an event that is the purpose of a going has not happened ("went to meet the king",
  "set out to rescue her", "para casarse").
- Unfinished: dying is not dead, drowning not drowned (死にかけていた).

OU-14 rejects a claim on what has not happened. Tables: `data/phenomena/mood.yaml`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from companion.referee.patterns import Hit
from companion.referee.phenomena._scope import (
    DEFINITE,
    INDEFINITE,
    after,
    before,
    load,
    phrase_table,
    quote,
    written,
)
from companion.referee.tokens import words

if TYPE_CHECKING:
    from companion.referee.text import Analysis

_DATA = load("mood")
IRREALIS = phrase_table(_DATA["irrealis"])
IRREALIS_WINDOW: dict[str, int] = dict(_DATA["irrealis_window"])
IRREALIS_GROUPS = frozenset(_DATA["irrealis_groups"])
DESIRE = phrase_table(_DATA["desire"])
DESIRE_WINDOW: int = _DATA["desire_window"]
POST_IRREALIS = phrase_table(_DATA["post_irrealis"])
POST_IRREALIS_WINDOW: int = _DATA["post_irrealis_window"]
HYPOTHETICAL = phrase_table(_DATA["hypothetical"])
HYPOTHETICAL_WINDOW: int = _DATA["hypothetical_window"]
JA_ARRIVAL = words(_DATA["ja_arrival"])
PURPOSE = phrase_table(_DATA["purpose"])
GOING = phrase_table(_DATA["going"])
GOING_WINDOW: int = _DATA["going_window"]
UNFINISHED = words(_DATA["unfinished"])
JA_UNFINISHED = words(_DATA["ja_unfinished"])
NEARLY = words(_DATA["nearly"])
_ES_DETERMINERS = words(_DATA["going_determiners"])
_ES_FUTURE = re.compile(_DATA["spanish_future"])


def wished(analysis: Analysis, first: int, last: int, group: str | None = None) -> str | None:
    """Only wished or longed for: "she longed for a child", いつか竜を見てみたい. A definite
    person is already there: "she hoped the king would come" has a king."""
    markers = analysis.markers["desire"]
    tokens = analysis.tokens
    if group == "characters" and first > 0 and tokens[first - 1].text in DEFINITE:
        return None
    if analysis.tokens[first].lang == "ja":
        marker = after(analysis, markers, last, DESIRE_WINDOW + 2)
    else:
        marker = before(analysis, markers, first, DESIRE_WINDOW)
    return None if marker is None else f"only wished for ({quote(analysis, marker)})"


def not_yet(analysis: Analysis, first: int, last: int, group: str = "events") -> str | None:
    """The event or state is only intended, feared, supposed, or to come."""
    markers = [m for m in analysis.markers["irrealis"] if not _going_somewhere(analysis, m)]
    window = IRREALIS_WINDOW.get(group, IRREALIS_WINDOW["events"])
    if analysis.tokens[first].lang == "ja":
        marker = after(analysis, markers, last, window)
    else:
        marker = before(analysis, markers, first, window)
        if marker is None and group == "events":
            marker = after(analysis, analysis.markers["post-irrealis"], last, POST_IRREALIS_WINDOW)
        if marker is None and group == "events" and analysis.tokens[first].lang == "es":
            return _spanish_future(analysis, last)
    return None if marker is None else f"not happened yet ({quote(analysis, marker)})"


def _going_somewhere(analysis: Analysis, marker: Hit) -> bool:
    """ "iba a la boda": "ir a" before a determiner is a going, not a future."""
    tokens = analysis.tokens
    after = marker.last + 1
    return (
        tokens[marker.last].lang == "es"
        and tokens[marker.last].text == "a"
        and after < len(tokens)
        and tokens[after].text in _ES_DETERMINERS
    )


def _spanish_future(analysis: Analysis, last: int) -> str | None:
    tokens = analysis.tokens
    for k in range(last + 1, min(len(tokens), last + 1 + POST_IRREALIS_WINDOW)):
        word = analysis.text[tokens[k].start : tokens[k].end]
        if _ES_FUTURE.match(word) and analysis.same_clause(k, last):
            return f"not happened yet ({word!r})"
    return None


def hypothetical(analysis: Analysis, first: int, last: int) -> str | None:
    """A thing only supposed, promised or sought: "if a wolf came", "promised to bake a cake",
    "para buscar un tesoro", もし狼が来たら. An indefinite article marks it as not in the story
    yet; a definite one is ("if the frog could talk" has a frog)."""
    tokens = analysis.tokens
    if tokens[first].lang == "ja":
        arrival = range(last + 1, min(len(tokens), last + 4))
        if not any(tokens[k].keys & JA_ARRIVAL for k in arrival):
            return None
    else:
        articles = [
            j
            for j in range(max(0, first - 3), first)
            if tokens[j].text in INDEFINITE and analysis.same_clause(j, first)
        ]
        if not articles:
            return None
        first = articles[0]  # the marker stands before the article
    marker = before(analysis, analysis.markers["hypothetical"], first, HYPOTHETICAL_WINDOW)
    return None if marker is None else f"only supposed ({quote(analysis, marker)})"


def purposed(analysis: Analysis, first: int) -> str | None:
    """An event that is only the purpose: "went to the inn to meet the king", "set out to
    rescue her", "in order to marry", "para casarse"."""
    for marker in analysis.markers["purpose"]:
        if marker.last == first - 1:
            return f"not happened yet ({quote(analysis, marker)})"
    if first == 0 or analysis.tokens[first - 1].text != "to":
        return None
    going = before(analysis, analysis.markers["going"], first - 1, GOING_WINDOW)
    return None if going is None else f"not happened yet ({quote(analysis, going)} … 'to')"


def unfinished(analysis: Analysis, first: int, last: int) -> str | None:
    """Dying is not dead, drowning not drowned: "the old man was dying", 死にかけていた."""
    tokens = analysis.tokens
    if tokens[first].text in UNFINISHED:
        return f"not happened yet ({written(analysis, first)!r})"
    if first > 0 and tokens[first - 1].text in NEARLY:  # "near death", "casi murió"
        return f"not happened yet ({written(analysis, first - 1)!r})"
    for k in range(last + 1, min(len(tokens), last + 3)):
        if tokens[k].lang == "ja" and tokens[k].keys & JA_UNFINISHED:
            return f"not happened yet ({written(analysis, k)!r})"
    return None
