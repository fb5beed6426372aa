"""The map and cards as data: our bundled files load, and broken boards are refused with an
error naming the file, the place and the field."""

from pathlib import Path

import pytest

from companion.games.dice_upon_a_time import Config, ConfigError, MapError, load_map, new_game
from companion.games.dice_upon_a_time.board import (
    MAX_PLACES,
    MAX_SOCKETS_PER_PLACE,
    PLACE_KINDS,
    bundled_map,
    map_from_text,
)
from companion.games.dice_upon_a_time.cards import catalogue

GOOD = """\
name: Tiny
start: town
places:
  town:
    kind: city
    name: {en: Town, ja: 町, es: Pueblo}
    sockets:
      - {number: 2, touches: [well]}
  well:
    kind: building
    name: {en: Well, ja: 井戸, es: Pozo}
    sockets:
      - {number: 3, touches: [stable_a]}
  stable_a:
    kind: horse
    name: {en: Stable A, ja: 厩舎A, es: Establo A}
    sockets: []
  stable_b:
    kind: horse
    name: {en: Stable B, ja: 厩舎B, es: Establo B}
    sockets: []
spirits:
  rabbit: {number: 1}
  wolf: {}
  snake: {number: 2}
  fox: {number: 1, sockets: 3}
horse_links:
  - [stable_a, stable_b]
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "my_board.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_bundled_map_says_it_is_not_the_published_board() -> None:
    source = Path(__file__).parents[4] / "companion/games/dice_upon_a_time/data/map.yaml"
    header = source.read_text(encoding="utf-8").split("\n\n")[0]
    assert "NOT the published board" in header


def test_bundled_map_has_every_place_kind_and_spirit() -> None:
    board = bundled_map()
    assert {p.kind for p in board.places.values()} == set(PLACE_KINDS)
    spirits = {s.spirit for s in board.sockets.values() if s.spirit}
    assert spirits == {"rabbit", "wolf", "snake", "fox"}
    assert board.places[board.start].kind == "city"
    allies = {p.ally for p in board.places.values() if p.kind == "ally"}
    assert allies == {"hunter", "grandmother", "woodcutter", "soldier"}


def test_a_table_board_loads_with_socket_ids_and_links(tmp_path: Path) -> None:
    board = load_map(write(tmp_path, GOOD))
    assert board.sockets["town.1"].touches == ("town", "well")
    assert board.sockets["well.1"].number == 3
    assert [s for s in board.sockets if s.startswith("fox.")] == ["fox.1", "fox.2", "fox.3"]
    assert board.sockets["snake"].number == 2
    assert board.neighbours("well") == ("town", "stable_a")
    assert board.horse_targets("stable_b") == ("stable_a",)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "touches: [stable_a]",
            "touches: [wel]",
            "my_board.yaml: places[well].sockets[1].touches: unknown place 'wel'",
        ),
        (
            "{number: 2, touches: [well]}",
            "{number: 7, touches: [well]}",
            "my_board.yaml: places[town].sockets[1].number: 7 is not a socket number 1-6",
        ),
        (
            "kind: building",
            "kind: castle",
            "my_board.yaml: places[well].kind: 'castle' is not one of",
        ),
        (
            "name: {en: Well, ja: 井戸, es: Pozo}",
            "name: {en: Well, es: Pozo}",
            "my_board.yaml: places[well].name.ja: missing",
        ),
        ("start: town", "start: well", "my_board.yaml: start: 'well' is a building, not a city"),
        (
            "  - [stable_a, stable_b]",
            "  - [stable_a, well]",
            "my_board.yaml: places[well].kind: in horse_links[1] but not a horse place",
        ),
        (
            "  wolf: {}\n",
            "",
            "my_board.yaml: spirits[wolf]: missing: a board has all four forest spirits",
        ),
        (
            "{number: 3, touches: [stable_a]}",
            "{number: 3, touches: [well]}",
            "my_board.yaml: places[well].sockets[1].touches: 'well' touches itself",
        ),
        (
            "{number: 3, touches: [stable_a]}",
            "{number: 3, touches: [town], icon: x}",
            "my_board.yaml: places[well].sockets[1].icon: unknown field",
        ),
    ],
)
def test_broken_board_errors_name_file_place_and_field(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    assert old in GOOD
    with pytest.raises(MapError) as error:
        load_map(write(tmp_path, GOOD.replace(old, new)))
    assert str(error.value).startswith(message)


def test_unreachable_place_is_refused() -> None:
    text = GOOD.replace("      - {number: 3, touches: [stable_a]}\n", "")
    with pytest.raises(MapError, match=r"places\[stable_a\]: cannot be reached from 'town'"):
        map_from_text(text, "cut.yaml")


def test_a_board_is_bounded_in_size_even_with_yaml_aliases() -> None:
    """A table sends its board as text: an alias repeating one long socket list under every
    place must not make a huge board."""
    many = "      - &s {number: 1, touches: [well]}\n" + "      - *s\n" * (MAX_SOCKETS_PER_PLACE)
    text = GOOD.replace("      - {number: 2, touches: [well]}\n", many, 1)
    with pytest.raises(MapError, match=r"^big.yaml: places\[town\].sockets: \d+ sockets: at most"):
        map_from_text(text, "big.yaml")
    places = "".join(
        f"  p{n}:\n    kind: building\n    name: {{en: P, ja: P, es: P}}\n"
        for n in range(MAX_PLACES)
    )
    crowded = GOOD.replace("places:\n", "places:\n" + places, 1)
    with pytest.raises(MapError, match=r"^big.yaml: places: \d+ places: a board has at most"):
        map_from_text(crowded, "big.yaml")


def test_resource_place_needs_its_resource() -> None:
    text = GOOD.replace("kind: building", "kind: resource")
    with pytest.raises(MapError, match=r"x.yaml: places\[well\].resource: None is not one of"):
        map_from_text(text, "x.yaml")


def test_missing_file_and_bad_yaml(tmp_path: Path) -> None:
    with pytest.raises(MapError, match=r"nowhere\.yaml: cannot read"):
        load_map(tmp_path / "nowhere.yaml")
    with pytest.raises(MapError, match=r"my_board\.yaml: not YAML"):
        load_map(write(tmp_path, "places: [unclosed"))


def test_a_board_lacking_the_cards_places_cannot_start_a_game(tmp_path: Path) -> None:
    board = load_map(write(tmp_path, GOOD))
    with pytest.raises(ConfigError, match="lacks place"):
        new_game(Config(players=("a", "b"), board=board))


def test_every_card_has_its_texts_in_three_languages() -> None:
    cat = catalogue()
    decks = [cat.story, cat.items, cat.events, cat.characters]
    cards = [card for deck in decks for card in deck.values()]
    assert len(cards) >= 40
    for card in cards:
        for texts in (card.title, card.text):  # type: ignore[attr-defined]
            assert texts.en and texts.ja and texts.es and texts.en != texts.es
    assert {c.kind for c in cat.story.values()} == {
        "luck",
        "misfortune",
        "side_quest",
        "curse",
        "mini_quest",
    }
    for quest in cat.quests.values():
        assert quest.title.en and quest.title.ja and quest.title.es


def test_quest_decks_by_value_and_dice_faces() -> None:
    cat = catalogue()
    assert cat.quest_values() == (2, 3, 4, 5)
    assert len(cat.player_dice) == 5 and all(len(die) == 6 for die in cat.player_dice)
    icons = {f for die in cat.player_dice for f in die if isinstance(f, str)}
    assert icons == {"magic_item", "story", "ban", "double_token"}
    assert sorted(map(str, cat.snake_die)) == ["4", "5", "apple", "bread", "gold", "snake"]


def test_card_files_with_unknown_fields_or_resources_are_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from companion.games.dice_upon_a_time import cards

    real = cards._read

    def broken(name: str) -> object:
        data = real(name)
        if name == "cards.yaml":
            data["story"][0]["effect"] = {"gain": {"diamonds": 1}}
        return data

    monkeypatch.setattr(cards, "_read", broken)
    cards.catalogue.cache_clear()
    try:
        with pytest.raises(cards.CardError, match=r"story\[s01\]: unknown resource 'diamonds'"):
            cards.catalogue()

        def typo(name: str) -> object:
            data = real(name)
            if name == "quests.yaml":
                data["quests"][2]["apy"] = 3
            return data

        monkeypatch.setattr(cards, "_read", typo)
        with pytest.raises(cards.CardError, match=r"quests.yaml: quests\[q03\]\.apy: Extra"):
            cards.catalogue()
    finally:
        monkeypatch.undo()
        cards.catalogue.cache_clear()
