"""A bank of other things a span may name instead of the card: the learned scorer's neighbours.

The learned scorer's false alarms are mostly a card's neighbours, not moods: rain or fog for
A Storm, a hill for Mountain, wheat for Food. A span's cosine to the card's label cannot tell
"rain" (near A Storm, but nearer to rain) from "a tempest" (nearest to A Storm itself). The bank
gives the scorer something to compare with: many concepts, each by its words in en/ja/es
(`data/neighbour_bank.yaml`: the bundled deck's printed labels, and the labels and aliases of
cards outside the deck, built from training data by `python -m evals.neighbour_bank`). Per
embedder and held card, two numbers become features of the model (`BANK_FEATURES`):

- `vs_bank`: the best span's cosine to the card less its cosine to the nearest concept of the
  bank that is not the card ("rain" is nearer to rain than to A Storm: below zero);
- `crowd`: the card's label's cosine to the nearest concept that is not the card (a label with a
  near-synonym in the bank gives the first number less weight).

The card itself is never its own neighbour: a deck card's concept is its id, a typed card's is
any concept with a phrase written as its label. What a model weighs them by is learned (a model
trained without them ignores the bank). The bank holds no word of a blind set's cards
(`tests/unit/test_custom_card_words.py`) and no alias of a deck card, so a leave-cards-out fold
card keeps only its labels there too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

import numpy as np
import numpy.typing as npt
import yaml

from companion.cards import fold
from companion.referee.lexicon import Target
from embeddings import Embedder

BANK_PATH = Path(__file__).resolve().parent / "data" / "neighbour_bank.yaml"
BANK_FEATURES_PER_EMBEDDER = ("vs_bank", "crowd")

Matrix = npt.NDArray[np.float64]


@dataclass(frozen=True)
class NeighbourBank:
    """Concepts by id, each with its phrases (`phrases[i]` belongs to `concept_of[i]`)."""

    concepts: tuple[str, ...]
    phrases: tuple[str, ...]
    concept_of: tuple[int, ...]

    @staticmethod
    def from_mapping(raw: Mapping[str, Sequence[str]]) -> NeighbourBank:
        concepts: list[str] = []
        phrases: list[str] = []
        concept_of: list[int] = []
        for concept, words in raw.items():
            index = len(concepts)
            concepts.append(str(concept))
            for phrase in dict.fromkeys(str(w).strip() for w in words):
                if phrase:
                    phrases.append(phrase)
                    concept_of.append(index)
        if not phrases:
            raise ValueError("a neighbour bank needs at least one phrase")
        return NeighbourBank(tuple(concepts), tuple(phrases), tuple(concept_of))

    def own(self, target: Target) -> frozenset[int]:
        """The concepts that are the target itself: its deck id, or a phrase written as its
        label."""
        found = set(self._by_phrase.get(fold(target.given), ()))
        if target.key in self._by_id:
            found.add(self._by_id[target.key])
        return frozenset(found)

    @cached_property
    def _by_id(self) -> dict[str, int]:
        return {concept: i for i, concept in enumerate(self.concepts)}

    @cached_property
    def _by_phrase(self) -> dict[str, set[int]]:
        by_phrase: dict[str, set[int]] = {}
        for phrase, concept in zip(self.phrases, self.concept_of, strict=True):
            by_phrase.setdefault(fold(phrase), set()).add(concept)
        return by_phrase


@cache
def load_bank(path: Path = BANK_PATH) -> NeighbourBank:
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    concepts = raw.get("concepts") if isinstance(raw, dict) else None
    if not isinstance(concepts, dict):
        raise ValueError(f"{path.name}: expected a mapping with concepts under 'concepts'")
    return NeighbourBank.from_mapping(concepts)


class BankVectors:
    """The bank's phrases embedded by one embedder (on first use), and the two features."""

    def __init__(self, bank: NeighbourBank, embedder: Embedder) -> None:
        self.bank = bank
        self.embedder = embedder
        self._vectors: npt.NDArray[np.float32] | None = None
        self._concept_of = np.asarray(bank.concept_of, dtype=np.intp)

    def vectors(self) -> npt.NDArray[np.float32]:
        if self._vectors is None:
            self._vectors = np.asarray(self.embedder.embed(list(self.bank.phrases)))
        return self._vectors

    def nearest_other(
        self, rows: npt.NDArray[np.float32], owns: Sequence[frozenset[int]]
    ) -> npt.NDArray[np.float64]:
        """Per row (a vector per target), its best cosine to a phrase of a concept the target
        is not (-1 when every phrase is the target's)."""
        cosines = rows @ self.vectors().T
        out = np.full(len(rows), -1.0)
        for i, own in enumerate(owns):
            row = cosines[i]
            if own:
                row = np.where(np.isin(self._concept_of, list(own)), -1.0, row)
            out[i] = float(row.max())
        return out
