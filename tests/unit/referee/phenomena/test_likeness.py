"""Likenesses, illusions and pretence (companion/referee/phenomena/likeness.py)."""

from companion.referee.phenomena.likeness import depicted, illusory, pretended, represented
from tests.unit.referee.phenomena import at


def test_a_likeness_is_not_the_creature() -> None:
    assert represented(*at("They found a stone dragon.", "dragon")) is not None
    assert represented(*at("A portrait of the king hung there.", "king")) is not None
    assert depicted(*at("The door was carved with dragons.", "dragons")) is not None
    assert depicted(*at("She showed the king the map.", "king")) is None
    assert represented(*at("The dragon slept.", "dragon")) is None


def test_an_illusion_and_a_pretence() -> None:
    assert illusory(*at("They saw what looked like a castle.", "castle")) is not None
    assert pretended(*at("The children played at being kings.", "kings")) is not None
    assert pretended(*at("The kings rode out.", "kings")) is None
