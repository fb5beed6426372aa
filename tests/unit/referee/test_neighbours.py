"""The learned scorer's neighbour bank: the generated file, a card never its own neighbour, and
the two features a model that reads the bank gets."""

import json
from dataclasses import replace

import numpy as np
import pytest

from companion.cards import once_upon_a_time_deck
from companion.referee.learned import (
    BANK_FEATURES,
    FEATURES,
    MODEL_PATH,
    LearnedModel,
    MentionScorer,
    model_features,
)
from companion.referee.lexicon import Resolver, Target
from companion.referee.neighbours import BankVectors, NeighbourBank, load_bank
from companion.referee.text import analyse
from embeddings import HashingEmbedder
from evals import neighbour_bank
from evals.data.card_words import load_custom_card_words

BANK = NeighbourBank.from_mapping(
    {
        "rain": ["rain", "drizzle", "lluvia"],
        "hill": ["hill", "colina"],
        "storm-words": ["tempest", "Storm"],
    }
)


def test_the_committed_bank_is_what_the_builder_writes() -> None:
    assert neighbour_bank.main(["--check"]) == 0


def test_the_bank_holds_deck_labels_but_no_deck_alias() -> None:
    bank = load_bank()
    deck = once_upon_a_time_deck()
    for card in deck.story_cards:
        index = bank.concepts.index(card.id)
        phrases = {p for p, c in zip(bank.phrases, bank.concept_of, strict=True) if c == index}
        assert phrases == {w.label for w in card.text.values()}
    custom = {card["id"] for card in load_custom_card_words()}
    assert set(bank.concepts) == {c.id for c in deck.story_cards} | custom


def test_a_card_is_never_its_own_neighbour() -> None:
    deck = once_upon_a_time_deck()
    bank = load_bank()
    storm = Resolver(deck).target("A Storm")
    assert bank.own(storm) == {bank.concepts.index(storm.key)}
    typed = Target(" storm ", None)  # a typed card written as a phrase of a concept
    assert BANK.own(typed) == {BANK.concepts.index("storm-words")}
    assert BANK.own(Target("Scarecrow", None)) == frozenset()


def test_nearest_other_skips_the_targets_own_concept() -> None:
    vectors = BankVectors(BANK, HashingEmbedder())
    rows = HashingEmbedder().embed(["rain", "rain"])
    own_rain = frozenset({BANK.concepts.index("rain")})
    near = vectors.nearest_other(rows, [frozenset(), own_rain])
    assert near[0] == pytest.approx(1.0, abs=1e-5)  # "rain" itself
    assert near[1] < 0.9  # its own concept left out: only the hill and the storm words remain
    everything = frozenset(range(len(BANK.concepts)))
    assert vectors.nearest_other(rows[:1], [everything])[0] == -1.0


def test_an_empty_bank_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one phrase"):
        NeighbourBank.from_mapping({"nothing": ["", " "]})


def test_a_bank_model_gets_the_bank_features_after_the_others() -> None:
    model = LearnedModel.from_dict(json.loads(MODEL_PATH.read_text(encoding="utf-8")))
    model = replace(model, bank=True, features=model_features(True), cross=None)
    weights = replace(
        model.weights,
        mean=model.weights.mean + (0.0,) * len(BANK_FEATURES),
        scale=model.weights.scale + (1.0,) * len(BANK_FEATURES),
        coef=model.weights.coef + (0.0,) * len(BANK_FEATURES),
    )
    model = replace(model, weights=weights)
    assert LearnedModel.from_dict(model.as_dict()) == model
    embedder = HashingEmbedder()
    scorer = MentionScorer(model, {"minilm": embedder, "e5": embedder}, BANK)
    targets = [Target("A Storm", None), Target("Hill", None)]
    rows, _, _ = scorer.features(analyse("The rain fell on the hill all night."), targets)
    assert rows.shape == (2, len(FEATURES) + len(BANK_FEATURES))
    named = [dict(zip(model.features, row, strict=True)) for row in rows]
    # "rain" is a concept of the bank: the storm's best span is nearer to it than to the card
    assert named[0]["minilm_vs_bank"] < 0
    # the hill's concept is its own: its best span ("hill") is nearest to the card itself
    assert named[1]["minilm_vs_bank"] > 0
    storm = embedder.embed(["A Storm"])
    crowd = BankVectors(BANK, embedder).nearest_other(storm, [frozenset()])[0]
    assert named[0]["minilm_crowd"] == pytest.approx(float(crowd))
    # the same rows again come from the remembered crowd values
    again, _, _ = scorer.features(analyse("The rain fell on the hill all night."), targets)
    assert np.array_equal(rows, again)
