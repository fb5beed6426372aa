"""The learned mention scorer: does this text mention this card, for a card no table knows.

A card is given to it by its labels only (the label the caller gave, and for a deck card its
printed label in en/ja/es): never its aliases, prototypes or rules, so a bundled card and a card
typed by a player are scored alike, and a model trained without a card's rows knows nothing of
it. The text is cut into candidate spans (`candidate_spans`: the whole text, its clauses, its
content words and pairs of neighbouring content words). Every span and every card label is
embedded by each of the scorer's embedders (the English MiniLM reads English well; the
multilingual e5 reads Japanese and Spanish), and per (text, card) a small row of features is
built (`FEATURES`): the best span's cosine, the whole text's, how far the best span stands out
from the text's other spans and from the other held cards, the text's language, the card's
group, and the guards' verdicts on the best span (negated, not yet, figurative). A logistic
model (`LearnedModel`, coefficients in `data/learned_mention.json`, trained by
`evals/referee_train.py`, `make train`) turns the row into a calibrated probability; the
referee flags the card when it reaches the model's threshold and no guard blocks the best span
(`blocking_guard`). When the model carries a cross-encoder's head (cross.py, as the shipped one
does), the cross-encoder's probability and cut-off replace the logistic ones; the span features
still choose the best span the guards read.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import yaml

from companion.referee import guards
from companion.referee.cross import CrossHead, CrossScorer
from companion.referee.lexicon import Target
from companion.referee.neighbours import (
    BANK_FEATURES_PER_EMBEDDER,
    BankVectors,
    NeighbourBank,
    load_bank,
)
from companion.referee.phenomena.mood import IRREALIS_GROUPS
from companion.referee.text import Analysis, Span
from companion.referee.tokens import Language, Token
from embeddings import Embedder, RecentVectors, prepare

DATA = Path(__file__).resolve().parent / "data"
MODEL_PATH = DATA / "learned_mention.json"
ADAPTERS = DATA / "e5_adapters"  # low-rank adapters of e5, trained by `evals.e5_tune`
MAX_SPANS = 32
MAX_SPAN_CHARS = 1_000  # a longer span (a whole long text) is read by its beginning only
LABELS_REMEMBERED = 4_096
EMBEDDERS = ("minilm", "e5")  # the names a scorer's embedders go by, in feature order
GROUPS = ("characters", "items", "places", "aspects", "events")
_PER_EMBEDDER = ("best", "whole", "vs_spans", "vs_cards")
FEATURES = (
    *(f"{name}_{f}" for name in EMBEDDERS for f in _PER_EMBEDDER),
    "lang_ja",
    "lang_es",
    *(f"group_{g}" for g in GROUPS),
    "guard_negated",
    "guard_not_yet",
    "guard_figurative",
    "label_inside_word",
)
# the neighbour bank's features (`neighbours`), after FEATURES in a model that reads the bank
BANK_FEATURES = tuple(f"{name}_{f}" for name in EMBEDDERS for f in BANK_FEATURES_PER_EMBEDDER)
_JA_CONTENT = ("名詞", "動詞", "形容詞")
_JA_SKIP = ("名詞-数詞", "名詞-助動詞語幹")

Matrix = npt.NDArray[np.float64]


@cache
def _stopwords() -> dict[str, frozenset[str]]:
    raw = yaml.safe_load((DATA / "stopwords.yaml").read_text(encoding="utf-8"))
    return {lang: frozenset(str(words).split()) for lang, words in raw.items()}


def _content(token: Token) -> bool:
    if token.lang == "ja":
        kana = len(token.text) == 1 and "\u3040" <= token.text <= "\u30ff"
        return token.pos.startswith(_JA_CONTENT) and not token.pos.startswith(_JA_SKIP) and not kana
    stop = _stopwords().get(token.lang, frozenset())
    return len(token.text) >= 3 and token.text not in stop and not token.text.isdigit()


def candidate_spans(analysis: Analysis) -> list[Span]:
    """The spans a card may be mentioned by: the whole text, its clauses, its content words and
    pairs of neighbouring content words in one clause (distinct texts, at most MAX_SPANS)."""
    text = analysis.text
    spans = [Span(0, len(text))]
    if len(analysis.clauses) > 1:
        spans += analysis.clauses[:8]
    content = [i for i, token in enumerate(analysis.tokens) if _content(token)]
    tokens = analysis.tokens
    spans += [Span(tokens[i].start, tokens[i].end) for i in content]
    spans += [
        Span(tokens[a].start, tokens[b].end)
        for a, b in pairwise(content)
        if b - a <= 2 and analysis.same_clause(a, b)
    ]
    seen: set[str] = set()
    out: list[Span] = []
    for span in spans:
        words = text[span.start : span.end].strip()
        if words and words not in seen:
            seen.add(words)
            out.append(span)
    return out[:MAX_SPANS]


def card_phrases(target: Target) -> tuple[str, ...]:
    """What a card is compared with: a deck card's printed label in each language (never its
    aliases or prototypes, nor the name it was asked by, which may be an alias); a free-text
    card's label as given."""
    if target.card is None:
        return (target.given.strip(),)
    return tuple(dict.fromkeys(words.label for words in target.card.text.values()))


