"""The words `evals.e5_tune` trains adapters on: the deck's, and cards outside it (`--extra`)."""

import random
from pathlib import Path

import pytest
import yaml

from evals.e5_tune import CANDIDATES, Words, _candidates, deck_cards, deck_words, extra_cards


def _card(card_id: str, label: str) -> dict[str, object]:
    words = {"label": label, "aliases": [f"{label}s"], "prototypes": [f"A {label} came."]}
    return {"id": card_id, "group": "items", "en": words, "ja": dict(words), "es": dict(words)}


def test_extra_cards_train_beside_the_deck(tmp_path: Path) -> None:
    path = tmp_path / "words.yaml"
    path.write_text(yaml.safe_dump({"cards": [_card("cw-lantern", "Lantern")]}))
    deck = deck_cards()
    extra = extra_cards(path)
    everything = deck + extra
    words = deck_words(everything, ["cw-lantern", deck[0]["id"]])
    lantern = [w for w in words if w.text.startswith(("Lantern", "A Lantern"))]
    assert {w.card for w in lantern} == {len(deck)}  # indexed after the deck's cards
    assert {w.lang for w in lantern} == {"en", "ja", "es"}
    assert {w.kind for w in lantern} == {"alias", "prototype"}
    assert {w.card for w in words} == {0, len(deck)}


def test_a_deck_card_is_not_an_extra_card(tmp_path: Path) -> None:
    path = tmp_path / "words.yaml"
    path.write_text(yaml.safe_dump([_card("king", "King")]))
    with pytest.raises(ValueError, match="ids of deck cards"):
        extra_cards(path)


def test_a_batch_is_matched_against_its_own_cards_and_sampled_others() -> None:
    batch = [Words(f"w{c}", c, "en", "alias") for c in (3, 3, 250, 77)]
    many = list(range(400))
    first = _candidates(many, batch, random.Random(1))
    assert len(first) == CANDIDATES == len(set(first))
    assert {3, 250, 77} <= set(first)
    assert first == _candidates(many, batch, random.Random(1))  # seeded
    assert first != _candidates(many, batch, random.Random(2))
    few = list(range(CANDIDATES))
    assert _candidates(few, batch[:1], random.Random(1)) == few  # all of them, nothing drawn
