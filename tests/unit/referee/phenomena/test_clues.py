"""Clues and perception (companion/referee/phenomena/clues.py)."""

from companion.referee.phenomena.clues import only_perceived, vague_clue
from tests.unit.referee.phenomena import at


def test_a_sound_is_no_creature_and_seeing_is_not_meeting() -> None:
    analysis, first, _ = at("A deep snoring came from the cave.", "cave")
    assert vague_clue(analysis, first) is not None
    analysis, first, _ = at("She saw a man through the window.", "man")
    assert only_perceived(analysis, first) is not None
    analysis, first, _ = at("She met a man at the well.", "man")
    assert only_perceived(analysis, first) is None