def label_inside_word(analysis: Analysis, phrases: Sequence[str]) -> bool:
    """A label is written inside a longer word of the text that the tables did not take for it
    ("swordfish", "dragonfly", "ringleader"): a trap for embeddings, which read the parts."""
    text = analysis.text.casefold()
    for phrase in phrases:
        label = phrase.casefold()
        if len(label) < 2 or (len(label) < 3 and label.isascii()):
            continue
        if label in text and not any(
            token.text == label
            or (token.text.startswith(label) and len(token.text) <= len(label) + 2)
            for token in analysis.tokens
        ):
            return True
    return False


def labels_only(target: Target) -> bool:
    """Nothing but labels is written for this card (a free-text card, or a deck card without
    aliases or prototypes): the cards the learned scorer rules on."""
    card = target.card
    return card is None or not any(w.aliases or w.prototypes for w in card.text.values())


def group_of(target: Target) -> str | None:
    return target.card.group.value if target.card is not None else None


def _tokens_in(analysis: Analysis, span: Span) -> list[int]:
    return [
        i
        for i, token in enumerate(analysis.tokens)
        if token.start >= span.start and token.end <= span.end
    ]


def guard_flags(analysis: Analysis, span: Span, group: str | None) -> tuple[bool, bool, bool]:
    """The guards' verdicts on a span for a card of `group`: negated, not yet (wished,
    planned, feared; for events and aspects, and for a free-text card, which may be one),
    figurative (an idiom or a simile)."""
    predicate = group in IRREALIS_GROUPS
    indices = _tokens_in(analysis, span)
    negated = any(guards.negated(analysis, i, i, predicate=predicate) for i in indices)
    not_yet = (predicate or group is None) and any(
        guards.not_yet(analysis, i, i, group or "events") or guards.wished(analysis, i, i, group)
        for i in indices
    )
    figurative = guards.figurative(analysis, span.start, span.end) is not None or any(
        guards.simile(analysis, i, i) for i in indices
    )
    return negated, bool(not_yet), figurative


def clause_around(analysis: Analysis, span: Span) -> Span:
    """The span widened to the clauses it touches."""
    indices = _tokens_in(analysis, span)
    if not indices:
        return span
    first, last = analysis.clause_span(indices[0]), analysis.clause_span(indices[-1])
    return Span(min(first.start, span.start), max(last.end, span.end))


