"""Leave-cards-out (evals/referee_lco.py): the folds, and the reduced referee whose fold cards
have lost everything written for them but their labels.

Lexical-only referees and the hashing embedder: no model needed. Nothing here reads the fresh
blind set.
"""

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import fields
from pathlib import Path

import pytest

from companion.cards import LANGUAGES, Deck, once_upon_a_time_deck
from companion.referee import Referee
from embeddings import HashingEmbedder, Vectors
from evals.referee_lco import (
    CachedEmbedder,
    Decision,
    Referees,
    card_folds,
    decisions_of,
    flagged_cards,
    reduced_deck,
    reduced_referee,
    run,
    tally,
)


@pytest.fixture(scope="module")
def deck() -> Deck:
    return once_upon_a_time_deck()


def test_every_card_is_in_exactly_one_fold(deck: Deck) -> None:
    folds = card_folds(deck, k=5, seed=11)
    assert len(folds) == 5
    dealt = Counter(card_id for fold in folds for card_id in fold)
    assert set(dealt) == {card.id for card in deck.story_cards}
    assert set(dealt.values()) == {1}


def test_folds_are_deterministic_and_depend_on_the_seed(deck: Deck) -> None:
    assert card_folds(deck, 5, 11) == card_folds(deck, 5, 11)
    assert card_folds(deck, 5, 11) != card_folds(deck, 5, 12)


def test_folds_are_stratified_by_group(deck: Deck) -> None:
    folds = card_folds(deck, k=5, seed=3)
    sizes = [len(fold) for fold in folds]
    assert max(sizes) - min(sizes) <= 1
    for group in {card.group for card in deck.story_cards}:
        ids = {card.id for card in deck.in_group(group)}
        per_fold = [len(fold & ids) for fold in folds]
        assert max(per_fold) - min(per_fold) <= 1, (group, per_fold)


def test_fewer_than_two_folds_is_refused(deck: Deck) -> None:
    with pytest.raises(ValueError, match="two folds"):
        card_folds(deck, k=1)


def test_reduced_deck_keeps_only_the_labels_of_the_fold_cards(deck: Deck) -> None:
    reduced = reduced_deck(deck, {"horse", "king"})
    for card_id in ("horse", "king"):
        card, original = reduced.story_card(card_id), deck.story_card(card_id)
        assert set(card.text) == set(LANGUAGES) == set(original.text)
        for lang in LANGUAGES:
            assert card.label(lang) == original.label(lang)
            assert card.text[lang].aliases == () and card.text[lang].prototypes == ()
            assert original.text[lang].aliases  # there was something to remove
        assert card.group == original.group
    assert reduced.story_card("wolf").text == deck.story_card("wolf").text
    assert reduced.resolve("stallion") is None  # an alias of Horse no longer names it
    assert reduced.resolve("Caballo") is reduced.story_card("horse")  # its Spanish label does


def test_reduced_deck_refuses_unknown_ids(deck: Deck) -> None:
    with pytest.raises(ValueError, match="not story cards"):
        reduced_deck(deck, {"unicorn"})


@pytest.mark.parametrize(
    ("card_id", "alias_text", "label_text", "card"),
    [
        ("horse", "Three stallions galloped past.", "A horse galloped past.", "Horse"),
        ("king", "国王が城に戻りました。", "王が城に戻りました。", "King"),
        ("king", "Los monarcas llegaron.", "El rey llegó.", "Rey"),
    ],
)
def test_an_alias_no_longer_fires_but_the_label_does(
    deck: Deck, card_id: str, alias_text: str, label_text: str, card: str
) -> None:
    shipped = Referee(deck, None)
    reduced = reduced_referee(deck, {card_id}, None)
    assert [m.card for m in shipped.rule(alias_text, [card]).mentions] == [card]
    assert [m.card for m in reduced.rule(alias_text, [card]).mentions] == []
    assert [m.card for m in reduced.rule(label_text, [card]).mentions] == [card]


def test_inference_rules_of_a_fold_card_are_withheld(deck: Deck) -> None:
    text, cards = "The king's son rode out.", ["Prince", "King"]
    shipped = Referee(deck, None)
    assert sorted(m.card for m in shipped.rule(text, cards).mentions) == ["King", "Prince"]
    reduced = reduced_referee(deck, {"prince"}, None)
    assert reduced.withheld == {"prince"}
    assert [m.card for m in reduced.rule(text, cards).mentions] == ["King"]
    assert [m.card for m in reduced.rule("The prince rode out.", cards).mentions] == ["Prince"]


