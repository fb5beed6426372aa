"""Factum's AI readers of stories: guesser, decoy-chooser, judge, best-story voter, and the
storyteller's choice of what to tell.

All are functions of (story, cards) over one `FactumReader`, which scores how well each
card fits a story's emotional core (FA-10) rather than its surface words. They need no rules
engine and no game state.

    reader = FactumReader(load_embedder("e5", cache_dir=…))
    reader.rank(story, cards)                 # cards as given, best fit first   (FA-5)
    choose_decoy(reader, story, hand)         # the hand's card closest to the story (FA-4)
    judge(reader, story, card, others)        # which team guesses, and why      (FA-3)
    choose_story(reader, options, hand)       # a link neither obvious nor obscure (FA-10)
    prefers_challenger(reader, new, holder)   # best-story vote                  (FA-7)

How a card is scored against a story, feature by feature (`FEATURES`): each phrasing's cosine
with the story is turned into a z-score against that phrasing's cosines with a fixed reference
set of stories (the offline storyteller's bank), so a card that every story resembles ("a day
you would rather forget") stops winning every table; a feature is the mean z-score over the
card's phrasings (a bank card has one per language, en/ja/es; a free-text card has itself).

- ``title``: the story against the card's titles;
- ``core_passage`` / ``core_query``: the story against the card's emotional core, a line per
  language in `data/factum_card_cores.yaml` (embedded with e5's "passage: " and "query: "
  prefixes; a free-text card is its own core);
- ``sentence_core``: the best single sentence of the story against each core (as passage);
- ``stories``: the story against the card's *prototype*, the mean vector of the training
  stories written for that card (`evals/data/factum_train/`, six per bank card: two per
  language), built by `make factum-fit` into `data/factum_prototypes.npz` (int8, with the
  embedder's name and the training file's hash). This is what the guesser learned from data
  rather than from the card's words; a card with no training stories (a table's own card) is
  its own prototype, and an embedder the prototypes were not built with gets 0 for every card.

The score is a weighted sum of the features, the weights fitted by a conditional logit on the
dev split of `evals/data/factum_guess_cases.jsonl` (`make factum-fit`, `evals/factum_fit.py`),
stored per embedder in `data/factum_guesser.yaml`; an embedder with no fitted weights gets
equal weights. Softmax over a table's scores is the guesser's probability for each card.

Errors: `ValueError` for an empty story or an empty or non-text card list.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import IO, Any, Literal

import numpy as np
import yaml

from companion.cards import LANGUAGES, fold
from embeddings import CardVectorCache, Embedder, Vectors

FEATURES = ("title", "core_passage", "core_query", "sentence_core", "stories")
PROTOTYPES = "factum_prototypes.npz"
DEFAULT_JUDGE_THRESHOLD = 0.5
_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s*|\n+")
_STORIES_REMEMBERED = 512
_MIN_SPREAD = 1e-3  # a reference spread below this (a degenerate embedder) counts as this

Team = Literal["judge", "storyteller"]


@dataclass(frozen=True)
class BankCard:
    titles: tuple[str, ...]  # en, ja, es
    cores: tuple[str, ...]  # en, ja, es


@cache
def bank_cards() -> tuple[BankCard, ...]:
    """The Factum bank, each card with its titles in every language and its emotional core."""
    data = resources.files("companion.story") / "data" / "factum_cards.yaml"
    cores = _seat_data("factum_card_cores.yaml")["cores"]
    cards = yaml.safe_load(data.read_text(encoding="utf-8"))["cards"]
    return tuple(
        BankCard(
            tuple(str(card[lang]) for lang in LANGUAGES),
            tuple(str(cores[card["en"]][lang]) for lang in LANGUAGES),
        )
        for card in cards
    )


@cache
def reference_stories() -> tuple[str, ...]:
    """Every story of the offline storyteller's bank, all languages: the z-score reference."""
    stories = _seat_data("factum_stories.yaml")["stories"]
    return tuple(text for by_language in stories.values() for text in by_language.values())