def blocking_guard(
    analysis: Analysis, span: Span, group: str | None, *, mood: bool = False
) -> str | None:
    """Why the learned scorer's best span must not flag a card (None: nothing blocks it). The
    guards look at the whole clause around the span, and for a free-text card (whose group is
    unknown) a negated predicate blocks too: "the harpist never came" introduces no Musician.
    Wider than the tables' guards, as the learned evidence is weaker than a named card. With
    `mood` (a model's `mood_guards`), every word of the span is also put to the tables' mood
    guards (`guards.unreal`: wished for, supposed, sought, a likeness, a pretence, ...)."""
    clause = clause_around(analysis, span)
    negated, not_yet, figurative = guard_flags(analysis, clause, group)
    if not negated and group is None:
        negated = any(
            guards.negated(analysis, i, i, predicate=True) for i in _tokens_in(analysis, clause)
        )
    if negated:
        return "negated"
    if not_yet:
        return "not happened yet"
    if figurative:
        return "figurative"
    if mood:
        for i in _tokens_in(analysis, span):
            reason = guards.unreal(analysis, group, i, i)
            if reason is not None:
                return reason
    return None


def similarity_features(similarities: Mapping[str, Matrix]) -> Matrix:
    """Per target, the four features of each embedder from its (spans, targets) cosines (row 0
    is the whole text): best span, whole text, best minus the mean over spans, best minus the
    mean best of the held cards."""
    columns: list[Matrix] = []
    for name in EMBEDDERS:
        sims = similarities[name]
        best = sims.max(axis=0)
        vs_cards = best - best.mean() if sims.shape[1] > 1 else np.zeros_like(best)
        columns += [best, sims[0], best - sims.mean(axis=0), vs_cards]
    return np.stack(columns, axis=1)


def feature_rows(
    similarities: Mapping[str, Matrix],
    language: Language,
    groups: Sequence[str | None],
    flags: Sequence[tuple[bool, bool, bool]],
    inside: Sequence[bool],
) -> Matrix:
    """The FEATURES rows, one per target."""
    n = len(groups)
    lang = np.tile([float(language == "ja"), float(language == "es")], (n, 1))
    group = np.array([[float(g == name) for name in GROUPS] for g in groups]).reshape(n, -1)
    guard = np.array(flags, dtype=np.float64).reshape(n, 3)
    trap = np.asarray(inside, dtype=np.float64).reshape(n, 1)
    rows = np.concatenate([similarity_features(similarities), lang, group, guard, trap], axis=1)
    assert rows.shape[1] == len(FEATURES)
    return rows


@dataclass(frozen=True)
class Weights:
    """A logistic model on standardised features."""

    mean: tuple[float, ...]
    scale: tuple[float, ...]
    coef: tuple[float, ...]
    intercept: float

    def logit(self, rows: Matrix) -> npt.NDArray[np.float64]:
        z = (rows - np.asarray(self.mean)) / np.asarray(self.scale)
        return np.asarray(z @ np.asarray(self.coef) + self.intercept, dtype=np.float64)

    def as_dict(self) -> dict[str, Any]:
        return {
            "mean": list(self.mean),
            "scale": list(self.scale),
            "coef": list(self.coef),
            "intercept": self.intercept,
        }

    @staticmethod
    def from_dict(raw: Mapping[str, Any]) -> Weights:
        return Weights(
            tuple(map(float, raw["mean"])),
            tuple(map(float, raw["scale"])),
            tuple(map(float, raw["coef"])),
            float(raw["intercept"]),
        )


