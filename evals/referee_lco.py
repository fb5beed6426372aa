"""The referee's honest figures (issue 11 item 5): leave-cards-out, the fresh blind set, and the
embedder on / off beside each other.

    python -m evals.referee_lco [--folds 5] [--seed 11] [--embedder KIND] [--no-fresh]

Four measures, each for the referee built with the configured embedder ("embedder on") and
without one ("embedder off": lexical evidence, rules and guards only):

- **dev**: the shipped referee on the dev split of `referee_cases.jsonl` (tuned on);
- **holdout**: the shipped referee on `referee_holdout.jsonl` (blind, figures only);
- **leave-cards-out (LCO)**: the bundled deck's story cards are dealt into k folds (seeded,
  stratified by group: characters, items, places, aspects, events; every card in exactly one
  fold). For each fold a *reduced* referee is built whose fold cards have lost everything written
  for them: their aliases and prototypes in every language (`reduced_deck`: only the printed
  label in en/ja/es is left) and their inference rules, royal births and the guards keyed to them
  by id (`Referee(withheld=...)`). It rules the DEV cases that hold a fold card (the test split is
  burned; the holdout and fresh sets are never used here) and is scored on the (case, card)
  decisions of the fold's cards only, beside the shipped referee's decisions on the same pairs:
  the gap is what hand-writing buys. A fold card given in a case by one of its aliases ("Barco")
  is passed to the reduced referee by its deck id, so that the player still holds that card
  while the alias itself stays unknown. General guards (negation, not-yet, idioms, similes,
  names) stay: they are keyed to words of the text, not to cards;
- **fresh**: the shipped referee on `referee_fresh.jsonl`, the blind set of issue 11: figures
  ONLY (overall, per language, custom-card vs bundled-card pairs, live-style tags,
  story-dependent recall, precision on the protected tags). Nothing here prints, logs or writes a
  per-case result, id or text of that set, and nothing is tuned on it;
- **fresh2**: the same, on `referee_fresh2.jsonl`, a second blind set written after the first had
  informed one choice between two models (evals/data/LABELLING.md);
- **fresh3**: the same, on `referee_fresh3.jsonl`, a third, written after the second had;
- **fresh4**: the same, on `referee_fresh4.jsonl`, a fourth, written after the third had;
- **fresh5**: the same, on `referee_fresh5.jsonl`, a fifth, written after the fourth had;
- **fresh6**: the same, on `referee_fresh6.jsonl`, a sixth, written after the fifth had;
- **fresh7** … **fresh12**: the same, a seventh to a twelfth.

Since 2026-11-25 the shipped learned path's cross-encoder (`evals.referee_cross`) learns from
the first five sets (`LEARNED_FROM`): they measure nothing any more, and a run reads only
`DEFAULT_SETS` unless `--sets` names others (their sections then say they were learned from).
The veto on the tables' finds (`evals.referee_veto`) learns from the sixth and seventh sets too
(`VETO_LEARNED_FROM`), and the threshold of the cast's judge (`evals.referee_recast`) from the
same two: the eighth, ninth, tenth and twelfth, which only decided between models, and the
eleventh, which decided nothing (it measured the shipped model once), are what a run reads by
default.
The leave-cards-out line measures the logistic fold models (`LearnedModel.for_fold` drops the
cross-encoder, which was trained with every deck card's dev rows). With `--cross-folds DIR`
(`make train-folds` trains them, ~1 h), each fold's cards are ruled by a cross-encoder trained
without them instead (0.801 against the logistic models' 0.773: referee_lco_learned.md).

With the learned mention scorer (`--learned on`, or the setting COMPANION_REFEREE_LEARNED;
companion/referee/learned.py), "embedder on" includes it, and each fold's reduced referee gets
the model trained WITHOUT that fold's cards (`LearnedModel.for_fold`, trained by `make train`
on referee_lco's own folds), so no fold card's rows ever reach the model that rules on it.
`--learned-cutoff f1` uses the out-of-fold best-F1 cut-off recorded in the model (an
experiment) instead of its precision >= 0.95 one; `--no-write` leaves the reports alone.

Figures are micro-averaged over (case, card) decisions as in `evals.referee_eval`. Text
embeddings are cached per text (`CachedEmbedder`), so the folds and the two referees embed each
case once. Writes `evals/reports/referee_lco.md` and `referee_lco.json`.
"""

import argparse
import json
import random
import time
from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np

from companion.cards import Deck, StoryCard, once_upon_a_time_deck
from companion.cards.models import CardText
from companion.referee import Referee, RefereeError
from companion.referee.cross import CrossHead, CrossScorer
from companion.referee.learned import LearnedModel, MentionScorer
from embeddings import CardVectorCache, Embedder, Vectors
from evals.data.cases import (
    CASES_PATH,
    HOLDOUT_PATH,
    load_cases,
    load_fresh,
    load_fresh2,
    load_fresh3,
    load_fresh4,
    load_fresh5,
    load_fresh6,
    load_fresh7,
    load_fresh8,
    load_fresh9,
    load_fresh10,
    load_fresh11,
    load_fresh12,
    load_holdout,
)
from evals.referee_eval import Counts, story_of

