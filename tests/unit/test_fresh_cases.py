"""The fresh blind set of issue 11 (evals/data/referee_fresh.jsonl) is well formed and balanced.

Written blind, before the learned referee was run on it: custom cards outside the bundled deck and
live-style narration. These checks keep its shape honest (fields, ids, the fixed "blind" split,
expected ⊆ cards, the tag rules of evals/data/LABELLING.md) and its promised make-up (size, the
three languages, story-dependent cases, custom cards that really are outside the bundled deck).
They never rule a case: nothing here runs a referee on the file.
"""

import json
import re
import unicodedata
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from companion.cards import LANGUAGES, Deck, StoryCard, fold, once_upon_a_time_deck
from evals.data.cases import (
    ALL_SPLITS,
    CASES_PATH,
    FRESH_ONLY_TAGS,
    FRESH_PATH,
    FRESH_SPLIT,
    FRESH_TAGS,
    HOLDOUT_PATH,
    LANGS,
    Case,
    load_cases,
    load_fresh,
    rewrite_splits,
)

REQUIRED = {"id": str, "lang": str, "text": str, "cards": list, "expected": list, "tags": list}
OPTIONAL = {"story": list, "note": str, "split": str}
ID_PATTERN = re.compile(r"^fr-(en|ja|es)-\d{3}$")
DERIVED_TAGS = ("multi", "cross-lingual", "custom-card")  # facts about the hand, never a main tag
MIN_CASES = 330
MIN_PER_LANGUAGE = 110
MIN_STORY_DEPENDENT = 60
MIN_STORY_DEPENDENT_PER_LANGUAGE = 20
MIN_CUSTOM_SHARE = 0.65
EMPTY_SHARE = (0.12, 0.40)
SENTENCE_END = re.compile(r"[。！？]+[」』]*|[.!?]+[\"'”)]*(?:\s|$)")
DICTATION_PUNCTUATION = set(".,;:!?¿¡。、！？")
SPANISH_MARKS = set("áéíóúüñÁÉÍÓÚÜÑ")


@cache
def raw_lines() -> tuple[str, ...]:
    return tuple(FRESH_PATH.read_text(encoding="utf-8").splitlines())


@cache
def fresh() -> tuple[Case, ...]:
    return tuple(json.loads(line) for line in raw_lines())


@cache
def deck() -> Deck:
    return once_upon_a_time_deck()


@cache
def names_by_language() -> dict[str, dict[str, set[str]]]:
    """folded name -> language -> ids of the story cards carrying that name."""
    table: dict[str, dict[str, set[str]]] = {}
    for card in deck():
        for language in LANGUAGES:
            if language in card.text:
                for name in card.names(language):
                    table.setdefault(fold(name), {}).setdefault(language, set()).add(card.id)
    return table


def is_custom(card: str) -> bool:
    """A card the bundled deck does not have: no id, label or alias of it names one."""
    return deck().resolve(card) is None


def is_japanese(text: str) -> bool:
    return any(unicodedata.name(ch, "").startswith(("CJK", "HIRAGANA", "KATAKANA")) for ch in text)


def foreign_deck_card(card: str, language: str) -> bool:
    """A deck card named only in languages other than the text's (deck ids have no language)."""
    if card in {c.id for c in deck()}:
        return False
    languages = names_by_language().get(fold(card), {})
    return bool(languages) and language not in languages


def script_mismatch(card: str, language: str) -> bool:
    """A card written in Japanese script in a Latin-script text, or the other way round."""
    return is_japanese(card) != (language == "ja")


def test_every_line_is_a_json_object_with_the_fields_of_the_format() -> None:
    assert raw_lines(), "the fresh file is empty"
    for number, line in enumerate(raw_lines(), 1):
        assert line.strip(), f"line {number} is blank"
        assert isinstance(json.loads(line), dict), f"line {number} is not a JSON object"
    for case in fresh():
        for field, kind in REQUIRED.items():
            assert isinstance(case.get(field), kind), f"{case.get('id')}: {field} missing or bad"
        for field, kind in OPTIONAL.items():
            if field in case:
                assert isinstance(case[field], kind), f"{case['id']}: {field} is not {kind}"
        assert not set(case) - set(REQUIRED) - set(OPTIONAL), f"{case['id']}: unknown fields"
        assert case["text"].strip() and len(case["text"]) <= 400, case["id"]
        assert all(isinstance(s, str) and s.strip() for s in case.get("story", [])), case["id"]


