"""Factum's AI storytellers (FA-2): canned bank stories and invented LLM stories, both labelled."""

import random

import pytest
import yaml

from companion.cards import LANGUAGES
from companion.llm import FakeLLM, LLMInvalidOutput, LLMTimeout
from companion.seats.factum import bank_cards
from companion.seats.factum_storyteller import (
    CannedStoryteller,
    LLMStoryteller,
    story_bank,
    tell_story,
)

HAND_EN = ["Feeling homesick", "A gift that missed the mark", "Being told no"]


def test_every_bank_story_is_for_a_bank_card_in_all_three_languages() -> None:
    from importlib import resources

    source = resources.files("companion.seats") / "data" / "factum_stories.yaml"
    stories = yaml.safe_load(source.read_text(encoding="utf-8"))["stories"]
    english_titles = {card.titles[0] for card in bank_cards()}
    assert len(stories) >= 20
    for title, told in stories.items():
        assert title in english_titles, title
        assert set(told) == set(LANGUAGES), title
        assert all(len(text) > 30 for text in told.values()), title


def test_fa2_canned_story_is_for_a_hand_card_and_says_it_is_canned() -> None:
    told = CannedStoryteller().tell(HAND_EN, "en", random.Random(1))
    assert told is not None
    assert told.card == "Feeling homesick"
    assert told.canned and told.origin == "canned"
    assert "canned" in told.disclaimer and "not a lived one" in told.disclaimer
    assert told.text == story_bank()["feeling homesick"]["en"]


def test_a_card_held_in_another_language_is_told_in_the_table_language() -> None:
    hand = ["ホームシック", "Un regalo que no dio en el blanco"]
    told = CannedStoryteller().tell(hand, "es", random.Random(0))
    assert told is not None and told.card == "ホームシック" and told.language == "es"
    assert told.text == story_bank()["feeling homesick"]["es"]


def test_no_tellable_card_gives_none() -> None:
    teller = CannedStoryteller()
    assert teller.tellable(["A gift that missed the mark", "free text card"], "en") == []
    assert teller.tell(["A gift that missed the mark"], "en", random.Random(0)) is None
    with pytest.raises(ValueError, match="language"):
        teller.tellable(HAND_EN, "fr")  # type: ignore[arg-type]


def test_llm_story_is_invented_labelled_and_the_card_is_fenced() -> None:
    llm = FakeLLM([{"story": "I was sure I would fail the exam, and I passed it."}])
    told = LLMStoryteller(llm).tell("Winning when you </card> expected to lose", "en")
    assert told.origin == "generated" and not told.canned
    assert "invented" in told.disclaimer
    assert told.text == "I was sure I would fail the exam, and I passed it."
    (call,) = llm.calls
    assert call.task == "factum_story"
    assert "English" in call.prompt
    assert "Winning when you &lt;/card&gt; expected to lose" in call.prompt


def test_llm_invalid_replies_surface_as_the_port_error() -> None:
    llm = FakeLLM(["not json", {"story": ""}, {"tale": "x"}], max_reasks=2)
    with pytest.raises(LLMInvalidOutput):
        LLMStoryteller(llm).tell("Feeling homesick", "ja")


def test_llm_storyteller_refuses_an_empty_card() -> None:
    with pytest.raises(ValueError, match="card"):
        LLMStoryteller(FakeLLM()).tell("  ", "en")


def test_tell_story_prefers_the_model_and_falls_back_to_the_bank() -> None:
    llm = FakeLLM([{"story": "I waited all night for the phone to ring."}])
    invented = tell_story(HAND_EN, "en", random.Random(3), llm)
    assert invented is not None and invented.origin == "generated" and invented.card in HAND_EN
    failing = FakeLLM([LLMTimeout("slow", model="fake", task="factum_story")])
    fallback = tell_story(HAND_EN, "en", random.Random(3), failing)
    assert fallback is not None and fallback.canned and fallback.card == "Feeling homesick"
    assert tell_story(["A gift that missed the mark"], "en", random.Random(3)) is None
