"""`companion sleeping-queens tournament`: AI players against each other, win rates printed.

    companion sleeping-queens tournament --a search --b greedy --games 2000 --seed 1

Seats alternate (A starts the even games, B the odd ones); the table gives each side's wins
with a 95% Wilson interval. The search player's budget: `--iterations` (deterministic) and
`--budget-ms` (a ceiling on time per move; when it binds, results depend on the machine).
"""

import argparse
import json
import sys
from dataclasses import asdict
from typing import Any

from companion.seats.sleeping_queens import PLAYER_KINDS
from companion.seats.sleeping_queens_search import DEFAULT_ITERATIONS
from companion.seats.sleeping_queens_tournament import Budget, Result, tournament, wilson


def register(sub: Any) -> None:
    parser: argparse.ArgumentParser = sub.add_parser(
        "sleeping-queens", help="Sleeping Queens AI players: tournaments"
    )
    commands = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    match = commands.add_parser(
        "tournament",
        help="play AI players against each other and print win rates",
        description="Play games between two AI strengths; print win rates, 95%% Wilson CIs.",
    )
    match.add_argument("--a", choices=PLAYER_KINDS, required=True, help="player A")
    match.add_argument("--b", choices=PLAYER_KINDS, required=True, help="player B")
    match.add_argument("--games", type=int, default=2000)
    match.add_argument("--seed", type=int, default=1)
    match.add_argument("--players", type=int, default=2, help="seats (A, B, A, … in turn)")
    match.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    match.add_argument("--budget-ms", type=float, default=None, help="time cap per move")
    match.add_argument("--workers", type=int, default=1, help="processes to play games in")
    match.add_argument("--json", dest="json_path", default=None, help="also write a report")
    match.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    match.set_defaults(func=run_tournament)


def run_tournament(args: argparse.Namespace) -> int:
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    budget = Budget(iterations=args.iterations, budget_ms=args.budget_ms)

    def report(done: int, result: Result) -> None:
        if not args.quiet and (done % 100 == 0 or done == args.games):
            wins = result.score("a")
            low, high = wilson(wins, done)
            print(
                f"{done}/{args.games} games, {result.seconds:.0f} s: {args.a} "
                f"{wins / done:.1%} [{low:.1%}, {high:.1%}]",
                file=sys.stderr,
                flush=True,
            )

    result = tournament(
        args.a,
        args.b,
        games=args.games,
        seed=args.seed,
        players=args.players,
        budget=budget,
        workers=args.workers,
        progress=report,
    )
    print(result.table())
    if args.json_path:
        with open(args.json_path, "w", encoding="utf-8") as out:
            json.dump(_summary(result), out, indent=2)
    return 0


def _summary(result: Result) -> dict[str, Any]:
    sides = {}
    for side, name in (("a", result.a), ("b", result.b)):
        wins = result.score(side)
        low, high = wilson(wins, result.games)
        sides[side] = {"player": name, "wins": wins, "rate": wins / result.games,
                       "wilson95": [low, high]}  # fmt: skip
    return {
        "games": result.games,
        "players": result.players,
        "seed": result.seed,
        "budget": asdict(result.budget),
        "seconds": result.seconds,
        **sides,
    }
