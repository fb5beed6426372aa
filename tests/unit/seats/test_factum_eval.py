"""The Factum guess cases, the eval's baselines and the self-play harness (fast, fake embedder)."""

import json
from collections import Counter
from pathlib import Path

import pytest

from companion.seats.factum import FactumReader, bank_cards
from companion.seats.factum_storyteller import story_bank
from evals.factum_cases import CASES_PATH, load_factum_cases
from evals.factum_eval import accuracy_table, word_overlap
from evals.factum_fit import training_stories
from evals.factum_selfplay import Storyteller, fresh_stories, play_game, simulate


def test_cases_meet_the_brief() -> None:
    cases = load_factum_cases()
    assert len(cases) >= 150
    assert len({c.id for c in cases}) == len(cases)
    holdout = [c for c in cases if c.split == "holdout"]
    assert len(holdout) >= 60
    per_language = Counter(c.lang for c in cases)
    assert set(per_language) == {"en", "ja", "es"}
    assert max(per_language.values()) - min(per_language.values()) <= 6
    assert {c.difficulty for c in holdout} == {"easy", "medium", "hard"}
    assert all(c.id.startswith("ho-") == (c.split == "holdout") for c in cases)


def test_dev_loading_never_returns_holdout_cases() -> None:
    assert {c.split for c in load_factum_cases(splits=("dev",))} == {"dev"}
    with pytest.raises(ValueError, match="unknown splits"):
        load_factum_cases(splits=("test",))


def test_a_bad_case_is_named_by_its_line(tmp_path: Path) -> None:
    good = json.loads(CASES_PATH.read_text(encoding="utf-8").splitlines()[0])
    bad = {**good, "answer": "not on the table"}
    path = tmp_path / "cases.jsonl"
    path.write_text(json.dumps(good) + "\n" + json.dumps(bad) + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match=r"cases\.jsonl:2: answer"):
        load_factum_cases(path)


def test_word_overlap_baseline_counts_shared_words() -> None:
    cards = ["A gift that missed the mark", "Feeling homesick", "Breaking something precious"]
    assert word_overlap("I felt so homesick that winter.", cards) == 1
    assert (
        word_overlap(
            "駅で見知らぬ人に助けられた。", ["守れなかった約束", "見知らぬ人に助けられた日"]
        )
        == 1
    )


def test_accuracy_table_groups_by_language_and_difficulty() -> None:
    cases = load_factum_cases(splits=("dev",))[:6]
    table = accuracy_table(cases, {"always": [True] * 6, "never": [False] * 6})
    assert table["all"]["always"] == {"accuracy": 1.0, "n": 6}
    assert table["all"]["never"]["accuracy"] == 0.0


@pytest.mark.parametrize("storyteller", ["fa10", "random"])
def test_selfplay_runs_ai_only_games_on_the_engine(
    fake_reader: FactumReader, storyteller: Storyteller
) -> None:
    summary = simulate(fake_reader, games=1, extra="none", storyteller=storyteller)
    assert summary["storyteller"] == storyteller
    turns = summary["turns"]
    assert isinstance(turns, int) and turns > 0
    choices = summary["judge_choices"]
    assert isinstance(choices, dict) and sum(choices.values()) == turns
    found = summary["found"]
    assert isinstance(found, float) and 0.0 <= found <= 1.0
    records = summary["records"]
    assert isinstance(records, list) and len(records) == turns
    assert {r["source"] for r in records} == {"canned"}


def test_selfplay_fresh_stories_make_every_bank_card_tellable(fake_reader: FactumReader) -> None:
    records, _ = play_game(fake_reader, "ja", seed=1)
    assert records and {r.source for r in records} <= {"canned", "fresh"}
    assert all(r.language == "ja" and r.table_size >= 5 for r in records)
    for language in ("en", "ja", "es"):
        told = {s["card"] for s in fresh_stories() if s["lang"] == language}
        assert told == {card.titles[0] for card in bank_cards()}


def test_selfplay_stories_are_new_to_the_guesser() -> None:
    """Out of sample: no self-play story is a guess case, a training story or a canned one."""
    fresh = {s["story"].strip() for s in fresh_stories()}
    seen = {case.story.strip() for case in load_factum_cases(splits=("dev",))}
    seen |= {s["story"].strip() for s in training_stories()}
    seen |= {text.strip() for told in story_bank().values() for text in told.values()}
    assert len(fresh) == 3 * len(bank_cards()) and not fresh & seen
