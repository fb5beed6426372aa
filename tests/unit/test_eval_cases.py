"""The referee's labelled cases (evals/data/referee_cases.jsonl) are well formed and balanced.

So is the blind holdout (evals/data/referee_holdout.jsonl): split "holdout", ids unique across both
files, language shares, tag coverage, every card in the deck, and kept out of the dev loop.

The labelling rules themselves are in evals/data/LABELLING.md; these checks keep the file honest:
shape, ids, languages, tags, splits, and that every card a case holds names a card of the bundled
deck (unless the case is about free-text cards).
"""

import json
import re
from collections import Counter
from collections.abc import Iterable
from functools import cache
from typing import Any

import pytest

from companion.cards import LANGUAGES, Deck, fold, once_upon_a_time_deck
from evals.data.cases import (
    ALL_SPLITS,
    CASES_PATH,
    DEV_SHARE,
    HOLDOUT_PATH,
    HOLDOUT_SPLIT,
    LANGS,
    SPLITS,
    TAGS,
    Case,
    assign_splits,
    load_cases,
    load_holdout,
    rewrite_splits,
)
from tests.unit.fresh_blind_checks import OPTIONAL, REQUIRED, names_by_language

ID_PATTERN = re.compile(r"^(en|ja|es)-[a-z]+-\d{3}$")
MIN_CASES = 360
MIN_SHARE = {"en": 0.55, "ja": 0.20, "es": 0.20}
MIN_PER_TAG_OVERALL = {"anticipation": 15, "event-not-yet": 15, "hard-negative": 15}
MIN_PER_TAG_PER_LANG = 4
MIN_SEEDS_PER_LANG = 15


@cache
def raw_lines() -> tuple[str, ...]:
    return tuple(CASES_PATH.read_text(encoding="utf-8").splitlines())


@cache
def cases() -> tuple[Case, ...]:
    return tuple(json.loads(line) for line in raw_lines())


@cache
def deck() -> Deck:
    return once_upon_a_time_deck()


def test_every_line_is_a_json_object() -> None:
    assert raw_lines(), "the cases file is empty"
    for number, line in enumerate(raw_lines(), 1):
        assert line.strip(), f"line {number} is blank"
        assert isinstance(json.loads(line), dict), f"line {number} is not a JSON object"


def test_fields_and_types() -> None:
    for case in cases():
        for field, kind in REQUIRED.items():
            assert isinstance(case.get(field), kind), f"{case.get('id')}: {field} missing or bad"
        for field, kind in OPTIONAL.items():
            if field in case:
                assert isinstance(case[field], kind), f"{case['id']}: {field} is not {kind}"
        unknown = set(case) - set(REQUIRED) - set(OPTIONAL)
        assert not unknown, f"{case['id']}: unknown fields {unknown}"
        assert case["text"].strip(), f"{case['id']}: empty text"
        assert len(case["text"]) <= 400, f"{case['id']}: text longer than a few sentences"
        assert all(isinstance(s, str) and s.strip() for s in case.get("story", [])), case["id"]


def test_ids_are_unique_and_name_their_language() -> None:
    ids = Counter(case["id"] for case in cases())
    assert not [i for i, n in ids.items() if n > 1], "duplicate ids"
    for case in cases():
        assert ID_PATTERN.match(case["id"]), f"bad id {case['id']!r}"
        assert case["id"].startswith(case["lang"] + "-"), f"{case['id']}: lang {case['lang']}"
        assert case["lang"] in LANGS


def check_cards_and_expected(cases: Iterable[dict[str, Any]]) -> None:
    for case in cases:
        cards, expected = case["cards"], case["expected"]
        assert 3 <= len(cards) <= 12, f"{case['id']}: {len(cards)} cards"
        assert len(set(cards)) == len(cards), f"{case['id']}: duplicate cards"
        assert len(set(expected)) == len(expected), f"{case['id']}: duplicate expected"
        assert set(expected) <= set(cards), f"{case['id']}: expected {expected} not in cards"
        assert all(c.strip() == c and c for c in cards), f"{case['id']}: untrimmed card"


def test_cards_and_expected() -> None:
    check_cards_and_expected(cases())


