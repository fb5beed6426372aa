"""Matches between Dice Upon a Time travellers: win rates with 95% Wilson intervals, and the
co-operative rating a team reaches.

    companion dice tournament --a search --b heuristic --games 1000
    companion dice tournament --a heuristic --coop --players 3 --games 200

Competitive: two seats by default, A and B; game i uses game seed `seed * 1_000_003 + i` and A
sits first in even games, second in odd ones. A tie shares the win (half to each). Every move's
thinking time is measured, and the p95 printed. Co-operative: every seat is of kind A; the
mean total AP and how often each rating band was reached are printed.
"""

import argparse
import math
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from companion.games.dice_upon_a_time import (
    Config,
    State,
    apply,
    coop_rating,
    coop_total,
    new_game,
    winners,
)
from companion.games.dice_upon_a_time.config import Length
from companion.seats.dice_upon_a_time import Player, make_player

MAX_ACTIONS = 3_000


@dataclass
class Result:
    a: str
    b: str
    players: int
    cooperative: bool
    seed: int = 1
    a_score: float = 0.0
    games: int = 0
    move_ms: list[float] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    bands: Counter[int] = field(default_factory=Counter)
    seconds: float = 0.0

    def p95_ms(self) -> float:
        ordered = sorted(self.move_ms)
        return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else 0.0

    def table(self) -> str:
        head = f"{self.games} games, {self.players} players, seed {self.seed}, {self.seconds:.0f} s"
        timing = f"move time p95 {self.p95_ms():.1f} ms over {len(self.move_ms)} moves"
        if self.cooperative:
            mean = sum(self.totals) / max(1, len(self.totals))
            bands = ", ".join(f"band {b}: {self.bands[b]}" for b in range(5))
            return f"co-operative {self.a}: {head}\nmean AP {mean:.1f}; {bands}\n{timing}"
        rate = self.a_score / max(1, self.games)
        low, high = wilson(self.a_score, self.games)
        return (
            f"{self.a} vs {self.b}: {head}\n"
            f"{self.a} wins {rate:.1%} (95% CI {low:.1%}-{high:.1%}), "
            f"{self.b} wins {1 - rate:.1%}\n{timing}"
        )


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = (
        z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    )
    return max(0.0, centre - half), min(1.0, centre + half)


def play_game(config: Config, seats: list[Player], move_ms: list[float]) -> State:
    state = new_game(config)
    for _ in range(MAX_ACTIONS):
        if state.over:
            return state
        actor = state.pending[0].seat if state.pending else state.turn.seat if state.turn else 0
        started = time.perf_counter()
        action = seats[actor].choose(state, actor)
        move_ms.append((time.perf_counter() - started) * 1000)
        state = apply(state, action)
    raise RuntimeError(f"game of seed {config.seed} did not end in {MAX_ACTIONS} actions")


def tournament(
    a: str,
    b: str,
    games: int,
    players: int = 2,
    seed: int = 1,
    length: Length = "normal",
    cooperative: bool = False,
) -> Result:
    result = Result(a=a, b=b, players=players, cooperative=cooperative, seed=seed)
    started = time.perf_counter()
    names = tuple(f"p{i}" for i in range(players))
    for index in range(games):
        game_seed = seed * 1_000_003 + index
        config = Config(
            players=names, seed=game_seed, length=length, cooperative=cooperative, start_player=0
        )
        a_seats = {0} if index % 2 == 0 else {1}
        if cooperative:
            a_seats = set(range(players))
        kinds = [a if s in a_seats else b for s in range(players)]
        seats = [make_player(kind, seed=game_seed * 7 + s) for s, kind in enumerate(kinds)]
        final = play_game(config, seats, result.move_ms)
        result.games += 1
        if cooperative:
            result.totals.append(coop_total(final))
            result.bands[coop_rating(final)] += 1
            continue
        won = winners(final)
        result.a_score += sum(1 for s in won if s in a_seats) / len(won)
    result.seconds = time.perf_counter() - started
    return result


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        "dice", help="Dice Upon a Time's AI travellers"
    )
    commands = parser.add_subparsers(dest="dice_command", required=True, metavar="COMMAND")
    match = commands.add_parser(
        "tournament",
        help="win rates between travellers (or a co-operative team's rating)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    match.add_argument("--a", default="search", choices=("random", "heuristic", "search"))
    match.add_argument("--b", default="heuristic", choices=("random", "heuristic", "search"))
    match.add_argument("--games", type=int, default=1000)
    match.add_argument("--players", type=int, default=2, choices=(2, 3, 4, 5))
    match.add_argument("--seed", type=int, default=1)
    match.add_argument("--length", default="normal", choices=("short", "normal", "long"))
    match.add_argument("--coop", action="store_true", help="co-operative: every seat is --a")
    match.set_defaults(func=run_tournament)


def run_tournament(args: argparse.Namespace) -> int:
    result = tournament(args.a, args.b, args.games, args.players, args.seed, args.length, args.coop)
    print(result.table())
    return 0
