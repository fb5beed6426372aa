"""The learned path's training rows and the leave-one-spent-set-out measure (evals.referee_sets):
rows and pairs survive the rows file, the tables' counts and the learned flags add up, and a
held-out set (and every custom card it holds) is never learned from."""

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from companion.cards import once_upon_a_time_deck
from companion.referee.lexicon import Resolver
from evals import referee_sets
from evals.referee_train import (
    BEST_F1,
    DEV_PRECISION,
    SPENT_NAMES,
    Pair,
    Rows,
    calibration_view,
    collect_rows,
    fit_recipe,
    kept_apart_custom_keys,
    load_rows,
    save_rows,
)
from evals.referee_train import fit_recipe as real_fit_recipe

FEATURES = 3


def _rows(seed: int = 3) -> Rows:
    """Dev rows, deck rows and rows of every spent set: the first feature tells a mention."""
    rng = np.random.default_rng(seed)
    rows = Rows([], [], [], [])
    for source in ("dev", "deck", *SPENT_NAMES):
        for n in range(40):
            y = int(n % 3 == 0)
            card = f"free:{source}-{n % 5}" if source in SPENT_NAMES else f"card-{n % 7}"
            if source in SPENT_NAMES and n % 10 == 0:
                card = "free:shared"  # a custom card every spent set holds
            x = np.asarray([2.0 * y + rng.normal(0, 0.5), rng.normal(), rng.normal()])
            row = rows.add(x, y, card, source == "dev", source)
            rows.words.append(("en", "", f"text {source} {n}", card))
            if source != "deck":
                free = card.startswith("free:")
                rows.pairs.append(Pair(source, "en", free, n % 4 == 0, bool(y), False, row))
                # a pair the tables decided: found and expected
                rows.pairs.append(Pair(source, "ja", free, False, True, True, -1))
    return rows


def test_rows_and_pairs_survive_the_rows_file(tmp_path: Path) -> None:
    rows = _rows()
    save_rows(tmp_path / "rows.npz", rows)
    again = load_rows(tmp_path / "rows.npz")
    assert np.array_equal(np.stack(again.x), np.stack(rows.x))
    assert again.y == rows.y and again.group == rows.group and again.source == rows.source
    assert again.pairs == rows.pairs
    assert again.words == rows.words


def test_the_calibration_view_counts_the_tables_and_keeps_the_learned_rows() -> None:
    pairs = [
        Pair("dev", "en", True, False, True, True, -1),  # tables: true positive
        Pair("dev", "en", True, False, False, True, -1),  # tables: false positive
        Pair("dev", "en", True, False, True, False, -1),  # gated: a miss
        Pair("dev", "en", True, False, True, False, 7),  # left to the learned path
    ]
    ruled, tables = calibration_view(pairs, np.zeros(8))
    assert ruled.tolist() == [7]
    assert tables == {"tp": 1, "fp": 1, "positives": 3}


def test_a_score_counts_custom_pairs_only_and_the_learned_flags() -> None:
    pairs = [
        Pair("fresh", "en", True, True, True, True, -1),  # found by the tables
        Pair("fresh", "ja", True, True, False, False, 3),  # flagged wrongly by the learned path
        Pair("fresh", "es", True, False, True, False, 4),  # missed
        Pair("fresh", "en", False, True, False, True, -1),  # a deck card: not counted
    ]
    score = referee_sets.Score.of(pairs, {3: True, 4: False})
    assert (score.custom.tp, score.custom.fp, score.custom.fn) == (1, 1, 1)
    assert score.protected.precision == pytest.approx(0.5)
    assert score.by_lang["es"].recall == 0.0