def test_ids_are_unique_across_the_three_files_and_name_their_language() -> None:
    ids = Counter(case["id"] for case in fresh())
    assert not [i for i, n in ids.items() if n > 1], "duplicate fresh ids"
    for case in fresh():
        assert ID_PATTERN.match(case["id"]), f"bad id {case['id']!r}"
        assert case["id"].startswith(f"fr-{case['lang']}-"), f"{case['id']}: {case['lang']}"
        assert case["lang"] in LANGS
    others = {case["id"] for path in (CASES_PATH, HOLDOUT_PATH) for case in load_cases(path)}
    assert not set(ids) & others, "ids shared with the cases or holdout file"


def test_texts_are_new() -> None:
    """Written blind: no text repeats another fresh text or one of the older sets."""
    texts = Counter(fold(case["text"]) for case in fresh())
    assert not [t for t, n in texts.items() if n > 1], "duplicate fresh texts"
    older = {fold(c["text"]) for path in (CASES_PATH, HOLDOUT_PATH) for c in load_cases(path)}
    repeated = [case["id"] for case in fresh() if fold(case["text"]) in older]
    assert not repeated, f"texts already in an older set: {repeated}"


def test_the_split_is_fixed_and_kept_out_of_dev_and_test() -> None:
    assert {case["split"] for case in fresh()} == {FRESH_SPLIT}
    assert FRESH_SPLIT in ALL_SPLITS
    assert [case["id"] for case in load_fresh()] == [case["id"] for case in fresh()]
    assert load_cases(FRESH_PATH, split=FRESH_SPLIT) == list(fresh())
    assert not load_cases(FRESH_PATH, split="dev"), "fresh cases in the dev split"
    assert not load_cases(CASES_PATH, split=FRESH_SPLIT), "blind cases in the cases file"
    with pytest.raises(ValueError):
        rewrite_splits(FRESH_PATH)


def test_load_fresh_refuses_a_case_outside_the_blind_split(tmp_path: Path) -> None:
    stray = dict(fresh()[0], split="dev")
    path = tmp_path / "fresh.jsonl"
    path.write_text(json.dumps(stray, ensure_ascii=False) + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match="blind"):
        load_fresh(path)
    assert load_fresh(path.with_name("absent.jsonl")) == []


def test_cards_and_expected() -> None:
    for case in fresh():
        cards, expected = case["cards"], case["expected"]
        assert 3 <= len(cards) <= 8, f"{case['id']}: {len(cards)} cards"
        assert len(set(cards)) == len(cards), f"{case['id']}: duplicate cards"
        assert all(c and c.strip() == c for c in cards), f"{case['id']}: untrimmed card"
        assert len(set(expected)) == len(expected), f"{case['id']}: duplicate expected"
        assert set(expected) <= set(cards), f"{case['id']}: expected {expected} not in cards"


def test_deck_cards_resolve_to_the_card_they_mean() -> None:
    """A printed label finds its own card, an alias names one card, no card is held twice."""
    names = names_by_language()
    labels = {fold(c.label(lang)): c.id for c in deck() for lang in LANGUAGES if lang in c.text}
    for case in fresh():
        resolved: list[StoryCard] = []
        for card in case["cards"]:
            found = deck().resolve(card)
            if found is None:
                continue
            resolved.append(found)
            labelled = labels.get(fold(card))
            carriers = set().union(*names.get(fold(card), {}).values())
            if labelled:
                assert found.id == labelled, f"{case['id']}: {card!r}"
            elif found.id != card:
                assert len(carriers) == 1, f"{case['id']}: {card!r} names cards {carriers}"
        held = Counter(card.id for card in resolved)
        assert not [i for i, n in held.items() if n > 1], f"{case['id']}: {held}"


def test_tags_are_known_and_the_main_tag_is_a_phenomenon() -> None:
    for case in fresh():
        tags = case["tags"]
        assert tags and len(set(tags)) == len(tags), f"{case['id']}: tags {tags}"
        assert set(tags) <= set(FRESH_TAGS), f"{case['id']}: {set(tags) - set(FRESH_TAGS)}"
        assert tags[0] not in DERIVED_TAGS, f"{case['id']}: main tag {tags[0]!r}"


