"""The bundled Once Upon a Time deck: the agreed vocabulary, the seeds' names, clean aliases."""

import re
from collections import defaultdict
from importlib import resources

import pytest

from companion.cards import LANGUAGES, Group, StoryCard, fold, once_upon_a_time_deck

# The team's card vocabulary (ids are a contract: other parts depend on them).
# id: (group, English label, interrupt); T is Items (things)
C, T, P, A, E = Group.CHARACTERS, Group.ITEMS, Group.PLACES, Group.ASPECTS, Group.EVENTS
VOCABULARY: dict[str, tuple[Group, str, bool]] = {
    "king": (C, "King", False),
    "queen": (C, "Queen", False),
    "prince": (C, "Prince", False),
    "princess": (C, "Princess", False),
    "child": (C, "Child", False),
    "old-woman": (C, "Old Woman", False),
    "old-man": (C, "Old Man", False),
    "witch": (C, "Witch", False),
    "wizard": (C, "Wizard", False),
    "fairy": (C, "Fairy", False),
    "giant": (C, "Giant", False),
    "monster": (C, "Monster", False),
    "dragon": (C, "Dragon", False),
    "wolf": (C, "Wolf", False),
    "frog": (C, "Frog", False),
    "horse": (C, "Horse", False),
    "fox": (C, "Fox", False),
    "bear": (C, "Bear", False),
    "cat": (C, "Cat", False),
    "shepherdess": (C, "Shepherdess", False),
    "stepmother": (C, "Stepmother", False),
    "woodcutter": (C, "Woodcutter", False),
    "hunter": (C, "Hunter", False),
    "thief": (C, "Thief", False),
    "servant": (C, "Servant", False),
    "soldier": (C, "Soldier", False),
    "dwarf": (C, "Dwarf", False),
    "mermaid": (C, "Mermaid", False),
    "bird": (C, "Bird", True),
    "ghost": (C, "Ghost", True),
    "sword": (T, "Sword", False),
    "spell": (T, "Spell", False),
    "door": (T, "Door", False),
    "window": (T, "Window", False),
    "crown": (T, "Crown", False),
    "ring": (T, "Ring", False),
    "key": (T, "Key", False),
    "treasure": (T, "Treasure", False),
    "mirror": (T, "Mirror", False),
    "book": (T, "Book", False),
    "food": (T, "Food", False),
    "poison": (T, "Poison", False),
    "boat": (T, "Boat", False),
    "cloak": (T, "Cloak", False),
    "letter": (T, "Letter", False),
    "shoes": (T, "Shoes", False),
    "axe": (T, "Axe", False),
    "wand": (T, "Wand", False),
    "map": (T, "Map", False),
    "cage": (T, "Cage", False),
    "tree": (T, "Tree", True),
    "gift": (T, "Gift", True),
    "palace": (P, "Palace", False),
    "forest": (P, "Forest", False),
    "mountain": (P, "Mountain", False),
    "village": (P, "Village", False),
    "castle": (P, "Castle", False),
    "tower": (P, "Tower", False),
    "cave": (P, "Cave", False),
    "river": (P, "River", False),
    "sea": (P, "Sea", False),
    "island": (P, "Island", False),
    "road": (P, "Road", False),
    "garden": (P, "Garden", False),
    "kitchen": (P, "Kitchen", False),
    "chapel": (P, "Chapel", False),
    "city": (P, "City", False),
    "inn": (P, "Inn", False),
    "dungeon": (P, "Dungeon", False),
    "cottage": (P, "Cottage", False),
    "lake": (P, "Lake", False),
    "well": (P, "Well", True),
    "bridge": (P, "Bridge", True),
    "happy": (A, "Happy", False),
    "disguised": (A, "Disguised", False),
    "this-animal-can-talk": (A, "This Animal Can Talk", False),
    "asleep": (A, "Asleep", False),
    "beautiful": (A, "Beautiful", False),
    "wicked": (A, "Wicked", False),
    "poor": (A, "Poor", False),
    "wealthy": (A, "Wealthy", False),
    "brave": (A, "Brave", False),
    "foolish": (A, "Foolish", False),
    "tiny": (A, "Tiny", False),
    "ugly": (A, "Ugly", False),
    "clever": (A, "Clever", False),
    "strong": (A, "Strong", False),
    "transformed": (A, "Transformed", False),
    "sad": (A, "Sad", False),
    "secret": (A, "Secret", True),
    "lost": (A, "Lost", True),
    "argument": (E, "An Argument", False),
    "people-meet": (E, "People Meet", False),
    "two-people-fall-in-love": (E, "Two People Fall in Love", False),
    "journey": (E, "A Journey", False),
    "fight": (E, "A Fight", False),
    "wedding": (E, "A Wedding", False),
    "rescue": (E, "A Rescue", False),
    "trick": (E, "A Trick", False),
    "death": (E, "Someone Dies", False),
    "feast": (E, "A Feast", False),
    "theft": (E, "Something Is Stolen", False),
    "escape": (E, "An Escape", False),
    "birth": (E, "A Birth", False),
    "prophecy": (E, "A Prophecy", False),
    "contest": (E, "A Contest", False),
    "kidnapping": (E, "A Kidnapping", False),
    "chase": (E, "A Chase", True),
    "storm": (E, "A Storm", True),
}