@cache
def fitted_weights() -> Mapping[str, tuple[float, ...]]:
    """Embedder name → one weight per feature, as `make factum-fit` wrote them (a feature an
    entry lacks was not fitted: weight 0)."""
    entries = _seat_data("factum_guesser.yaml")["weights"]
    return {
        name: tuple(float(entry.get(f, 0.0)) for f in FEATURES) for name, entry in entries.items()
    }


@dataclass(frozen=True)
class StoryPrototypes:
    """Per bank card (keyed by its English title), the unit mean vector of its training
    stories, for one embedder; `recipe` is the hash of the training stories it was built from."""

    embedder: str
    recipe: str
    vectors: Mapping[str, np.ndarray]


def quantise(prototypes: StoryPrototypes) -> dict[str, np.ndarray]:
    """The arrays of `data/factum_prototypes.npz`: int8 rows with a scale each."""
    titles = list(prototypes.vectors)
    matrix = np.stack([prototypes.vectors[t] for t in titles]).astype(np.float32)
    scales = np.maximum(np.abs(matrix).max(axis=1), 1e-12) / 127.0
    return {
        "embedder": np.array(prototypes.embedder),
        "recipe": np.array(prototypes.recipe),
        "titles": np.array(titles),
        "vectors": np.round(matrix / scales[:, None]).astype(np.int8),
        "scales": scales.astype(np.float32),
    }


def read_prototypes(handle: IO[bytes]) -> StoryPrototypes:
    """Prototypes from an `.npz` that `quantise` wrote (rows back to unit length)."""
    with np.load(handle) as data:
        matrix = data["vectors"].astype(np.float32) * data["scales"][:, None]
        matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)
        titles = [str(t) for t in data["titles"]]
        return StoryPrototypes(
            str(data["embedder"]), str(data["recipe"]), dict(zip(titles, matrix, strict=True))
        )


@cache
def shipped_prototypes() -> StoryPrototypes | None:
    """The prototypes `make factum-fit` built (None before it has run)."""
    source = resources.files("companion.seats") / "data" / PROTOTYPES
    if not source.is_file():
        return None
    with source.open("rb") as handle:
        return read_prototypes(handle)


def _seat_data(name: str) -> dict[str, Any]:
    source = resources.files("companion.seats") / "data" / name
    loaded: dict[str, Any] = yaml.safe_load(source.read_text(encoding="utf-8"))
    return loaded


@dataclass(frozen=True)
class _CardVectors:
    """A card's phrasings: `per_phrasing` rows of titles, then cores as passages, then cores as
    queries (3 each for a bank card, one per language; 1 each for a free-text card), then one
    row for its prototype when the reader has prototypes."""

    vectors: Vectors
    centre: np.ndarray  # the reference stories' mean cosine with each row
    spread: np.ndarray  # … and its standard deviation
    per_phrasing: int

    def z(self, similarities: np.ndarray) -> np.ndarray:
        """Mean z-score of each group (title, core passage, core query), then the prototype's
        z-score (0 without a prototype row)."""
        z = (similarities - self.centre) / self.spread
        n = 3 * self.per_phrasing
        groups = z[:n].reshape(3, self.per_phrasing).mean(axis=1)
        return np.asarray([*groups, float(z[n]) if len(z) > n else 0.0])


