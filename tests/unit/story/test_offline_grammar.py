"""The offline narrator's template grammar over the deck's prototype phrases."""

from __future__ import annotations

import random

import pytest

from companion.cards import Deck, Language, custom_card
from companion.story.grammar import card_sentence, continuations, is_clause, label_phrase
from companion.story.offline import OfflineNarrator


@pytest.mark.parametrize(
    ("phrase", "language", "clause"),
    [
        ("the old king ruled the land", "en", True),
        ("she slept in the forest", "en", True),
        ("a great oak tree", "en", False),
        ("the wicked witch", "en", False),
        ("a wolf ate the grandmother", "en", True),
        ("el viejo rey gobernaba el país", "es", True),
        ("se durmió en el bosque", "es", True),
        ("una pequeña llave de oro", "es", False),
        ("年老いた王が国を治めていた", "ja", True),
        ("大きな樫の木", "ja", False),
    ],
)
def test_clauses_and_noun_phrases_are_told_apart(
    phrase: str, language: Language, clause: bool
) -> None:
    assert is_clause(phrase, language) is clause


@pytest.mark.parametrize(
    ("phrase", "language", "sentence"),
    [
        ("the old king ruled the land", "en", "Then, the old king ruled the land."),
        ("a great oak tree", "en", "Then, there was a great oak tree."),
        ("Una pequeña llave de oro", "es", "Entonces, apareció una pequeña llave de oro."),
        ("大きな樫の木", "ja", "そのとき、大きな樫の木があった。"),
        ("年老いた王が国を治めていた。", "ja", "そのとき、年老いた王が国を治めていた。"),
    ],
)
def test_a_phrase_becomes_a_sentence(phrase: str, language: Language, sentence: str) -> None:
    opener = {"en": "Then", "es": "Entonces", "ja": "そのとき、"}[language]
    assert card_sentence(phrase, opener, language) == sentence


def test_a_card_without_prototypes_falls_back_on_its_label(deck: Deck) -> None:
    first = next(continuations(deck.story_card("sword"), "en", random.Random(0)))
    assert first[0].endswith(", there was a sword.")


@pytest.mark.parametrize(
    ("label", "group", "language", "phrase"),
    [
        ("Scarecrow", "characters", "en", ("a scarecrow", False)),
        ("Old Lantern", "items", "en", ("an old lantern", False)),
        ("The Mill", "places", "en", ("the mill", False)),
        ("Sad", "aspects", "en", ("everything seemed sad", True)),
        ("Espantapájaros", "characters", "es", ("un espantapájaros", False)),
        ("Bruja del mar", "characters", "es", ("una bruja del mar", False)),
        ("Triste", "aspects", "es", ("todo parecía triste", True)),
        ("案山子", "characters", "ja", ("案山子", False)),
    ],
)
def test_a_label_alone_is_told_as_a_phrase_of_its_language(
    label: str, group: str, language: Language, phrase: tuple[str, bool]
) -> None:
    assert label_phrase(label, group, language) == phrase


def test_a_japanese_character_told_by_its_label_is_a_being() -> None:
    card = custom_card("characters", "案山子")
    assert next(continuations(card, "ja", random.Random(0)))[0].endswith("案山子がいた。")
    thing = custom_card("items", "古い鍵")
    assert next(continuations(thing, "ja", random.Random(0)))[0].endswith("古い鍵があった。")


def test_offline_continuations_are_verified_and_reproducible(offline: OfflineNarrator) -> None:
    request = {
        "story": ["Once upon a time there was a girl."],
        "hand": ["key", "king"],
        "card": "king",
        "ending": "end-happy",
        "language": "ja",
        "other_cards": ["wolf"],
    }

    first = offline.continue_story(**request)  # type: ignore[arg-type]
    again = offline.continue_story(**request)  # type: ignore[arg-type]

    assert first == again
    assert first.narrator == "offline"
    assert "王" in first.text
    assert first.evidence == "王"
    assert first.fallback_reason is None