def test_a_fold_card_given_by_an_alias_is_still_that_card(deck: Deck) -> None:
    """A player holding Barca may type "Barco"; without the alias the reduced referee would
    take it for a free-text card matched by its own word, so it is passed by its deck id."""
    case = {"text": "Subieron al barco.", "cards": ["Barco", "Rey"], "expected": ["Barco"]}
    reduced = reduced_referee(deck, {"boat"}, None)
    assert flagged_cards(reduced, case) == {"Barco"}  # the leak the renaming closes
    by_id = flagged_cards(reduced, case, lambda g: "boat" if g == "Barco" else g)
    assert by_id == set()
    labelled = {**case, "text": "Subieron a la barca."}
    by_id = flagged_cards(reduced, labelled, lambda g: "boat" if g == "Barco" else g)
    assert by_id == {"Barco"}  # mapped back to the card as the case gave it


def test_decisions_carry_no_case_id_or_text(deck: Deck) -> None:
    assert {f.name for f in fields(Decision)} == {"lang", "tags", "custom", "expected", "flagged"}
    case = {
        "id": "x-1",
        "lang": "en",
        "text": "A wolf and a scarecrow.",
        "cards": ["Wolf", "Scarecrow", "King"],
        "expected": ["Wolf", "Scarecrow"],
        "tags": ["literal"],
    }
    decisions = decisions_of(case, {"Wolf", "King"}, deck)
    t = tally(decisions)
    assert (t.overall.tp, t.overall.fp, t.overall.fn, t.overall.cases) == (1, 1, 1, 3)
    assert t.by_card_kind["custom"].fn == 1 and t.by_card_kind["bundled"].tp == 1
    assert tally(decisions_of(case, None, deck)).overall.tp == 0  # a refused case flags nothing


def test_cached_embedder_embeds_each_text_once() -> None:
    calls: list[int] = []

    class Counting(HashingEmbedder):
        def embed(self, texts: Sequence[str]) -> Vectors:
            calls.append(len(texts))
            return super().embed(texts)

    inner = Counting(64)
    cached = CachedEmbedder(inner)
    first = cached.embed(["a wolf", "a king", "a wolf"])
    again = cached.embed(["a king", "a wolf"])
    assert calls == [2]
    assert (first[0] == again[1]).all() and (first[1] == again[0]).all()
    assert (cached.name, cached.dimension, cached.revision) == (inner.name, 64, inner.revision)
    assert cached.embed([]).shape == (0, 64)


def test_guards_keyed_to_a_fold_card_are_withheld(deck: Deck) -> None:
    """The copula-metaphor guard knows by id which cards are animals ("the queen was a wolf");
    a labels-only Wolf has lost that too."""
    text, cards = "The queen was a wolf in battle.", ["Wolf", "Queen"]
    assert [m.card for m in Referee(deck, None).rule(text, cards).mentions] == ["Queen"]
    reduced = reduced_referee(deck, {"wolf"}, None)
    assert sorted(m.card for m in reduced.rule(text, cards).mentions) == ["Queen", "Wolf"]


def test_run_scores_fold_cards_beside_the_shipped_referee(
    deck: Deck, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cases = [
        ("d-1", "en", "Three stallions galloped past the king.", ["Horse", "King", "Wolf"]),
        ("d-2", "es", "El rey montaba un caballo.", ["Caballo", "Rey", "Lobo"]),
        ("d-3", "en", "A wolf and a scarecrow.", ["Wolf", "Scarecrow"]),
    ]
    expected = {"d-1": ["Horse", "King"], "d-2": ["Caballo", "Rey"], "d-3": ["Wolf", "Scarecrow"]}
    path = tmp_path / "cases.jsonl"
    path.write_text(
        "".join(
            json.dumps(
                {
                    "id": i,
                    "lang": lang,
                    "text": text,
                    "cards": cards,
                    "expected": expected[i],
                    "tags": ["literal"],
                    "split": "dev",
                }
            )
            + "\n"
            for i, lang, text, cards in cases
        ),
        encoding="utf-8",
    )
    referees = Referees(deck, None, None)
    summary = run(
        referees, k=2, seed=1, cases_path=path, holdout_path=None, fresh=False, write=False
    )
    systems = summary["lco"]["systems"]
    assert set(systems) == {"shipped on", "reduced on", "shipped off", "reduced off"}
    # every deck card of every case is decided once, in its own fold: 7 pairs (Scarecrow is none)
    assert {s["overall"]["cases"] for s in systems.values()} == {7}
    shipped, reduced = systems["shipped off"]["overall"], systems["reduced off"]["overall"]
    assert (shipped["tp"], shipped["fn"]) == (5, 0)
    assert (reduced["tp"], reduced["fn"]) == (4, 1)  # "stallions" is an alias, lost
    assert summary["dev"]["off"]["by_card_kind"]["custom"]["fn"] == 0  # scarecrow's own word
    assert "Leave-cards-out" in capsys.readouterr().out