REPORTS = Path(__file__).resolve().parent / "reports"
FOLDS = 5
SEED = 11
LANGS = ("en", "ja", "es")
PROTECTED_TAGS = ("anticipation", "event-not-yet", "hard-negative", "negation", "figurative")
LIVE_TAGS = ("dictated", "unaccented", "hiragana", "multi-sentence")
LIVE_STYLE = "live-style"  # a bucket: cases with any of LIVE_TAGS
PROTECTED = "protected"  # a bucket: cases with any of PROTECTED_TAGS
STORY_TAG = "story-dependent"
Case = dict[str, Any]
# the blind sets of issue 11, reported by aggregates only: split name -> (title, file)
FRESH_SETS = {
    "fresh": ("Fresh blind set (issue 11)", "referee_fresh.jsonl"),
    "fresh2": ("Second fresh blind set (written 2026-11-24)", "referee_fresh2.jsonl"),
    "fresh3": ("Third fresh blind set (written 2026-11-24)", "referee_fresh3.jsonl"),
    "fresh4": ("Fourth fresh blind set (written 2026-11-24)", "referee_fresh4.jsonl"),
    "fresh5": ("Fifth fresh blind set (written 2026-11-24)", "referee_fresh5.jsonl"),
    "fresh6": ("Sixth fresh blind set (written 2026-11-24)", "referee_fresh6.jsonl"),
    "fresh7": ("Seventh fresh blind set (written 2026-11-25)", "referee_fresh7.jsonl"),
    "fresh8": ("Eighth fresh blind set (written 2026-11-25)", "referee_fresh8.jsonl"),
    "fresh9": ("Ninth fresh blind set (written 2026-11-25)", "referee_fresh9.jsonl"),
    "fresh10": ("Tenth fresh blind set (written 2026-11-25)", "referee_fresh10.jsonl"),
    "fresh11": ("Eleventh fresh blind set (written 2026-11-25)", "referee_fresh11.jsonl"),
    "fresh12": ("Twelfth fresh blind set (written 2026-11-25)", "referee_fresh12.jsonl"),
}
FRESH_LOADERS: dict[str, Callable[[], list[Case]]] = {
    "fresh": load_fresh,
    "fresh2": load_fresh2,
    "fresh3": load_fresh3,
    "fresh4": load_fresh4,
    "fresh5": load_fresh5,
    "fresh6": load_fresh6,
    "fresh7": load_fresh7,
    "fresh8": load_fresh8,
    "fresh9": load_fresh9,
    "fresh10": load_fresh10,
    "fresh11": load_fresh11,
    "fresh12": load_fresh12,
}
# the sets the shipped cross-encoder learns from (evals.referee_cross): no longer a measure
LEARNED_FROM = ("fresh", "fresh2", "fresh3", "fresh4", "fresh5")
# the sets the shipped veto on the tables' finds learns from (evals.referee_veto): those, and two
# more whose finds it reads (no longer a clean measure of the referee either)
VETO_LEARNED_FROM = (*LEARNED_FROM, "fresh6", "fresh7")
# the sets a run reads unless told otherwise: those that have spent their one choice between
# models and were not learned from (an untouched set is read only for the choice it is
# reserved for: `--sets`)
DEFAULT_SETS = ("fresh8", "fresh9", "fresh10", "fresh11", "fresh12")
# every registered set has spent its choice (only an unregistered file is untouched)
SPENT_SETS = tuple(FRESH_SETS)
LEARNED_FROM_FILES = frozenset(FRESH_SETS[name][1] for name in LEARNED_FROM)
VETO_LEARNED_FROM_FILES = frozenset(FRESH_SETS[name][1] for name in VETO_LEARNED_FROM)


# folds and the reduced referee -------------------------------------------------------------------


def card_folds(deck: Deck, k: int = FOLDS, seed: int = SEED) -> tuple[frozenset[str], ...]:
    """The deck's story card ids dealt into `k` folds: group by group (in the deck's group
    order), each group's ids in a seeded shuffle, dealt round-robin on from where the last
    group stopped, so every fold gets its share of every group and sizes differ by one at
    most. The same deck, k and seed always give the same folds."""
    if k < 2:
        raise ValueError("leave-cards-out needs at least two folds")
    rng = random.Random(seed)
    folds: list[set[str]] = [set() for _ in range(k)]
    dealt = 0
    groups = list(dict.fromkeys(card.group for card in deck.story_cards))
    for group in groups:
        ids = sorted(card.id for card in deck.in_group(group))
        rng.shuffle(ids)
        for card_id in ids:
            folds[dealt % k].add(card_id)
            dealt += 1
    return tuple(frozenset(fold) for fold in folds)