class FactumReader:
    """Scores the cards on a table against a story (see the module docstring)."""

    def __init__(
        self,
        embedder: Embedder,
        *,
        weights: Sequence[float] | None = None,
        cache_dir: Path | None = None,
        prototypes: StoryPrototypes | Literal["shipped"] | None = "shipped",
    ) -> None:
        """`cache_dir`: keep the bank's phrasings' vectors on disk (`CardVectorCache`), so a
        second run starts in a second instead of embedding ~1,500 texts again. `prototypes`:
        the shipped ones by default (used only if built with this embedder), or None."""
        self._embedder = embedder
        chosen_prototypes = shipped_prototypes() if prototypes == "shipped" else prototypes
        self.prototypes = (
            chosen_prototypes
            if chosen_prototypes is not None and chosen_prototypes.embedder == embedder.name
            else None
        )
        chosen = weights if weights is not None else fitted_weights().get(embedder.name)
        self.weights = np.asarray(chosen if chosen is not None else [1.0] * len(FEATURES))
        if self.weights.shape != (len(FEATURES),):
            raise ValueError(f"weights: one per feature {FEATURES}, got {len(self.weights)}")
        self._by_text = {fold(t): card for card in bank_cards() for t in card.titles}
        self._query_vectors = CardVectorCache(EmbedderRole(embedder, "query"), cache_dir=cache_dir)
        self._passage_vectors = CardVectorCache(
            EmbedderRole(embedder, "passage"), cache_dir=cache_dir
        )
        if cache_dir is not None:
            cards = bank_cards()
            phrasings = [t for c in cards for t in c.titles] + [t for c in cards for t in c.cores]
            self._query_vectors.warm([*reference_stories(), *phrasings])
            self._passage_vectors.warm([t for c in cards for t in c.cores])
        self._reference = self._query_vectors.vectors(list(reference_stories()))
        self._cards: dict[str, _CardVectors] = {}
        self._stories: dict[str, tuple[Vectors, Vectors]] = {}

    @property
    def embedder_name(self) -> str:
        return self._embedder.name

    def features(self, story: str, cards: Sequence[str]) -> np.ndarray:
        """``(len(cards), len(FEATURES))``: each card's z-scored similarities to the story."""
        _check(story, cards)
        whole, parts = self._story(story)
        rows = []
        for card in cards:
            entry = self._card(card)
            grouped = entry.z(entry.vectors @ whole)
            n = entry.per_phrasing
            best = (parts @ entry.vectors[n : 2 * n].T).max(axis=0)
            best_z = (best - entry.centre[n : 2 * n]) / entry.spread[n : 2 * n]
            rows.append([*grouped[:3], float(best_z.mean()), grouped[3]])
        return np.asarray(rows, dtype=np.float64)

    def scores(self, story: str, cards: Sequence[str]) -> np.ndarray:
        """One score per card, larger fits better."""
        return np.asarray(self.features(story, cards) @ self.weights, dtype=np.float64)

    def probabilities(self, story: str, cards: Sequence[str]) -> np.ndarray:
        """The guesser's probability that each card is the storyteller's (softmax of scores)."""
        return softmax(self.scores(story, cards))

    def rank(self, story: str, cards: Sequence[str]) -> list[str]:
        """Every card exactly as given, best fit first (ties keep the given order)."""
        order = np.argsort(-self.scores(story, cards), kind="stable")
        return [cards[i] for i in order]

    def core_clarity(self, story: str) -> float:
        """How strongly the story carries some bank card's emotional core: its best z-score."""
        titles = [card.titles[0] for card in bank_cards()]
        return float(self.features(story, titles)[:, 1].max())

    def _story(self, story: str) -> tuple[Vectors, Vectors]:
        """The story's vector and its sentences' vectors (remembered: seats reread a story)."""
        if story not in self._stories:
            if len(self._stories) >= _STORIES_REMEMBERED:
                self._stories.clear()
            sentences = [s for s in _SENTENCE_END.split(story.strip()) if s.strip()] or [story]
            vectors = self._queries([story, *sentences])
            self._stories[story] = (vectors[0], vectors[1:])
        return self._stories[story]

    def _card(self, card: str) -> _CardVectors:
        key = fold(card)
        if key not in self._cards:
            bank = self._by_text.get(key)
            titles, cores = ([card], [card]) if bank is None else (bank.titles, bank.cores)
            title_vectors = self._query_vectors.vectors(list(titles))
            parts = [
                title_vectors,
                self._passage_vectors.vectors(list(cores)),
                self._query_vectors.vectors(list(cores)),
            ]
            if self.prototypes is not None:
                prototype = None if bank is None else self.prototypes.vectors.get(bank.titles[0])
                parts.append(title_vectors[:1] if prototype is None else prototype[None, :])
            vectors = np.concatenate(parts)
            sims = self._reference @ vectors.T
            spread = np.maximum(sims.std(axis=0), _MIN_SPREAD)
            self._cards[key] = _CardVectors(vectors, sims.mean(axis=0), spread, len(titles))
        return self._cards[key]

    def _queries(self, texts: list[str]) -> Vectors:
        return EmbedderRole(self._embedder, "query").embed(texts)


