"""Shape and make-up checks shared by the fresh blind sets (referee_fresh.jsonl, _fresh2, _fresh3).

Each set's test module subclasses ``FreshBlindChecks`` and names its file, its id prefix, its loader
and the older files it must not repeat. The checks keep a set's shape honest (fields, ids, the fixed
"blind" split, expected ⊆ cards, the tag rules of evals/data/LABELLING.md) and its promised make-up
(size, the three languages, story-dependent cases, custom cards that really are outside the bundled
deck). They never rule a case: nothing here runs a referee on a file.
"""

import json
import re
import unicodedata
from collections import Counter
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import ClassVar

import pytest

from companion.cards import LANGUAGES, Deck, StoryCard, fold, once_upon_a_time_deck
from evals.data.cases import (
    ALL_SPLITS,
    CASES_PATH,
    FIXED_SPLIT_PATHS,
    FRESH_ONLY_TAGS,
    FRESH_SPLIT,
    FRESH_TAGS,
    LANGS,
    Case,
    load_cases,
    rewrite_splits,
)

REQUIRED = {"id": str, "lang": str, "text": str, "cards": list, "expected": list, "tags": list}
OPTIONAL = {"story": list, "note": str, "split": str}
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
def raw_lines(path: Path) -> tuple[str, ...]:
    return tuple(path.read_text(encoding="utf-8").splitlines())


@cache
def cases_of(path: Path) -> tuple[Case, ...]:
    return tuple(json.loads(line) for line in raw_lines(path))


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