def test_tags_are_known_and_multi_means_several_expected() -> None:
    for case in cases():
        tags = case["tags"]
        assert tags, f"{case['id']}: no tags"
        assert len(set(tags)) == len(tags), f"{case['id']}: duplicate tags"
        assert set(tags) <= set(TAGS), f"{case['id']}: unknown tags {set(tags) - set(TAGS)}"
        assert ("multi" in tags) == (len(case["expected"]) > 1), f"{case['id']}: multi tag"


def test_size_and_language_shares() -> None:
    total = len(cases())
    assert total >= MIN_CASES
    shares = Counter(case["lang"] for case in cases())
    for language, minimum in MIN_SHARE.items():
        assert shares[language] / total >= minimum, f"{language}: {shares[language]}/{total}"


def test_about_a_quarter_of_the_cases_mention_nothing() -> None:
    empty = sum(1 for case in cases() if not case["expected"])
    assert 0.20 <= empty / len(cases()) <= 0.32


def test_every_tag_is_represented_in_every_language() -> None:
    overall = Counter(tag for case in cases() for tag in case["tags"])
    for tag, minimum in MIN_PER_TAG_OVERALL.items():
        assert overall[tag] >= minimum, f"{tag}: {overall[tag]}"
    for language in LANGS:
        per_tag = Counter(t for case in cases() if case["lang"] == language for t in case["tags"])
        thin = {tag: per_tag[tag] for tag in TAGS if per_tag[tag] < MIN_PER_TAG_PER_LANG}
        assert not thin, f"{language}: too few cases for {thin}"
        seeds = per_tag["seed"]
        assert seeds >= MIN_SEEDS_PER_LANG, f"{language}: {seeds} seed cases"


def test_splits_follow_the_hash_rule_and_cover_every_language() -> None:
    assigned = assign_splits(list(cases()))
    for case in cases():
        assert case["split"] in SPLITS, case["id"]
        assert case["split"] == assigned[case["id"]], (
            f"{case['id']}: split is stale, run `python -m evals.data.cases`"
        )
    for language in LANGS:
        splits = Counter(case["split"] for case in cases() if case["lang"] == language)
        assert splits["dev"] and splits["test"], f"{language}: {splits}"
        assert abs(splits["dev"] / sum(splits.values()) - DEV_SHARE) < 0.05, f"{language}"


def test_split_rule_is_stable_and_stratified() -> None:
    strata = Counter((case["lang"], case["tags"][0]) for case in cases())
    assigned = assign_splits(list(reversed(cases())))
    assert assigned == assign_splits(list(cases())), "the split must not depend on file order"
    for (language, tag), size in strata.items():
        dev = sum(
            1
            for case in cases()
            if (case["lang"], case["tags"][0]) == (language, tag) and assigned[case["id"]] == "dev"
        )
        assert dev == max(1, round(size * DEV_SHARE)), f"{language}/{tag}"


def test_every_card_names_a_deck_card_unless_the_case_is_free_text() -> None:
    names = names_by_language()
    labels = {fold(c.label(lang)): c.id for c in deck() for lang in LANGUAGES if lang in c.text}
    for case in cases():
        free = [card for card in case["cards"] if deck().resolve(card) is None]
        if "free-text" in case["tags"]:
            assert free, f"{case['id']}: tagged free-text but every card is in the deck"
        else:
            assert not free, f"{case['id']}: cards {free} are not in the deck"
        for card in case["cards"]:
            resolved = deck().resolve(card)
            labelled = labels.get(fold(card))
            carriers = set().union(*names.get(fold(card), {}).values())
            if labelled:  # a printed label must find its own card
                assert resolved is not None and resolved.id == labelled, f"{case['id']}: {card!r}"
            elif resolved is not None and resolved.id != card:  # an alias must be unambiguous
                assert len(carriers) == 1, f"{case['id']}: {card!r} names cards {carriers}"


def test_no_two_cards_of_a_case_name_the_same_deck_card() -> None:
    for case in cases():
        resolved = [deck().resolve(card) for card in case["cards"]]
        ids = Counter(card.id for card in resolved if card is not None)
        assert not [i for i, n in ids.items() if n > 1], f"{case['id']}: {ids}"


