"""Hearsay: what is only told about, or reported and then denied, is not in the story.

- Told about: a story, song or legend about a giant does not bring the giant in ("a story
  about a giant", "un cuento sobre un gigante", 巨人の物語).
- Denied: "people said a dragon lived there, but none of it was true" (the reporter stays).

Tables: `data/phenomena/hearsay.yaml`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.referee.phenomena._scope import after, before, load, phrase_table, quote

if TYPE_CHECKING:
    from companion.referee.text import Analysis

_DATA = load("hearsay")
TOLD_ABOUT_BEFORE = phrase_table(_DATA["told_about_before"])
TOLD_ABOUT_AFTER = phrase_table(_DATA["told_about_after"])
REPORT = phrase_table(_DATA["report"])
DENIAL = phrase_table(_DATA["denial"])


def told_about(analysis: Analysis, first: int, last: int) -> str | None:
    """Only the subject of a tale: "a story about a giant", "un cuento sobre un gigante",
    巨人の物語."""
    marker = before(analysis, analysis.markers["told-about-before"], first, 3)
    if marker is None:
        marker = after(analysis, analysis.markers["told-about-after"], last, 1)
    return None if marker is None else f"only told about ({quote(analysis, marker)})"


def denied(analysis: Analysis, first: int, last: int) -> str | None:
    """A report then denied: "people said a dragon lived there, but none of it was true",
    竜がいるといううわさだったが、うそだった. The reporter ("the king said") stays."""
    sentence = analysis.sentence_of[first]
    denial = any(
        m.first > last and 0 <= analysis.sentence_of[m.first] - sentence <= 1
        for m in analysis.markers["denial"]
    )
    if not denial:
        return None
    ja = analysis.tokens[first].lang == "ja"
    for report in analysis.markers["report"]:
        if analysis.same_sentence(report.first, first) and (ja or report.last < first):
            return f"denied ({quote(analysis, report)} … untrue)"
    return None
