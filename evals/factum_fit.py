"""Build the Factum guesser's story prototypes, fit its feature weights on DEV only, write both.

    python -m evals.factum_fit [--embedder e5] [--l2 0.01] [--dry-run]

First the prototypes: each bank card's training stories (`evals/data/factum_train/*.jsonl`,
written for training, never for evaluation) are embedded (the "query: " role, as stories are
read) and averaged into one unit vector per card, stored int8 in
`companion/seats/data/factum_prototypes.npz` with the embedder's name and the hash of the
training files (the recipe). Then a conditional logit (softmax over each table's five cards)
over `FEATURES`, fitted by plain gradient descent from zero weights: deterministic, no
sampling, seconds to run. It prints the dev accuracy of equal weights and of fitted weights,
both by 5-fold cross-validation on dev (folds by a fixed seed), then fits on all of dev and
writes the weights for the embedder's name into `companion/seats/data/factum_guesser.yaml`.
The holdout split is never read, nor are the dev cases' stories put into any prototype.
"""

from __future__ import annotations

import argparse
import hashlib
import io
from collections import defaultdict
from pathlib import Path

import numpy as np
import yaml

from companion.seats.factum import (
    FEATURES,
    PROTOTYPES,
    EmbedderRole,
    FactumReader,
    StoryPrototypes,
    bank_cards,
    quantise,
    read_prototypes,
)
from embeddings import CardVectorCache, Embedder, load_embedder
from evals.factum_cases import load_factum_cases, story_files

SEAT_DATA = Path(__file__).resolve().parents[1] / "companion/seats/data"
WEIGHTS_PATH = SEAT_DATA / "factum_guesser.yaml"
TRAINING = Path(__file__).resolve().parent / "data" / "factum_train"
CACHE_DIR = Path.home() / ".cache" / "storytelling-companion"
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


def training_stories() -> list[dict[str, str]]:
    """The training stories, every file of `evals/data/factum_train/` in name order."""
    return story_files(TRAINING)


def training_recipe() -> str:
    digest = hashlib.sha256()
    for path in sorted(TRAINING.glob("*.jsonl")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def build_prototypes(embedder: Embedder) -> StoryPrototypes:
    """Each bank card's unit mean story vector (the reader's query role), in bank order."""
    stories = training_stories()
    role = EmbedderRole(embedder, "query")  # stories are read as queries
    cache = CardVectorCache(role, cache_dir=CACHE_DIR)
    texts = [s["story"] for s in stories]
    cache.warm(texts)  # a second run reads them from disk
    vectors = cache.vectors(texts)
    by_card: dict[str, list[np.ndarray]] = defaultdict(list)
    for story, vector in zip(stories, vectors, strict=True):
        by_card[story["card"]].append(vector)
    prototypes = {}
    for card in bank_cards():
        title = card.titles[0]
        if title in by_card:
            mean = np.mean(by_card[title], axis=0)
            prototypes[title] = mean / np.linalg.norm(mean)
    return StoryPrototypes(embedder.name, training_recipe(), prototypes)


def prototypes_file(prototypes: StoryPrototypes) -> bytes:
    buffer = io.BytesIO()
    np.savez_compressed(buffer, allow_pickle=False, **quantise(prototypes))
    return buffer.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--embedder", default="e5")
    parser.add_argument("--l2", type=float, default=0.01)
    parser.add_argument("--dry-run", action="store_true", help="print, do not write")
    args = parser.parse_args(argv)
    embedder = load_embedder(args.embedder, cache_dir=CACHE_DIR)
    prototypes = build_prototypes(embedder)
    print(
        f"prototypes: {len(prototypes.vectors)} cards from {len(training_stories())} training "
        f"stories (recipe {prototypes.recipe})"
    )
    stored_prototypes = prototypes_file(prototypes)
    if not args.dry_run:
        (SEAT_DATA / PROTOTYPES).write_bytes(stored_prototypes)
        print(f"wrote {SEAT_DATA / PROTOTYPES} ({len(stored_prototypes):,} bytes)")
    shipped = read_prototypes(io.BytesIO(stored_prototypes))  # the int8 vectors, as shipped
    reader = FactumReader(embedder, cache_dir=CACHE_DIR, prototypes=shipped)
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
