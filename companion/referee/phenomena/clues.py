"""Clues and perception: a trace is not the creature, seeing someone is not meeting them.

- Vague clues: a noise, a shadow, a snoring is no evidence of a creature (OU-10: the snoring in
  the cave is not a Monster).
- Perception: seeing or hearing someone is not meeting them (OU-14's rejected People Meet).

Tables: `data/phenomena/clues.yaml`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from companion.referee.patterns import Hit
from companion.referee.phenomena._scope import load, phrase_table, quote

if TYPE_CHECKING:
    from companion.referee.text import Analysis

_DATA = load("clues")
PERCEPTION = phrase_table(_DATA["perception"])
PEOPLE_MEET: str = _DATA["people_meet"]
VAGUE_CLUES = phrase_table(_DATA["vague_clues"])


def _in_clause(analysis: Analysis, markers: list[Hit], token: int) -> Hit | None:
    for marker in markers:
        if analysis.same_clause(marker.first, token):
            return marker
    return None


def only_perceived(analysis: Analysis, token: int) -> str | None:
    """Someone is only seen or heard, not met (OU-14's rejected People Meet)."""
    marker = _in_clause(analysis, analysis.markers["perception"], token)
    return None if marker is None else f"only perceived ({quote(analysis, marker)})"


def vague_clue(analysis: Analysis, token: int) -> str | None:
    """Only a sound, shadow or presence: anticipating a creature (OU-10's snoring)."""
    marker = _in_clause(analysis, analysis.markers["vague"], token)
    return None if marker is None else f"only a clue ({quote(analysis, marker)})"
