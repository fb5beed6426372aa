"""The narrator eval's scoring (the runner itself is `companion eval narrator`)."""

from __future__ import annotations

import random

from companion.cards import Deck
from companion.llm import FakeLLM
from companion.story.llm_narrator import LLMNarrator
from companion.story.offline import OfflineNarrator
from evals.narrator_eval import (
    eval_coherence,
    eval_continuations,
    eval_endings,
    load_cases,
    scenarios,
    summarise,
)
from tests.unit.story.conftest import FakeReferee


def test_the_labelled_set_has_at_least_15_cases_per_language_of_each_kind() -> None:
    cases = load_cases()
    for language in ("en", "ja", "es"):
        mine = [c for c in cases if c["language"] == language]
        assert len(mine) >= 15
        assert {c["label"] for c in mine} == {"consistent", "contradiction", "rambling", "nonsense"}
    for case in cases:
        assert (case["label"] == "contradiction") == (case["contradicts"] is not None)


def test_coherence_agreement_counts_only_judged_verdicts(deck: Deck, referee: FakeReferee) -> None:
    cases = load_cases()
    llm = FakeLLM(model="m")
    for i, case in enumerate(cases):
        verdict = "consistent" if i < 2 else case["label"]  # the first two answered wrongly
        llm.queue(
            {
                "verdict": verdict,
                "contradicted_sentence": case["contradicts"],
                "reason": "r",
                "confidence": 0.7,
            }
        )
    narrator = LLMNarrator(llm, deck=deck, referee=referee)
    stories = [c for c in cases if c["label"] == "consistent"]
    requests = scenarios(deck, stories, 1, random.Random(0))

    report, figures = summarise(
        narrator.name,
        eval_continuations(OfflineNarrator(deck=deck, referee=referee), requests),
        eval_endings(OfflineNarrator(deck=deck, referee=referee), requests),
        eval_coherence(narrator, cases),
        usage=None,
    )

    wrong = sum(c["label"] != "consistent" for c in cases[:2])
    assert figures["coherence"]["agreement"] == (len(cases) - wrong) / len(cases)
    assert "contradictions found that name the right sentence" in report


def test_offline_coherence_is_reported_as_not_applicable(deck: Deck, referee: FakeReferee) -> None:
    offline = OfflineNarrator(deck=deck, referee=referee)
    cases = load_cases()

    report, figures = summarise(
        offline.name,
        eval_continuations(offline, []),
        eval_endings(offline, []),
        eval_coherence(offline, cases),
        usage=None,
    )

    assert figures["coherence"]["agreement"] is None
    assert "every verdict 'unchecked' → agreement n/a" in report