# Every element the rules (RULES.md, seeds 000 and 004) name, as they name it.
SEED_NAMES_EN = {
    "Queen": "queen", "Wolf": "wolf", "Sword": "sword", "Spell": "spell", "Palace": "palace",
    "Forest": "forest", "Happy": "happy", "Disguised": "disguised", "Argument": "argument",
    "An Argument": "argument", "People Meet": "people-meet", "King": "king",
    "Mountain": "mountain", "Horse": "horse", "Shepherdess": "shepherdess",
    "Stepmother": "stepmother", "Frog": "frog", "Giant": "giant",
    "This Animal Can Talk": "this-animal-can-talk", "Prince": "prince", "Child": "child",
    "Monster": "monster", "Two People Fall in Love": "two-people-fall-in-love",
    "Old Woman": "old-woman", "Journey": "journey", "Village": "village", "Door": "door",
    "Window": "window", "Tree": "tree",
}  # fmt: skip
# Seed 000's Japanese names are the cards' Japanese labels.
SEED_LABELS_JA = {
    "king": "王", "queen": "女王", "prince": "王子", "child": "子供", "old-woman": "老女",
    "journey": "旅", "village": "村", "mountain": "山", "door": "扉", "window": "窓",
    "forest": "森", "palace": "宮殿", "sword": "剣", "spell": "呪文", "wolf": "狼", "horse": "馬",
    "shepherdess": "女羊飼い", "stepmother": "継母", "frog": "蛙", "giant": "巨人",
    "monster": "化け物", "this-animal-can-talk": "しゃべる動物",
    "two-people-fall-in-love": "恋に落ちる二人", "people-meet": "人々の出会い",
    "argument": "議論", "happy": "幸せな", "disguised": "変装した",
}  # fmt: skip
# Seed 004's Spanish names are the cards' Spanish labels.
SEED_LABELS_ES = {
    "queen": "Reina", "wolf": "Lobo", "sword": "Espada", "spell": "Hechizo",
    "palace": "Palacio", "forest": "Bosque", "happy": "Feliz", "disguised": "Disfrazado",
    "argument": "Una discusión", "people-meet": "Encuentro entre personas", "king": "Rey",
    "mountain": "Montaña", "horse": "Caballo", "shepherdess": "Pastor(a)",
    "stepmother": "Madrastra", "frog": "Rana", "giant": "Gigante",
    "this-animal-can-talk": "Este animal puede hablar", "prince": "Príncipe", "child": "Niño",
    "monster": "Monstruo", "two-people-fall-in-love": "Dos personas se enamoran",
    "old-woman": "Anciana", "journey": "Viaje", "village": "Pueblo", "door": "Puerta",
    "window": "Ventana", "tree": "Árbol",
}  # fmt: skip
# Other names the seeds' examples use for the same elements.
SEED_VARIANTS = {
    "王宮": "palace", "喋るキリン": "this-animal-can-talk", "赤ん坊": "child", "bebé": "child",
    "baby": "child", "Pastor": "shepherdess", "pastores": "shepherdess",
    "jirafas parlantes": "this-animal-can-talk", "talking giraffe": "this-animal-can-talk",
    "oak": "tree", "roble": "tree", "樫の木": "tree", "woodcutter": "woodcutter",
    "leñador": "woodcutter", "木こり": "woodcutter",
}  # fmt: skip