@dataclass(frozen=True)
class LearnedModel:
    """The trained scorer: weights, Platt calibration, the flag threshold on the calibrated
    probability, and the recipe (hash of what made it). `folds` holds the models of the
    leave-cards-out folds, each trained without its cards' rows (`fold_cards`)."""

    features: tuple[str, ...]
    weights: Weights
    platt: tuple[float, float]  # p = sigmoid(a * logit + b)
    threshold: float
    recipe: str
    fold_cards: tuple[frozenset[str], ...] = ()
    folds: tuple[Weights, ...] = ()
    # threshold and figures of the out-of-fold experiment (threshold_f1: the cut-off that gave
    # the best out-of-fold F1 with the tables; not used unless asked for)
    report: Mapping[str, float] = field(default_factory=dict)
    # the low-rank adapter of e5 the model reads with (a file of ADAPTERS; "": e5 as packaged),
    # and each fold model's (trained without the fold's cards, as its weights are)
    e5_adapter: str = ""
    fold_adapters: tuple[str, ...] = ()
    # whether the flags obey the tables' mood guards too (`blocking_guard`'s `mood`)
    mood_guards: bool = False
    # whether the model reads the neighbour bank (its features end with BANK_FEATURES)
    bank: bool = False
    # whether one span flags one card only (`Referee._span_taken`)
    exclusive_spans: bool = False
    # a cross-encoder's head (cross.py): when set, its probability and threshold replace the
    # logistic model's (whose span features still choose the best span and its guard flags)
    cross: CrossHead | None = None

    @property
    def flag_threshold(self) -> float:
        """The probability a flag needs: the cross-encoder's when the model has one."""
        return self.cross.threshold if self.cross is not None else self.threshold

    def probability(self, rows: Matrix, weights: Weights | None = None) -> npt.NDArray[np.float64]:
        a, b = self.platt
        logit = (weights or self.weights).logit(rows)
        return np.asarray(1.0 / (1.0 + np.exp(-(a * logit + b))), dtype=np.float64)

    def for_fold(self, card_ids: frozenset[str]) -> LearnedModel:
        """The model trained without these cards (a leave-cards-out fold's)."""
        adapters = self.fold_adapters or ("",) * len(self.folds)
        for cards, weights, adapter in zip(self.fold_cards, self.folds, adapters, strict=True):
            if cards == card_ids:
                return replace(
                    self,
                    weights=weights,
                    fold_cards=(),
                    folds=(),
                    e5_adapter=adapter,
                    fold_adapters=(),
                    cross=None,  # the cross-encoder was trained with every card's rows
                )
        raise KeyError("no fold model was trained without exactly these cards")

    def adapter_path(self) -> Path | None:
        """The e5 adapter's file, or None for e5 as packaged."""
        return ADAPTERS / self.e5_adapter if self.e5_adapter else None

    def at_threshold(self, threshold: float) -> LearnedModel:
        if self.cross is not None:
            return replace(self, cross=replace(self.cross, threshold=threshold))
        return replace(self, threshold=threshold)

    def as_dict(self) -> dict[str, Any]:
        return {
            "features": list(self.features),
            "weights": self.weights.as_dict(),
            "platt": list(self.platt),
            "threshold": self.threshold,
            "recipe": self.recipe,
            "fold_cards": [sorted(cards) for cards in self.fold_cards],
            "folds": [w.as_dict() for w in self.folds],
            "report": dict(self.report),
            "e5_adapter": self.e5_adapter,
            "fold_adapters": list(self.fold_adapters),
            "mood_guards": self.mood_guards,
            "bank": self.bank,
            "exclusive_spans": self.exclusive_spans,
            **({"cross": self.cross.as_dict()} if self.cross is not None else {}),
        }

    @staticmethod
    def from_dict(raw: Mapping[str, Any]) -> LearnedModel:
        features = tuple(raw["features"])
        bank = bool(raw.get("bank", False))
        if features != model_features(bank):
            raise ValueError("the model was trained on other features; run `make train`")
        return LearnedModel(
            features,
            Weights.from_dict(raw["weights"]),
            (float(raw["platt"][0]), float(raw["platt"][1])),
            float(raw["threshold"]),
            str(raw["recipe"]),
            tuple(frozenset(cards) for cards in raw.get("fold_cards", ())),
            tuple(Weights.from_dict(w) for w in raw.get("folds", ())),
            {str(k): float(v) for k, v in raw.get("report", {}).items()},
            str(raw.get("e5_adapter", "")),
            tuple(str(a) for a in raw.get("fold_adapters", ())),
            bool(raw.get("mood_guards", False)),
            bank,
            bool(raw.get("exclusive_spans", False)),
            CrossHead.from_dict(raw["cross"]) if raw.get("cross") else None,
        )


def model_features(bank: bool) -> tuple[str, ...]:
    """The features of a model that reads the neighbour bank or not."""
    return FEATURES + BANK_FEATURES if bank else FEATURES


@cache
def load_model(path: Path = MODEL_PATH) -> LearnedModel:
    """The shipped model (read once)."""
    return LearnedModel.from_dict(json.loads(path.read_text(encoding="utf-8")))


