"""The story tasks verified by the real referee (lexical evidence only: no model to load)."""

from __future__ import annotations

import pytest

from companion.cards import Deck, once_upon_a_time_deck
from companion.llm import FakeLLM
from companion.referee import Referee
from companion.story.drafts import EndingDraft
from companion.story.llm_narrator import LLMNarrator
from companion.story.offline import OfflineNarrator


@pytest.fixture(scope="module")
def bundled() -> Deck:
    return once_upon_a_time_deck()


@pytest.fixture(scope="module")
def real_referee(bundled: Deck) -> Referee:
    return Referee(bundled, None)


def test_an_offline_continuation_passes_the_real_referee_and_avoids_other_cards(
    bundled: Deck, real_referee: Referee
) -> None:
    narrator = OfflineNarrator(deck=bundled, referee=real_referee)
    wicked_king = "The wicked king taxed his people without mercy."
    assert wicked_king in bundled.story_card("king").text["en"].prototypes  # would expose Wicked

    for story_length in range(4):  # four different draws of the grammar
        answer = narrator.continue_story(
            story=["Once upon a time there was a small kingdom."] * (story_length + 1),
            hand=["king", "sword"],
            card="king",
            ending=bundled.endings[0].id,
            language="en",
            other_cards=["wicked", "wolf"],
        )
        assert answer.narrator == "offline"
        assert answer.exposed_other_cards == 0
        assert "wicked" not in answer.text.lower()
        assert answer.evidence.lower() in answer.text.lower()


def test_an_ending_bringing_in_a_new_element_is_refused_by_the_real_referee(
    bundled: Deck, real_referee: Referee
) -> None:
    llm = FakeLLM(model="fake-model")
    narrator = LLMNarrator(llm, deck=bundled, referee=real_referee)
    llm.queue(
        EndingDraft(linking_sentences=["Then a dragon flew over the castle."]),
        EndingDraft(linking_sentences=["In the end the princess left the castle."]),
    )

    answer = narrator.propose_ending(
        story=["Once upon a time a princess lived in a castle."],
        ending=bundled.endings[0].id,
        language="en",
    )

    assert answer.linking == ("In the end the princess left the castle.",)
    [rejection] = answer.rejected
    assert rejection.reason == "new-element"
    assert "Dragon" in rejection.detail
