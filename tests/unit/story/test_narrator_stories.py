"""The narrator eval's whole-story figures (`evals/narrator_stories.py`)."""

from __future__ import annotations

import pytest

from companion.cards import Deck, once_upon_a_time_deck
from companion.referee import Referee
from companion.story.offline import OfflineNarrator
from evals.narrator_stories import Tale, measure, opener, tell, trigrams


@pytest.fixture(scope="module")
def bundled() -> Deck:
    return once_upon_a_time_deck()


def test_trigrams_are_of_words_or_of_japanese_characters() -> None:
    assert trigrams("The king, the king ran.", "en") == [
        ("the", "king", "the"),
        ("king", "the", "king"),
        ("the", "king", "ran"),
    ]
    assert trigrams("王が来た。", "ja") == [("王", "が", "来"), ("が", "来", "た")]


def test_openers_are_two_words_or_three_characters() -> None:
    assert opener("Soon after, the king came.", "en") == "soon after"
    assert opener("やがて、王が来た。", "ja") == "やがて"


def test_the_figures_of_hand_made_tales(bundled: Deck) -> None:
    tale = Tale(
        "en",
        sentences=[
            "Once there lived a weaver named Elsa.",  # names Elsa (mid-sentence)
            "Then Elsa went into the forest.",  # refers back to Elsa
            "Then Elsa saw a wolf.",  # repeated opener ("then elsa")
            "A bear ran into a cave.",  # nothing told before
        ],
        requests=4,
        answered=4,
        exposing=1,
        ending=("Behind Elsa lay the castle.",),  # the castle was never told
        ending_sentence="And they lived happily ever after.",
    )
    figures = measure([tale], bundled)
    assert figures["repeated_opener_rate"] == 1 / 4
    assert figures["refer_back_share"] == 2 / 3
    assert figures["distinct_3gram_ratio"] == 1.0
    assert figures["endings_naming_untold"] == 1
    assert figures["chosen_card_mentioned"] == 1.0
    assert figures["exposed_other_card"] == 1 / 4
    told = Tale(
        "en", sentences=tale.sentences, ending=("Behind Elsa lay the forest and the cave.",)
    )
    assert measure([told], bundled)["endings_naming_untold"] == 0


def test_a_told_offline_tale_brings_in_every_card_and_ends(bundled: Deck) -> None:
    narrator = OfflineNarrator(deck=bundled, referee=Referee(bundled, None))
    tale = tell(narrator, bundled, "es", turns=5, seed=7)
    assert tale.answered == tale.requests == 5
    assert tale.ending and tale.ending_sentence
    figures = measure([tale], bundled)
    assert figures["endings_naming_untold"] == 0
    assert figures["refer_back_share"] > 0.3