def recipe_hash(*parts: bytes) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()[:16]


@dataclass(frozen=True)
class Scored:
    """The learned verdict on one held card: calibrated probability and the best span."""

    probability: float
    span: Span
    flags: tuple[bool, bool, bool]
    vetoed: bool = False  # the cross-encoder's veto drops the tables' find of the card


class MentionScorer:
    """Scores held cards against a text with the learned model. `embedders` maps each name of
    EMBEDDERS to an embedder. The vectors of the last LABELS_REMEMBERED card labels are kept
    (players type labels without end: the memory stays bounded); a model that reads the
    neighbour bank embeds its phrases on first use (`bank`: another bank than the shipped one)."""

    def __init__(
        self,
        model: LearnedModel,
        embedders: Mapping[str, Embedder],
        bank: NeighbourBank | None = None,
        cross: CrossScorer | None = None,
    ) -> None:
        missing = set(EMBEDDERS) - set(embedders)
        if missing:
            raise ValueError(f"the learned scorer needs the embedders {sorted(missing)}")
        if (model.cross is None) != (cross is None):
            raise ValueError("a model with a cross-encoder's head needs its scorer, and only it")
        self.model = model
        self.cross = cross
        self.embedders = dict(embedders)
        self._labels = {n: RecentVectors(embedders[n], size=LABELS_REMEMBERED) for n in EMBEDDERS}
        self._bank_source = bank
        self._bank: dict[str, BankVectors] | None = None
        self._crowd: dict[tuple[str, Target], float] = {}

    def with_model(
        self,
        model: LearnedModel,
        embedders: Mapping[str, Embedder] | None = None,
        cross: CrossScorer | None = None,
    ) -> MentionScorer:
        """Another model, with the same embedders (and label and bank vectors) or with
        `embedders` (a fold model reads with its own e5), and with its cross-encoder: `cross`,
        or this scorer's when the model has a head (none when it has not)."""
        if model.cross is None:
            cross = None
        elif cross is None:
            cross = self.cross
        if embedders is not None:
            return MentionScorer(model, {**self.embedders, **embedders}, self._bank_source, cross)
        other = MentionScorer(model, self.embedders, self._bank_source, cross)
        other._labels, other._bank, other._crowd = self._labels, self._bank, self._crowd
        return other

    def prepare(self) -> None:
        """The embedders' slow one-time work, now (building model files: a server's start-up),
        without loading a model no table has asked for yet."""
        for embedder in self.embedders.values():
            prepare(embedder)
        if self.cross is not None:
            self.cross.prepare()

    def bank(self) -> dict[str, BankVectors]:
        if self._bank is None:
            source = self._bank_source or load_bank()
            self._bank = {n: BankVectors(source, self.embedders[n]) for n in EMBEDDERS}
        return self._bank

    def _label_vectors(
        self, name: str, targets: Sequence[Target]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.intp]]:
        """One embedder's vectors of the targets' phrases, and where each target's start."""
        groups = [card_phrases(t) for t in targets]
        flat = [p for g in groups for p in g]
        starts = np.cumsum([0, *(len(g) for g in groups[:-1])]).astype(np.intp)
        return self._labels[name].embed(flat), starts

    def similarities(
        self, analysis: Analysis, spans: Sequence[Span], targets: Sequence[Target]
    ) -> tuple[dict[str, Matrix], dict[str, npt.NDArray[np.float32]]]:
        """Per embedder, the (spans, targets) best cosine of each span to each card's labels,
        and the spans' vectors."""
        texts = [analysis.text[s.start : s.end][:MAX_SPAN_CHARS] for s in spans]
        sims: dict[str, Matrix] = {}
        vectors: dict[str, npt.NDArray[np.float32]] = {}
        for name in EMBEDDERS:
            vectors[name] = self.embedders[name].embed(texts)
            phrase_vectors, starts = self._label_vectors(name, targets)
            cosines = vectors[name] @ phrase_vectors.T
            sims[name] = np.maximum.reduceat(cosines, starts, axis=1).astype(np.float64)
        return sims, vectors

    def bank_features(
        self,
        targets: Sequence[Target],
        sims: Mapping[str, Matrix],
        vectors: Mapping[str, npt.NDArray[np.float32]],
    ) -> Matrix:
        """The BANK_FEATURES columns: per embedder, the best span's cosine to the card less its
        cosine to the nearest other concept of the bank, and the card's own nearest other."""
        bank = self.bank()
        owns = [bank[EMBEDDERS[0]].bank.own(t) for t in targets]
        columns: list[Matrix] = []
        for name in EMBEDDERS:
            best_row = sims[name].argmax(axis=0)
            best = sims[name].max(axis=0)
            nearest = bank[name].nearest_other(vectors[name][best_row], owns)
            columns += [best - nearest, self._crowds(name, targets, owns)]
        return np.stack(columns, axis=1)

    def _crowds(
        self, name: str, targets: Sequence[Target], owns: Sequence[frozenset[int]]
    ) -> Matrix:
        missing = [i for i, t in enumerate(targets) if (name, t) not in self._crowd]
        if missing:
            wanted = [targets[i] for i in missing]
            phrase_vectors, starts = self._label_vectors(name, wanted)
            counts = np.diff(np.append(starts, len(phrase_vectors)))
            own_rows = [owns[i] for i, n in zip(missing, counts, strict=True) for _ in range(n)]
            nearest = self.bank()[name].nearest_other(phrase_vectors, own_rows)
            if len(self._crowd) > LABELS_REMEMBERED:
                self._crowd.clear()
            for target, value in zip(wanted, np.maximum.reduceat(nearest, starts), strict=True):
                self._crowd[(name, target)] = float(value)
        return np.asarray([self._crowd[(name, t)] for t in targets])

    def features(
        self, analysis: Analysis, targets: Sequence[Target]
    ) -> tuple[Matrix, list[Span], list[tuple[bool, bool, bool]]]:
        """The model's feature rows of the targets, each one's best span and that span's guard
        flags."""
        spans = candidate_spans(analysis)
        sims, vectors = self.similarities(analysis, spans, targets)
        lead = sims["e5" if analysis.language == "ja" else "minilm"]
        best = [spans[int(i)] for i in lead.argmax(axis=0)]
        groups = [group_of(t) for t in targets]
        flags = [guard_flags(analysis, span, g) for span, g in zip(best, groups, strict=True)]
        inside = [label_inside_word(analysis, card_phrases(t)) for t in targets]
        rows = feature_rows(sims, analysis.language, groups, flags, inside)
        if self.model.bank:
            rows = np.concatenate([rows, self.bank_features(targets, sims, vectors)], axis=1)
        return rows, best, flags

    def score(
        self,
        analysis: Analysis,
        targets: Sequence[Target],
        story: Sequence[str] = (),
        read: Collection[int] | None = None,
    ) -> list[Scored | None]:
        """The calibrated probability that the text mentions each target (`story`: the story
        so far, which only the cross-encoder reads). `read`: the indices of the targets wanted
        (None: all); the others get None. Every held card's features are still computed (one
        of them compares a card with the mean over the held cards), but the cross-encoder, a
        pass of e5 per card, reads only the wanted ones: at a table that holds the deck beside
        a few typed cards, the typed ones."""
        if not targets:
            return []
        wanted = range(len(targets)) if read is None else sorted(read)
        rows, best, flags = self.features(analysis, targets)
        vetoed = np.zeros(len(targets), dtype=bool)
        if self.cross is None:
            probabilities = self.model.probability(rows)
        else:
            probabilities = np.zeros(len(targets))
            if wanted:
                reading = self.cross.read(
                    analysis.text, story, [targets[i] for i in wanted], analysis.language
                )
                probabilities[list(wanted)] = reading.mention
                vetoed[list(wanted)] = reading.vetoed
        chosen = set(wanted)
        return [
            Scored(float(probabilities[i]), best[i], flags[i], bool(vetoed[i]))
            if i in chosen
            else None
            for i in range(len(targets))
        ]
