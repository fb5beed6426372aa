"""The Factum guesser's training stories (`evals/data/factum_train/`): their shape, and that no
case of the evaluation set is among them."""

import json
from collections import Counter

from companion.seats.factum import bank_cards
from evals.factum_cases import load_factum_cases
from evals.factum_fit import TRAINING, training_stories

FIELDS = {"id", "card", "lang", "difficulty", "story"}


def test_every_line_is_a_story_for_a_bank_card() -> None:
    titles = {card.titles[0] for card in bank_cards()}
    stories = training_stories()
    lines = [
        line
        for path in TRAINING.glob("*.jsonl")
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    assert len(stories) == len(lines) >= 6 * len(titles)
    for story in stories:
        assert set(story) == FIELDS, story["id"]
        assert story["card"] in titles, story["id"]
        assert story["lang"] in ("en", "ja", "es"), story["id"]
        assert story["difficulty"] in ("medium", "hard"), story["id"]
        assert len(story["story"]) >= 40, story["id"]
    assert len({s["id"] for s in stories}) == len(stories)


def test_each_bank_card_has_a_medium_and_a_hard_story_in_each_language() -> None:
    counts = Counter((s["card"], s["lang"], s["difficulty"]) for s in training_stories())
    for card in bank_cards():
        for lang in ("en", "ja", "es"):
            for difficulty in ("medium", "hard"):
                assert counts[(card.titles[0], lang, difficulty)] == 1, (card.titles[0], lang)


def test_no_training_story_is_a_dev_case_story() -> None:
    # Dev only: the holdout is not read here (it stays blind); its stories were written before
    # the training stories, by another writer, who never opened the cases file.
    dev = {case.story.strip() for case in load_factum_cases(splits=("dev",))}
    assert not dev & {s["story"].strip() for s in training_stories()}


def test_lines_are_plain_json_objects() -> None:
    for path in sorted(TRAINING.glob("*.jsonl")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            assert isinstance(json.loads(line), dict), f"{path.name}:{number}"
