"""Matches between Sleeping Queens players, and win rates with 95% Wilson intervals.

    result = tournament("search", "greedy", games=2000, seed=1)
    print(result.table())

Two players by default. Game i uses the game seed `seed * 1_000_003 + i`; player A sits first
(seat 0 starts) in even games and second in odd ones, so each starts half the time. A win
shared on a points tie counts half to each. `workers` > 1 plays games in processes (the
result is the same: every game depends on its own seeds only).
"""

import math
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from companion.games.sleeping_queens import Config, State, apply, new_game
from companion.seats.sleeping_queens import Player, make_player

MAX_ACTIONS = 5_000
NAMES = ("A", "B", "C", "D", "E", "F", "G", "H")


@dataclass(frozen=True)
class Budget:
    iterations: int | None = None
    budget_ms: float | None = None


@dataclass
class GameRecord:
    index: int
    a_seats: tuple[int, ...]
    winners: tuple[int, ...]
    actions: int
    a_score: float  # 1 win, 0 loss, a share on a tie


@dataclass
class Result:
    a: str
    b: str
    players: int
    seed: int
    budget: Budget
    records: list[GameRecord] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def games(self) -> int:
        return len(self.records)

    def score(self, side: str) -> float:
        a = sum(record.a_score for record in self.records)
        return a if side == "a" else self.games - a

    def table(self) -> str:
        budget = self.budget
        searched = "search" in (self.a, self.b)
        lines = [
            f"Sleeping Queens tournament: {self.a} (A) vs {self.b} (B), {self.players} players, "
            f"{self.games} games, seed {self.seed}; {self.seconds:.0f} s",
            f"search budget: {budget.iterations or '-'} rollouts, "
            f"{budget.budget_ms or '-'} ms per move"
            if searched
            else "no search player",
            f"{'player':<10}{'wins':>8}{'win rate':>10}   95% Wilson interval",
        ]
        for side, name in (("a", self.a), ("b", self.b)):
            wins = self.score(side)
            low, high = wilson(wins, self.games)
            rate = wins / self.games if self.games else 0.0
            lines.append(
                f"{side.upper()} {name:<8}{wins:>8g}{rate:>10.1%}   [{low:.1%}, {high:.1%}]"
            )
        ties = sum(1 for r in self.records if 0 < r.a_score < 1)
        first = sum(1 for r in self.records if 0 in r.winners and len(r.winners) == 1)
        mean = sum(r.actions for r in self.records) / max(self.games, 1)
        lines.append(
            f"ties {ties}; the starting seat won {first / max(self.games, 1):.1%}; "
            f"{mean:.0f} actions a game"
        )
        return "\n".join(lines)


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (successes may count halves)."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    denominator = 1 + z * z / trials
    return max(0.0, (centre - spread) / denominator), min(1.0, (centre + spread) / denominator)


def play_game(players: Sequence[Player], seed: int) -> tuple[State, int]:
    """Play one game with `players[i]` at seat i: the final state and the number of actions."""
    state = new_game(Config(players=NAMES[: len(players)], seed=seed))
    for count in range(MAX_ACTIONS):
        acting = state.acting_seat()
        if acting is None:
            return state, count
        state = apply(state, players[acting].choose(state, acting))
    raise RuntimeError(f"game with seed {seed} did not end in {MAX_ACTIONS} actions")


def _game(args: tuple[str, str, int, int, int, Budget]) -> GameRecord:
    a, b, players, seed, index, budget = args
    game_seed = seed * 1_000_003 + index
    a_first = index % 2 == 0
    kinds = [a if (seat % 2 == 0) == a_first else b for seat in range(players)]
    seats = [
        make_player(kind, seed=game_seed * 10 + seat, **vars(budget))
        for seat, kind in enumerate(kinds)
    ]
    state, actions = play_game(seats, game_seed)
    a_seats = tuple(seat for seat in range(players) if (seat % 2 == 0) == a_first)
    a_winners = [seat for seat in state.winners if seat in a_seats]
    return GameRecord(
        index=index,
        a_seats=a_seats,
        winners=state.winners,
        actions=actions,
        a_score=len(a_winners) / len(state.winners),
    )


def tournament(
    a: str,
    b: str,
    games: int,
    seed: int = 0,
    players: int = 2,
    budget: Budget = Budget(),
    workers: int = 1,
    progress: Callable[[int, Result], None] | None = None,
) -> Result:
    """Play `games` games of `a` against `b` (seats alternate A, B, A, … from the start seat,
    which alternates between games)."""
    for kind in (a, b):
        make_player(kind, **vars(budget))  # fails early on an unknown name or budget
    start = time.perf_counter()
    jobs = [(a, b, players, seed, index, budget) for index in range(games)]
    result = Result(a=a, b=b, players=players, seed=seed, budget=budget)
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            result.records = list(pool.map(_game, jobs, chunksize=8))
    else:
        for job in jobs:
            result.records.append(_game(job))
            if progress is not None:
                result.seconds = time.perf_counter() - start
                progress(len(result.records), result)
    result.seconds = time.perf_counter() - start
    return result
