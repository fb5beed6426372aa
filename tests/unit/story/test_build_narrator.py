"""`build_narrator` picks the LLM narrator or the offline one from explicit arguments."""

from __future__ import annotations

import pytest

from companion.cards import Deck
from companion.llm import OpenAILLM
from companion.story import build_narrator
from companion.story.llm_narrator import LLMNarrator
from companion.story.offline import OfflineNarrator
from tests.unit.story.conftest import FakeReferee


def test_no_model_means_the_offline_narrator(deck: Deck, referee: FakeReferee) -> None:
    for kwargs in ({}, {"model": "m"}, {"base_url": "http://x/v1", "api_key": "k"}):
        narrator = build_narrator(deck=deck, referee=referee, **kwargs)  # type: ignore[arg-type]
        assert isinstance(narrator, OfflineNarrator)
        assert narrator.name == "offline"


def test_a_model_and_a_server_mean_the_llm_narrator(deck: Deck, referee: FakeReferee) -> None:
    narrator = build_narrator(
        deck=deck,
        referee=referee,
        model="qwen2.5-7b-instruct",
        base_url="http://127.0.0.1:8080/v1",
        timeout_s=3.5,
        max_retries=1,
        max_reasks=4,
    )

    assert isinstance(narrator, LLMNarrator)
    assert narrator.name == "llm:qwen2.5-7b-instruct"
    assert isinstance(narrator.llm, OpenAILLM)
    assert narrator.llm.max_reasks == 4
    assert len(narrator.llm.calls) == 0  # nothing is sent when building


def test_the_test_suite_refuses_real_model_requests(deck: Deck, referee: FakeReferee) -> None:
    narrator = build_narrator(
        deck=deck, referee=referee, model="m", base_url="http://127.0.0.1:9/v1", max_retries=0
    )

    with pytest.raises(AssertionError, match="a test sent a real model request"):
        narrator.check_coherence(story=["Once."], sentence="Then.", language="en")
