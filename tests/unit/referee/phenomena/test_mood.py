"""What has not happened (companion/referee/phenomena/mood.py)."""

from companion.referee.phenomena.mood import hypothetical, not_yet, purposed, unfinished, wished
from tests.unit.referee.phenomena import at


def test_an_event_only_planned_or_to_come_has_not_happened() -> None:
    assert not_yet(*at("The prince planned to marry her.", "marry")) is not None
    assert not_yet(*at("Iba a casarse con el príncipe.", "casarse")) is not None
    assert not_yet(*at("The wedding was to take place in May.", "wedding")) is not None
    assert not_yet(*at("The prince married her in May.", "married")) is None
    assert not_yet(*at("Iba a la boda con su hermana.", "boda")) is None  # a going


def test_only_wished_for_but_a_definite_person_is_there() -> None:
    assert wished(*at("She longed for a child.", "child"), "characters") is not None
    assert wished(*at("いつか竜を見てみたい。", "竜"), "characters") is not None
    assert wished(*at("She hoped the king would come.", "king"), "characters") is None


def test_an_indefinite_thing_only_supposed_or_sought() -> None:
    assert hypothetical(*at("If a wolf came, they would run.", "wolf")) is not None
    assert hypothetical(*at("Salieron para buscar un tesoro.", "tesoro")) is not None
    assert hypothetical(*at("If the frog could talk, it would.", "frog")) is None


def test_a_purpose_and_an_unfinished_event() -> None:
    analysis, first, _ = at("He went to the inn to meet the king.", "meet")
    assert purposed(analysis, first) is not None
    assert unfinished(*at("The old man was dying.", "dying")) is not None
    assert unfinished(*at("The old man died.", "died")) is None
