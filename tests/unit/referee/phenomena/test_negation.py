"""Negation and absence (companion/referee/phenomena/negation.py)."""

import pytest

from companion.referee.phenomena.negation import negated
from tests.unit.referee.phenomena import at


@pytest.mark.parametrize(
    ("text", "words", "predicate"),
    [
        ("There was no dragon in the valley.", "dragon", False),
        ("Neither sword could cut it.", "sword", False),
        ("Nobody was brave that day.", "brave", True),
        ("The frog said nothing at all.", "said", True),
        ("No había ninguna bruja en el bosque.", "bruja", False),
        ("谷にはドラゴンはいなかった。", "ドラゴン", False),
        ("木は一本も残っていなかった。", "木", False),
        ("巨人を見たことがなかった。", "巨人", False),
    ],
)
def test_what_is_denied_is_negated(text: str, words: str, predicate: bool) -> None:
    analysis, first, last = at(text, words)
    assert negated(analysis, first, last, predicate=predicate) is not None


@pytest.mark.parametrize(
    ("text", "words", "predicate"),
    [
        ("Nobody recognised the king.", "king", False),
        ("Neither the witch nor the fairy could break it.", "fairy", False),
        ("王は森に行かなかった。", "王", False),
        ("島には川がなかった。", "島", False),
    ],
)
def test_what_the_negation_does_not_reach_stays(text: str, words: str, predicate: bool) -> None:
    analysis, first, last = at(text, words)
    assert negated(analysis, first, last, predicate=predicate) is None
