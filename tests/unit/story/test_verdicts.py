"""Coherence (OU-17) and adjudication (OU-10, OU-14) verdicts, and their honest "unchecked"."""

from __future__ import annotations

import pytest

from companion.llm import FakeLLM, LLMRateLimited
from companion.story import InvalidStoryRequest
from companion.story.drafts import AdjudicationDraft, CoherenceDraft
from companion.story.llm_narrator import LLMNarrator
from companion.story.offline import OfflineNarrator

STORY = [
    "Once upon a time there lived a poor miller with three daughters.",
    "The youngest daughter could spin straw into gold.",
    "One winter the miller died of a fever.",
]


def test_a_contradiction_points_at_the_story_sentence(narrator: LLMNarrator, llm: FakeLLM) -> None:
    llm.queue(
        CoherenceDraft(
            verdict="contradiction",
            contradicted_sentence=3,
            reason="The miller died in sentence 3.",
            confidence=0.9,
        )
    )

    verdict = narrator.check_coherence(
        story=STORY, sentence="The miller laughed at his daughters.", language="en"
    )

    assert verdict.narrator == "llm:fake-model"
    assert verdict.verdict == "contradiction"
    assert verdict.contradicted == "One winter the miller died of a fever."
    assert verdict.contradicted_index == 2
    assert verdict.confidence == 0.9
    user = llm.calls[0].messages[-1].content
    assert "<sentence>\nThe miller laughed at his daughters.\n</sentence>" in user
    assert "3. One winter the miller died of a fever." in user


def test_a_sentence_number_outside_the_story_is_not_trusted(
    narrator: LLMNarrator, llm: FakeLLM
) -> None:
    llm.queue(
        {"verdict": "contradiction", "contradicted_sentence": 9, "reason": "r", "confidence": 0.6}
    )

    verdict = narrator.check_coherence(story=STORY, sentence="He sang.", language="en")

    assert verdict.verdict == "contradiction"
    assert verdict.contradicted is None
    assert verdict.contradicted_index is None


def test_a_consistent_verdict_points_at_nothing(narrator: LLMNarrator, llm: FakeLLM) -> None:
    llm.queue(
        {"verdict": "consistent", "contradicted_sentence": 1, "reason": "fits", "confidence": 0.8}
    )

    verdict = narrator.check_coherence(story=STORY, sentence="She wept.", language="en")

    assert (verdict.verdict, verdict.contradicted_index) == ("consistent", None)


def test_a_model_failure_leaves_coherence_unchecked_and_says_why(
    narrator: LLMNarrator, llm: FakeLLM
) -> None:
    llm.queue(LLMRateLimited("rate limited", retry_after_s=3))

    verdict = narrator.check_coherence(story=STORY, sentence="She wept.", language="en")

    assert verdict.verdict == "unchecked"
    assert verdict.narrator == "offline"
    assert verdict.confidence is None
    assert "LLMRateLimited" in (verdict.fallback_reason or "")


def test_offline_coherence_is_unchecked_never_a_fake_ok(offline: OfflineNarrator) -> None:
    verdict = offline.check_coherence(story=STORY, sentence="She wept.", language="ja")

    assert verdict.verdict == "unchecked"
    assert verdict.confidence is None
    assert "no language model is configured" in verdict.reason


def test_coherence_refuses_an_empty_sentence(offline: OfflineNarrator) -> None:
    with pytest.raises(InvalidStoryRequest, match="sentence"):
        offline.check_coherence(story=STORY, sentence="  ", language="en")


def test_adjudication_answers_with_the_models_verdict(narrator: LLMNarrator, llm: FakeLLM) -> None:
    llm.queue(
        AdjudicationDraft(mentioned=False, reason="They only saw each other.", confidence=0.7)
    )

    verdict = narrator.adjudicate(
        "The old woman saw a man through the window.", STORY, "People Meet", "saw a man"
    )

    assert (verdict.mentioned, verdict.reason) == (False, "They only saw each other.")
    assert verdict.narrator == "llm:fake-model"
    prompt = llm.calls[0].prompt
    assert "The claimed card: People Meet" in prompt
    assert "<evidence>\nsaw a man\n</evidence>" in prompt
    assert "they had not met yet" in prompt  # the rule it depends on (OU-14) is stated


def test_adjudication_without_a_model_decides_nothing(offline: OfflineNarrator) -> None:
    verdict = offline.adjudicate("A baby boy was born.", STORY, "Prince", "baby boy")

    assert verdict.mentioned is None
    assert "players not involved decide" in verdict.reason


def test_adjudication_survives_a_model_failure(narrator: LLMNarrator, llm: FakeLLM) -> None:
    llm.queue("{not json", "{}", "[]")

    verdict = narrator.adjudicate("A baby boy was born.", STORY, "Prince", "baby boy")

    assert verdict.mentioned is None
    assert "LLMInvalidOutput" in (verdict.fallback_reason or "")
