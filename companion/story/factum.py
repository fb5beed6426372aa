"""Factum plot cards (FA-1, FA-10): the built-in bank, a combinatorial generator, deduplication.

The bank (`data/factum_cards.yaml`) holds hand-written cards, the same card in en/ja/es. The
generator combines a time frame ("The first time …") with a turning point ("… you changed your
mind") into cards the bank does not have. Deduplication drops a card whose embedding is too close
to one already kept or to one the caller wants to avoid.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from importlib import resources
from itertools import product
from typing import Protocol

import numpy as np
import yaml

from companion.cards import LANGUAGES, Language, fold

MAX_FACTUM_CARD_CHARS = 120
# Cosine similarity at or above which two cards count as one. Chosen on the bundled
# all-MiniLM-L6-v2 (an English model): paraphrases score 0.79-0.94 in en, 0.84-0.86 in es and
# 0.82-0.84 in ja, where unrelated Japanese cards already reach 0.76 at the 99th percentile, so
# ja needs a higher bar. Opposites ("winning/losing when you expected…") score 0.93-0.99 and are
# dropped too: on one table they would be confusable anyway. Pass `threshold` for other models.
DUPLICATE_SIMILARITY: dict[Language, float] = {"en": 0.85, "ja": 0.88, "es": 0.85}


class TextEmbedder(Protocol):
    """The slice of `embeddings.Embedder` deduplication needs."""

    @property
    def name(self) -> str: ...

    def embed(self, texts: Sequence[str]) -> np.ndarray: ...


@cache
def factum_bank(language: Language) -> tuple[str, ...]:
    source = resources.files("companion.story") / "data" / "factum_cards.yaml"
    entries = yaml.safe_load(source.read_text(encoding="utf-8"))["cards"]
    return tuple(str(entry[language]) for entry in entries)


# Frames take a turning point in the form the language needs (en/es: "you …" clause in the past;
# ja: a plain past-tense clause before とき/日).
_FRAMES: dict[Language, tuple[str, ...]] = {
    "en": (
        "The first time {}",
        "The last time {}",
        "A day when {}",
        "The moment {}",
        "A time when {}",
        "The summer {}",
    ),
    "ja": ("初めて{}とき", "最後に{}とき", "{}日", "{}瞬間", "{}ころ", "{}夏"),
    "es": (
        "La primera vez que {}",
        "La última vez que {}",
        "Un día en que {}",
        "El momento en que {}",
        "Una época en que {}",
        "El verano en que {}",
    ),
}

_TURNS: tuple[tuple[str, str, str], ...] = (
    ("you changed your plans", "予定を変えた", "cambiaste de planes"),
    ("you kept quiet", "黙っていた", "te quedaste callado"),
    ("you said what you really thought", "本音を言った", "dijiste lo que pensabas de verdad"),
    ("you had to choose", "選ばなければならなかった", "tuviste que elegir"),
    ("nobody believed you", "誰にも信じてもらえなかった", "nadie te creyó"),
    ("you surprised yourself", "自分でも驚いた", "te sorprendiste a ti mismo"),
    ("you trusted your luck", "運に任せた", "confiaste en tu suerte"),
    ("you were far from home", "家から遠く離れていた", "estabas lejos de casa"),
    ("you lost your way", "道に迷った", "te perdiste"),
    ("you made someone laugh", "誰かを笑わせた", "hiciste reír a alguien"),
    ("you could not say no", "断れなかった", "no pudiste decir que no"),
    ("you were afraid to ask", "聞くのが怖かった", "te dio miedo preguntar"),
    ("you took the lead", "先頭に立った", "tomaste la iniciativa"),
    ("you let someone down", "誰かをがっかりさせた", "decepcionaste a alguien"),
    ("someone let you down", "誰かにがっかりさせられた", "alguien te decepcionó"),
    ("you felt truly free", "心から自由だと感じた", "te sentiste libre de verdad"),
    ("you had to wait", "待つしかなかった", "tuviste que esperar"),
    ("you broke the rules", "ルールを破った", "rompiste las reglas"),
    ("you started again", "一からやり直した", "volviste a empezar"),
    ("you felt out of place", "場違いだと感じた", "te sentiste fuera de lugar"),
    ("you were proud of yourself", "自分を誇らしく思った", "te sentiste orgulloso de ti"),
    ("you had no plan at all", "何の計画もなかった", "no tenías ningún plan"),
    (
        "you got more than you bargained for",
        "思った以上のものを抱え込んだ",
        "te llevaste más de lo que esperabas",
    ),
    ("you had to be brave", "勇気を出すしかなかった", "tuviste que ser valiente"),
    ("you made an unlikely friend", "意外な友だちができた", "hiciste un amigo inesperado"),
    ("you were put to the test", "試された", "te pusieron a prueba"),
    ("you kept your word", "約束を守り通した", "cumpliste tu palabra"),
    ("you said sorry", "謝った", "pediste perdón"),
    ("you stood your ground", "一歩も引かなかった", "te mantuviste firme"),
    (
        "everything changed overnight",
        "一晩ですべてが変わった",
        "todo cambió de la noche a la mañana",
    ),
)


def generated_cards(language: Language) -> tuple[str, ...]:
    """Every frame × turning point, in a fixed order (180 cards per language)."""
    index = LANGUAGES.index(language)
    return tuple(frame.format(turn[index]) for frame, turn in product(_FRAMES[language], _TURNS))


def candidate_cards(language: Language, rng: random.Random) -> Iterator[str]:
    """The bank in a random order, then generated cards in a random order."""
    for pool in (factum_bank(language), generated_cards(language)):
        shuffled = list(pool)
        rng.shuffle(shuffled)
        yield from shuffled


def pick_distinct(
    candidates: Iterable[str],
    count: int,
    *,
    avoid: Sequence[str] = (),
    embedder: TextEmbedder | None = None,
    threshold: float,
    batch: int = 32,
) -> tuple[list[str], list[tuple[str, str]]]:
    """Up to `count` candidates, in order, none a near-duplicate of a kept one or of `avoid`.

    Without an embedder only exact duplicates (after folding) are dropped. Returns the kept
    cards and the dropped ones, each with the card it duplicates.
    """
    kept: list[str] = []
    dropped: list[tuple[str, str]] = []
    seen = {fold(text): text for text in avoid}
    known_texts = list(avoid)
    known = _vectors(embedder, known_texts) if known_texts else None
    pending = iter(candidates)
    while len(kept) < count:
        chunk = [text for _, text in zip(range(batch), pending, strict=False)]
        if not chunk:
            break
        vectors = _vectors(embedder, chunk)
        for i, text in enumerate(chunk):
            if len(kept) >= count:
                break
            twin = seen.get(fold(text))
            if twin is None and vectors is not None and known is not None:
                similarity = known @ vectors[i]
                best = int(np.argmax(similarity))
                if similarity[best] >= threshold:
                    twin = known_texts[best]
            if twin is not None:
                dropped.append((text, twin))
                continue
            kept.append(text)
            seen[fold(text)] = text
            known_texts.append(text)
            if vectors is not None:
                row = vectors[i : i + 1]
                known = row if known is None else np.vstack([known, row])
    return kept, dropped


def _vectors(embedder: TextEmbedder | None, texts: Sequence[str]) -> np.ndarray | None:
    if embedder is None:
        return None
    return np.asarray(embedder.embed(list(texts)), dtype=np.float32)