def test_cross_lingual_tag_matches_the_cards() -> None:
    """Cross-lingual: some card is named only in a language other than the text's."""
    names = names_by_language()

    def foreign(card: str, language: str) -> bool:
        if card in {c.id for c in deck()}:
            return False  # deck ids belong to no language
        languages = names.get(fold(card), {})
        return bool(languages) and language not in languages

    for case in cases():
        has_foreign = any(foreign(card, case["lang"]) for card in case["cards"])
        tagged = "cross-lingual" in case["tags"]
        assert has_foreign == tagged, f"{case['id']}: cross-lingual tag is {tagged}"


@pytest.mark.parametrize("language", LANGS)
def test_the_seed_examples_are_there(language: str) -> None:
    """Seed 000/004's examples: the oak, the baby boy, the snoring, the window."""
    seeds = [case for case in cases() if case["lang"] == language and "seed" in case["tags"]]
    expected_sets = [set(case["expected"]) for case in seeds]
    prince_child = {"en": {"Prince", "Child"}, "ja": {"王子", "子供"}, "es": {"Príncipe", "Niño"}}
    forest = {"en": "Forest", "ja": "森", "es": "Bosque"}[language]
    meet = {"en": "People Meet", "ja": "出会い", "es": "Encuentro entre personas"}[language]
    monster = {"en": "Monster", "ja": "化け物", "es": "Monstruo"}[language]
    assert any(prince_child[language] <= s for s in expected_sets), "baby boy -> Prince, Child"
    assert any(s == {forest} for s in expected_sets), "the oak in the forest"
    assert any(meet in c["cards"] and meet not in c["expected"] for c in seeds), "the window"
    assert any(monster in c["cards"] and not c["expected"] for c in seeds), "the snoring"


# the blind holdout (evals/data/referee_holdout.jsonl) ----------------------------------------

HOLDOUT_ID_PATTERN = re.compile(r"^ho-(en|ja|es)-[a-z]+-\d{3}$")
HOLDOUT_MIN_CASES = 260
# no seed text there, and it was written before story-dependent cases were tagged
HOLDOUT_TAGS = tuple(t for t in TAGS if t not in ("seed", "free-text", "story-dependent"))
HOLDOUT_MIN_PER_TAG = {"anticipation": 25, "event-not-yet": 25, "hard-negative": 25}


@cache
def holdout_lines() -> tuple[str, ...]:
    return tuple(HOLDOUT_PATH.read_text(encoding="utf-8").splitlines())


@cache
def holdout() -> tuple[Case, ...]:
    return tuple(json.loads(line) for line in holdout_lines())


def test_holdout_lines_fields_and_types() -> None:
    assert holdout_lines(), "the holdout file is empty"
    for number, line in enumerate(holdout_lines(), 1):
        assert line.strip(), f"holdout line {number} is blank"
        assert isinstance(json.loads(line), dict), f"holdout line {number} is not a JSON object"
    for case in holdout():
        for field, kind in REQUIRED.items():
            assert isinstance(case.get(field), kind), f"{case.get('id')}: {field} missing or bad"
        for field, kind in OPTIONAL.items():
            if field in case:
                assert isinstance(case[field], kind), f"{case['id']}: {field} is not {kind}"
        assert not set(case) - set(REQUIRED) - set(OPTIONAL), case["id"]
        assert case["text"].strip() and len(case["text"]) <= 400, case["id"]
        assert all(isinstance(s, str) and s.strip() for s in case.get("story", [])), case["id"]


def test_holdout_ids_are_unique_across_both_files() -> None:
    ids = Counter(case["id"] for case in holdout())
    assert not [i for i, n in ids.items() if n > 1], "duplicate holdout ids"
    for case in holdout():
        assert HOLDOUT_ID_PATTERN.match(case["id"]), f"bad holdout id {case['id']!r}"
        assert case["id"].startswith(f"ho-{case['lang']}-"), f"{case['id']}: {case['lang']}"
        assert case["lang"] in LANGS
    assert not set(ids) & {case["id"] for case in cases()}, "ids shared with the cases file"


def test_holdout_texts_are_new() -> None:
    """Written blind: no holdout text repeats one of the dev/test texts."""
    seen = {fold(case["text"]) for case in cases()}
    repeated = [case["id"] for case in holdout() if fold(case["text"]) in seen]
    assert not repeated, f"texts already in the cases file: {repeated}"
    texts = Counter(fold(case["text"]) for case in holdout())
    assert not [t for t, n in texts.items() if n > 1], "duplicate holdout texts"