class FreshBlindChecks:
    """The checks of one fresh blind set; a subclass named Test… sets the three attributes."""

    PATH: ClassVar[Path]
    PREFIX: ClassVar[str]  # ids are <PREFIX>-<lang>-<nnn>
    LOAD: ClassVar[Callable[..., list[Case]]]

    @classmethod
    def others(cls) -> tuple[Path, ...]:
        """Every other case file (the cases, the holdout, every fresh set, the training cases):
        the set repeats no id or text of any of them."""
        return tuple(
            path for path in (CASES_PATH, *FIXED_SPLIT_PATHS) if path != cls.PATH and path.exists()
        )

    def cases(self) -> tuple[Case, ...]:
        return cases_of(self.PATH)

    def load(self, path: Path | None = None) -> list[Case]:
        loader = type(self).LOAD
        return loader() if path is None else loader(path)

    def test_every_line_is_a_json_object_with_the_fields_of_the_format(self) -> None:
        assert raw_lines(self.PATH), f"{self.PATH.name} is empty"
        for number, line in enumerate(raw_lines(self.PATH), 1):
            assert line.strip(), f"line {number} is blank"
            assert isinstance(json.loads(line), dict), f"line {number} is not a JSON object"
        for case in self.cases():
            for field, kind in REQUIRED.items():
                assert isinstance(case.get(field), kind), f"{case.get('id')}: {field} missing/bad"
            for field, kind in OPTIONAL.items():
                if field in case:
                    assert isinstance(case[field], kind), f"{case['id']}: {field} is not {kind}"
            assert not set(case) - set(REQUIRED) - set(OPTIONAL), f"{case['id']}: unknown fields"
            assert case["text"].strip() and len(case["text"]) <= 400, case["id"]
            assert all(isinstance(s, str) and s.strip() for s in case.get("story", [])), case["id"]

    def test_ids_are_unique_across_the_files_and_name_their_language(self) -> None:
        ids = Counter(case["id"] for case in self.cases())
        assert not [i for i, n in ids.items() if n > 1], "duplicate ids"
        pattern = re.compile(rf"^{re.escape(self.PREFIX)}-(en|ja|es)-\d{{3}}$")
        for case in self.cases():
            assert pattern.match(case["id"]), f"bad id {case['id']!r}"
            assert case["id"].startswith(f"{self.PREFIX}-{case['lang']}-"), case["id"]
            assert case["lang"] in LANGS
        others = {case["id"] for path in self.others() for case in load_cases(path)}
        assert not set(ids) & others, "ids shared with an older file"

    def test_texts_are_new(self) -> None:
        """Written blind: no text repeats another text of the set or one of the older sets."""
        texts = Counter(fold(case["text"]) for case in self.cases())
        assert not [t for t, n in texts.items() if n > 1], "duplicate texts"
        older = {fold(c["text"]) for path in self.others() for c in load_cases(path)}
        repeated = [case["id"] for case in self.cases() if fold(case["text"]) in older]
        assert not repeated, f"texts already in an older set: {repeated}"

    def test_the_split_is_fixed_and_kept_out_of_dev_and_test(self) -> None:
        assert {case["split"] for case in self.cases()} == {FRESH_SPLIT}
        assert FRESH_SPLIT in ALL_SPLITS
        assert [case["id"] for case in self.load()] == [case["id"] for case in self.cases()]
        assert load_cases(self.PATH, split=FRESH_SPLIT) == list(self.cases())
        assert not load_cases(self.PATH, split="dev"), "blind cases in the dev split"
        assert not load_cases(CASES_PATH, split=FRESH_SPLIT), "blind cases in the cases file"
        with pytest.raises(ValueError):
            rewrite_splits(self.PATH)

    def test_the_loader_refuses_a_case_outside_the_blind_split(self, tmp_path: Path) -> None:
        stray = dict(self.cases()[0], split="dev")
        path = tmp_path / "fresh.jsonl"
        path.write_text(json.dumps(stray, ensure_ascii=False) + "\n", encoding="utf-8")
        with pytest.raises(ValueError, match="blind"):
            self.load(path)
        assert self.load(path.with_name("absent.jsonl")) == []

    def test_cards_and_expected(self) -> None:
        for case in self.cases():
            cards, expected = case["cards"], case["expected"]
            assert 3 <= len(cards) <= 8, f"{case['id']}: {len(cards)} cards"
            assert len(set(cards)) == len(cards), f"{case['id']}: duplicate cards"
            assert all(c and c.strip() == c for c in cards), f"{case['id']}: untrimmed card"
            assert len(set(expected)) == len(expected), f"{case['id']}: duplicate expected"
            assert set(expected) <= set(cards), f"{case['id']}: expected {expected} not in cards"

    def test_deck_cards_resolve_to_the_card_they_mean(self) -> None:
        """A printed label finds its own card, an alias names one card, no card is held twice."""
        names = names_by_language()
        labels = {fold(c.label(lang)): c.id for c in deck() for lang in LANGUAGES if lang in c.text}
        for case in self.cases():
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

    def test_tags_are_known_and_the_main_tag_is_a_phenomenon(self) -> None:
        for case in self.cases():
            tags = case["tags"]
            assert tags and len(set(tags)) == len(tags), f"{case['id']}: tags {tags}"
            assert set(tags) <= set(FRESH_TAGS), f"{case['id']}: {set(tags) - set(FRESH_TAGS)}"
            assert tags[0] not in DERIVED_TAGS, f"{case['id']}: main tag {tags[0]!r}"

    def test_multi_and_custom_card_tags_say_what_the_hand_holds(self) -> None:
        for case in self.cases():
            tags = case["tags"]
            assert ("multi" in tags) == (len(case["expected"]) > 1), f"{case['id']}: multi tag"
            custom = [card for card in case["cards"] if is_custom(card)]
            assert ("custom-card" in tags) == bool(custom), f"{case['id']}: custom-card tag"

    def test_cross_lingual_tag_matches_the_cards(self) -> None:
        """Tagged exactly when some card is named only in another language than the text's.

        A deck card's languages are the deck's; a custom card's language is read from its script,
        so a Latin-script custom card in an English or Spanish text is taken on the writer's word.
        """
        for case in self.cases():
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

    def test_live_style_tags_match_the_text(self) -> None:
        for case in self.cases():
            tags, text, language = case["tags"], case["text"], case["lang"]
            if "hiragana" in tags:
                assert language == "ja", case["id"]
                kanji_or_katakana = [
                    ch
                    for ch in text
                    if unicodedata.name(ch, "").startswith(("CJK UNIFIED", "KATAKANA"))
                ]
                assert not kanji_or_katakana, f"{case['id']}: not hiragana: {kanji_or_katakana}"
            if "unaccented" in tags:
                assert language == "es", case["id"]
                assert not set(text) & SPANISH_MARKS, f"{case['id']}: accents in an unaccented text"
            if "dictated" in tags:
                assert not set(text) & DICTATION_PUNCTUATION, f"{case['id']}: punctuated dictation"
            if "multi-sentence" in tags:
                assert len(SENTENCE_END.findall(text)) >= 2, f"{case['id']}: one sentence"
            if "story-dependent" in tags:
                assert case.get("story"), f"{case['id']}: story-dependent without a story"

    def test_size_languages_and_make_up(self) -> None:
        cases = self.cases()
        total = len(cases)
        assert total >= MIN_CASES, total
        per_language = Counter(case["lang"] for case in cases)
        for language in LANGS:
            assert per_language[language] >= MIN_PER_LANGUAGE, f"{language}: {per_language}"
        story = Counter(case["lang"] for case in cases if "story-dependent" in case["tags"])
        assert sum(story.values()) >= MIN_STORY_DEPENDENT, story
        for language in LANGS:
            assert story[language] >= MIN_STORY_DEPENDENT_PER_LANGUAGE, f"{language}: {story}"
        custom = sum(1 for case in cases if "custom-card" in case["tags"])
        assert custom / total >= MIN_CUSTOM_SHARE, f"{custom}/{total} cases hold a custom card"
        empty = sum(1 for case in cases if not case["expected"])
        low, high = EMPTY_SHARE
        assert low <= empty / total <= high, f"{empty}/{total} cases expect nothing"

    @pytest.mark.parametrize("tag", FRESH_ONLY_TAGS)
    def test_every_new_tag_is_used(self, tag: str) -> None:
        languages = {case["lang"] for case in self.cases() if tag in case["tags"]}
        expected = {"hiragana": {"ja"}, "unaccented": {"es"}}.get(tag, set(LANGS))
        assert languages == expected, f"{tag}: {sorted(languages)}"

    def test_custom_cards_are_held_as_positives_and_as_lures(self) -> None:
        """Custom cards are both mentioned and not mentioned, in every language."""
        for language in LANGS:
            cases = [case for case in self.cases() if case["lang"] == language]
            positives = sum(1 for case in cases for card in case["expected"] if is_custom(card))
            lures = sum(
                1
                for case in cases
                for card in case["cards"]
                if is_custom(card) and card not in case["expected"]
            )
            assert positives >= 40 and lures >= 40, f"{language}: {positives} / {lures}"
