"""The words for cards outside the deck (evals/data/custom_card_words.yaml) are well formed.

Training data only (evals/data/card_words.py): a model learns from them, nothing measures on them.
So they must stay outside what is measured: no label or alias names a card of the bundled deck
(the leave-cards-out folds hold its cards out) or a card of a fresh blind set
(evals/data/referee_fresh*.jsonl). The blind sets are read here only for the names in their
`cards` fields, and a failure prints how many names collide, never which: their cards stay unseen.
"""

import json
import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from companion.cards import Group, fold, once_upon_a_time_deck
from evals.data.card_words import (
    CARD_WORDS_LANGS,
    CARD_WORDS_PATH,
    CardWords,
    load_custom_card_words,
)

DATA = CARD_WORDS_PATH.parent
MIN_CARDS = 300
MIN_PER_GROUP = 40
ALIASES = (5, 12)
PROTOTYPES = 3
LURES = (2, 3)
ID = re.compile(r"^cw-[a-z0-9]+(?:-[a-z0-9]+)*$")
ARTICLES = ("a ", "an ", "the ", "un ", "una ", "el ", "la ", "los ", "las ")


@cache
def cards() -> tuple[CardWords, ...]:
    return tuple(load_custom_card_words())


def bare(name: str) -> str:
    """A name folded as the deck folds it, without a leading article ("A Flood" -> "flood")."""
    text = fold(name)
    for article in ARTICLES:
        if text.startswith(article):
            return text[len(article) :]
    return text


def names(card: CardWords) -> list[str]:
    return [n for lang in CARD_WORDS_LANGS for n in (card[lang]["label"], *card[lang]["aliases"])]


@cache
def blind_card_names() -> frozenset[str]:
    """Every card named in a fresh blind set, folded (read for this comparison only)."""
    found: set[str] = set()
    for path in sorted(DATA.glob("referee_fresh*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                found.update(bare(card) for card in json.loads(line)["cards"])
    return frozenset(found)


def test_the_file_is_a_list_of_cards_with_unique_ids() -> None:
    ids = [card["id"] for card in cards()]
    assert len(ids) >= MIN_CARDS, len(ids)
    assert len(set(ids)) == len(ids), [i for i, n in Counter(ids).items() if n > 1]
    assert all(ID.match(card_id) for card_id in ids), [i for i in ids if not ID.match(i)]
    assert not {card.id for card in once_upon_a_time_deck()} & set(ids)


def test_every_group_is_a_deck_group_and_has_its_share() -> None:
    groups = Counter(card["group"] for card in cards())
    assert set(groups) == {group.value for group in Group}, groups
    assert min(groups.values()) >= MIN_PER_GROUP, groups


def test_each_language_has_a_label_aliases_prototypes_and_lures() -> None:
    for card in cards():
        assert set(card) == {"id", "group", *CARD_WORDS_LANGS}, card["id"]
        for lang in CARD_WORDS_LANGS:
            words = card[lang]
            where = f"{card['id']}.{lang}"
            assert set(words) == {"label", "aliases", "prototypes", "lures"}, where
            texts = [words["label"], *words["aliases"], *words["prototypes"], *words["lures"]]
            assert all(isinstance(t, str) and t.strip() == t and t for t in texts), where
            assert ALIASES[0] <= len(words["aliases"]) <= ALIASES[1], where
            assert len(words["prototypes"]) == PROTOTYPES, where
            assert LURES[0] <= len(words["lures"]) <= LURES[1], where
            folded = [fold(n) for n in (words["label"], *words["aliases"])]
            assert len(set(folded)) == len(folded), f"{where}: a name twice"


def test_no_name_names_a_deck_card() -> None:
    deck = once_upon_a_time_deck()
    hits = [(card["id"], n) for card in cards() for n in names(card) if deck.resolve(n)]
    assert not hits, hits


def test_no_name_names_two_cards_of_the_file() -> None:
    owners: dict[str, set[str]] = {}
    for card in cards():
        for name in names(card):
            owners.setdefault(fold(name), set()).add(card["id"])
    shared = {name: ids for name, ids in owners.items() if len(ids) > 1}
    assert not shared, shared


def test_no_label_or_alias_names_a_card_of_a_blind_set() -> None:
    """Compared casefolded (deck folding, no leading article); the names are not printed."""
    blind = blind_card_names()
    if not blind:
        pytest.skip("no fresh blind set in evals/data")
    labels = sum(
        any(bare(card[lang]["label"]) in blind for lang in CARD_WORDS_LANGS) for card in cards()
    )
    named = sum(any(bare(name) in blind for name in names(card)) for card in cards())
    assert labels == 0, f"{labels} card labels name a card of a blind set (names not printed)"
    assert named == 0, f"{named} cards have an alias naming a card of a blind set (not printed)"


def test_no_prototype_holds_its_own_label() -> None:
    """en/es: the label without its article, casefolded; ja: the label, also less a final な."""
    found = []
    for card in cards():
        for lang in CARD_WORDS_LANGS:
            label = card[lang]["label"]
            if lang == "ja":
                forms = {fold(label), fold(label.removesuffix("な") or label)}
            else:
                forms = {bare(label)}
            for sentence in card[lang]["prototypes"]:
                if any(form in fold(sentence) for form in forms):
                    found.append((card["id"], lang, sentence))
    assert not found, found


def test_the_loader_wants_the_cards_under_their_key(tmp_path: Path) -> None:
    path = tmp_path / "words.yaml"
    path.write_text("- id: cw-x\n", encoding="utf-8")
    with pytest.raises(ValueError, match="cards"):
        load_custom_card_words(path)


def test_training_texts_from_the_card_words() -> None:
    """`referee_train --card-words`: aliases and prototypes mention their card, lures do not,
    each text held with other labels of the file, the same under the same seed."""
    from evals.referee_train import NEGATIVES, card_words_cases

    cases = card_words_cases(11)
    assert cases == card_words_cases(11)
    cards = load_custom_card_words()
    lures = {lure for card in cards for lang in CARD_WORDS_LANGS for lure in card[lang]["lures"]}
    labels = {card[lang]["label"] for card in cards for lang in CARD_WORDS_LANGS}
    for case in cases:
        assert len(set(case["cards"])) == 1 + NEGATIVES
        assert set(case["cards"]) <= labels
        assert set(case["expected"]) <= set(case["cards"])
        assert (case["expected"] == []) == (case["text"] in lures)
    assert {case["lang"] for case in cases} == set(CARD_WORDS_LANGS)
