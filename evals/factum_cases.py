"""Load and check the Factum guess cases (`evals/data/factum_guess_cases.jsonl`, FACTUM.md).

`load_factum_cases(splits=("dev",))` reads only the splits asked for: tuning code asks for dev
and never sees the holdout. Every case is checked (five distinct cards, the answer among them,
a known language, difficulty and split); a bad case is a `ValueError` naming its line.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

CASES_PATH = Path(__file__).resolve().parent / "data" / "factum_guess_cases.jsonl"
LANGS = ("en", "ja", "es")
DIFFICULTIES = ("easy", "medium", "hard")
SPLITS = ("dev", "holdout")
TABLES = ("bank", "mixed", "free")


@dataclass(frozen=True)
class FactumCase:
    id: str
    lang: str
    difficulty: str
    split: str
    tables: str
    story: str
    cards: tuple[str, ...]
    answer: str


def story_files(folder: Path) -> list[dict[str, str]]:
    """The stories of every `*.jsonl` file of `folder`, files in name order (the guesser's
    training stories, the self-play stories: lines of id, card, lang, story, …)."""
    return [
        json.loads(line)
        for path in sorted(folder.glob("*.jsonl"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]


def load_factum_cases(
    path: Path = CASES_PATH, *, splits: Iterable[str] = SPLITS
) -> list[FactumCase]:
    wanted = set(splits)
    unknown = wanted - set(SPLITS)
    if unknown:
        raise ValueError(f"unknown splits {sorted(unknown)}; expected {SPLITS}")
    cases = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        case = _parse(json.loads(line), f"{path.name}:{number}")
        if case.split in wanted:
            cases.append(case)
    return cases


def _parse(raw: dict[str, object], where: str) -> FactumCase:
    try:
        case = FactumCase(
            id=str(raw["id"]),
            lang=str(raw["lang"]),
            difficulty=str(raw["difficulty"]),
            split=str(raw["split"]),
            tables=str(raw["tables"]),
            story=str(raw["story"]),
            cards=tuple(str(card) for card in raw["cards"]),  # type: ignore[attr-defined]
            answer=str(raw["answer"]),
        )
    except KeyError as exc:
        raise ValueError(f"{where}: missing field {exc}") from None
    for value, allowed, name in (
        (case.lang, LANGS, "lang"),
        (case.difficulty, DIFFICULTIES, "difficulty"),
        (case.split, SPLITS, "split"),
        (case.tables, TABLES, "tables"),
    ):
        if value not in allowed:
            raise ValueError(f"{where}: {name} {value!r} not in {allowed}")
    if len(case.cards) != 5 or len(set(case.cards)) != 5:
        raise ValueError(f"{where}: needs 5 distinct cards, got {list(case.cards)}")
    if case.answer not in case.cards:
        raise ValueError(f"{where}: answer {case.answer!r} is not among the cards")
    return case
