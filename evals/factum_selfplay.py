"""Self-play: AI-only Factum games on the rules engine (`companion.games.factum`).

    python -m evals.factum_selfplay [--games 10] [--players 5] [--embedder e5] [--storyteller fa10]

Every seat is an AI over one shared `FactumReader`:

- volunteer (FA-2): a seat, drawn by the game's seed, among those holding a card that has a
  story in the table's language. It tells (`storyteller="fa10"`, the default) the story that
  `choose_story()` picks among every story of every card it holds: the one whose link to its
  card, against the rest of its hand, is neither obvious nor obscure (FA-10), as the AI seat
  does; or (`"random"`, the baseline) a random story of a random card it holds. Stories come
  from the canned storyteller's bank (20 cards: what the offline AI storyteller tells; also
  the guesser's z-score reference) and, by default (`extra="fresh"`), from
  `evals/data/factum_selfplay/`: one story per bank card and language, written for self-play
  by writers who never saw the guesser's cases, training stories or canned bank, so those
  turns are out of sample. With `extra="dev"` the DEV guess cases stand in (the guesser's
  weights were fitted on them: in sample). Every turn records its source. A game where no
  seat can tell stops (cut short).
- judge (FA-3): `judge()` against the judge's own hand (the decoys are not down yet);
- decoys (FA-4): each seat of the confusing team adds `choose_decoy()` from its hand;
- guessing (FA-5): every voter names the guesser's top card (so the vote is unanimous);
- best story (FA-7): `prefers_challenger()` between the current and the reigning story.

Reported: games, turns, how often the guessing team was right (overall and by which team the
judge sent), the distribution of the judge's choices and of its obviousness estimates, and the
share of turns where the storyteller's card was found (the issue's target: 40–70 %).
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Literal

from companion.cards import Language, fold
from companion.games.factum import (
    BestStory,
    ChooseGuessers,
    Config,
    Decoy,
    Guess,
    State,
    Tell,
    Volunteer,
    apply,
    new_game,
)
from companion.seats.factum import (
    FactumReader,
    bank_cards,
    choose_decoy,
    choose_story,
    judge,
    prefers_challenger,
)
from companion.seats.factum_storyteller import story_bank
from companion.story.factum import factum_bank
from evals.factum_cases import load_factum_cases, story_files

NAMES = ("Ana", "Ben", "Cai", "Dee", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun", "Kim", "Lou")
MAX_TURNS = 60


@dataclass(frozen=True)
class TurnRecord:
    language: str
    game: int
    turn: int
    guessers: str  # "judge" | "storyteller"
    source: str  # "canned" | "fresh" | "dev case"
    obviousness: float
    table_size: int
    correct: bool


Extra = Literal["fresh", "dev", "none"]
Storyteller = Literal["fa10", "random"]
FRESH_STORIES = Path(__file__).resolve().parent / "data" / "factum_selfplay"


class StoryPool:
    """Stories by card for one language: folded card text (any language) → [(text, source)]."""

    def __init__(self, language: Language, *, extra: Extra) -> None:
        self._stories: dict[str, list[tuple[str, str]]] = {}
        for card, told in story_bank().items():
            self._stories.setdefault(card, []).append((told[language], "canned"))
        by_text = {fold(t): card for card in bank_cards() for t in card.titles}
        told_extra: list[tuple[str, str]] = []  # (card as written, story)
        if extra == "fresh":
            told_extra = [
                (story["card"], story["story"])
                for story in fresh_stories()
                if story["lang"] == language
            ]
        elif extra == "dev":
            told_extra = [
                (case.answer, case.story)
                for case in load_factum_cases(splits=("dev",))
                if case.lang == language
            ]
        source = "fresh" if extra == "fresh" else "dev case"
        for card, story in told_extra:
            bank = by_text.get(fold(card))
            if bank is not None:
                for title in bank.titles:
                    self._stories.setdefault(fold(title), []).append((story, source))

    def tellable(self, hand: Sequence[str]) -> list[str]:
        return [card for card in hand if fold(card) in self._stories]

    def tell(
        self, hand: Sequence[str], rng: random.Random, reader: FactumReader, how: Storyteller
    ) -> tuple[str, str, str]:
        """(card as held, story, source): by `choose_story` over every story of every tellable
        card of the hand (`fa10`), or a random story of a random tellable card (`random`)."""
        if how == "random":
            card = rng.choice(self.tellable(hand))
            text, source = rng.choice(self._stories[fold(card)])
            return card, text, source
        options = [
            (card, text, source)
            for card in self.tellable(hand)
            for text, source in self._stories[fold(card)]
        ]
        chosen = choose_story(reader, [(card, text) for card, text, _ in options], hand)
        return options[chosen]


def fresh_stories() -> list[dict[str, str]]:
    """The self-play stories, every file of `evals/data/factum_selfplay/` in name order."""
    return story_files(FRESH_STORIES)


def play_game(
    reader: FactumReader,
    language: Language,
    seed: int,
    *,
    players: int = 5,
    extra: Extra = "fresh",
    storyteller: Storyteller = "fa10",
) -> tuple[list[TurnRecord], bool]:
    """One AI-only game; its turns, and whether it ran to the end (not cut short)."""
    rng = random.Random(seed)
    pool = StoryPool(language, extra=extra)
    config = Config(players=NAMES[:players], deck=factum_bank(language), seed=seed)
    state = new_game(config)
    notes: dict[int, tuple[float, str]] = {}  # turn → (judge's obviousness, story source)
    while not state.is_terminal and len(state.history) < MAX_TURNS:
        if state.phase == "volunteer":
            able = [s for s in state.awaiting() if pool.tellable(state.hands[s])]
            if not able:
                return _records(state, language, seed, notes), False
            state = apply(state, Volunteer(seat=rng.choice(able)))
        else:
            state = _act(state, reader, pool, rng, notes, storyteller)
    return _records(state, language, seed, notes), state.is_terminal


def _act(
    state: State,
    reader: FactumReader,
    pool: StoryPool,
    rng: random.Random,
    notes: dict[int, tuple[float, str]],
    storyteller: Storyteller,
) -> State:
    turn = state.current()
    story = turn.story or ""
    if state.phase == "storytelling":
        card, text, source = pool.tell(state.hands[turn.storyteller], rng, reader, storyteller)
        notes[turn.number] = (0.0, source)
        return apply(state, Tell(seat=turn.storyteller, card=card, text=text))
    if state.phase == "judging":
        assert turn.card is not None
        call = judge(reader, story, turn.card, state.hands[turn.judge])
        notes[turn.number] = (call.obviousness, notes[turn.number][1])
        return apply(state, ChooseGuessers(seat=turn.judge, guessers=call.guessing_team))
    if state.phase == "decoys":
        seat = state.awaiting()[0]
        return apply(state, Decoy(seat=seat, card=choose_decoy(reader, story, state.hands[seat])))
    if state.phase == "guessing":
        pick = reader.rank(story, turn.table)[0]
        for seat in state.awaiting():
            state = apply(state, Guess(seat=seat, card=pick))
        return state
    if state.phase == "best_story":
        reigning = _reigning_story(state)
        current = reigning is None or prefers_challenger(reader, story, reigning)
        for seat in state.awaiting():
            state = apply(state, BestStory(seat=seat, prefer="current" if current else "reigning"))
        return state
    raise RuntimeError(f"self-play: no policy for phase {state.phase!r}")


def _reigning_story(state: State) -> str | None:
    if state.title is None:
        return None
    for past in state.history:
        if past.number == state.title.turn:
            return past.story
    return None


def _records(
    state: State, language: str, game: int, notes: dict[int, tuple[float, str]]
) -> list[TurnRecord]:
    return [
        TurnRecord(
            language,
            game,
            turn.number,
            str(turn.guessers),
            notes[turn.number][1],
            notes[turn.number][0],
            len(turn.table),
            bool(turn.correct),
        )
        for turn in state.history
        if turn.correct is not None
    ]


def simulate(
    reader: FactumReader,
    *,
    games: int,
    players: int = 5,
    seed: int = 0,
    extra: Extra = "fresh",
    storyteller: Storyteller = "fa10",
) -> dict[str, object]:
    """`games` games per language; the summary the eval report prints."""
    records: list[TurnRecord] = []
    finished = 0
    languages: tuple[Language, ...] = ("en", "ja", "es")
    for language in languages:
        for game in range(games):
            turns, complete = play_game(
                reader,
                language,
                seed + game,
                players=players,
                extra=extra,
                storyteller=storyteller,
            )
            records.extend(turns)
            finished += complete
    summary = summarise(records, games=games * len(languages), finished=finished, players=players)
    return {"storyteller": storyteller, **summary}


def summarise(
    records: list[TurnRecord], *, games: int, finished: int, players: int
) -> dict[str, object]:
    def rate(rows: list[TurnRecord]) -> float | None:
        return round(sum(r.correct for r in rows) / len(rows), 3) if rows else None

    by_team = {
        team: [r for r in records if r.guessers == team] for team in ("judge", "storyteller")
    }
    bins = Counter(min(int(r.obviousness * 10), 9) for r in records)
    return {
        "games": games,
        "finished": finished,
        "players": players,
        "turns": len(records),
        "found": rate(records),
        "found_by_language": {
            lang: rate([r for r in records if r.language == lang]) for lang in ("en", "ja", "es")
        },
        "found_by_story_source": {
            source: rate([r for r in records if r.source == source])
            for source in ("canned", "fresh", "dev case")
            if any(r.source == source for r in records)
        },
        "judge_choices": {team: len(rows) for team, rows in by_team.items()},
        "found_by_guessers": {team: rate(rows) for team, rows in by_team.items()},
        "obviousness_deciles": {f"{b / 10:.1f}-{(b + 1) / 10:.1f}": bins[b] for b in range(10)},
        "mean_table_size": round(sum(r.table_size for r in records) / max(len(records), 1), 2),
        "records": [asdict(r) for r in records],
    }


def main(argv: list[str] | None = None) -> int:
    from embeddings import load_embedder

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per language")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--embedder", default="e5")
    parser.add_argument(
        "--extra", choices=("fresh", "dev", "none"), default="fresh", help="stories besides canned"
    )
    parser.add_argument(
        "--storyteller", choices=("fa10", "random"), default="fa10", help="how seats pick stories"
    )
    args = parser.parse_args(argv)
    cache_dir = Path.home() / ".cache" / "storytelling-companion"
    reader = FactumReader(load_embedder(args.embedder, cache_dir=cache_dir), cache_dir=cache_dir)
    summary = simulate(
        reader,
        games=args.games,
        players=args.players,
        extra=args.extra,
        storyteller=args.storyteller,
    )
    summary.pop("records")
    print(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
