"""Factum plot cards (FA-1, FA-10): the bank, the generator, deduplication, the model's cards."""

from __future__ import annotations

import pytest

from companion.cards import LANGUAGES, Deck, Language, fold
from companion.llm import FakeLLM, LLMTimeout
from companion.story import InvalidStoryRequest
from companion.story.drafts import FactumDraft
from companion.story.factum import factum_bank, generated_cards, pick_distinct
from companion.story.llm_narrator import LLMNarrator
from companion.story.offline import OfflineNarrator
from embeddings import HashingEmbedder
from tests.unit.story.conftest import FakeReferee


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_bank_holds_at_least_150_distinct_cards_per_language(language: Language) -> None:
    bank = factum_bank(language)
    assert len(bank) >= 150
    assert len({fold(card) for card in bank}) == len(bank)
    assert all(0 < len(card) <= 120 for card in bank)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_generator_adds_cards_the_bank_does_not_have(language: Language) -> None:
    generated = generated_cards(language)
    bank = {fold(card) for card in factum_bank(language)}
    assert len({fold(card) for card in generated}) == len(generated) >= 150
    assert not bank & {fold(card) for card in generated}


def test_the_bank_is_the_same_card_in_each_language() -> None:
    assert len(factum_bank("en")) == len(factum_bank("ja")) == len(factum_bank("es"))
    assert factum_bank("ja")[0] == "守れなかった約束"
    assert factum_bank("es")[0] == "Una promesa que no pudiste cumplir"


def test_offline_cards_are_distinct_reproducible_and_avoid_the_deck(
    offline: OfflineNarrator,
) -> None:
    first = offline.factum_prompts(count=30, language="es", seed=7)
    again = offline.factum_prompts(count=30, language="es", seed=7)
    avoid = [card.text for card in first.cards[:10]]
    fresh = offline.factum_prompts(count=30, language="es", seed=7, avoid=avoid)

    assert first == again
    assert first.narrator == "offline"
    assert len(first.cards) == 30
    assert len({card.text for card in first.cards}) == 30
    assert {card.narrator for card in first.cards} == {"offline"}
    assert not {fold(t) for t in avoid} & {fold(card.text) for card in fresh.cards}


def test_more_cards_than_bank_come_from_the_generator(offline: OfflineNarrator) -> None:
    answer = offline.factum_prompts(count=100, language="en", avoid=factum_bank("en"))

    assert len(answer.cards) == 100
    assert all(card.text in generated_cards("en") for card in answer.cards)


def test_near_duplicates_are_dropped_by_embedding_similarity() -> None:
    embedder = HashingEmbedder()
    candidates = [
        "A promise you could not keep",
        "A promise you couldn't keep",
        "The day a stranger helped you",
        "The day a stranger helped you!",
    ]

    kept, dropped = pick_distinct(
        candidates, 10, avoid=["Feeling homesick"], embedder=embedder, threshold=0.8
    )

    assert kept == ["A promise you could not keep", "The day a stranger helped you"]
    assert [text for text, _ in dropped] == [candidates[1], candidates[3]]


def test_without_an_embedder_only_exact_duplicates_are_dropped() -> None:
    kept, dropped = pick_distinct(
        ["Feeling homesick", "feeling  HOMESICK", "Missing home"], 5, threshold=0.8
    )

    assert kept == ["Feeling homesick", "Missing home"]
    assert dropped == [("feeling  HOMESICK", "Feeling homesick")]


def test_model_cards_are_cleaned_deduplicated_and_topped_up_offline(
    deck: Deck, llm: FakeLLM, referee: FakeReferee
) -> None:
    narrator = LLMNarrator(llm, deck=deck, referee=referee, embedder=HashingEmbedder())
    llm.queue(
        FactumDraft(
            cards=[
                "1. A secret you were glad to keep",
                "2. A secret you were glad to keep.",
                "- 誰にも言えなかったこと",  # wrong language
                '"The night the lights went out"',
            ]
        ),
        FactumDraft(cards=["A secret you were glad to keep"]),  # nothing new in round two
    )

    answer = narrator.factum_prompts(count=4, language="en", seed=1)

    texts = [card.text for card in answer.cards]
    assert texts[:2] == ["A secret you were glad to keep", "The night the lights went out"]
    assert [card.narrator for card in answer.cards] == ["llm:fake-model"] * 2 + ["offline"] * 2
    assert answer.fallback_reason == "the model gave 2 usable cards of 4"
    assert {r.reason for r in answer.dropped} == {"invalid-output", "duplicate"}
    prompt = llm.calls[0].prompt
    assert "emotional" in prompt  # FA-10 is stated
    assert "Write 6 new cards." in prompt  # two spare for deduplication
    assert "<deck>\n(none yet)\n</deck>" in prompt
    assert "<deck>\nA secret you were glad to keep\nThe night the lights went out\n</deck>" in (
        llm.calls[1].prompt
    )


def test_a_model_failure_gives_offline_cards_and_says_why(
    narrator: LLMNarrator, llm: FakeLLM
) -> None:
    llm.queue(LLMTimeout("the model server did not answer in time"))

    answer = narrator.factum_prompts(count=5, language="ja", seed=3)

    assert answer.narrator == "llm:fake-model"
    assert {card.narrator for card in answer.cards} == {"offline"}
    assert "LLMTimeout" in (answer.fallback_reason or "")


@pytest.mark.parametrize(
    ("count", "avoid", "field"), [(0, [], "count"), (101, [], "count"), (3, [" "], "avoid[0]")]
)
def test_bad_factum_requests_are_refused(
    offline: OfflineNarrator, count: int, avoid: list[str], field: str
) -> None:
    with pytest.raises(InvalidStoryRequest) as caught:
        offline.factum_prompts(count=count, language="en", avoid=avoid)
    assert caught.value.field == field
