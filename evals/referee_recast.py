"""The cross-encoder as the cast's judge (candidate R of evals/reports/referee_lco_learned.md).

    python -m evals.referee_recast [--learn fresh6,fresh7] [--out PATH]

The cast (companion/referee/cast.py) links a later description of a story's element ("the
creature" after a wolf, その男 after a carpenter) by its class, or by the embedding's closeness
where no class is told; what neither links is left. Candidate R asks the shipped cross-encoder
about the held cards the story brought in whenever the text holds such a description that could
describe them: it reads the card's label with the story and the text, as it reads a labels-only
card, and flags the card as a re-mention when its probability reaches `CrossHead.recast`.

This chooses that threshold. It rules the story cases of the sets named by --learn twice with
the shipped referee: with the threshold at 0 (the judge flags every card it is asked about, its
score being its probability) and without the judge. The pairs the first flags and the second
does not are the ones the threshold decides; the threshold kept is the probability that
maximises flagged mentions minus flagged non-mentions over them (above every probability: the
judge flags nothing). The default sets are the spent sixth and seventh, which the shipped
cross-encoder did not learn from. Prints the counts; `--out` writes the threshold into that
learned-model file. Deterministic.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

import numpy as np

from companion.cards import once_upon_a_time_deck
from companion.referee import Referee, RefereeError
from companion.referee.factory import (
    cross_for,
    embedder_from_settings,
    remember_spans,
    scorer_from_settings,
)
from companion.referee.learned import MODEL_PATH, LearnedModel, load_model
from companion.referee.models import Ruling
from companion.settings import Settings
from evals.referee_eval import story_of
from evals.referee_lco import FRESH_LOADERS, held_cards

RECAST_LEARNED_FROM = ("fresh6", "fresh7")
NEVER = 1.01  # a threshold above every probability: the judge flags nothing


def with_recast(model: LearnedModel, threshold: float | None) -> LearnedModel:
    if model.cross is None:
        raise SystemExit("the learned model has no cross-encoder to judge with")
    return replace(model, cross=replace(model.cross, recast=threshold))


def decided_pairs(sources: Sequence[str], settings: Settings) -> tuple[np.ndarray, np.ndarray]:
    """The judge's probability and the gold of every pair its threshold decides."""
    embedder = embedder_from_settings(settings)
    scorer = scorer_from_settings(settings, embedder, remember_spans)
    if scorer is None:
        raise SystemExit("the learned scorer is off in the settings")
    deck = once_upon_a_time_deck()
    referees = []
    for threshold in (0.0, None):
        model = with_recast(scorer.model, threshold)
        judged = scorer.with_model(model, cross=cross_for(model, settings))
        referees.append(Referee(deck, embedder, scorer=judged))
    probabilities: list[float] = []
    gold: list[bool] = []
    for source in sources:
        for case in FRESH_LOADERS[source]():
            story = story_of(case)
            if not story:
                continue
            cards = held_cards(case)
            try:
                on, off = (r.rule(case["text"], cards, story=story) for r in referees)
            except RefereeError:
                continue
            for card, score in _judged(on, off).items():
                probabilities.append(score)
                gold.append(card in case["expected"])
    return np.asarray(probabilities), np.asarray(gold)


def _judged(on: Ruling, off: Ruling) -> dict[str, float]:
    """The cards the judge flagged that the referee without it does not, with the scores."""
    without = {m.card for m in off.mentions}
    return {
        m.card: m.score for m in on.mentions if m.method == "re-mention" and m.card not in without
    }


def choose_threshold(p: np.ndarray, y: np.ndarray) -> tuple[float, int, int]:
    """The threshold maximising flagged mentions minus flagged non-mentions, with its counts
    (NEVER, 0, 0 when no threshold nets a gain)."""
    best = (NEVER, 0, 0)
    for t in np.unique(p):
        flagged = p >= t
        mentions, others = int((flagged & y).sum()), int((flagged & ~y).sum())
        if mentions - others > best[1] - best[2]:
            best = (float(t), mentions, others)
    return best


def write_threshold(path: Path, threshold: float) -> None:
    """The threshold into the cross-encoder's head of the learned model in `path` (the shipped
    one's copy when `path` does not exist yet)."""
    model = with_recast(load_model(path if path.exists() else MODEL_PATH), threshold)
    path.write_text(json.dumps(model.as_dict(), indent=1) + "\n", encoding="utf-8")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learn", default=",".join(RECAST_LEARNED_FROM))
    parser.add_argument("--out", type=Path, help="write the threshold into this model file")
    args = parser.parse_args(argv)
    p, y = decided_pairs(args.learn.split(","), Settings())
    print(f"pairs the threshold decides: {len(y)} ({int(y.sum())} mentions)")
    threshold, mentions, others = choose_threshold(p, y)
    print(f"chosen: {threshold:.4f}, flagging {mentions} mentions and {others} non-mentions")
    if args.out is not None:
        write_threshold(args.out, threshold)
        print(f"wrote the threshold into {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
