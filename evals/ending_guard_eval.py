"""Calibrate and measure the ending guard (`companion.story.ending_guard`) on
`evals/data/ending_leaks.yaml`: sentences that give an ending card away (paraphrases and
translations) and sentences on its theme that do not. The threshold is chosen on the dev half
(odd-numbered endings) to maximise F1; the test half (even-numbered) is measured once, as a
whole (no per-case output). The word-for-word check of `verify.quotes` runs on the same data.

    python -m evals.ending_guard_eval            # print the figures
    python -m evals.ending_guard_eval --write    # and store the dev threshold for this embedder
"""

import argparse
from pathlib import Path
from typing import Any

import numpy as np
import yaml

from companion.cards import once_upon_a_time_deck
from companion.referee.factory import embedder_from_settings
from companion.referee.tokens import detect_language
from companion.settings import Settings
from companion.story.ending_guard import EndingGuard
from companion.story.verify import quotes

DATA = Path(__file__).parent / "data" / "ending_leaks.yaml"
THRESHOLDS = Path(__file__).parents[1] / "companion" / "story" / "data" / "ending_guard.yaml"


def _cases(split: str) -> list[tuple[str, str, bool]]:
    data: dict[str, Any] = yaml.safe_load(DATA.read_text(encoding="utf-8"))
    keep = 1 if split == "dev" else 0
    return [
        (ending, text, leak)
        for ending, entry in data.items()
        if int(ending.split("-")[1]) % 2 == keep
        for leak, key in ((True, "gives_away"), (False, "keeps_it"))
        for text in entry[key]
    ]


def _figures(predicted: list[bool], truth: list[bool]) -> dict[str, float]:
    p, t = np.array(predicted), np.array(truth)
    tp, fp, fn = int((p & t).sum()), int((p & ~t).sum()), int((~p & t).sum())
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"precision": precision, "recall": recall, "f1": f1, "n": len(truth)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="store the dev threshold")
    args = parser.parse_args()
    deck = once_upon_a_time_deck()
    embedder = embedder_from_settings(Settings(_env_file=None))  # type: ignore[call-arg]
    guard = EndingGuard(embedder, threshold=1.0)
    scored = {
        split: [
            (guard.score([text], deck.ending(end)), leak, end, text)
            for end, text, leak in _cases(split)
        ]
        for split in ("dev", "test")
    }
    dev = scored["dev"]
    best = max(
        sorted({round(s, 4) for s, *_ in dev}),
        key=lambda th: (
            _figures([s >= th for s, *_ in dev], [leak for _, leak, *_ in dev])["f1"],
            th,
        ),
    )
    print(f"ending guard on {embedder.name}: threshold {best:.4f} (best F1 on dev)")
    print("| split | cases | guard P | guard R | guard F1 | word-for-word R |")
    print("|---|---|---|---|---|---|")
    for split, rows in scored.items():
        truth = [leak for _, leak, *_ in rows]
        guard_figures = _figures([s >= best for s, *_ in rows], truth)
        quoted = [
            quotes(text, deck.ending(end).text[detect_language(text)]) for _, _, end, text in rows
        ]
        word = _figures(quoted, truth)
        print(
            f"| {split} | {len(rows)} | {guard_figures['precision']:.2f} | "
            f"{guard_figures['recall']:.2f} | {guard_figures['f1']:.2f} | {word['recall']:.2f} |"
        )
    if args.write:
        stored: dict[str, Any] = yaml.safe_load(THRESHOLDS.read_text(encoding="utf-8")) or {}
        stored[embedder.name] = {"threshold": round(best, 4), "chosen_on": "ending_leaks dev"}
        THRESHOLDS.write_text(yaml.safe_dump(stored, sort_keys=True), encoding="utf-8")
        print(f"stored in {THRESHOLDS}")


if __name__ == "__main__":
    main()
