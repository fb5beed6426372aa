"""The phenomena's data files: every table loads, per-language tables name all three languages,
and every table of a file is read by its module (no dead knowledge)."""

import re
from pathlib import Path

import pytest

from companion.referee.phenomena import _scope

MODULES = ("negation", "mood", "figures", "likeness", "names", "hearsay", "clues")
CODE = Path(_scope.__file__).parent


@pytest.mark.parametrize("name", [*MODULES, "shared"])
def test_every_table_has_its_three_languages_and_is_read(name: str) -> None:
    tables = _scope.load(name)
    assert tables
    source = (CODE / ("_scope.py" if name == "shared" else f"{name}.py")).read_text()
    for key, value in tables.items():
        if isinstance(value, dict) and set(value) & {"en", "es", "ja"}:
            assert set(value) == {"en", "es", "ja"}, key
        assert re.search(rf'_(?:DATA|SHARED)\["{key}"\]', source), f"{name}.yaml: {key} unread"


def test_a_phrase_table_splits_on_bars_and_keeps_order() -> None:
    assert _scope.phrases(" would | about to |  | next year ") == ("would", "about to", "next year")
    table = _scope.phrase_table({"en": "a | b c", "es": "", "ja": "だろう"})
    assert table == {"en": ("a", "b c"), "es": (), "ja": ("だろう",)}