@pytest.mark.parametrize("calibration", [DEV_PRECISION, BEST_F1])
def test_a_fit_flags_the_separable_mentions(calibration: str) -> None:
    rows = _rows()
    x, y = np.stack(rows.x), np.asarray(rows.y, dtype=np.float64)
    learn = np.ones(len(y), dtype=bool)
    folds = np.arange(len(y)) % 5
    fitted = fit_recipe(
        x, y, folds, learn, [p for p in rows.pairs if p.source == "dev"], calibration
    )
    p = 1 / (1 + np.exp(-(fitted.platt[0] * fitted.weights.logit(x) + fitted.platt[1])))
    assert ((p >= fitted.threshold) == (y == 1)).mean() > 0.9


def test_a_calibration_pair_outside_the_learned_rows_is_refused() -> None:
    rows = _rows()
    x, y = np.stack(rows.x), np.asarray(rows.y, dtype=np.float64)
    learn = np.asarray([s != "dev" for s in rows.source])
    with pytest.raises(ValueError, match="not learned from"):
        fit_recipe(x, y, np.arange(len(y)) % 5, learn, rows.pairs, DEV_PRECISION)


def test_a_held_out_set_and_its_custom_cards_are_never_learned_from(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rows = _rows()
    seen: list[tuple[np.ndarray, list[Pair]]] = []

    def recording(*args: Any) -> Any:
        seen.append((args[3].copy(), list(args[4])))
        return real_fit_recipe(*args)

    monkeypatch.setattr(referee_sets, "fit_recipe", recording)
    scores = referee_sets.held_out_scores(rows, seed=11)
    source = np.asarray(rows.source)
    shared = np.asarray(rows.group) == "free:shared"
    assert len(seen) == len(SPENT_NAMES) * len(referee_sets.RECIPES)
    for n, (learn, calibration_pairs) in enumerate(seen):
        held = SPENT_NAMES[n // len(referee_sets.RECIPES)]
        learns_spent, _ = list(referee_sets.RECIPES.values())[n % len(referee_sets.RECIPES)]
        assert not learn[source == held].any()
        assert not learn[shared].any()  # the held-out set holds it: no set teaches it
        assert learn[source == "dev"].all()
        others = np.isin(source, [s for s in SPENT_NAMES if s != held])
        assert learn[others & ~shared].all() == learns_spent
        assert all(pair.source != held for pair in calibration_pairs)
    for name in [referee_sets.TABLES_ONLY, *referee_sets.RECIPES]:
        assert set(scores[name]) == set(SPENT_NAMES)
    assert len(referee_sets.render(scores)) == 5 + len(scores)


class _NoFeatures:
    """A stand-in for the mention scorer (its features are not what is tested): zero rows, no
    guard flag."""

    def features(self, analysis: Any, targets: Any) -> tuple[np.ndarray, list[Any], list[Any]]:
        return np.zeros((len(targets), FEATURES)), [], [(False, False, False)] * len(targets)


def test_a_kept_out_custom_card_gives_no_row_of_that_source() -> None:
    deck = once_upon_a_time_deck()
    case = {
        "lang": "en",
        "text": "A straw man stood in the cornfield, guarding it from the crows.",
        "cards": ["Scarecrow", "Ploughman", "King"],
        "expected": ["Scarecrow"],
        "tags": [],
    }
    key = Resolver(deck).target("Scarecrow").key
    rows = collect_rows(
        deck,
        _NoFeatures(),  # type: ignore[arg-type]
        [],
        [],
        {"more": [case], "fresh6": [case]},
        kept_out={"more": {key}},
    )
    by_source: dict[str, set[str]] = {source: set() for source in ("more", "fresh6")}
    for source, group in zip(rows.source, rows.group, strict=True):
        by_source[source].add(group)
    assert key in by_source["fresh6"]  # the same case, another source: collected
    assert key not in by_source["more"]
    assert by_source["more"] == by_source["fresh6"] - {key}
    assert by_source["more"]  # the other custom card is still collected


def test_the_kept_apart_sets_custom_cards_are_custom_and_many() -> None:
    deck = once_upon_a_time_deck()
    keys = kept_apart_custom_keys(deck)
    assert len(keys) >= 300
    resolver = Resolver(deck)
    assert all(resolver.target(key).card is None for key in keys)
