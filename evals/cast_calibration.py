"""Calibrate the cast's cut-offs (companion/referee/cast.py, `Thresholds`) on the dev split only.

The cast links a definite description to an element of the story by its class, or, when the
description names no class or the element's class cannot be told, by the cosine of their words;
these cut-offs are per language. This rules every dev case that has a story (the only cases where
the cast can change a ruling) at each point of a small grid, one kind of cut-off at a time (the
other off), and prints F1 and false positives per point and the pick (`pick`: best F1, the lowest
tied cut-off plus a margin). It reads no test, holdout or fresh case.

    python -m evals.cast_calibration
"""

import argparse
from collections.abc import Sequence
from dataclasses import dataclass, replace

from companion.cards import once_upon_a_time_deck
from companion.referee import Referee
from companion.referee.cast import Thresholds
from companion.referee.tokens import Language
from evals.data.cases import CASES_PATH, Case, load_cases

GRID = (0.25, 0.30, 0.35, 0.40, 0.45, 0.50, 0.55, 0.60, 0.65, 0.70, 1.01)
NEVER = 1.01
MARGIN = 0.10


@dataclass(frozen=True)
class Row:
    cut_off: float
    f1: float
    tp: int
    fp: int
    fn: int


def counts(referee: Referee, cases: Sequence[Case]) -> tuple[int, int, int]:
    """True positives, false positives and false negatives over the cases' held cards."""
    tp = fp = fn = 0
    for case in cases:
        flagged = set(referee.rule(case["text"], case["cards"], story=case["story"]).cards)
        expected = set(case["expected"])
        tp += len(flagged & expected)
        fp += len(flagged - expected)
        fn += len(expected - flagged)
    return tp, fp, fn


def f1(tp: int, fp: int, fn: int) -> float:
    return 2 * tp / (2 * tp + fp + fn) if tp else 0.0


def sweep(referee: Referee, cases: Sequence[Case], lang: Language, name: str) -> list[Row]:
    """F1, TP, FP, FN of one language's cases at each cut-off of one kind (`by_closeness` or
    `unknown_kind`), the other kind off."""
    assert referee.cast is not None
    base = referee.cast.thresholds
    rows = []
    for cut_off in GRID:
        never = {"en": NEVER, "es": NEVER, "ja": NEVER}
        setting = {"by_closeness": dict(never), "unknown_kind": dict(never)}
        setting[name][lang] = cut_off
        referee.cast.thresholds = replace(base, **setting)  # type: ignore[arg-type]
        tp, fp, fn = counts(referee, cases)
        rows.append(Row(cut_off, f1(tp, fp, fn), tp, fp, fn))
    referee.cast.thresholds = base
    return rows


def pick(rows: Sequence[Row]) -> float:
    """The best F1; among tied cut-offs the lowest plus a margin of 0.10 (the lowest sits next
    to the first false positive), capped at "never"; "never" when no dev case changes anywhere
    on the grid (no evidence either way)."""
    if len({(row.tp, row.fp, row.fn) for row in rows}) == 1:
        return NEVER
    best = max(row.f1 for row in rows)
    lowest = min(row.cut_off for row in rows if row.f1 == best)
    return min(NEVER, round(lowest + MARGIN, 2))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evals.cast_calibration", description=__doc__)
    parser.add_argument("--embedder", default=None, help="embedder kind (default: from settings)")
    args = parser.parse_args(argv)
    from companion.referee.factory import embedder_from_settings, referee_from_settings
    from companion.settings import Settings

    settings = Settings()
    embedder = embedder_from_settings(settings, args.embedder)
    referee = referee_from_settings(once_upon_a_time_deck(), settings, embedder)
    cases = [case for case in load_cases(CASES_PATH, split="dev") if case.get("story")]
    print("| language | cut-off | " + " | ".join(f"{g:.2f}" for g in GRID) + " | picked |")
    print("|---|---|" + "---|" * (len(GRID) + 1))
    languages: tuple[Language, ...] = ("en", "es", "ja")
    for lang in languages:
        of_lang = [c for c in cases if c["lang"] == lang]
        for name in ("by_closeness", "unknown_kind"):
            rows = sweep(referee, of_lang, lang, name)
            cells = " | ".join(f"{r.f1:.3f} ({r.fp} FP)" for r in rows)
            print(f"| {lang} | {name} | {cells} | {pick(rows):.2f} |")
    print(f"\n{len(cases)} dev cases with a story; shipped: {Thresholds()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
