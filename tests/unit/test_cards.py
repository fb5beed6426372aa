"""The deck loader and the Deck model: errors that name file, line and field; look-ups by name."""

from pathlib import Path
from textwrap import dedent

import pytest

from companion.cards import (
    DeckError,
    Group,
    UnknownCardError,
    load_deck,
    load_deck_text,
    once_upon_a_time_deck,
)

VALID = dedent(
    """\
    game: once_upon_a_time
    name: Test deck
    story_cards:
      - id: king
        group: characters
        en: {label: King, aliases: [monarch], prototypes: [the old king ruled the land]}
        ja: {label: 王, aliases: [国王], prototypes: [年老いた王が国を治めていた]}
        es: {label: Rey, aliases: [monarca], prototypes: [el viejo rey gobernaba el país]}
      - id: tree
        group: items
        interrupt: true
        en: {label: Tree, aliases: [oak], prototypes: [a great oak tree]}
        ja: {label: 木, aliases: [樫の木], prototypes: [大きな樫の木]}
        es: {label: Árbol, aliases: [roble], prototypes: [un enorme roble]}
    endings:
      - id: dancing-still
        en: And for all I know they may be dancing still.
        ja: そして私の知る限り、彼らは今でも踊り続けているのです。
        es: Y, por lo que sé, quizá todavía sigan bailando.
    """
)


def line_of(source: str, needle: str, occurrence: int = 1) -> int:
    """1-based line number of the n-th line containing `needle`."""
    found = [i for i, line in enumerate(source.splitlines(), 1) if needle in line]
    return found[occurrence - 1]


def load_error(source: str) -> DeckError:
    with pytest.raises(DeckError) as caught:
        load_deck_text(source, "my_deck.yaml")
    return caught.value


def test_a_valid_deck_loads() -> None:
    deck = load_deck_text(VALID, "my_deck.yaml")
    assert deck.name == "Test deck"
    assert deck.game == "once_upon_a_time"
    assert [c.id for c in deck] == ["king", "tree"]
    tree = deck.story_card("tree")
    assert tree.group is Group.ITEMS
    assert tree.interrupt is True
    assert deck.story_card("king").interrupt is False
    assert tree.label("es") == "Árbol"
    assert tree.text["ja"].aliases == ("樫の木",)
    assert deck.ending("dancing-still").sentence("es").startswith("Y, por lo que sé")


@pytest.mark.parametrize(
    ("change", "needle", "field", "words"),
    [
        pytest.param(
            ("    group: items\n", "    group: objects\n"),
            "group: objects",
            "story_cards[1].group",
            "'objects' is not one of characters, items, places, aspects, events",
            id="bad-group",
        ),
        pytest.param(
            ("    interrupt: true\n", "    interrupt: 'true'\n"),
            "interrupt: 'true'",
            "story_cards[1].interrupt",
            "expected true or false",
            id="quoted-interrupt",
        ),
        pytest.param(
            ("    interrupt: true\n", "    interrupt: 1\n"),
            "interrupt: 1",
            "story_cards[1].interrupt",
            "expected true or false",
            id="numeric-interrupt",
        ),
        pytest.param(
            ("    group: items\n", "    group: items\n    colour: green\n"),
            "colour: green",
            "story_cards[1].colour",
            "unknown field",
            id="unknown-field",
        ),
        pytest.param(
            ("{label: Rey,", '{label: "",'),
            'label: ""',
            "story_cards[0].es.label",
            "must not be empty",
            id="empty-label",
        ),
        pytest.param(
            ("  - id: tree\n", "  - id: king\n"),
            "- id: king",
            "story_cards[1].id",
            "duplicate id 'king' (first on line 4)",
            id="duplicate-id",
        ),
        pytest.param(
            ("    es: Y, por lo que sé, quizá todavía sigan bailando.\n", ""),
            "- id: dancing-still",
            "endings[0].es",
            "missing",
            id="missing-ending-language",
        ),
        pytest.param(
            ("aliases: [oak]", "aliases: oak"),
            "aliases: oak",
            "story_cards[1].en.aliases",
            "expected a list",
            id="aliases-not-a-list",
        ),
    ],
)
def test_malformed_decks_name_file_line_and_field(
    change: tuple[str, str], needle: str, field: str, words: str
) -> None:
    old, new = change
    assert VALID.count(old) == 1, "the test's edit must apply exactly once"
    source = VALID.replace(old, new)
    occurrence = 2 if field == "story_cards[1].id" else 1
    error = load_error(source)
    assert error.path == "my_deck.yaml"
    assert error.field == field
    assert error.line == line_of(source, needle, occurrence)
    assert words in error.message
    assert str(error).startswith(f"my_deck.yaml:{error.line}: {field}: ")


def test_a_missing_field_names_the_card_that_lacks_it() -> None:
    source = VALID.replace("    group: characters\n", "")
    error = load_error(source)
    assert (error.field, error.message) == ("story_cards[0].group", "missing")
    assert error.line == line_of(source, "- id: king")