def reduced_deck(deck: Deck, card_ids: Collection[str]) -> Deck:
    """The deck in which the cards `card_ids` keep only their printed label in each language:
    no aliases, no prototypes. Other cards and the endings are unchanged."""
    unknown = set(card_ids) - {card.id for card in deck.story_cards}
    if unknown:
        raise ValueError(f"not story cards of {deck.name!r}: {sorted(unknown)}")

    def stripped(card: StoryCard) -> StoryCard:
        if card.id not in card_ids:
            return card
        text = {lang: CardText(label=words.label) for lang, words in card.text.items()}
        return StoryCard(card.id, card.group, text, card.interrupt)

    cards = tuple(stripped(card) for card in deck.story_cards)
    return Deck(f"{deck.name} (labels only: {len(card_ids)})", deck.game, cards, deck.endings)


def reduced_referee(
    deck: Deck,
    card_ids: Collection[str],
    embedder: Embedder | None,
    vectors: CardVectorCache | None = None,
) -> Referee:
    """The referee those cards would get had nothing been written for them but their labels."""
    return Referee(reduced_deck(deck, card_ids), embedder, card_vectors=vectors, withheld=card_ids)


class CachedEmbedder:
    """An embedder that embeds each distinct text once (same name, dimension and revision as
    the one it wraps, so caches keyed on them stay valid)."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self.revision = str(getattr(inner, "revision", ""))
        self._rows: dict[str, Vectors] = {}

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def dimension(self) -> int:
        return self.inner.dimension

    def embed(self, texts: Sequence[str]) -> Vectors:
        items = list(texts)
        missing = list(dict.fromkeys(t for t in items if t not in self._rows))
        if missing:
            for text, row in zip(missing, self.inner.embed(missing), strict=True):
                self._rows[text] = row
        if not items:
            return np.zeros((0, self.dimension), dtype=np.float32)
        return np.stack([self._rows[text] for text in items])


# decisions and their tallies ---------------------------------------------------------------------


@dataclass(frozen=True)
class Decision:
    """One (case, card) decision. It carries no case id and no text: the tallies of the blind
    set are built from these and must not be able to name a case."""

    lang: str
    tags: tuple[str, ...]
    custom: bool  # the card is outside the bundled deck
    expected: bool
    flagged: bool


@dataclass
class Tally:
    """Decisions counted overall and by language, tag and kind of card."""

    overall: Counts = field(default_factory=Counts)
    by_lang: dict[str, Counts] = field(default_factory=lambda: defaultdict(Counts))
    by_tag: dict[str, Counts] = field(default_factory=lambda: defaultdict(Counts))
    by_card_kind: dict[str, Counts] = field(default_factory=lambda: defaultdict(Counts))
    # "custom en", "bundled ja", …
    by_card_kind_lang: dict[str, Counts] = field(default_factory=lambda: defaultdict(Counts))

    def add(self, decision: Decision) -> None:
        kind = "custom" if decision.custom else "bundled"
        buckets = [self.overall, self.by_lang[decision.lang]]
        buckets += [self.by_tag[tag] for tag in decision.tags]
        if any(tag in LIVE_TAGS for tag in decision.tags):
            buckets.append(self.by_tag[LIVE_STYLE])
        if any(tag in PROTECTED_TAGS for tag in decision.tags):
            buckets.append(self.by_tag[PROTECTED])
        buckets.append(self.by_card_kind[kind])
        buckets.append(self.by_card_kind_lang[f"{kind} {decision.lang}"])
        for bucket in buckets:
            bucket.tp += int(decision.expected and decision.flagged)
            bucket.fp += int(decision.flagged and not decision.expected)
            bucket.fn += int(decision.expected and not decision.flagged)
            bucket.cases += 1  # here: (case, card) pairs

    def as_dict(self) -> dict[str, Any]:
        return {
            "overall": self.overall.as_dict(),
            "by_lang": {k: v.as_dict() for k, v in sorted(self.by_lang.items())},
            "by_tag": {k: v.as_dict() for k, v in sorted(self.by_tag.items())},
            "by_card_kind": {k: v.as_dict() for k, v in sorted(self.by_card_kind.items())},
            "by_card_kind_lang": {
                k: v.as_dict() for k, v in sorted(self.by_card_kind_lang.items())
            },
        }


def tally(decisions: Iterable[Decision]) -> Tally:
    out = Tally()
    for decision in decisions:
        out.add(decision)
    return out


def held_cards(case: Case) -> list[str]:
    return list(dict.fromkeys(case["cards"]))


def flagged_cards(
    referee: Referee, case: Case, rename: Callable[[str], str] = lambda given: given
) -> set[str] | None:
    """The cards of the case (as given) that the referee flags; `rename` changes how a card is
    passed to it (and is undone on the answer). None when the referee refuses the case."""
    passed: dict[str, str] = {}
    for given in held_cards(case):
        passed.setdefault(rename(given), given)
    try:
        ruling = referee.rule(case["text"], list(passed), story=story_of(case))
    except RefereeError:
        return None
    return {passed[m.card] for m in ruling.mentions}


def decisions_of(
    case: Case, flagged: set[str] | None, deck: Deck, only: Callable[[str], bool] = lambda _: True
) -> list[Decision]:
    """The case's (card, decision) pairs for the cards `only` keeps (a refused case: nothing
    flagged)."""
    expected = set(case["expected"])
    tags = tuple(case["tags"])
    return [
        Decision(
            case["lang"],
            tags,
            deck.resolve(given) is None,
            given in expected,
            flagged is not None and given in flagged,
        )
        for given in held_cards(case)
        if only(given)
    ]


# the runs ---------------------------------------------------------------------------------------


@dataclass
class Referees:
    """The shipped referee with and without the embedder, and how to build reduced ones."""

    deck: Deck
    embedder: Embedder | None  # the configured one, cached per text
    vectors: CardVectorCache | None
    # the learned mention scorer (with the embedder on only); a reduced referee gets the model
    # its fold's cards were left out of (trained by `make train`)
    scorer: MentionScorer | None = None
    # the e5 a model reads with, when its fold's differs from the shipped model's (an adapter
    # tuned without the fold's cards: `evals.e5_tune`)
    e5_for: Callable[[LearnedModel], Embedder] | None = None
    # a cross-encoder trained without each fold's cards, by the fold's cards (`--cross-folds`):
    # the reduced referee of that fold reads with it instead of the logistic fold model
    fold_cross: Mapping[frozenset[str], tuple[CrossHead, CrossScorer]] = field(default_factory=dict)
    _fold_e5: dict[str, Embedder] = field(default_factory=dict)

    def shipped(self, on: bool) -> Referee:
        embedder = self.embedder if on else None
        scorer = self.scorer if on else None
        return Referee(
            self.deck, embedder, card_vectors=self.vectors if on else None, scorer=scorer
        )

    def reduced(self, card_ids: Collection[str], on: bool) -> Referee:
        embedder = self.embedder if on else None
        referee = reduced_referee(self.deck, card_ids, embedder, self.vectors if on else None)
        if on and self.scorer is not None:
            model = self.scorer.model.for_fold(frozenset(card_ids))
            if model.e5_adapter == self.scorer.model.e5_adapter or self.e5_for is None:
                referee.scorer = self.scorer.with_model(model)
            else:
                if model.e5_adapter not in self._fold_e5:
                    self._fold_e5[model.e5_adapter] = self.e5_for(model)
                e5 = self._fold_e5[model.e5_adapter]
                referee.scorer = self.scorer.with_model(model, {"e5": e5})
            cross = self.fold_cross.get(frozenset(card_ids))
            if cross is not None:
                head, scorer = cross
                model = replace(referee.scorer.model, cross=head)
                referee.scorer = referee.scorer.with_model(model, cross=scorer)
        return referee


def fold_cross_encoders(
    folds: Sequence[frozenset[str]], directory: Path, cache_dir: Path
) -> dict[frozenset[str], tuple[CrossHead, CrossScorer]]:
    """The cross-encoders `evals.referee_cross --without-fold K --export DIRECTORY/fold-K` wrote,
    one per fold (its int8 e5 built with its adapter), at the shipped cut-off."""
    from embeddings.e5_int8 import ensure_built, load_e5_int8
    from evals.referee_cross import CUT_OFF

    out: dict[frozenset[str], tuple[CrossHead, CrossScorer]] = {}
    for k, cards in enumerate(folds):
        fold_dir = directory / f"fold-{k}"
        raw = json.loads((fold_dir / "head.json").read_text(encoding="utf-8"))
        adapter = fold_dir / "adapter.npz"
        head = CrossHead(
            str(adapter), tuple(raw["weight"]), float(raw["bias"]), float(raw["scale"]), CUT_OFF
        )

        def load(adapter: Path = adapter) -> Any:
            return load_e5_int8(cache_dir=cache_dir, adapter=adapter)

        def build(adapter: Path = adapter) -> Any:
            return ensure_built(cache_dir=cache_dir, adapter=adapter)

        out[cards] = (head, CrossScorer(head, load, build))
    return out


MODES = {"on": True, "off": False}


def run_split(
    referees: Referees, cases: list[Case], *, blind: bool = False
) -> dict[str, tuple[Tally, int]]:
    """The shipped referee, embedder on and off, on every case: tallies and refusals. `blind`:
    any failure on a case counts as a refusal and is not shown (its message could quote the
    case)."""
    out: dict[str, tuple[Tally, int]] = {}
    for mode, on in MODES.items():
        referee = referees.shipped(on)
        decisions: list[Decision] = []
        refused = 0
        for case in cases:
            try:
                flagged = flagged_cards(referee, case)
            except Exception:
                if not blind:
                    raise
                flagged = None
            refused += flagged is None
            decisions += decisions_of(case, flagged, referees.deck)
        out[mode] = (tally(decisions), refused)
    return out


@dataclass
class LcoResult:
    folds: tuple[frozenset[str], ...]
    # system ("shipped on", "reduced off", …) → tally over the fold cards' decisions
    systems: dict[str, Tally]
    per_fold: list[dict[str, Counts]]
    cases_per_fold: list[int]


def run_lco(referees: Referees, dev: list[Case], k: int, seed: int) -> LcoResult:
    deck = referees.deck
    folds = card_folds(deck, k, seed)
    card_of = {given: deck.resolve(given) for case in dev for given in held_cards(case)}
    shipped = {mode: referees.shipped(on) for mode, on in MODES.items()}
    shipped_flags = {
        mode: {case["id"]: flagged_cards(referee, case) for case in dev}
        for mode, referee in shipped.items()
    }
    systems: dict[str, list[Decision]] = defaultdict(list)
    per_fold: list[dict[str, Counts]] = []
    cases_per_fold: list[int] = []
    for fold in folds:

        def in_fold(given: str, fold: frozenset[str] = fold) -> bool:
            card = card_of[given]
            return card is not None and card.id in fold

        def by_id(given: str, fold: frozenset[str] = fold) -> str:
            card = card_of[given]
            return card.id if card is not None and card.id in fold else given

        cases = [case for case in dev if any(in_fold(g) for g in held_cards(case))]
        cases_per_fold.append(len(cases))
        fold_systems: dict[str, list[Decision]] = defaultdict(list)
        for mode, on in MODES.items():
            reduced = referees.reduced(fold, on)
            for case in cases:
                fold_systems[f"reduced {mode}"] += decisions_of(
                    case, flagged_cards(reduced, case, by_id), deck, in_fold
                )
                fold_systems[f"shipped {mode}"] += decisions_of(
                    case, shipped_flags[mode][case["id"]], deck, in_fold
                )
        per_fold.append({name: tally(ds).overall for name, ds in sorted(fold_systems.items())})
        for name, ds in fold_systems.items():
            systems[name] += ds
    order = ("shipped on", "reduced on", "shipped off", "reduced off")
    return LcoResult(
        folds, {name: tally(systems[name]) for name in order}, per_fold, cases_per_fold
    )


# report -----------------------------------------------------------------------------------------


def _prf(counts: Counts) -> str:
    return f"{counts.precision:.3f} | {counts.recall:.3f} | {counts.f1:.3f}"


def _ablation_table(key: str, rows: list[tuple[str, Counts, Counts]]) -> list[str]:
    """Rows of (name, embedder on, embedder off)."""
    lines = [
        f"| {key} | on P | on R | on F1 | off P | off R | off F1 | F1 on − off | pairs |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for name, on, off in rows:
        lines.append(f"| {name} | {_prf(on)} | {_prf(off)} | {on.f1 - off.f1:+.3f} | {on.cases} |")
    return lines


def _split_rows(
    on: Tally, off: Tally, tags: Sequence[str] = (), kinds: bool = False
) -> list[tuple[str, Counts, Counts]]:
    rows = [("overall", on.overall, off.overall)]
    rows += [(lang, on.by_lang[lang], off.by_lang[lang]) for lang in LANGS if lang in on.by_lang]
    if kinds:
        for kind in ("custom", "bundled"):
            if kind not in on.by_card_kind:
                continue
            rows.append((f"{kind} cards", on.by_card_kind[kind], off.by_card_kind[kind]))
            rows += [
                (f"{kind} cards, {lang}", on.by_card_kind_lang[key], off.by_card_kind_lang[key])
                for lang in LANGS
                if (key := f"{kind} {lang}") in on.by_card_kind_lang
            ]
    rows += [(f"tag {tag}", on.by_tag[tag], off.by_tag[tag]) for tag in tags if tag in on.by_tag]
    return rows


def _protected_line(on: Tally, off: Tally) -> str:
    present = [tag for tag in PROTECTED_TAGS if tag in on.by_tag]
    absent = [tag for tag in PROTECTED_TAGS if tag not in on.by_tag]
    line = "Precision on the protected tags (embedder on / off): " + ", ".join(
        f"{tag} {on.by_tag[tag].precision:.3f} / {off.by_tag[tag].precision:.3f}" for tag in present
    )
    if absent:
        line += ("; " if present else "") + f"no case tagged {', '.join(absent)}"
    if PROTECTED in on.by_tag:
        pooled = on.by_tag[PROTECTED].precision, off.by_tag[PROTECTED].precision
        line += f"; pooled over cases with any of them {pooled[0]:.3f} / {pooled[1]:.3f}"
    return line


def render(summary: dict[str, Any], tallies: dict[str, dict[str, Tally]], lco: LcoResult) -> str:
    lines = [
        "# Referee: leave-cards-out, the fresh blind set, embedder on / off",
        "",
        "Written by `python -m evals.referee_lco` (`make eval`); see its docstring for the "
        "protocol. Micro-averaged over (case, card) decisions; `pairs` counts them. Embedder on: "
        f"`{summary['embedder']}`; off: lexical evidence, rules and guards only. "
        f"Run time {summary['seconds']:.0f} s.",
        "",
        f"## Leave-cards-out ({len(lco.folds)} folds, seed {summary['lco']['seed']}, dev split)",
        "",
        "Each fold's cards keep only their label in en/ja/es (no aliases, prototypes, inference "
        "rules or card-keyed guards); scored on the fold cards' decisions, beside the shipped "
        "referee's decisions on the same pairs. Fold sizes: "
        + ", ".join(str(len(f)) for f in lco.folds)
        + "; dev cases ruled per fold: "
        + ", ".join(str(n) for n in lco.cases_per_fold)
        + ".",
        "",
        "| system | language | precision | recall | F1 | TP | FP | FN | pairs |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for name, t in lco.systems.items():
        for lang, counts in [("overall", t.overall)] + [
            (lang, t.by_lang[lang]) for lang in LANGS if lang in t.by_lang
        ]:
            lines.append(
                f"| {name} | {lang} | {_prf(counts)} | {counts.tp} | {counts.fp} "
                f"| {counts.fn} | {counts.cases} |"
            )
    gap = summary["lco"]["hand_writing_buys_f1"]
    lines += [
        "",
        f"What hand-writing buys (F1, shipped − reduced): embedder on {gap['on']:+.3f}, "
        f"embedder off {gap['off']:+.3f}. What the embedder buys a labels-only card "
        f"(F1, reduced on − reduced off): {summary['lco']['embedder_buys_f1']:+.3f}.",
        "",
        "Per fold (F1): "
        + "; ".join(
            f"fold {i + 1}: " + ", ".join(f"{n} {c.f1:.3f}" for n, c in fold.items())
            for i, fold in enumerate(lco.per_fold)
        ),
        "",
        "### Leave-cards-out per tag (F1, reduced referee, embedder on / off)",
        "",
        "| tag | reduced on F1 | reduced off F1 | shipped on F1 | pairs |",
        "|---|---|---|---|---|",
    ]
    red_on, red_off, ship_on = (lco.systems[n] for n in ("reduced on", "reduced off", "shipped on"))
    for tag in sorted(red_on.by_tag):
        lines.append(
            f"| {tag} | {red_on.by_tag[tag].f1:.3f} | {red_off.by_tag[tag].f1:.3f} "
            f"| {ship_on.by_tag[tag].f1:.3f} | {red_on.by_tag[tag].cases} |"
        )
    sections = [
        ("dev", "## Dev split (tuned on): the shipped referee", ()),
        ("holdout", "## Holdout (blind, never tuned on): the shipped referee", ()),
    ]
    for split, title, tags in sections:
        if split not in tallies:
            continue
        on, off = tallies[split]["on"], tallies[split]["off"]
        lines += ["", title, "", *_ablation_table("", _split_rows(on, off, tags))]
        lines += ["", _protected_line(on, off)]
    for split, (title, file) in FRESH_SETS.items():
        if split in tallies:
            lines += _fresh_section(title, file, summary[split], tallies[split])
    lines += ["", *_targets(tallies, lco)]
    return "\n".join(lines) + "\n"


def _fresh_section(
    title: str, file: str, entry: dict[str, Any], by_mode: dict[str, Tally]
) -> list[str]:
    """A blind set's figures (no case is named): the ablation by language, card kind and tag,
    story-dependent recall, precision on the protected tags."""
    on, off = by_mode["on"], by_mode["off"]
    if file in LEARNED_FROM_FILES:
        use = "written blind, now learned from by the shipped cross-encoder (not a measure)"
    elif file in VETO_LEARNED_FROM_FILES:
        use = (
            "written blind, now learned from by the shipped veto on the tables' finds "
            "(not a measure)"
        )
    else:
        use = "written blind and never tuned on"
    return [
        "",
        f"## {title}: figures only",
        "",
        f"{entry['cases']} cases (`{file}`), {use}; "
        "no per-case result is printed or kept anywhere. Refused by the referee: "
        f"{entry['refused']['on']} (on), {entry['refused']['off']} (off).",
        "",
        *_ablation_table("", _split_rows(on, off, (LIVE_STYLE, *LIVE_TAGS, STORY_TAG), kinds=True)),
        "",
        f"Recall on story-dependent cases (embedder on / off): "
        f"{on.by_tag[STORY_TAG].recall:.3f} / {off.by_tag[STORY_TAG].recall:.3f}."
        if STORY_TAG in on.by_tag
        else "No story-dependent case.",
        "",
        _protected_line(on, off),
    ]


def _targets(tallies: dict[str, dict[str, Tally]], lco: LcoResult) -> list[str]:
    """Issue 11's targets beside today's figures (embedder on), for the learned referee to beat."""
    rows: list[tuple[str, str, float]] = []
    # the largest drop F1 could show: a perfect referee (F1 1) less the referee without embedder
    ceilings: list[str] = []
    reduced_on, reduced_off = lco.systems["reduced on"], lco.systems["reduced off"]
    rows.append(("labels-only cards F1, leave-cards-out", "≥ 0.85", reduced_on.overall.f1))
    rows += [
        (f"labels-only cards F1, leave-cards-out, {lang}", "≥ 0.80", reduced_on.by_lang[lang].f1)
        for lang in LANGS
    ]
    for split in FRESH_SETS:
        if split not in tallies:
            continue
        on, off = tallies[split]["on"], tallies[split]["off"]
        custom = on.by_card_kind["custom"]
        rows.append((f"custom cards F1, {split}", "≥ 0.85", custom.f1))
        rows += [
            (
                f"custom cards F1, {split}, {lang}",
                "≥ 0.80",
                on.by_card_kind_lang[f"custom {lang}"].f1,
            )
            for lang in LANGS
        ]
        rows.append((f"live-style F1, {split}", "≥ 0.93", on.by_tag[LIVE_STYLE].f1))
        rows.append((f"story-dependent recall, {split}", "≥ 0.85", on.by_tag[STORY_TAG].recall))
        rows += [
            (f"{tag} precision, {split}", "≥ 0.95", on.by_tag[tag].precision)
            for tag in PROTECTED_TAGS
            if tag in on.by_tag
        ]
        drop = custom.f1 - off.by_card_kind["custom"].f1
        rows.append((f"custom F1 drop with the embedder off, {split}", "≥ 0.25", drop))
        ceilings.append(f"{split} {1 - off.by_card_kind['custom'].f1:.3f}")
    rows.append(
        (
            "labels-only F1 drop with the embedder off, leave-cards-out",
            "≥ 0.25",
            reduced_on.overall.f1 - reduced_off.overall.f1,
        )
    )
    ceilings.append(f"leave-cards-out {1 - reduced_off.overall.f1:.3f}")
    if "holdout" in tallies:
        holdout = tallies["holdout"]["on"].overall
        rows.append(("bundled deck F1, holdout", "≥ 0.94", holdout.f1))
        rows.append(("bundled deck precision, holdout", "≥ 0.97", holdout.precision))
    lines = [
        "## Issue 11's targets, today (embedder on)",
        "",
        "| measure | target | today |",
        "|---|---|---|",
    ]
    lines += [f"| {name} | {target} | {value:.3f} |" for name, target, value in rows]
    lines += [
        "",
        "The largest drop with the embedder off that any referee could show, 1 − the F1 of the "
        "referee without it (the card's own words, rules and guards): " + ", ".join(ceilings) + ".",
    ]
    return lines


def run(
    referees: Referees,
    *,
    k: int = FOLDS,
    seed: int = SEED,
    cases_path: Path = CASES_PATH,
    holdout_path: Path | None = HOLDOUT_PATH,
    fresh: bool = True,
    sets: Sequence[str] = DEFAULT_SETS,
    embedder_name: str = "none",
    write: bool = True,
) -> dict[str, Any]:
    started = time.perf_counter()
    dev = load_cases(cases_path, split="dev")
    splits: dict[str, list[Case]] = {"dev": dev}
    if holdout_path is not None:
        splits["holdout"] = load_holdout(holdout_path)
    if fresh:
        for name in sets:
            splits[name] = FRESH_LOADERS[name]()
    tallies: dict[str, dict[str, Tally]] = {}
    refused: dict[str, dict[str, int]] = {}
    for split, cases in splits.items():
        if not cases:
            continue
        runs = run_split(referees, cases, blind=split in FRESH_SETS)
        tallies[split] = {mode: t for mode, (t, _) in runs.items()}
        refused[split] = {mode: n for mode, (_, n) in runs.items()}
    lco = run_lco(referees, dev, k, seed)
    seconds = time.perf_counter() - started
    s = lco.systems
    summary: dict[str, Any] = {
        "embedder": embedder_name,
        "seconds": round(seconds, 1),
        "lco": {
            "folds": k,
            "seed": seed,
            "fold_sizes": [len(f) for f in lco.folds],
            "dev_cases_per_fold": lco.cases_per_fold,
            "systems": {name: t.as_dict() for name, t in s.items()},
            "hand_writing_buys_f1": {
                mode: round(s[f"shipped {mode}"].overall.f1 - s[f"reduced {mode}"].overall.f1, 4)
                for mode in MODES
            },
            "embedder_buys_f1": round(s["reduced on"].overall.f1 - s["reduced off"].overall.f1, 4),
        },
    }
    for split, by_mode in tallies.items():
        entry: dict[str, Any] = {
            "cases": len(splits[split]),
            "refused": refused[split],
            **{mode: t.as_dict() for mode, t in by_mode.items()},
        }
        summary[split] = entry
    report = render(summary, tallies, lco)
    if write:
        REPORTS.mkdir(exist_ok=True)
        (REPORTS / "referee_lco.json").write_text(
            json.dumps(summary, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
        )
        (REPORTS / "referee_lco.md").write_text(report, encoding="utf-8")
    print(report)
    return summary


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evals.referee_lco", description=__doc__)
    parser.add_argument("--folds", type=int, default=FOLDS)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--embedder", default=None, help="embedder kind (default: from settings)")
    parser.add_argument("--no-fresh", action="store_true", help="leave the fresh blind set out")
    parser.add_argument(
        "--no-holdout",
        action="store_true",
        help="leave the blind holdout out too (with --no-fresh: the dev split only)",
    )
    parser.add_argument(
        "--learned",
        choices=("settings", "on", "off"),
        default="settings",
        help="the learned mention scorer with the embedder on (default: as the settings say)",
    )
    parser.add_argument(
        "--learned-cutoff",
        choices=("precision", "f1"),
        default="precision",
        help="the learned scorer's threshold: the shipped one (out-of-fold precision >= 0.95) "
        "or the out-of-fold best-F1 one recorded beside it (an experiment)",
    )
    parser.add_argument(
        "--mood-guards",
        action="store_true",
        help="the learned flags obey the tables' mood guards too (`LearnedModel.mood_guards`)",
    )
    parser.add_argument(
        "--exclusive-spans",
        action="store_true",
        help="one span flags one card only (`LearnedModel.exclusive_spans`)",
    )
    parser.add_argument(
        "--sets",
        default=",".join(DEFAULT_SETS),
        help=f"the fresh sets to run, of {', '.join(FRESH_LOADERS)} (an untouched set only for "
        "the one choice it is reserved for)",
    )
    parser.add_argument("--no-write", action="store_true", help="print the report only")
    parser.add_argument(
        "--model",
        type=Path,
        help="another learned model file than the shipped one (with its own e5 adapters)",
    )
    parser.add_argument(
        "--cross-folds",
        type=Path,
        help="a directory of cross-encoders trained without each fold's cards (fold-K/, "
        "`evals.referee_cross --without-fold K --export`): the reduced referees read with them",
    )
    args = parser.parse_args(argv)
    unknown = set(args.sets.split(",")) - set(FRESH_LOADERS) - {""}
    if unknown:
        parser.error(f"unknown fresh sets: {', '.join(sorted(unknown))}")
    from companion.referee.factory import (
        cross_for,
        e5_for,
        embedder_from_settings,
        scorer_from_settings,
    )
    from companion.settings import Settings

    settings = Settings()
    if args.learned != "settings":
        settings = settings.model_copy(update={"referee_learned": args.learned == "on"})
    embedder = CachedEmbedder(embedder_from_settings(settings, args.embedder))
    scorer = scorer_from_settings(settings, embedder, cached=CachedEmbedder)
    if scorer is not None and args.model is not None:
        model = LearnedModel.from_dict(json.loads(args.model.read_text(encoding="utf-8")))
        scorer = scorer.with_model(
            model, {"e5": CachedEmbedder(e5_for(model, settings))}, cross_for(model, settings)
        )
    if scorer is not None and args.learned_cutoff == "f1":
        if scorer.model.cross is not None:
            parser.error(
                "--learned-cutoff f1 is the logistic model's experiment; this model's flags come "
                "from its cross-encoder"
            )
        scorer = scorer.with_model(scorer.model.at_threshold(scorer.model.report["threshold_f1"]))
    if scorer is not None and args.mood_guards:
        scorer = scorer.with_model(replace(scorer.model, mood_guards=True))
    if scorer is not None and args.exclusive_spans:
        scorer = scorer.with_model(replace(scorer.model, exclusive_spans=True))
    deck = once_upon_a_time_deck()
    fold_cross = {}
    if args.cross_folds is not None:
        if scorer is None:
            parser.error("--cross-folds needs the learned scorer")
        folds = card_folds(deck, args.folds, args.seed)
        fold_cross = fold_cross_encoders(folds, args.cross_folds, settings.cache_dir)
    referees = Referees(
        deck,
        embedder,
        CardVectorCache(embedder),
        scorer,
        e5_for=lambda model: CachedEmbedder(e5_for(model, settings)),
        fold_cross=fold_cross,
    )
    name = embedder.name
    if scorer is not None:
        kind = "cross-encoder" if scorer.model.cross is not None else "learned scorer"
        if scorer.model.cross is not None and scorer.model.cross.veto is not None:
            kind += f" with its veto (cut-off {scorer.model.cross.veto.cut_off:.4f})"
        if scorer.model.cross is not None and scorer.model.cross.recast is not None:
            kind += f", the cast's judge (threshold {scorer.model.cross.recast:.4f})"
        name += f" + {kind} (threshold {scorer.model.flag_threshold:.4f})"
        if fold_cross:
            name += (
                "; leave-cards-out: each fold's cross-encoder trained without its cards "
                "(no veto), not the logistic fold models"
            )
    run(
        referees,
        k=args.folds,
        seed=args.seed,
        fresh=not args.no_fresh,
        sets=[name for name in args.sets.split(",") if name],
        holdout_path=None if args.no_holdout else HOLDOUT_PATH,
        embedder_name=name,
        write=not args.no_write,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
