"""The cross-encoder of the learned path: e5 reads a card's label and the narration together.

The learned scorer's logistic model (learned.py) compares spans of the text with a card's label,
one vector each. A cross-encoder reads ``<s> query: LABEL </s></s> passage: STORY… TEXT </s>`` in
one pass (`E5Tokenizer.pair_ids`), so a negation, a wish or a near neighbour can change its
answer. It is e5 (int8 ONNX, as `embeddings.e5_build` exports it) with a low-rank adapter merged
in, its mean-pooled unit vector scaled and read by a linear head (`CrossHead`), trained by
`evals/referee_cross.py`. When a learned model carries a head, its probability replaces the
logistic one; the best span and its guard flags still come from the span features, so the
guards gate its flags as they gate the logistic model's.

A head may carry a second head over the same pooled pair, its veto (`VetoHead`, trained by
`evals/referee_veto.py`): the probability that a card the tables found by the words of its label
is really brought in (not negated, hoped for, not yet happened, nor a word of the label in
another sense). The referee drops such a find of a labels-only card below the veto's cut-off.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from companion.referee.lexicon import Target

DATA = Path(__file__).resolve().parent / "data"
CROSS_DIR = DATA / "cross"  # adapters of cross-encoders, as `embeddings.e5_lora` stores them
MAX_TOKENS = 160  # the pair's tokens, <s> and </s> included (the story is cut to fit)


class PairEncoder(Protocol):
    """What the head reads: the unit vector of a pair (`E5Int8Embedder.embed_pair`)."""

    def embed_pair(
        self, first: str, story: str, text: str, max_tokens: int
    ) -> npt.NDArray[Any]: ...


@dataclass(frozen=True)
class VetoHead:
    """logit = weight · v + bias over the pooled unit vector `v`; a find whose probability is
    below `cut_off` is not a mention."""

    weight: tuple[float, ...]
    bias: float
    cut_off: float

    def as_dict(self) -> dict[str, Any]:
        return {"weight": list(self.weight), "bias": self.bias, "cut_off": self.cut_off}

    @staticmethod
    def from_dict(raw: Mapping[str, Any]) -> VetoHead:
        return VetoHead(tuple(map(float, raw["weight"])), float(raw["bias"]), float(raw["cut_off"]))


@dataclass(frozen=True)
class CrossHead:
    """The head over the pooled pair (logit = weight · scale·v + bias), the adapter its encoder
    was tuned with (a file of CROSS_DIR) and the probability a flag needs."""

    adapter: str
    weight: tuple[float, ...]
    bias: float
    scale: float
    threshold: float
    veto: VetoHead | None = None
    # the probability that flags a held card the story brought in, when the text holds a
    # description of it the cast could not link (cast.py); None: not asked
    recast: float | None = None

    def adapter_path(self) -> Path:
        return CROSS_DIR / self.adapter

    def as_dict(self) -> dict[str, Any]:
        return {
            "adapter": self.adapter,
            "weight": list(self.weight),
            "bias": self.bias,
            "scale": self.scale,
            "threshold": self.threshold,
            **({"veto": self.veto.as_dict()} if self.veto is not None else {}),
            **({"recast": self.recast} if self.recast is not None else {}),
        }

    @staticmethod
    def from_dict(raw: Mapping[str, Any]) -> CrossHead:
        return CrossHead(
            str(raw["adapter"]),
            tuple(map(float, raw["weight"])),
            float(raw["bias"]),
            float(raw["scale"]),
            float(raw["threshold"]),
            VetoHead.from_dict(raw["veto"]) if raw.get("veto") else None,
            float(raw["recast"]) if raw.get("recast") is not None else None,
        )


def pair_label(target: Target, language: str) -> str:
    """The card as the cross-encoder was trained to read it: a deck card's printed label in the
    text's language (or its first), a free-text card's label as given."""
    if target.card is None:
        return target.given.strip()
    texts = target.card.text
    words = next((w for lang, w in texts.items() if lang == language), None)
    return (words or next(iter(texts.values()))).label


class CrossScorer:
    """Probabilities of the head over a pair encoder (loaded on first use by `load`)."""

    def __init__(
        self,
        head: CrossHead,
        load: Callable[[], PairEncoder],
        prepare: Callable[[], object] = lambda: None,
    ) -> None:
        self.head = head
        self._load = load
        self._prepare = prepare
        self._encoder: PairEncoder | None = None

    def prepare(self) -> None:
        """Build the encoder's model files now (a server's start-up), without loading it."""
        self._prepare()

    def read(
        self, text: str, story: Sequence[str], targets: Sequence[Target], language: str
    ) -> CrossReading:
        """Each target's probability of a mention, and with a veto whether the veto drops a
        find of it (one pooled vector per pair serves both heads)."""
        if self._encoder is None:
            self._encoder = self._load()
        told = " ".join(story)
        vectors = np.stack(
            [
                self._encoder.embed_pair(pair_label(t, language), told, text, MAX_TOKENS)
                for t in targets
            ]
        ).astype(np.float64)
        head = self.head
        mention = _sigmoid(head.scale * vectors @ np.asarray(head.weight) + head.bias)
        if head.veto is None:
            return CrossReading(mention, np.zeros(len(targets), dtype=bool))
        kept = _sigmoid(vectors @ np.asarray(head.veto.weight) + head.veto.bias)
        return CrossReading(mention, kept < head.veto.cut_off)


@dataclass(frozen=True)
class CrossReading:
    """The cross-encoder's answers for the held cards of one text."""

    mention: npt.NDArray[np.float64]  # the probability that the text brings the card in
    vetoed: npt.NDArray[np.bool_]  # the veto drops the tables' find of the card


def _sigmoid(logits: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    return np.asarray(1.0 / (1.0 + np.exp(-logits)), dtype=np.float64)
