"""The learned veto on the tables' finds (candidate V of evals/reports/referee_lco_learned.md).

    python -m evals.referee_veto --vectors PATH [--learn dev,custom,more,fresh..fresh5]
                                 [--out PATH]

The labels-only tables find a card when its label's words are in the text; the finds they get
wrong are negated, hoped for, not yet happened, or a lure's word in another sense. A second
linear head over the shipped cross-encoder's pooled pair vector learns which finds are not
mentions: it is fit on the pairs whose labels-only card the labels-only tables (the whole deck
reduced to its labels, as `evals.referee_train` collects rows) find lexically, in the sources
named by --learn. Its cut-off is chosen on out-of-fold probabilities (five folds by card key):
the one that maximises vetoed non-mentions minus vetoed mentions. The pair vectors come from the
int8 e5 with the shipped adapter, as served, and are kept in --vectors (reused when present).
Prints the counts and the out-of-fold figures on the learned sources only; `--out` writes the
head (`VetoHead`) into that learned-model file. Seeded and deterministic.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from companion.cards import once_upon_a_time_deck
from companion.referee import Referee, RefereeError
from companion.referee.cross import MAX_TOKENS, CrossHead, VetoHead, pair_label
from companion.referee.learned import MODEL_PATH, load_model
from companion.referee.lexicon import Resolver, Target
from companion.settings import Settings
from embeddings.e5_int8 import ensure_built, load_e5_int8
from evals.data.cases import (
    CASES_PATH,
    load_cases,
    load_train_custom,
    load_train_more,
)
from evals.referee_eval import story_of
from evals.referee_lco import (
    FRESH_LOADERS,
    PROTECTED_TAGS,
    VETO_LEARNED_FROM,
    held_cards,
    reduced_deck,
)
from evals.referee_train import newton_logistic

SEED = 11
FOLDS = 5
# the L2 penalties tried; the one whose out-of-fold veto nets the most is kept
L2_GRID = (0.01, 0.03, 0.1, 0.3, 1.0, 3.0)
SOURCES = ("dev", "custom", "more", *VETO_LEARNED_FROM)


@dataclass(frozen=True)
class Find:
    """A (case, held card) pair the labels-only tables find: what the head reads and its gold."""

    source: str
    key: str
    lang: str
    story: str
    text: str
    label: str
    mention: bool
    free: bool
    protected: bool


def load_source(name: str) -> list[dict[str, Any]]:
    if name == "dev":
        return load_cases(CASES_PATH, "dev")
    if name == "custom":
        return load_train_custom()
    if name == "more":
        return load_train_more()
    return FRESH_LOADERS[name]()


def collect_finds(sources: Sequence[str]) -> list[Find]:
    """The pairs of `sources` whose card the labels-only tables find."""
    deck = once_upon_a_time_deck()
    everything = [card.id for card in deck.story_cards]
    tables = Referee(reduced_deck(deck, everything), None, withheld=everything)
    resolver = Resolver(deck)
    finds: list[Find] = []
    for source in sources:
        for case in load_source(source):
            targets: dict[str, tuple[Target, bool]] = {}
            for given in held_cards(case):
                target = resolver.target(given)
                if target.card is not None:
                    target = Target(target.card.id, target.card)
                expected = given in case["expected"] or target.key in case["expected"]
                targets.setdefault(target.key, (target, expected))
            try:
                verdicts = tables.table_verdicts(
                    case["text"], [t.given for t, _ in targets.values()], story=story_of(case)
                )
            except RefereeError:
                continue
            protected = any(tag in PROTECTED_TAGS for tag in case.get("tags", ()))
            for key, (target, expected) in targets.items():
                if verdicts.get(key) != "found":
                    continue
                finds.append(
                    Find(
                        source,
                        key,
                        case["lang"],
                        " ".join(story_of(case)),
                        case["text"],
                        pair_label(target, case["lang"]),
                        expected,
                        target.card is None,
                        protected,
                    )
                )
    return finds


def pair_vectors(finds: Sequence[Find], settings: Settings) -> np.ndarray:
    """The shipped cross-encoder's pooled unit vector of each find's pair (int8, as served)."""
    adapter = shipped_cross().adapter_path()
    ensure_built(cache_dir=settings.cache_dir, adapter=adapter)
    encoder = load_e5_int8(cache_dir=settings.cache_dir, adapter=adapter)
    return np.stack(
        [encoder.embed_pair(f.label, f.story, f.text, MAX_TOKENS) for f in finds]
    ).astype(np.float64)


def shipped_cross() -> CrossHead:
    head = load_model().cross
    if head is None:
        raise SystemExit("the shipped learned model has no cross-encoder")
    return head


def fit(x: np.ndarray, y: np.ndarray, l2: float, steps: int = 30) -> np.ndarray:
    """L2 logistic regression on the pair vectors as they are; returns [w..., b]."""
    return newton_logistic(np.hstack([x, np.ones((len(x), 1))]), y, l2, steps)


def probability(w: np.ndarray, x: np.ndarray) -> np.ndarray:
    return np.asarray(1.0 / (1.0 + np.exp(-(x @ w[:-1] + w[-1]))))


def fold_of(key: str) -> int:
    return int(hashlib.sha256(key.encode()).hexdigest(), 16) % FOLDS


def out_of_fold(x: np.ndarray, y: np.ndarray, keys: Sequence[str], l2: float) -> np.ndarray:
    folds = np.asarray([fold_of(k) for k in keys])
    p = np.zeros(len(y))
    for fold in range(FOLDS):
        inside = folds == fold
        p[inside] = probability(fit(x[~inside], y[~inside], l2), x[inside])
    return p


def choose_cut_off(p: np.ndarray, y: np.ndarray) -> tuple[float, int, int]:
    """The cut-off maximising vetoed non-mentions minus vetoed mentions (0: veto nothing), with
    the counts it vetoes."""
    best = (0.0, 0, 0)
    for c in np.unique(p):
        vetoed = p < c
        negatives = int((vetoed & (y == 0)).sum())
        positives = int((vetoed & (y == 1)).sum())
        if negatives - positives > best[1] - best[2]:
            best = (float(c), negatives, positives)
    return best


def load_or_collect(
    path: Path, sources: Sequence[str], settings: Settings
) -> tuple[list[Find], np.ndarray]:
    """The finds of `sources` and their pair vectors, from `path` when it holds them for the
    shipped cross-encoder's adapter, else collected and kept there."""
    adapter = shipped_cross().adapter
    words = path.with_suffix(".json")
    if path.exists() and words.exists():
        raw = json.loads(words.read_text(encoding="utf-8"))
        finds = [Find(**row) for row in raw["finds"]]
        if raw["adapter"] == adapter and {f.source for f in finds} >= set(sources):
            return finds, np.load(path)["vectors"]
    started = time.perf_counter()
    finds = collect_finds(sources)
    vectors = pair_vectors(finds, settings)
    kept = {"adapter": adapter, "finds": [f.__dict__ for f in finds]}
    words.write_text(json.dumps(kept, ensure_ascii=False), encoding="utf-8")
    np.savez_compressed(path, vectors=vectors)
    print(f"collected {len(finds)} finds in {time.perf_counter() - started:.0f} s", flush=True)
    return finds, vectors