def test_a_missing_top_level_field() -> None:
    error = load_error(VALID.replace("name: Test deck\n", ""))
    assert (error.field, error.message, error.line) == ("name", "missing", 1)


def test_bad_yaml_names_the_line_of_the_syntax_error() -> None:
    source = VALID.replace("aliases: [oak]", "aliases: [oak")
    error = load_error(source)
    assert error.field == "<yaml>"
    assert error.path == "my_deck.yaml"
    # PyYAML reports an unclosed flow sequence where it gives up, on the card's line or after it.
    assert error.line >= line_of(source, "aliases: [oak")


def test_a_deck_without_story_cards_is_rejected() -> None:
    source = dedent(
        """\
        game: once_upon_a_time
        name: Empty
        story_cards: []
        """
    )
    error = load_error(source)
    assert (error.field, error.line) == ("story_cards", 3)


def test_an_empty_file_is_rejected() -> None:
    error = load_error("# nothing here\n")
    assert (error.field, error.message) == ("<file>", "empty deck file")


def test_a_user_deck_loads_from_disk(tmp_path: Path) -> None:
    path = tmp_path / "my_deck.yaml"
    path.write_text(VALID, encoding="utf-8")
    deck = load_deck(path)
    assert deck.resolve("roble") is deck.story_card("tree")
    assert deck.resolve("国王") is deck.story_card("king")
    assert [e.id for e in deck.endings] == ["dancing-still"]


def test_a_non_utf8_file_is_named_in_the_error(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes(VALID.encode("latin-1", errors="replace"))  # "é", "Á" become single bytes
    with pytest.raises(DeckError) as caught:
        load_deck(path)
    assert caught.value.path == str(path)
    assert (caught.value.field, caught.value.line) == ("<file>", 1)
    assert "UTF-8" in caught.value.message


def test_a_missing_file_is_named_in_the_error(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.yaml"
    with pytest.raises(DeckError) as caught:
        load_deck(path)
    assert caught.value.path == str(path)
    assert caught.value.field == "<file>"
    assert caught.value.message.startswith("cannot read")


def test_an_error_in_a_user_file_names_that_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text(VALID.replace("group: items", "group: weapons"), encoding="utf-8")
    with pytest.raises(DeckError) as caught:
        load_deck(path)
    assert caught.value.path == str(path)
    assert str(caught.value).startswith(f"{path}:{line_of(VALID, 'group: items')}: ")


# --- Deck.resolve ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "card_id"),
    [
        ("Prince", "prince"),
        ("王子", "prince"),
        ("Príncipe", "prince"),
        ("principe", "prince"),  # accents folded
        ("PRÍNCIPE", "prince"),
        ("  prince  ", "prince"),
        ("ＰＲＩＮＣＥ", "prince"),  # full-width Latin letters
        ("ｷﾂﾈ", "fox"),  # half-width katakana, NFKC-folded to キツネ
        ("two-people-fall-in-love", "two-people-fall-in-love"),  # an id
        ("Two People Fall in Love", "two-people-fall-in-love"),
        ("恋に落ちる二人", "two-people-fall-in-love"),
        ("Dos personas se enamoran", "two-people-fall-in-love"),
        ("stallion", "horse"),  # an alias
        ("赤ん坊", "child"),
        ("bebé", "child"),
        ("bebe", "child"),
        ("Pastor(a)", "shepherdess"),
        ("Árbol", "tree"),
        ("arbol", "tree"),
        ("niño", "child"),
        ("nino", "child"),
    ],
)
def test_resolve_finds_cards_by_any_name_in_any_language(name: str, card_id: str) -> None:
    card = once_upon_a_time_deck().resolve(name)
    assert card is not None, name
    assert card.id == card_id


@pytest.mark.parametrize("name", ["Spaceship", "宇宙船", "Nave espacial", "", "   ", "end-01"])
def test_resolve_returns_none_for_unknown_names_and_endings(name: str) -> None:
    assert once_upon_a_time_deck().resolve(name) is None


def test_a_label_wins_over_another_cards_alias() -> None:
    # "Dragón" is the Dragon card's label and also an alias of Monster (a dragon is a monster).
    deck = once_upon_a_time_deck()
    assert "dragón" in deck.story_card("monster").text["es"].aliases
    for name in ("Dragon", "Dragón", "竜"):
        resolved = deck.resolve(name)
        assert resolved is not None and resolved.id == "dragon", name


def test_a_label_wins_over_an_earlier_cards_alias_in_a_user_deck() -> None:
    source = VALID.replace("aliases: [monarch]", "aliases: [monarch, tree]")
    deck = load_deck_text(source)
    resolved = deck.resolve("Tree")
    assert resolved is not None and resolved.id == "tree"


def test_unknown_ids_raise_unknown_card_error() -> None:
    deck = once_upon_a_time_deck()
    with pytest.raises(UnknownCardError) as caught:
        deck.story_card("end-01")  # an ending is not a story card
    assert "end-01" in str(caught.value)
    with pytest.raises(UnknownCardError):
        deck.ending("king")
    with pytest.raises(UnknownCardError):
        deck.story_card("unicorn")
