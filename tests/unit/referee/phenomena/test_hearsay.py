"""Hearsay (companion/referee/phenomena/hearsay.py)."""

from companion.referee.phenomena.hearsay import denied, told_about
from tests.unit.referee.phenomena import at


def test_a_tale_about_a_thing_is_not_the_thing() -> None:
    assert told_about(*at("Grandmother told a story about a giant.", "giant")) is not None
    assert told_about(*at("Contó un cuento sobre un gigante.", "gigante")) is not None
    assert told_about(*at("A giant lived in the hills.", "giant")) is None


def test_a_report_then_denied() -> None:
    text = "People said a dragon lived there, but none of it was true."
    assert denied(*at(text, "dragon")) is not None
    assert denied(*at("People said a dragon lived there.", "dragon")) is None