def summary(finds: Sequence[Find], mask: np.ndarray) -> Mapping[str, int]:
    y = np.asarray([f.mention for f in finds])
    return {"finds": int(mask.sum()), "non-mentions": int((mask & ~y).sum())}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--vectors", type=Path, required=True)
    parser.add_argument("--collect", default=",".join(SOURCES))
    parser.add_argument("--learn", default=",".join(SOURCES))
    parser.add_argument("--out", type=Path, help="write the head into this learned-model file")
    args = parser.parse_args(argv)
    settings = Settings()
    finds, vectors = load_or_collect(args.vectors, args.collect.split(","), settings)
    learn = np.asarray([f.source in args.learn.split(",") for f in finds])
    for source in dict.fromkeys(f.source for f in finds):
        mask = np.asarray([f.source == source for f in finds])
        print(f"{source}: {dict(summary(finds, mask))}")
    x, y = vectors[learn], np.asarray([f.mention for f in finds], dtype=np.float64)[learn]
    keys = [f.key for f, keep in zip(finds, learn, strict=True) if keep]
    print(f"learning from {len(y)} finds ({int((y == 0).sum())} non-mentions)")
    best: tuple[int, float, float] | None = None
    for l2 in L2_GRID:
        c, negatives, positives = choose_cut_off(out_of_fold(x, y, keys, l2), y)
        print(
            f"  L2 {l2}: out of fold, cut-off {c:.4f} vetoes {negatives} non-mentions and "
            f"{positives} mentions"
        )
        if best is None or negatives - positives > best[0]:
            best = (negatives - positives, l2, c)
    assert best is not None
    _, l2, c = best
    print(f"chosen: L2 {l2}, cut-off {c:.4f}")
    if args.out is not None:
        w = fit(x, y, l2)
        write_head(args.out, w, c)
        print(f"wrote the veto head into {args.out}")
    return 0


def write_head(path: Path, w: np.ndarray, cut_off: float) -> None:
    """The veto into the cross-encoder's head of the learned model in `path` (the shipped one's
    copy when `path` does not exist yet)."""
    model = load_model(path if path.exists() else MODEL_PATH)
    if model.cross is None:
        raise SystemExit("the learned model has no cross-encoder to carry the veto")
    veto = VetoHead(tuple(float(v) for v in w[:-1]), float(w[-1]), cut_off)
    learned = replace(model, cross=replace(model.cross, veto=veto))
    path.write_text(json.dumps(learned.as_dict(), indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    raise SystemExit(main())
