"""Names and word shapes: a card's word as a name, inside a name, or not a noun at all.

- Naming: "a cat called Queen", "Mr. Wolf the baker", "un perro llamado Lobo", オオカミという名の犬.
- Venue names with no naming word: "drank at the Green Dragon", "en El Dragón Verde".
- Compounds and proper names: "dragon-shaped", "lion-hearted", "the Dragon Inn" (but "the Dark
  Forest" is a forest and "King Arthur" a king).
- Needs a determiner: English words that are cards only as nouns ("the well", "a bear"), not as
  adverbs or verbs ("sang well", "could not bear it").

Tables: `data/phenomena/names.yaml`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from companion.referee.phenomena._scope import (
    ARTICLES,
    DETERMINERS,
    load,
    phrase_table,
    quote,
    word_table,
    written,
)
from companion.referee.tokens import words

if TYPE_CHECKING:
    from companion.referee.text import Analysis

_DATA = load("names")
NAMING = phrase_table(_DATA["naming"])
NEEDS_DETERMINER = word_table(_DATA["needs_determiner"])
VENUES = words(_DATA["venues"])
LOCATIVES = words(_DATA["locatives"])
_COMPOUND_ADJECTIVE = re.compile(_DATA["compound_adjective"], re.IGNORECASE)
_TITLES = words(_DATA["titles"])


def in_a_name_or_compound(analysis: Analysis, first: int, last: int) -> str | None:
    """English words that are not the thing: a compound adjective ("dragon-shaped", "mirror-
    smooth", "lion-hearted"), or a word inside a longer proper name that it does not end ("the
    Dragon Inn", but "the Dark Forest" is a forest and "King Arthur" a king)."""
    tokens = analysis.tokens
    token = tokens[last]
    if token.lang != "en":
        return None
    if _COMPOUND_ADJECTIVE.match(analysis.text, token.end):
        return "part of a compound adjective"
    original = analysis.text[tokens[first].start : tokens[first].end]
    sentence_start = first == 0 or not analysis.same_sentence(first - 1, first)
    if not original[:1].isupper() or sentence_start or tokens[first].text in _TITLES:
        return None
    if last + 1 < len(tokens) and analysis.same_clause(last, last + 1):
        following = analysis.text[tokens[last + 1].start : tokens[last + 1].end]
        if following[:1].isupper():
            return "part of a proper name"
    return None


def named(analysis: Analysis, first: int, last: int) -> str | None:
    """A card's word used as a name: "a cat called Queen", "the inn named The Crown", "Mr. Wolf",
    "un perro llamado Lobo", オオカミという名の犬. Titles keep their sense ("called Queen Mab
    to her side" is a queen), and so do lower-case words ("the king called the guards")."""
    tokens = analysis.tokens
    if tokens[first].lang == "ja":
        for marker in analysis.markers["naming"]:
            if marker.first == last + 1:
                return f"a name ({quote(analysis, marker)})"
        return None
    if not written(analysis, first)[:1].isupper():
        return None
    followed = last + 1 < len(tokens) and written(analysis, last + 1)[:1].isupper()
    if tokens[first].text in _TITLES and followed:
        return None
    before = first - 1
    if before >= 0 and tokens[before].text in ARTICLES and written(analysis, before)[:1].isupper():
        before -= 1  # "named The Crown"
    for marker in analysis.markers["naming"]:
        if marker.last == before:
            return f"a name ({quote(analysis, marker)})"
    return None


def venue_name(analysis: Analysis, first: int, last: int) -> str | None:
    """A capitalised name with no naming word: "drank at the Green Dragon", "at The Crown and
    Anchor", "the ship Sea Wolf", "en El Dragón Verde". Titles keep their sense ("King
    Arthur"), and callers leave places alone ("the Dark Forest" is a forest)."""
    tokens = analysis.tokens
    if tokens[first].lang == "ja" or not written(analysis, first)[:1].isupper():
        return None
    if first == 0 or not analysis.same_sentence(first - 1, first):
        return None

    def capital(k: int) -> bool:
        inside = 0 < k < len(tokens) and analysis.same_sentence(k - 1, k)
        return inside and analysis.same_clause(k, first) and written(analysis, k)[:1].isupper()

    if tokens[first].text in _TITLES and capital(last + 1):
        return None
    start, end = first, last
    while capital(start - 1):
        start -= 1
    while capital(end + 1) or (
        end + 2 < len(tokens) and tokens[end + 1].text in ("and", "y") and capital(end + 2)
    ):
        end += 1 if capital(end + 1) else 2
    if tokens[start].text in ARTICLES:  # "at The Crown", "en El Dragón Verde"
        return "part of a name (capitalised article)"
    if (start, end) == (first, last):
        return None
    before = start - 1
    if before >= 0 and tokens[before].text in ("the", "el", "la"):
        before -= 1
    located = before >= 0 and tokens[before].text in LOCATIVES
    venue = (before >= 0 and tokens[before].text in VENUES) or (
        end + 1 < len(tokens) and tokens[end + 1].text in VENUES
    )
    return "part of a name" if located or venue else None


def needs_determiner(analysis: Analysis, first: int, last: int) -> str | None:
    """ "well", "bear", "ring", … are cards only as nouns: "the well", "a bear", "rings"."""
    tokens = analysis.tokens
    token = tokens[first]
    if first != last or token.text not in NEEDS_DETERMINER[token.lang]:
        return None
    if analysis.text[token.end : token.end + 1] == "-":
        return f"{token.text!r} in a compound"
    for j in range(first - 1, max(-1, first - 4), -1):
        if tokens[j].text in DETERMINERS or tokens[j].text.endswith("'s"):
            return None
        if not analysis.same_clause(j, first):
            break
    return f"{token.text!r} without a determiner is not the noun"
