"""Leave one spent set out: does what the learned scorer learns from some fresh sets carry to
another fresh set, of other cards and another writer's phrasing, that it never saw?

    python -m evals.referee_sets [--rows PATH] [--seed 11]

The five fresh sets of `evals.referee_train.SPENT_NAMES` have each spent their one choice between
models (only their aggregates were ever read). Here each in turn is held out: every recipe is fit
on the dev split, the deck's words and (if the recipe learns from them) the other four sets,
without the rows of any custom card the held-out set holds; its cut-off is chosen out of fold on
what it was fit on; then it rules the held-out set's pairs that the tables leave to it. Scored
on the custom-card pairs (cards outside the deck), as `evals.referee_lco` scores its fresh sets,
but with every deck card given by its labels only. Figures only, per set, language and the
protected tags pooled: no case is named, read or printed.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from evals.referee_eval import Counts
from evals.referee_lco import FOLDS, SEED, card_folds
from evals.referee_train import (
    BEST_F1,
    DEV_PRECISION,
    SPENT_NAMES,
    Pair,
    Rows,
    fit_recipe,
    fold_lookup,
    load_rows,
)

RECIPES = {  # name: (learns from the other spent sets, how the cut-off is chosen)
    "today's recipe": (False, DEV_PRECISION),
    "today's recipe, best-F1 cut-off": (False, BEST_F1),
    "+ spent sets, dev-precision cut-off": (True, DEV_PRECISION),
    "+ spent sets, best-F1 cut-off": (True, BEST_F1),
}
TABLES_ONLY = "tables only (no learned flag)"
LANGS = ("en", "ja", "es")


def count(counts: Counts, expected: bool, flagged: bool) -> None:
    counts.tp += expected and flagged
    counts.fp += flagged and not expected
    counts.fn += expected and not flagged


@dataclass
class Score:
    """Custom-card pairs of one held-out set: all, by language, in protected cases."""

    custom: Counts
    by_lang: dict[str, Counts]
    protected: Counts

    @classmethod
    def of(cls, pairs: Sequence[Pair], flagged_row: dict[int, bool]) -> Score:
        score = cls(Counts(), {lang: Counts() for lang in LANGS}, Counts())
        for pair in pairs:
            if not pair.free:
                continue
            flagged = pair.found or flagged_row.get(pair.row, False)
            count(score.custom, pair.expected, flagged)
            count(score.by_lang[pair.lang], pair.expected, flagged)
            if pair.protected:
                count(score.protected, pair.expected, flagged)
        return score


def held_out_scores(rows: Rows, seed: int) -> dict[str, dict[str, Score]]:
    """recipe name (and TABLES_ONLY) -> held-out set -> its score."""
    from companion.cards import once_upon_a_time_deck

    fold_of = fold_lookup(card_folds(once_upon_a_time_deck(), FOLDS, seed))
    x = np.stack(rows.x)
    y = np.asarray(rows.y, dtype=np.float64)
    source = np.asarray(rows.source)
    group = np.asarray(rows.group)
    row_fold = np.asarray([fold_of(g) for g in rows.group])
    spent_row = np.isin(source, list(SPENT_NAMES))
    out: dict[str, dict[str, Score]] = {name: {} for name in [TABLES_ONLY, *RECIPES]}
    for held in SPENT_NAMES:
        held_pairs = [pair for pair in rows.pairs if pair.source == held]
        held_rows = np.asarray(sorted({pair.row for pair in held_pairs if pair.row >= 0}))
        held_cards = {rows.group[pair.row] for pair in held_pairs if pair.free and pair.row >= 0}
        base = (source != held) & ~np.isin(group, list(held_cards))
        out[TABLES_ONLY][held] = Score.of(held_pairs, {})
        for name, (learns_spent, calibration) in RECIPES.items():
            learn = base if learns_spent else base & ~spent_row
            calibration_pairs = [
                pair
                for pair in rows.pairs
                if (
                    pair.source == "dev"
                    or (learns_spent and calibration == BEST_F1 and pair.source in SPENT_NAMES)
                )
                and pair.source != held
                and (pair.row < 0 or learn[pair.row])
            ]
            fitted = fit_recipe(x, y, row_fold, learn, calibration_pairs, calibration)
            p = fitted.probability(x[held_rows])
            flagged = dict(zip(held_rows.tolist(), (p >= fitted.threshold).tolist(), strict=True))
            out[name][held] = Score.of(held_pairs, flagged)
    return out


def render(scores: dict[str, dict[str, Score]]) -> list[str]:
    lines = [
        "Custom-card F1 (P / R) on each held-out spent set; every recipe fit without that set",
        "and without any custom card it holds:",
        "",
        "| recipe | " + " | ".join(SPENT_NAMES) + " | mean F1 | pooled en / ja / es | "
        "pooled protected P |",
        "|---" * (len(SPENT_NAMES) + 4) + "|",
    ]
    for name, per_set in scores.items():
        cells = [
            f"{s.custom.f1:.3f} ({s.custom.precision:.3f} / {s.custom.recall:.3f})"
            for s in (per_set[held] for held in SPENT_NAMES)
        ]
        mean = float(np.mean([per_set[held].custom.f1 for held in SPENT_NAMES]))
        pooled = {lang: Counts() for lang in LANGS}
        protected = Counts()
        for score in per_set.values():
            for lang in LANGS:
                pooled[lang].tp += score.by_lang[lang].tp
                pooled[lang].fp += score.by_lang[lang].fp
                pooled[lang].fn += score.by_lang[lang].fn
            protected.tp += score.protected.tp
            protected.fp += score.protected.fp
            protected.fn += score.protected.fn
        langs = " / ".join(f"{pooled[lang].f1:.3f}" for lang in LANGS)
        lines.append(
            f"| {name} | " + " | ".join(cells) + f" | {mean:.3f} | {langs} | "
            f"{protected.precision:.3f} |"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--rows",
        type=Path,
        required=True,
        help="the feature rows of `python -m evals.referee_train --spent-sets --rows PATH`",
    )
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    print("\n".join(render(held_out_scores(load_rows(args.rows), args.seed))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