def test_multi_and_custom_card_tags_say_what_the_hand_holds() -> None:
    for case in fresh():
        tags = case["tags"]
        assert ("multi" in tags) == (len(case["expected"]) > 1), f"{case['id']}: multi tag"
        custom = [card for card in case["cards"] if is_custom(card)]
        assert ("custom-card" in tags) == bool(custom), f"{case['id']}: custom-card tag"


def test_cross_lingual_tag_matches_the_cards() -> None:
    """Tagged exactly when some card is named only in another language than the text's.

    A deck card's languages are the deck's; a custom card's language is read from its script,
    so a Latin-script custom card in an English or Spanish text is taken on the writer's word.
    """
    for case in fresh():
        language, cards = case["lang"], case["cards"]
        certain = any(
            foreign_deck_card(card, language)
            or (is_custom(card) and script_mismatch(card, language))
            for card in cards
        )
        possible = certain or (language != "ja" and any(is_custom(card) for card in cards))
        tagged = "cross-lingual" in case["tags"]
        assert not certain or tagged, f"{case['id']}: a foreign card but no cross-lingual tag"
        assert not tagged or possible, f"{case['id']}: tagged cross-lingual, no foreign card"


def test_live_style_tags_match_the_text() -> None:
    for case in fresh():
        tags, text, language = case["tags"], case["text"], case["lang"]
        if "hiragana" in tags:
            assert language == "ja", case["id"]
            kanji_or_katakana = [
                ch
                for ch in text
                if unicodedata.name(ch, "").startswith(("CJK UNIFIED", "KATAKANA"))
            ]
            assert not kanji_or_katakana, f"{case['id']}: not hiragana-only: {kanji_or_katakana}"
        if "unaccented" in tags:
            assert language == "es", case["id"]
            assert not set(text) & SPANISH_MARKS, f"{case['id']}: accents in an unaccented text"
        if "dictated" in tags:
            assert not set(text) & DICTATION_PUNCTUATION, f"{case['id']}: punctuated dictation"
        if "multi-sentence" in tags:
            assert len(SENTENCE_END.findall(text)) >= 2, f"{case['id']}: one sentence"
        if "story-dependent" in tags:
            assert case.get("story"), f"{case['id']}: story-dependent without a story"


def test_size_languages_and_make_up() -> None:
    total = len(fresh())
    assert total >= MIN_CASES, total
    per_language = Counter(case["lang"] for case in fresh())
    for language in LANGS:
        assert per_language[language] >= MIN_PER_LANGUAGE, f"{language}: {per_language}"
    story = Counter(case["lang"] for case in fresh() if "story-dependent" in case["tags"])
    assert sum(story.values()) >= MIN_STORY_DEPENDENT, story
    for language in LANGS:
        assert story[language] >= MIN_STORY_DEPENDENT_PER_LANGUAGE, f"{language}: {story}"
    custom = sum(1 for case in fresh() if "custom-card" in case["tags"])
    assert custom / total >= MIN_CUSTOM_SHARE, f"{custom}/{total} cases hold a custom card"
    empty = sum(1 for case in fresh() if not case["expected"])
    low, high = EMPTY_SHARE
    assert low <= empty / total <= high, f"{empty}/{total} cases expect nothing"


@pytest.mark.parametrize("tag", FRESH_ONLY_TAGS)
def test_every_new_tag_is_used(tag: str) -> None:
    languages = {case["lang"] for case in fresh() if tag in case["tags"]}
    expected = {"hiragana": {"ja"}, "unaccented": {"es"}}.get(tag, set(LANGS))
    assert languages == expected, f"{tag}: {sorted(languages)}"


def test_custom_cards_are_held_as_positives_and_as_lures() -> None:
    """Custom cards are both mentioned and not mentioned, in every language."""
    for language in LANGS:
        cases = [case for case in fresh() if case["lang"] == language]
        positives = sum(1 for case in cases for card in case["expected"] if is_custom(card))
        lures = sum(
            1
            for case in cases
            for card in case["cards"]
            if is_custom(card) and card not in case["expected"]
        )
        assert positives >= 40 and lures >= 40, f"{language}: {positives} / {lures}"