# Names that truly name two cards (a hyponym of both), documented in the deck file's header.
# Keys are folded: "dragon" is also the Spanish "dragón".
DOCUMENTED_SHARED = {
    "dragon": {"dragon", "monster"},
    "dragons": {"dragon", "monster"},
    "dragones": {"dragon", "monster"},
    "竜": {"dragon", "monster"},
    "ドラゴン": {"dragon", "monster"},
    "ogre": {"giant", "monster"},
    "ogres": {"giant", "monster"},
    "ogro": {"giant", "monster"},
    "ogros": {"giant", "monster"},
}

# Words the rules reject as names of these elements (OU-10): an adult son is no child, a
# snoring in a cave is no monster yet.
NOT_NAMES = {
    "child": {"son", "sons", "daughter", "daughters", "kid", "kids", "hijo", "hija", "息子", "娘"},
    "monster": {"snoring", "snore", "いびき", "ronquido", "ruido"},
    "people-meet": {"saw", "see", "looked", "vio", "見た"},
    "tiny": {"little", "small", "pequeño", "小さな"},
}


@pytest.fixture(scope="module")
def cards() -> dict[str, StoryCard]:
    return {card.id: card for card in once_upon_a_time_deck()}


def test_the_deck_has_exactly_the_agreed_109_story_cards(cards: dict[str, StoryCard]) -> None:
    assert len(once_upon_a_time_deck().story_cards) == 109
    assert set(cards) == set(VOCABULARY)
    for card_id, (group, label, interrupt) in VOCABULARY.items():
        card = cards[card_id]
        assert (card.group, card.label("en"), card.interrupt) == (group, label, interrupt), card_id


def test_five_groups_each_with_an_interrupt_card() -> None:
    deck = once_upon_a_time_deck()
    for group in Group:
        in_group = deck.in_group(group)
        assert len(in_group) >= 15, group
        assert any(card.interrupt for card in in_group), group
    assert sum(len(deck.in_group(g)) for g in Group) == 109


@pytest.mark.parametrize(("name", "card_id"), sorted(SEED_NAMES_EN.items()))
def test_every_element_named_in_the_rules_resolves(name: str, card_id: str) -> None:
    card = once_upon_a_time_deck().resolve(name)
    assert card is not None and card.id == card_id


@pytest.mark.parametrize(
    ("language", "card_id", "label"),
    [("ja", k, v) for k, v in SEED_LABELS_JA.items()]
    + [("es", k, v) for k, v in SEED_LABELS_ES.items()],
)
def test_seed_names_are_the_labels(language: str, card_id: str, label: str) -> None:
    deck = once_upon_a_time_deck()
    assert deck.story_card(card_id).text[language].label == label  # type: ignore[index]
    resolved = deck.resolve(label)
    assert resolved is not None and resolved.id == card_id


@pytest.mark.parametrize(("name", "card_id"), sorted(SEED_VARIANTS.items()))
def test_the_seeds_other_words_for_elements_resolve(name: str, card_id: str) -> None:
    card = once_upon_a_time_deck().resolve(name)
    assert card is not None and card.id == card_id


def test_every_card_has_words_in_every_language(cards: dict[str, StoryCard]) -> None:
    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    for card in cards.values():
        for language in LANGUAGES:
            text = card.text[language]
            where = f"{card.id}.{language}"
            assert text.label.strip(), where
            assert 1 <= len(text.aliases) <= 20, where
            assert 3 <= len(text.prototypes) <= 5, where
            for sentence in text.prototypes:
                assert 3 <= len(sentence) <= 120, (where, sentence)
                assert bool(japanese.search(sentence)) == (language == "ja"), (where, sentence)
            for name in text.names:
                assert bool(japanese.search(name)) == (language == "ja"), (where, name)


def test_no_card_repeats_a_name_within_a_language(cards: dict[str, StoryCard]) -> None:
    for card in cards.values():
        for language in LANGUAGES:
            folded = [fold(name) for name in card.names(language)]
            repeats = sorted({f for f in folded if folded.count(f) > 1})
            assert not repeats, (card.id, language, repeats)


def test_no_name_is_shared_by_two_cards_unless_documented(cards: dict[str, StoryCard]) -> None:
    owners: dict[str, set[str]] = defaultdict(set)
    for card in cards.values():
        for language in LANGUAGES:
            for name in card.names(language):
                owners[fold(name)].add(card.id)
    shared = {name: ids for name, ids in owners.items() if len(ids) > 1}
    assert shared == DOCUMENTED_SHARED


