"""Names and word shapes (companion/referee/phenomena/names.py)."""

from companion.referee.phenomena.names import (
    in_a_name_or_compound,
    named,
    needs_determiner,
    venue_name,
)
from tests.unit.referee.phenomena import at


def test_a_word_used_as_a_name() -> None:
    assert named(*at("She had a cat called Queen.", "Queen")) is not None
    assert named(*at("Tenía un perro llamado Lobo.", "Lobo")) is not None
    assert named(*at("The king called the guards.", "king")) is None


def test_a_venue_a_compound_and_a_proper_name() -> None:
    assert venue_name(*at("They drank at the Green Dragon.", "Dragon")) is not None
    assert in_a_name_or_compound(*at("A dragon-shaped cloud passed.", "dragon")) is not None
    assert in_a_name_or_compound(*at("They stayed at the Dragon Inn.", "Dragon")) is not None
    assert in_a_name_or_compound(*at("They lost their way in the Dark Forest.", "Forest")) is None


def test_some_words_are_cards_only_as_nouns() -> None:
    assert needs_determiner(*at("She sang well that night.", "well")) is not None
    assert needs_determiner(*at("She drew water from the well.", "well")) is None
