"""The deck file is validated on load: a bad file says what is wrong."""

import copy
from importlib import resources
from typing import Any

import pytest
import yaml

from companion.games.sleeping_queens.cards import parse_deck, sleeping_queens_deck


def raw_deck() -> dict[str, Any]:
    text = (
        resources.files("companion.games.sleeping_queens")
        .joinpath("data/cards.yaml")
        .read_text(encoding="utf-8")
    )
    loaded: dict[str, Any] = yaml.safe_load(text)
    return loaded


def test_the_bundled_file_parses_to_the_cached_deck() -> None:
    assert parse_deck(raw_deck()) == sleeping_queens_deck()


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["queens"].pop(), "12 distinct queens"),
        (lambda d: d["queens"][0].update(points=0), "bad points"),
        (lambda d: d["queens"][8].update(rival="heart"), "rivals must name each other"),
        (lambda d: d["cards"][0].update(count=7), "78 cards"),
        (lambda d: d["cards"][0].update(kind="bishop"), "unknown card kind"),
        (lambda d: d["queens"][1]["names"].pop("ja"), "names in en, ja and es"),
    ],
)
def test_a_bad_deck_file_is_refused_by_name(edit: Any, message: str) -> None:
    raw = copy.deepcopy(raw_deck())
    edit(raw)
    with pytest.raises(ValueError, match=message):
        parse_deck(raw)


def test_goal_for_an_unsupported_count_is_refused() -> None:
    with pytest.raises(ValueError, match="no goal for 9 players"):
        sleeping_queens_deck().goal(9)
