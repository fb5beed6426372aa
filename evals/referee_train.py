"""Train the referee's learned mention scorer (companion/referee/learned.py): `make train`.

    python -m evals.referee_train [--out PATH] [--seed 11]

Rows are (text, held card) pairs the tables cannot decide: every held card is given to the
scorer by its labels only, and a pair is kept only when a referee that knows nothing of any card
but its labels (`reduced_deck` of the whole deck, every card withheld, no embedder) neither finds
the card nor has a guard block it; those are the pairs the learned path rules on. They come from

- the DEV split of `evals/data/referee_cases.jsonl` (the test split is burned; the holdout
  and fresh sets are never read here), expected = the case's expectation;
- with `--custom-cases` (an experiment, not what ships), the training cases with custom cards,
  `evals/data/referee_train_custom.jsonl` (written to be learned from, never a measure; their
  custom cards are free-text; the threshold is still chosen on the dev rows only);
- the bundled deck's own words: each card's aliases in a carrier sentence and its prototypes,
  per language (seeded sample), held with a few other cards of the deck drawn at random;
  expected for the card whose words they are, not for the others.

With `--collect-all` (what `make train` runs, for `evals.referee_cross`) the rows also hold the
training cases with custom cards, the later training files (`referee_train_custom2.jsonl` …,
source "more", less the pairs of any custom card the seventh fresh set holds) and every spent
fresh set (`COLLECTED_SETS`); the logistic model still learns only from what its flags ask for.

Cards are grouped into the leave-cards-out folds of `evals.referee_lco.card_folds` (free-text
cards by a hash of their label). Each fold's model is trained without the rows of its cards
(their own words are not used for them, as in the reduced referee); its out-of-fold logits
calibrate the probability (Platt) and choose the threshold: the lowest at which the referee's
out-of-fold precision on the labels-only dev pairs (the tables' decisions plus the learned
flags) is at least 0.95. The stricter reading, the learned flags alone at precision >= 0.95
on the dev rows, is never reached (recorded as 1.01 in the model's report); the best-F1 cut-off
is recorded there too, as an experiment. The shipped model is trained on all rows; the fold
models ship beside it for `evals.referee_lco`. Logistic regression with L2 (Newton steps,
numpy), seeded and deterministic; the recipe hash covers this file, learned.py, the dev cases,
the deck and the embedders' revisions.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from companion.cards import Deck, once_upon_a_time_deck
from companion.referee import Referee, RefereeError
from companion.referee import guards as guards_module
from companion.referee import learned as learned_module
from companion.referee import neighbours as neighbours_module
from companion.referee import phenomena as phenomena_package
from companion.referee.cross import pair_label
from companion.referee.learned import (
    MODEL_PATH,
    LearnedModel,
    MentionScorer,
    Weights,
    model_features,
    recipe_hash,
)
from companion.referee.lexicon import Resolver, Target
from companion.referee.neighbours import BANK_PATH
from companion.referee.text import Analysis, analyse
from companion.settings import Settings
from embeddings import Embedder
from evals.data.card_words import CARD_WORDS_LANGS, CARD_WORDS_PATH, load_custom_card_words
from evals.data.cases import (
    CASES_PATH,
    load_cases,
    load_fresh7,
    load_train_custom,
    load_train_more,
)
from evals.referee_eval import story_of
from evals.referee_lco import (
    FOLDS,
    FRESH_LOADERS,
    LEARNED_FROM,
    PROTECTED_TAGS,
    SEED,
    SPENT_SETS,
    CachedEmbedder,
    card_folds,
    held_cards,
    reduced_deck,
)

TARGET_PRECISION = 0.95
DEV_PRECISION = "dev-precision"  # the cut-off: the referee's precision on the dev pairs >= 0.95
BEST_F1 = "best-f1"  # the cut-off: the best F1 over the calibration pairs
SPENT_NAMES = LEARNED_FROM  # the spent fresh sets the learned path may learn from
COLLECTED_SETS = SPENT_SETS  # every spent set, never an untouched one
# the blind set the later training files were kept apart from when they were written (the seventh;
# fixed, so that `make train` collects the same rows after that set was spent)
KEPT_APART_LOADERS = (load_fresh7,)
L2 = 1.0
NEGATIVES = 4  # other deck cards held beside a generated text
ALIASES_PER_LANG = 3
PROTOTYPES_PER_LANG = 2
CARRIERS = {
    "en": "And then {} came into the story.",
    "ja": "そして{}が物語に現れました。",
    "es": "Y entonces {} apareció en la historia.",
}


@dataclass
class Rows:
    x: list[np.ndarray]
    y: list[int]
    group: list[str]  # card key
    dev: list[bool]  # from the dev split (else from the deck's words or the custom cases)
    # the dev pairs the tables decide: found and expected, found and not expected, expected
    tables: dict[str, int] = field(default_factory=lambda: {"tp": 0, "fp": 0, "positives": 0})
    source: list[str] = field(default_factory=list)  # "dev", "deck", "custom" or a spent set
    # every (case, held card) pair of the dev split and the spent sets, decided or not
    pairs: list[Pair] = field(default_factory=list)
    # what each row asks, in words: (language, story so far, text, the card's label)
    words: list[tuple[str, str, str, str]] = field(default_factory=list)

    def add(self, x: np.ndarray, y: int, group: str, dev: bool, source: str = "") -> int:
        self.x.append(x)
        self.y.append(y)
        self.group.append(group)
        self.dev.append(dev)
        self.source.append(source)
        return len(self.y) - 1


@dataclass(frozen=True)
class Pair:
    """One (case, held card) pair of a measured source, as a labels-only referee sees it: the
    tables' verdict, or the index of the row the learned scorer rules (-1: the tables decided or
    a guard gated it). It carries no case id and no text: spent sets are measured in aggregate."""

    source: str
    lang: str
    free: bool  # the card is outside the bundled deck
    protected: bool  # the case has one of referee_lco's PROTECTED_TAGS
    expected: bool
    found: bool  # the tables found it
    row: int


@cache
def _minilm() -> Embedder:
    from companion.referee.factory import embedder_from_settings

    return CachedEmbedder(embedder_from_settings(Settings(), "onnx-int8"))


def build_embedders(model: LearnedModel) -> dict[str, Embedder]:
    """MiniLM, and the e5 the model reads with (its adapter's, if it has one)."""
    from companion.referee.factory import e5_for

    return {"minilm": _minilm(), "e5": CachedEmbedder(e5_for(model, Settings()))}


def generated_cases(deck: Deck, seed: int) -> list[dict[str, Any]]:
    """Texts made of a card's own words, held with NEGATIVES other cards (seeded)."""
    rng = random.Random(seed)
    ids = [card.id for card in deck.story_cards]
    out: list[dict[str, Any]] = []
    for card in deck.story_cards:
        for lang, words in sorted(card.text.items()):
            texts = sampled_words(rng, lang, words.label, words.aliases, words.prototypes)
            for text in texts:
                others = rng.sample([i for i in ids if i != card.id], NEGATIVES)
                cards = [card.id, *others]
                rng.shuffle(cards)
                out.append({"text": text, "lang": lang, "cards": cards, "expected": [card.id]})
    return out


def sampled_words(
    rng: random.Random, lang: str, label: str, aliases: Sequence[str], prototypes: Sequence[str]
) -> list[str]:
    """Texts naming a card by its own words: ALIASES_PER_LANG of its aliases (not its label) in
    a carrier sentence, and PROTOTYPES_PER_LANG of its prototype sentences (seeded by `rng`)."""
    chosen = sorted(a for a in aliases if a.casefold() != label.casefold())
    texts = [
        CARRIERS[lang].format(a) for a in rng.sample(chosen, min(len(chosen), ALIASES_PER_LANG))
    ]
    protos = sorted(prototypes)
    return texts + rng.sample(protos, min(len(protos), PROTOTYPES_PER_LANG))


def card_words_cases(seed: int, negatives: int = NEGATIVES) -> list[dict[str, Any]]:
    """Texts from `custom_card_words.yaml` (cards outside the deck, held by their label as a
    player would type them): per card and language, ALIASES_PER_LANG aliases in a carrier
    sentence and PROTOTYPES_PER_LANG prototypes (the card expected), and every lure (nothing
    expected: a neighbour, a wish, a picture, an idiom), each held with `negatives` other labels
    of that file (seeded). Learned from only; none of its cards is a deck or blind-set card."""
    rng = random.Random(seed)
    cards = load_custom_card_words()
    out: list[dict[str, Any]] = []
    for lang in CARD_WORDS_LANGS:
        labels = [card[lang]["label"] for card in cards]
        for card in cards:
            words = card[lang]
            named = sampled_words(rng, lang, words["label"], words["aliases"], words["prototypes"])
            texts = [(t, True) for t in named] + [(lure, False) for lure in words["lures"]]
            for text, mentioned in texts:
                others = rng.sample([x for x in labels if x != words["label"]], negatives)
                held = [words["label"], *others]
                rng.shuffle(held)
                expected = [words["label"]] if mentioned else []
                out.append({"text": text, "lang": lang, "cards": held, "expected": expected})
    return out


def collect_rows(
    deck: Deck,
    scorer: MentionScorer,
    dev: Sequence[dict[str, Any]],
    generated: Sequence[dict[str, Any]],
    extra: Mapping[str, Sequence[dict[str, Any]]] | None = None,
    fold_scorers: Sequence[MentionScorer] = (),
    fold_of: Callable[[str], int] | None = None,
    kept_out: Mapping[str, Collection[str]] | None = None,
) -> Rows:
    """The rows of the dev split (`dev` True: the threshold is chosen on them), of the deck's
    own words and of the `extra` sources by name ("custom": the training cases with custom
    cards; "more": the later training files, t2- … t5-; "card-words": `card_words_cases`; a
    spent fresh set by its name, whose pairs are
    recorded like the dev split's). With `fold_scorers` (one per fold, each reading with the e5
    tuned without that fold's cards), a card's row is scored by its fold's scorer (`fold_of`),
    so no row's features come from an encoder that was trained on its card's words. `kept_out`:
    by source, the custom card keys whose pairs are not collected."""
    everything = [card.id for card in deck.story_cards]
    tables = Referee(reduced_deck(deck, everything), None, withheld=everything)
    resolver = Resolver(deck)
    rows = Rows([], [], [], [])
    sources = [("dev", dev), ("deck", generated), *(extra or {}).items()]
    for source, cases in sources:
        measured = source == "dev" or source in COLLECTED_SETS
        for case in cases:
            given = held_cards(case)
            targets: list[Target] = []
            expected: list[bool] = []
            for name in given:
                target = resolver.target(name)
                if target.card is not None:  # passed by id, as the reduced referee's fold cards
                    target = Target(target.card.id, target.card)
                if any(t.key == target.key for t in targets):
                    continue
                if target.card is None and target.key in (kept_out or {}).get(source, ()):
                    continue
                targets.append(target)
                expected.append(name in case["expected"] or target.key in case["expected"])
            if not targets:  # every card kept out
                continue
            try:
                verdicts = tables.table_verdicts(
                    case["text"], [t.given for t in targets], story=story_of(case)
                )
            except RefereeError:
                continue
            analysis = analyse(case["text"])
            if fold_scorers and fold_of is not None:
                x, flags = _by_fold(analysis, targets, fold_scorers, fold_of)
            else:
                x, _, flags = scorer.features(analysis, targets)
            protected = any(tag in PROTECTED_TAGS for tag in case.get("tags", ()))
            for i, target in enumerate(targets):
                found = verdicts.get(target.key) == "found"
                if source == "dev":
                    rows.tables["positives"] += expected[i]
                    rows.tables["tp"] += found and expected[i]
                    rows.tables["fp"] += found and not expected[i]
                row = -1
                if target.key not in verdicts and not any(flags[i]):  # undecided, not gated
                    row = rows.add(x[i], int(expected[i]), target.key, source == "dev", source)
                    rows.words.append(
                        (
                            case["lang"],
                            " ".join(story_of(case)),
                            case["text"],
                            pair_label(target, case["lang"]),
                        )
                    )
                if measured:
                    rows.pairs.append(
                        Pair(
                            source,
                            case["lang"],
                            target.card is None,
                            protected,
                            expected[i],
                            found,
                            row,
                        )
                    )
    return rows


def _by_fold(
    analysis: Analysis,
    targets: Sequence[Target],
    fold_scorers: Sequence[MentionScorer],
    fold_of: Callable[[str], int],
) -> tuple[np.ndarray, list[Any]]:
    """Each target's feature row and guard flags from the scorer of its own fold."""
    folds = [fold_of(t.key) for t in targets]
    x: np.ndarray | None = None
    flags: list[Any] = [None] * len(targets)
    for fold in sorted(set(folds)):
        fx, _, fflags = fold_scorers[fold].features(analysis, targets)
        if x is None:
            x = np.zeros_like(fx)
        for i, of in enumerate(folds):
            if of == fold:
                x[i], flags[i] = fx[i], fflags[i]
    assert x is not None
    return x, flags


def fit(x: np.ndarray, y: np.ndarray, l2: float = L2) -> Weights:
    """L2-regularised logistic regression on standardised features (Newton steps)."""
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    z = np.concatenate([(x - mean) / scale, np.ones((len(x), 1))], axis=1)
    w = newton_logistic(z, y, l2, steps=50)
    return Weights(tuple(mean), tuple(scale), tuple(w[:-1]), float(w[-1]))


def newton_logistic(z: np.ndarray, y: np.ndarray, l2: float, steps: int) -> np.ndarray:
    """L2 logistic regression by Newton steps on `z`, whose last column is the bias's ones (the
    bias is not penalised); the coefficients, the bias's last."""
    w = np.zeros(z.shape[1])
    penalty = np.full(z.shape[1], l2)
    penalty[-1] = 0.0
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(z @ w)))
        gradient = z.T @ (p - y) + penalty * w
        hessian = (z * (p * (1 - p))[:, None]).T @ z + np.diag(penalty + 1e-9)
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def platt(logits: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    w = fit(logits[:, None], y, l2=1e-3)
    a = w.coef[0] / w.scale[0]
    return float(a), float(w.intercept - a * w.mean[0])


def choose_threshold(p: np.ndarray, y: np.ndarray) -> float:
    """The lowest probability cut-off whose precision is at least TARGET_PRECISION (and that
    flags something); 1.01 (never) when none reaches it."""
    for t in np.unique(np.round(p, 4)):
        flagged = p >= t
        if flagged.sum() >= 5 and y[flagged].mean() >= TARGET_PRECISION:
            return float(t)
    return 1.01


def _with_tables(
    p: np.ndarray, y: np.ndarray, tables: dict[str, int], threshold: float
) -> tuple[int, int, int]:
    """TP, FP, FN over all labels-only dev pairs: the tables' decisions plus the learned flags."""
    flagged = p >= threshold
    tp = tables["tp"] + int(y[flagged].sum())
    fp = tables["fp"] + int((1 - y[flagged]).sum())
    return tp, fp, tables["positives"] - tp


def overall_f1(p: np.ndarray, y: np.ndarray, tables: dict[str, int], threshold: float) -> float:
    tp, fp, fn = _with_tables(p, y, tables, threshold)
    return 2 * tp / (2 * tp + fp + fn) if tp else 0.0


def choose_overall_threshold(p: np.ndarray, y: np.ndarray, tables: dict[str, int]) -> float:
    """The lowest cut-off at which the referee's precision on the labels-only dev pairs (the
    tables' decisions and the learned flags, out of fold) is at least TARGET_PRECISION."""
    for t in np.unique(np.round(p, 4)):
        tp, fp, _ = _with_tables(p, y, tables, float(t))
        if tp / (tp + fp) >= TARGET_PRECISION:
            return float(t)
    return 1.01


def best_f1_threshold(
    p: np.ndarray, y: np.ndarray, tables: dict[str, int]
) -> tuple[float, float, float]:
    """The cut-off giving the best F1 over all labels-only dev pairs (the tables' decisions
    plus the learned flags on the rows), that F1, and the tables' F1 alone."""

    def f1(tp: int, fp: int) -> float:
        fn = tables["positives"] - tp
        return 2 * tp / (2 * tp + fp + fn) if tp else 0.0

    alone = f1(tables["tp"], tables["fp"])
    best, best_f1 = 1.01, alone
    for t in np.unique(np.round(p, 4)):
        flagged = p >= t
        score = f1(tables["tp"] + int(y[flagged].sum()), tables["fp"] + int((1 - y[flagged]).sum()))
        if score > best_f1:
            best, best_f1 = float(t), score
    return best, alone, best_f1


def prf(flagged: np.ndarray, y: np.ndarray) -> str:
    tp = int((flagged & (y == 1)).sum())
    fp = int((flagged & (y == 0)).sum())
    fn = int((~flagged & (y == 1)).sum())
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return f"P {p:.3f} R {r:.3f} (tp {tp}, fp {fp}, fn {fn})"


def spent_sets(names: Sequence[str] = SPENT_NAMES) -> dict[str, list[dict[str, Any]]]:
    """The fresh blind sets that have each spent their one choice between models (only their
    aggregates were ever read). `--spent-sets` learns from those of SPENT_NAMES: then they
    measure nothing."""
    return {name: FRESH_LOADERS[name]() for name in names}


def training_cases(custom: bool, spent: bool = False) -> list[dict[str, Any]]:
    """The written cases the scorer learns from: the dev split, with `custom` the training
    cases with custom cards (`referee_train_custom.jsonl`; never a measure), with `spent` the
    spent fresh sets."""
    cases = load_cases(CASES_PATH, "dev") + (load_train_custom() if custom else [])
    if spent:
        cases += [case for cases in spent_sets().values() for case in cases]
    return cases


def phenomena_sources() -> list[bytes]:
    """The guards' modules and tables (companion/referee/phenomena/, data/phenomena/)."""
    code = Path(phenomena_package.__file__).parent
    tables = code.parent / "data" / "phenomena"
    return [
        path.read_bytes() for path in [*sorted(code.glob("*.py")), *sorted(tables.glob("*.yaml"))]
    ]


def recipe(
    deck_source: Path,
    embedders: dict[str, Embedder],
    seed: int,
    custom: bool,
    fold_scorers: Sequence[MentionScorer] = (),
    card_words_negatives: int | None = None,  # None: no card words learned from
    bank: bool = False,
    spent: bool = False,
    calibration: str = DEV_PRECISION,
) -> str:
    parts = [
        Path(__file__).read_bytes(),
        Path(learned_module.__file__).read_bytes(),
        Path(guards_module.__file__).read_bytes(),  # the guards' verdicts are features
        *phenomena_sources(),
        "\n".join(json.dumps(c, sort_keys=True) for c in training_cases(custom, spent)).encode(),
        deck_source.read_bytes(),
        json.dumps(
            {k: [e.name, str(getattr(e, "revision", ""))] for k, e in embedders.items()}
        ).encode(),
        str(seed).encode(),
        *(s.embedders["e5"].name.encode() for s in fold_scorers),  # the fold adapters' digests
        *(
            [CARD_WORDS_PATH.read_bytes(), str(card_words_negatives).encode()]
            if card_words_negatives is not None
            else []
        ),
        *([BANK_PATH.read_bytes(), Path(neighbours_module.__file__).read_bytes()] if bank else []),
        *([calibration.encode()] if calibration != DEV_PRECISION else []),
    ]
    return recipe_hash(*parts)


def save_rows(path: Path, rows: Rows) -> None:
    pairs = rows.pairs
    np.savez(
        path,
        x=np.stack(rows.x),
        y=rows.y,
        group=rows.group,
        dev=rows.dev,
        source=rows.source,
        tables_keys=list(rows.tables),
        tables=list(rows.tables.values()),
        pair_source=[q.source for q in pairs],
        pair_lang=[q.lang for q in pairs],
        pair_flags=np.asarray(
            [[q.free, q.protected, q.expected, q.found] for q in pairs], dtype=bool
        ).reshape(-1, 4),
        pair_row=np.asarray([q.row for q in pairs], dtype=np.int64),
        words=np.asarray(rows.words, dtype=str).reshape(-1, 4),
    )


def load_rows(path: Path) -> Rows:
    saved = np.load(path)
    rows = Rows(
        list(saved["x"]),
        [int(v) for v in saved["y"]],
        [str(g) for g in saved["group"]],
        [bool(d) for d in saved["dev"]],
        source=[str(v) for v in saved["source"]],
    )
    rows.tables = {k: int(v) for k, v in zip(saved["tables_keys"], saved["tables"], strict=True)}
    if "words" in saved:
        rows.words = [(str(a), str(b), str(c), str(d)) for a, b, c, d in saved["words"]]
    rows.pairs = [
        Pair(str(src), str(lang), bool(f[0]), bool(f[1]), bool(f[2]), bool(f[3]), int(row))
        for src, lang, f, row in zip(
            saved["pair_source"],
            saved["pair_lang"],
            saved["pair_flags"],
            saved["pair_row"],
            strict=True,
        )
    ]
    return rows


def calibration_view(pairs: Sequence[Pair], y: np.ndarray) -> tuple[np.ndarray, dict[str, int]]:
    """The rows the pairs leave to the learned scorer, and the tables' counts on the others."""
    tables = {"tp": 0, "fp": 0, "positives": 0}
    ruled: list[int] = []
    for pair in pairs:
        tables["positives"] += pair.expected
        tables["tp"] += pair.found and pair.expected
        tables["fp"] += pair.found and not pair.expected
        if pair.row >= 0:
            ruled.append(pair.row)
    return np.asarray(ruled, dtype=np.int64), tables


@dataclass(frozen=True)
class Fitted:
    weights: Weights
    fold_weights: tuple[Weights, ...]
    platt: tuple[float, float]
    threshold: float
    report: dict[str, float]
    oof: np.ndarray  # calibrated out-of-fold probabilities (0 outside the training rows)

    def probability(self, rows: np.ndarray) -> np.ndarray:
        """The fitted model's calibrated probability for feature rows."""
        return platt_probability(self.platt, self.weights.logit(rows))


def platt_probability(platt: tuple[float, float], logits: np.ndarray) -> np.ndarray:
    a, b = platt
    return np.asarray(1.0 / (1.0 + np.exp(-(a * logits + b))))


def fit_recipe(
    x: np.ndarray,
    y: np.ndarray,
    row_fold: np.ndarray,
    learn: np.ndarray,
    calibration_pairs: Sequence[Pair],
    calibration: str,
) -> Fitted:
    """Fit on the rows `learn` keeps: one model per card fold for out-of-fold logits, Platt on
    them, the cut-off by `calibration` over `calibration_pairs` (whose rows must all be
    learned from), and the model on all of them."""
    oof = np.zeros(len(y))
    fold_weights: list[Weights] = []
    for f in range(FOLDS):
        inside = learn & (row_fold != f)
        weights = fit(x[inside], y[inside])
        fold_weights.append(weights)
        held = learn & (row_fold == f)
        oof[held] = weights.logit(x[held])
    a, b = platt(oof[learn], y[learn])
    p = np.where(learn, platt_probability((a, b), oof), 0.0)
    ruled, tables = calibration_view(calibration_pairs, y)
    if not learn[ruled].all():
        raise ValueError("a calibration pair's row is not learned from")
    pc, yc = p[ruled], y[ruled]
    threshold_f1, f1_tables, f1_best = best_f1_threshold(pc, yc, tables)
    if calibration == DEV_PRECISION:
        threshold = choose_overall_threshold(pc, yc, tables)
    elif calibration == BEST_F1:
        threshold = threshold_f1
    else:
        raise ValueError(f"unknown calibration {calibration!r}")
    report = {
        "threshold_learned_flags_alone_p95": choose_threshold(pc, yc),
        "threshold_f1": threshold_f1,
        "oof_dev_f1_tables_only": f1_tables,
        "oof_dev_f1_with_learned_at_threshold_f1": f1_best,
        "oof_f1_at_threshold": overall_f1(pc, yc, tables, threshold),
    }
    return Fitted(fit(x[learn], y[learn]), tuple(fold_weights), (a, b), threshold, report, p)


def train(
    out: Path,
    seed: int,
    rows_cache: Path | None = None,
    custom: bool = False,
    adapters: bool = False,
    e5_adapter: str = "",
    card_words_negatives: int | None = None,
    bank: bool = False,
    spent: bool = False,
    calibration: str = DEV_PRECISION,
    collect_all: bool = False,
) -> LearnedModel:
    """Train and write the model. `adapters`: read with the fold adapters of `evals.e5_tune`
    (each fold's rows with the adapter trained without its cards, the model with `full.npz`);
    `e5_adapter`: read every row, fold and the model with this one adapter of ADAPTERS (one
    trained on no deck card, e.g. `extra.npz` of `e5_tune --only-extra`);
    `card_words_negatives`: also learn from `card_words_cases`, each text held with that many
    other labels (None: not); `bank`: read the neighbour bank (`BANK_FEATURES`); `spent`: also
    learn from the spent fresh sets; `calibration`: how the cut-off is chosen (`DEV_PRECISION`:
    the referee's precision on the dev pairs; `BEST_F1`: the best F1 over the dev pairs and, with
    `spent`, the spent sets' pairs); `collect_all`: collect the custom cases' and the spent sets'
    rows too (for `evals.referee_cross`, from `rows_cache`), learning only from those asked for."""
    started = time.perf_counter()
    deck = once_upon_a_time_deck()
    folds = card_folds(deck, FOLDS, seed)
    fold_of = fold_lookup(folds)
    if adapters and e5_adapter:
        raise ValueError("the fold adapters or one adapter for all, not both")
    fold_adapters: tuple[str, ...] = ()
    if adapters:
        e5_adapter, fold_adapters = "full.npz", tuple(f"fold-{f}.npz" for f in range(FOLDS))
    placeholder = LearnedModel(
        model_features(bank),
        Weights((), (), (), 0.0),
        (1.0, 0.0),
        1.0,
        "",
        e5_adapter=e5_adapter,
        bank=bank,
    )
    embedders = build_embedders(placeholder)
    scorer = MentionScorer(placeholder, embedders)
    fold_scorers = [
        MentionScorer(placeholder, build_embedders(replace(placeholder, e5_adapter=adapter)))
        for adapter in fold_adapters
    ]
    if rows_cache is not None and rows_cache.exists():
        rows = load_rows(rows_cache)
    else:
        extra: dict[str, Sequence[dict[str, Any]]] = {}
        if custom or collect_all:
            extra["custom"] = load_train_custom()
        if card_words_negatives is not None:
            extra["card-words"] = card_words_cases(seed, card_words_negatives)
        if spent or collect_all:  # collect_all: every spent set, learned from or not
            extra.update(spent_sets(COLLECTED_SETS if collect_all else SPENT_NAMES))
        if collect_all:
            extra["more"] = load_train_more()
        rows = collect_rows(
            deck,
            scorer,
            load_cases(CASES_PATH, "dev"),
            generated_cases(deck, seed),
            extra,
            fold_scorers,
            fold_of,
            {"more": kept_apart_custom_keys(deck)},
        )
        if rows_cache is not None:
            save_rows(rows_cache, rows)
    x = np.stack(rows.x)
    y = np.asarray(rows.y, dtype=np.float64)
    is_dev = np.asarray(rows.dev)
    row_fold = np.asarray([fold_of(g) for g in rows.group])
    # the rows may hold more sources than this recipe learns from (a cache, --collect-all)
    wanted = {"dev", "deck"}
    wanted |= {"custom"} if custom else set()
    wanted |= {"card-words"} if card_words_negatives is not None else set()
    wanted |= set(SPENT_NAMES) if spent else set()
    learn = np.isin(np.asarray(rows.source), sorted(wanted))
    calibration_pairs = [
        pair
        for pair in rows.pairs
        if pair.source == "dev" or (calibration == BEST_F1 and pair.source in SPENT_NAMES)
    ]
    fitted = fit_recipe(x, y, row_fold, learn, calibration_pairs, calibration)
    threshold = fitted.threshold
    model = LearnedModel(
        model_features(bank),
        fitted.weights,
        fitted.platt,
        threshold,
        recipe(
            Path(deck_source()),
            embedders,
            seed,
            custom,
            fold_scorers,
            card_words_negatives,
            bank,
            spent,
            calibration,
        ),
        folds,
        fitted.fold_weights,
        fitted.report,
        e5_adapter,
        fold_adapters or ((e5_adapter,) * FOLDS if e5_adapter else ()),
        bank=bank,
    )
    out.write_text(json.dumps(model.as_dict(), indent=1) + "\n", encoding="utf-8")
    p, ruled = fitted.oof, learn
    print(
        f"rows: {int(ruled.sum())} learned from ({int(is_dev.sum())} dev, "
        f"{int((ruled & ~is_dev).sum())} from the deck's words, the custom cases or the spent "
        f"sets), positive {int(y[ruled].sum())}"
    )
    print(
        f"learned flags alone at out-of-fold precision >= {TARGET_PRECISION} on the calibration "
        f"rows: cut-off {fitted.report['threshold_learned_flags_alone_p95']:.4f} (1.01: none "
        "reaches it)"
    )
    print(
        f"threshold {threshold:.4f} ({calibration}); the referee's out-of-fold F1 on the "
        f"calibration pairs (tables + learned) {fitted.report['oof_f1_at_threshold']:.3f}"
    )
    print(f"out-of-fold, dev rows: {prf(p[is_dev] >= threshold, y[is_dev].astype(int))}")
    other = ruled & ~is_dev
    print(f"out-of-fold, other rows: {prf(p[other] >= threshold, y[other].astype(int))}")
    print(
        f"calibration pairs, out of fold: F1 tables only "
        f"{fitted.report['oof_dev_f1_tables_only']:.3f}; with the learned scorer at its best-F1 "
        f"cut-off {fitted.report['threshold_f1']:.4f}: "
        f"{fitted.report['oof_dev_f1_with_learned_at_threshold_f1']:.3f}"
    )
    print(f"wrote {out} (recipe {model.recipe}) in {time.perf_counter() - started:.0f} s")
    return model


def kept_apart_custom_keys(deck: Deck) -> frozenset[str]:
    """The keys of the custom cards held in the blind sets of KEPT_APART_LOADERS (read by program,
    never printed): the later training files' pairs of those cards are not collected, so such a
    set measures cards no later training case teaches."""
    resolver = Resolver(deck)
    return frozenset(
        target.key
        for load in KEPT_APART_LOADERS
        for case in load()
        for target in map(resolver.target, case["cards"])
        if target.card is None
    )


def fold_lookup(folds: Sequence[frozenset[str]]) -> Callable[[str], int]:
    """A card key's leave-cards-out fold: a deck card's by `card_folds`, a free-text card's by a
    hash of its key."""
    fold_of_card = {card: i for i, fold in enumerate(folds) for card in fold}

    def fold_of(key: str) -> int:
        if key in fold_of_card:
            return fold_of_card[key]
        return int(hashlib.sha256(key.encode()).hexdigest(), 16) % len(folds)

    return fold_of


def deck_source() -> Path:
    import companion.cards

    return Path(companion.cards.__file__).resolve().parent / "data" / "once_upon_a_time.yaml"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=MODEL_PATH)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--rows", type=Path, help="keep the feature rows here (reused if present)")
    parser.add_argument(
        "--custom-cases",
        action="store_true",
        help="also learn from referee_train_custom.jsonl (an experiment: not shipped, see "
        "evals/reports/referee_lco_learned.md)",
    )
    parser.add_argument(
        "--e5-adapters",
        action="store_true",
        help="read with e5 tuned by the adapters of `evals.e5_tune` (each fold's rows with the "
        "adapter trained without its cards)",
    )
    parser.add_argument(
        "--e5-adapter",
        default="",
        help="read everything with this one adapter of companion/referee/data/e5_adapters "
        "(one trained on no deck card: `extra.npz` of `evals.e5_tune --only-extra`)",
    )
    parser.add_argument(
        "--card-words",
        action="store_true",
        help="also learn from custom_card_words.yaml: its cards' aliases and prototypes as "
        "mentions and its lures as non-mentions (an experiment: evals/reports/"
        "referee_lco_learned.md)",
    )
    parser.add_argument(
        "--card-words-negatives",
        type=int,
        default=NEGATIVES,
        help="other labels held beside each text of --card-words",
    )
    parser.add_argument(
        "--bank",
        action="store_true",
        help="read the neighbour bank too (companion/referee/neighbours.py: the best span's "
        "cosine to the card against its cosine to the nearest other concept)",
    )
    parser.add_argument(
        "--spent-sets",
        action="store_true",
        help="also learn from the five fresh sets that have spent their choice (then they "
        "measure nothing; see evals/reports/referee_lco_learned.md)",
    )
    parser.add_argument(
        "--calibration",
        choices=(DEV_PRECISION, BEST_F1),
        default=DEV_PRECISION,
        help="the cut-off: the referee's precision >= 0.95 on the dev pairs, or the best F1 on "
        "the dev pairs and (with --spent-sets) the spent sets' pairs",
    )
    parser.add_argument(
        "--collect-all",
        action="store_true",
        help="also collect the custom cases' and the spent sets' rows into --rows (for "
        "evals.referee_cross), learning only from the sources asked for",
    )
    args = parser.parse_args(argv)
    train(
        args.out,
        args.seed,
        args.rows,
        args.custom_cases,
        args.e5_adapters,
        args.e5_adapter,
        args.card_words_negatives if args.card_words else None,
        args.bank,
        args.spent_sets,
        args.calibration,
        args.collect_all,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
