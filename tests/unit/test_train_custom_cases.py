"""The training cases with custom cards (evals/data/referee_train_custom.jsonl) are well formed.

Written on 2026-11-24 for the learned mention scorer's training (``make train``): custom cards
(home-made, another edition's, an expansion's) mentioned and held as lures, in live-style narration.
It is tuned on freely and never a measure. The shape checks are the fresh blind sets'
(tests/unit/fresh_blind_checks.py), with the split "train" in place of "blind"; its ids and texts
repeat none of the other case files, so no blind or held-out text leaks into training.
They never rule a case: nothing here runs a referee on the file.
"""

import json
from collections import Counter
from pathlib import Path

import pytest

from evals.data.cases import (
    LANGS,
    TRAIN_CUSTOM_PATH,
    TRAIN_SPLIT,
    load_cases,
    load_train_custom,
)
from tests.unit.fresh_blind_checks import FreshBlindChecks, is_custom

MIN_PER_LANGUAGE = 150
MIN_DISTINCT_CUSTOM_CARDS = 200


class TestTrainCustomSet(FreshBlindChecks):
    PATH = TRAIN_CUSTOM_PATH
    PREFIX = "tc"
    LOAD = staticmethod(load_train_custom)
    PER_LANGUAGE = MIN_PER_LANGUAGE  # the later training files are smaller

    def test_the_split_is_fixed_and_kept_out_of_dev_and_test(self) -> None:
        """Every case is "train": never dev, test, holdout or blind."""
        assert {case["split"] for case in self.cases()} == {TRAIN_SPLIT}
        assert [case["id"] for case in self.load()] == [case["id"] for case in self.cases()]
        assert not load_cases(self.PATH, split="dev"), "training cases in the dev split"

    def test_the_loader_refuses_a_case_outside_the_blind_split(self, tmp_path: Path) -> None:
        """(here: outside the train split)"""
        stray = dict(self.cases()[0], split="blind")
        path = tmp_path / "train.jsonl"
        path.write_text(json.dumps(stray, ensure_ascii=False) + "\n", encoding="utf-8")
        with pytest.raises(ValueError, match="train"):
            self.load(path)
        assert self.load(path.with_name("absent.jsonl")) == []

    def test_each_language_has_its_share_and_many_custom_cards(self) -> None:
        per_language = Counter(case["lang"] for case in self.cases())
        for language in LANGS:
            assert per_language[language] >= self.PER_LANGUAGE, per_language
        custom = {card for case in self.cases() for card in case["cards"] if is_custom(card)}
        assert len(custom) >= MIN_DISTINCT_CUSTOM_CARDS, len(custom)

    def test_story_dependent_cases_of_both_kinds_in_every_language(self) -> None:
        """Re-mentions (some card expected) and pronoun-only turns (nothing from the story)."""
        for language in LANGS:
            story = [
                case
                for case in self.cases()
                if case["lang"] == language and "story-dependent" in case["tags"]
            ]
            with_custom_expected = [c for c in story if any(is_custom(x) for x in c["expected"])]
            assert with_custom_expected, f"{language}: no re-mention of a custom card"
            assert [c for c in story if not c["expected"]], f"{language}: no pronoun-only case"
