"""The ending guard on the real embedder: a proposal that tells the seat's secret ending in other
words or another language is turned down before it is told (cases from the dev half of
evals/data/ending_leaks.yaml; the test half is only measured, by evals/ending_guard_eval.py)."""

from typing import Any

import pytest

from companion.cards import once_upon_a_time_deck
from companion.story.ending_guard import EndingGuard, calibrated_thresholds, ending_guard_for
from companion.story.verify import ContinuationSelection, Proposal

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def guard(embedder: Any) -> EndingGuard:
    found = ending_guard_for(embedder)
    assert found is not None, f"no calibrated threshold for {embedder.name}"
    return found


def test_a_paraphrase_or_translation_gives_the_ending_away(guard: EndingGuard) -> None:
    ending = once_upon_a_time_deck().ending("end-01")  # "… they may be dancing still."
    for told in (
        "As far as anyone knows, they are still dancing today.",
        "Que yo sepa, todavía siguen bailando.",
    ):
        assert guard.gives_away([told], ending), told
    assert not guard.gives_away(["La música del salón sonaba cada vez más alegre."], ending)
    # the English model reads Japanese poorly: on the dev half, this one is missed (0.63)


def test_a_leaking_proposal_is_turned_down_before_it_is_told(guard: EndingGuard) -> None:
    deck = once_upon_a_time_deck()
    ending = deck.ending("end-01")  # "And for all I know they may be dancing still."
    selection = ContinuationSelection(
        referee=_Hears(), card=deck.story_card("king"), ending=ending, other_cards=(),
        story=(), language="en", guard=guard,
    )  # fmt: skip
    leak = "As far as anyone knows, the king and his bride are still dancing today."
    selection.offer(Proposal("llm:x", (leak,)))
    assert selection.last_rejection is not None
    assert selection.last_rejection.reason == "reveals-ending"
    told = "The king danced with the miller's daughter until the candles burned low."
    selection.offer(Proposal("llm:x", (told,)))
    assert selection.done


def test_an_uncalibrated_embedder_gets_no_guard() -> None:
    class Other:
        name = "some-other-model"

        def embed(self, texts: Any) -> Any:
            raise AssertionError("not called")

    assert ending_guard_for(Other()) is None and ending_guard_for(None) is None
    assert all(0.0 < t < 1.0 for t in calibrated_thresholds().values())


class _Hears:
    """A referee that hears the king in any sentence that says "king"."""

    def rule(self, text: str, cards: Any, *, story: Any = (), language: Any = None) -> Any:
        from types import SimpleNamespace

        heard = "king" in text.lower()
        mention = SimpleNamespace(card="king", card_id="king", evidence="king", score=0.9)
        return SimpleNamespace(mentions=[mention] if heard else [], borderline=[])