class EmbedderRole:
    """The embedder in one e5 role ("query: " or "passage: " prefix) as a plain `Embedder`;
    an embedder without roles (MiniLM, the test fake) serves both with `embed`."""

    def __init__(self, embedder: Embedder, role: Literal["query", "passage"]) -> None:
        self._embed = getattr(embedder, f"embed_{role}s", embedder.embed)
        self.name = f"{embedder.name}/{role}-role"
        self.dimension = embedder.dimension
        self.revision = str(getattr(embedder, "revision", ""))

    def embed(self, texts: Sequence[str]) -> Vectors:
        return np.asarray(self._embed(texts), dtype=np.float32)


def softmax(scores: np.ndarray) -> np.ndarray:
    shifted = np.exp(scores - scores.max())
    return np.asarray(shifted / shifted.sum(), dtype=np.float64)


def choose_decoy(reader: FactumReader, story: str, hand: Sequence[str]) -> str:
    """FA-4: the card of `hand` that best matches the essence of the story."""
    return reader.rank(story, hand)[0]


@dataclass(frozen=True)
class JudgeCall:
    """FA-3: the judge's estimate that a guesser finds the card, and the team it sends."""

    obviousness: float  # the guesser's probability for the card among card + comparison cards
    guessing_team: Team  # "judge": too obvious, the judge's team guesses; else the storyteller's


def obviousness(reader: FactumReader, story: str, card: str, others: Sequence[str]) -> float:
    """The guesser's probability that `story` belongs to `card` rather than to one of `others`:
    the judge's estimate that a guessing team finds the card (FA-3)."""
    if not others:
        raise ValueError("obviousness needs at least one other card")
    return float(reader.probabilities(story, [card, *others])[0])


def choose_story(
    reader: FactumReader,
    options: Sequence[tuple[str, str]],
    hand: Sequence[str],
    *,
    threshold: float = DEFAULT_JUDGE_THRESHOLD,
) -> int:
    """FA-10: which of `options`, the (card of `hand`, story) pairs a storyteller could tell,
    is neither obvious nor obscure: the index of the one whose obviousness against the rest of
    the hand lies closest to the judge's threshold (ties: the first).

    Why the threshold: the judge sends its own team when the link looks obvious and the
    storyteller's team when it looks hard (FA-3), each time the team it expects to do the
    storyteller's team harm; a story the judge cannot call either way is the storyteller's
    best chance. A hand with no other card gives no measure: the first option."""
    if not options:
        raise ValueError("choose_story needs at least one (card, story) option")
    distances = []
    for card, story in options:
        others = [c for c in hand if c != card]
        if not others:
            return 0
        distances.append(abs(obviousness(reader, story, card, others) - threshold))
    return int(np.argmin(distances))


def judge(
    reader: FactumReader,
    story: str,
    card: str,
    comparison: Sequence[str],
    *,
    threshold: float = DEFAULT_JUDGE_THRESHOLD,
) -> JudgeCall:
    """FA-3: the judge sees the storyteller's card; the decoys are not on the table yet, so it
    measures the card against `comparison` (the judge's own hand, its team's likely decoys). At
    or above `threshold` the link is obvious and the judge's own team guesses."""
    if not comparison:
        raise ValueError("judge needs at least one comparison card")
    estimate = obviousness(reader, story, card, comparison)
    return JudgeCall(estimate, "judge" if estimate >= threshold else "storyteller")


def prefers_challenger(reader: FactumReader, challenger: str, holder: str) -> bool:
    """FA-7 vote: does the new story beat the reigning best story? Judges the story itself, not
    its fit to its card: the story whose emotional core comes through more clearly (its best
    z-score over all the bank's cores) wins; a tie keeps the title. A proxy, not taste."""
    return reader.core_clarity(challenger) > reader.core_clarity(holder)


def _check(story: str, cards: Sequence[str]) -> None:
    if not isinstance(story, str) or not story.strip():
        raise ValueError("story must be non-empty text")
    if isinstance(cards, str) or not cards:
        raise ValueError("cards must be a non-empty list of texts")
    for i, card in enumerate(cards):
        if not isinstance(card, str) or not card.strip():
            raise ValueError(f"cards[{i}] must be non-empty text")