def test_shared_names_are_documented_in_the_deck_file() -> None:
    source = (
        resources.files("companion.cards")
        .joinpath("data/once_upon_a_time.yaml")
        .read_text(encoding="utf-8")
    )
    header = "\n".join(line for line in source.splitlines() if line.lstrip().startswith("#"))
    for name in ("dragon", "dragons", "dragón", "dragones", "竜", "ドラゴン", "ogre", "ogro"):
        assert name in header, name


@pytest.mark.parametrize(("card_id", "words"), sorted(NOT_NAMES.items()))
def test_words_the_rules_reject_are_not_aliases(card_id: str, words: set[str]) -> None:
    card = once_upon_a_time_deck().story_card(card_id)
    names = {fold(name) for language in LANGUAGES for name in card.names(language)}
    assert not names & {fold(word) for word in words}


def test_inference_phrases_of_the_rules_are_aliases(cards: dict[str, StoryCard]) -> None:
    # OU-10: "the king's son" is a Prince; the seed's baby is a Child.
    assert "king's son" in cards["prince"].text["en"].aliases
    assert "王の息子" in cards["prince"].text["ja"].aliases
    assert "hijo del rey" in cards["prince"].text["es"].aliases
    assert "king's daughter" in cards["princess"].text["en"].aliases
    assert {"baby", "infant"} <= set(cards["child"].text["en"].aliases)
    assert {"steed", "stallion", "mare", "pony", "foal"} <= set(cards["horse"].text["en"].aliases)


# --- Endings -----------------------------------------------------------------------------------

# Seed 000 prints 56 English ending sentences; one ("They looked after it until she was old
# enough.") is printed twice, so the ending deck holds 55 distinct cards.
ENDINGS = 55


def test_the_endings_of_seed_000_in_order() -> None:
    endings = once_upon_a_time_deck().endings
    assert [e.id for e in endings] == [f"end-{n:02d}" for n in range(1, ENDINGS + 1)]
    english = [e.sentence("en") for e in endings]
    assert len(set(english)) == ENDINGS
    assert english.count("They looked after it until she was old enough.") == 1
    assert english[0] == "And for all I know they may be dancing still."
    assert english[-1] == (
        '"You have freed me from my enchantment and tomorrow we will be married."'
    )


@pytest.mark.parametrize(
    ("ending_id", "en", "ja"),
    [
        (
            "end-04",
            "And in the course of time they became king and queen.",
            "そして時と共に彼らは王と女王になりました。",
        ),
        (
            "end-11",
            "And the parents were reunited with their long-lost child.",
            "そして両親は長く行方不明だった子供と一緒になりました。",
        ),
        (
            "end-27",
            "So everything was restored to its former glory.",
            "すべてはかつての栄光と同じく元通りになりました。",
        ),
        (
            "end-42",
            "So they escaped their captors and fled home.",
            "そして彼らはさらい手から逃れ、我が家に逃げ戻りました。",
        ),
        (
            "end-48",
            "They looked after it until she was old enough.",
            "彼らは彼女が年老いるまでそれの世話をしました。",
        ),
    ],
)
def test_ocr_artefacts_of_the_seed_are_fixed(ending_id: str, en: str, ja: str) -> None:
    ending = once_upon_a_time_deck().ending(ending_id)
    assert (ending.sentence("en"), ending.sentence("ja")) == (en, ja)


def test_every_ending_has_three_clean_languages() -> None:
    japanese = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
    for ending in once_upon_a_time_deck().endings:
        en, ja, es = (ending.sentence(lang) for lang in LANGUAGES)
        assert en[0].isupper() or en.startswith('"'), ending.id
        assert en.endswith((".", '."')), ending.id
        assert not re.search(r"gueen|=|\s,|,$", en), ending.id
        assert japanese.search(ja) and not japanese.search(en + es), ending.id
        assert "〈" not in ja and " " not in ja, ending.id
        assert ja.endswith(("。", "」")), ending.id
        assert es.endswith((".", "»")) and es != en, ending.id
    spanish = [e.sentence("es") for e in once_upon_a_time_deck().endings]
    assert len(set(spanish)) == ENDINGS
