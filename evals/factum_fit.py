"""Fit the Factum guesser's feature weights on the DEV split only, and write them.

    python -m evals.factum_fit [--embedder e5] [--l2 0.01] [--dry-run]

A conditional logit (softmax over each table's five cards) over `FEATURES`, fitted by plain
gradient descent from zero weights: deterministic, no sampling, seconds to run. It prints the
dev accuracy of equal weights and of fitted weights, both by 5-fold cross-validation on dev
(folds by a fixed seed), then fits on all of dev and writes the weights for the embedder's name
into `companion/seats/data/factum_guesser.yaml`. The holdout split is never read.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
import yaml

from companion.seats.factum import FEATURES, FactumReader
from embeddings import load_embedder
from evals.factum_cases import load_factum_cases

WEIGHTS_PATH = Path(__file__).resolve().parents[1] / "companion/seats/data/factum_guesser.yaml"
FOLDS = 5
FOLD_SEED = 20261123


def fit(features: np.ndarray, answers: np.ndarray, *, l2: float, steps: int = 3000) -> np.ndarray:
    """Weights maximising the mean log-probability of each table's answer, minus l2·|w|²/2."""
    weights = np.zeros(features.shape[2])
    rows = np.arange(len(answers))
    for _ in range(steps):
        scores = features @ weights
        probs = np.exp(scores - scores.max(axis=1, keepdims=True))
        probs /= probs.sum(axis=1, keepdims=True)
        expected = (probs[:, :, None] * features).sum(axis=1)
        gradient = (features[rows, answers] - expected).mean(axis=0) - l2 * weights
        weights += 0.5 * gradient
    return weights


def accuracy(weights: np.ndarray, features: np.ndarray, answers: np.ndarray) -> float:
    return float(((features @ weights).argmax(axis=1) == answers).mean())


def cross_validated(features: np.ndarray, answers: np.ndarray, *, l2: float) -> float:
    order = np.random.default_rng(FOLD_SEED).permutation(len(answers))
    right = 0
    for fold in np.array_split(order, FOLDS):
        train = np.setdiff1d(order, fold)
        weights = fit(features[train], answers[train], l2=l2)
        right += int(((features[fold] @ weights).argmax(axis=1) == answers[fold]).sum())
    return right / len(answers)


def dev_features(reader: FactumReader) -> tuple[np.ndarray, np.ndarray]:
    cases = load_factum_cases(splits=("dev",))
    features = np.stack([reader.features(c.story, c.cards) for c in cases])
    answers = np.array([c.cards.index(c.answer) for c in cases])
    return features, answers


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--embedder", default="e5")
    parser.add_argument("--l2", type=float, default=0.01)
    parser.add_argument("--dry-run", action="store_true", help="print, do not write")
    args = parser.parse_args(argv)
    cache_dir = Path.home() / ".cache" / "storytelling-companion"
    reader = FactumReader(load_embedder(args.embedder, cache_dir=cache_dir), cache_dir=cache_dir)
    features, answers = dev_features(reader)
    equal = np.ones(len(FEATURES))
    print(f"dev cases: {len(answers)}; features: {', '.join(FEATURES)}")
    print(f"equal weights: dev accuracy {accuracy(equal, features, answers):.3f}")
    print(f"fitted, {FOLDS}-fold CV on dev: {cross_validated(features, answers, l2=args.l2):.3f}")
    weights = fit(features, answers, l2=args.l2)
    print(f"fitted on all dev: {dict(zip(FEATURES, weights.round(3), strict=True))}")
    if not args.dry_run:
        stored = yaml.safe_load(WEIGHTS_PATH.read_text(encoding="utf-8"))
        stored["weights"][reader.embedder_name] = {
            f: round(float(w), 4) for f, w in zip(FEATURES, weights, strict=True)
        }
        header = "# Written by `make factum-fit` (evals/factum_fit.py); do not edit by hand.\n"
        WEIGHTS_PATH.write_text(header + yaml.safe_dump(stored, sort_keys=True), encoding="utf-8")
        print(f"wrote {WEIGHTS_PATH}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