def test_holdout_split_is_fixed_and_kept_apart() -> None:
    assert {case["split"] for case in holdout()} == {HOLDOUT_SPLIT}
    assert HOLDOUT_SPLIT not in SPLITS
    assert HOLDOUT_SPLIT in ALL_SPLITS
    assert [c["id"] for c in load_holdout()] == [c["id"] for c in holdout()]
    assert load_cases(HOLDOUT_PATH, split=HOLDOUT_SPLIT) == list(holdout())
    assert not load_cases(CASES_PATH, split=HOLDOUT_SPLIT), "holdout cases in the cases file"
    assert not load_cases(HOLDOUT_PATH, split="dev"), "holdout cases in the dev split"
    with pytest.raises(ValueError):
        rewrite_splits(HOLDOUT_PATH)


def test_holdout_cards_and_expected() -> None:
    check_cards_and_expected(holdout())


def test_holdout_tags() -> None:
    names = names_by_language()
    ids = {c.id for c in deck()}

    def foreign(card: str, language: str) -> bool:
        languages = names.get(fold(card), {})
        return card not in ids and bool(languages) and language not in languages

    for case in holdout():
        tags = case["tags"]
        assert tags and len(set(tags)) == len(tags), f"{case['id']}: tags {tags}"
        assert set(tags) <= set(HOLDOUT_TAGS), f"{case['id']}: {set(tags) - set(HOLDOUT_TAGS)}"
        assert ("multi" in tags) == (len(case["expected"]) > 1), f"{case['id']}: multi tag"
        has_foreign = any(foreign(card, case["lang"]) for card in case["cards"])
        assert has_foreign == ("cross-lingual" in tags), f"{case['id']}: cross-lingual tag"


def test_holdout_size_language_shares_and_tag_coverage() -> None:
    total = len(holdout())
    assert total >= HOLDOUT_MIN_CASES, total
    shares = Counter(case["lang"] for case in holdout())
    for language, minimum in MIN_SHARE.items():
        assert shares[language] / total >= minimum, f"{language}: {shares[language]}/{total}"
    overall = Counter(tag for case in holdout() for tag in case["tags"])
    missing = [tag for tag in HOLDOUT_TAGS if not overall[tag]]
    assert not missing, f"tags with no holdout case: {missing}"
    for tag, minimum in HOLDOUT_MIN_PER_TAG.items():
        assert overall[tag] >= minimum, f"{tag}: {overall[tag]}"
    empty = sum(1 for case in holdout() if not case["expected"])
    assert 0.10 <= empty / total <= 0.40, f"{empty}/{total} cases expect nothing"


def test_holdout_cards_resolve_in_the_deck() -> None:
    names = names_by_language()
    labels = {fold(c.label(lang)): c.id for c in deck() for lang in LANGUAGES if lang in c.text}
    for case in holdout():
        resolved = [deck().resolve(card) for card in case["cards"]]
        free = [card for card, r in zip(case["cards"], resolved, strict=True) if r is None]
        assert not free, f"{case['id']}: cards {free} are not in the deck"
        for card, found in zip(case["cards"], resolved, strict=True):
            assert found is not None
            labelled = labels.get(fold(card))
            carriers = set().union(*names.get(fold(card), {}).values())
            if labelled:  # a printed label must find its own card
                assert found.id == labelled, f"{case['id']}: {card!r}"
            elif found.id != card:  # an alias must be unambiguous
                assert len(carriers) == 1, f"{case['id']}: {card!r} names cards {carriers}"
        counts = Counter(card.id for card in resolved if card is not None)
        assert not [i for i, n in counts.items() if n > 1], f"{case['id']}: {counts}"


def test_the_dev_loop_never_sees_the_holdout() -> None:
    """`referee_eval --dev-only` rules on dev cases only, never on a holdout text."""
    from evals import referee_eval

    seen: list[str] = []

    class Ruling:
        mentions: tuple[()] = ()
        borderline: tuple[()] = ()

    class FakeReferee:
        def rule(self, text: str, cards: list[str], story: list[str]) -> Ruling:
            seen.append(text)
            return Ruling()

    referee_eval.run_dev(CASES_PATH, FakeReferee())  # type: ignore[arg-type]
    dev_texts = {case["text"] for case in cases() if case["split"] == "dev"}
    assert seen and set(seen) <= dev_texts
    assert not set(seen) & {case["text"] for case in holdout()}
