"""Figures of speech (companion/referee/phenomena/figures.py)."""

from companion.referee.phenomena.figures import figurative, metaphor, simile
from tests.unit.referee.phenomena import at


def test_an_idiom_is_another_sense() -> None:
    analysis, first, last = at("It was a long dry spell.", "spell")
    start, end = analysis.tokens[first].start, analysis.tokens[last].end
    assert figurative(analysis, start, end) is not None
    analysis, first, last = at("The witch cast a spell.", "spell")
    start, end = analysis.tokens[first].start, analysis.tokens[last].end
    assert figurative(analysis, start, end) is None


def test_a_comparison_is_no_presence() -> None:
    assert simile(*at("He was as strong as a bear.", "bear")) is not None
    assert simile(*at("Luchaba como un lobo.", "lobo")) is not None
    assert simile(*at("A dragon of a woman kept the inn.", "dragon")) is not None
    assert simile(*at("She did not like the wolf.", "wolf")) is None


def test_a_copula_metaphor() -> None:
    assert metaphor(*at("His words were a sword.", "sword"), "sword") is not None
    assert metaphor(*at("The queen was a wolf in battle.", "wolf"), "wolf") is not None
    assert metaphor(*at("She was a witch.", "witch"), "witch") is None
