"""Time per move of the Sleeping Queens search player, with the greedy move as the reference
in the same run. Run by `make bench`; prints a table (and `--json PATH` writes it).

    python -m evals.bench_sleeping_queens [--positions N] [--seed S] [--iterations I]

- Positions: two-player games played greedy against greedy from seeds `seed, seed+1, …`; every
  position where the seat to act has a real choice (two or more candidates, no block to play)
  is kept, until N (default 300) are gathered.
- Per position, in turn: the search move with the budget of the table's sharp level
  (`api.games.sleeping_queens.game.SEARCH_ITERATIONS` rollouts, capped at `SEARCH_BUDGET_MS`;
  `--iterations` / `--budget-ms` for another), then the greedy move. Reported: p50, p95, mean
  and max in milliseconds, and how many positions the time cap cut short.

The target (issue 13) is a search move in at most 200 ms at p95 on this machine. Nothing here
asserts it: the bench measures and tells, with the load average beside the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from collections.abc import Sequence
from typing import Any

from api.games.sleeping_queens.game import SEARCH_BUDGET_MS, SEARCH_ITERATIONS
from companion.games.sleeping_queens import Block, Config, State, apply, legal_moves, new_game
from companion.seats.sleeping_queens import greedy_move
from companion.seats.sleeping_queens_search import SearchPlayer

TARGET_P95_MS = 200.0


def gather_positions(count: int, seed: int) -> list[tuple[State, int]]:
    found: list[tuple[State, int]] = []
    game = 0
    while len(found) < count:
        state = new_game(Config(players=("A", "B"), seed=seed + game))
        game += 1
        while not state.over and len(found) < count:
            seat = state.acting_seat()
            assert seat is not None
            moves = legal_moves(state, seat)
            if len(moves) > 1 and not any(isinstance(m, Block) for m in moves):
                found.append((state, seat))
            state = apply(state, greedy_move(state, seat))
    return found


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def summary(values: Sequence[float]) -> dict[str, float]:
    return {
        "p50_ms": percentile(values, 0.50),
        "p95_ms": percentile(values, 0.95),
        "mean_ms": sum(values) / len(values),
        "max_ms": max(values),
    }


def run(count: int, seed: int, iterations: int, budget_ms: float) -> dict[str, Any]:
    positions = gather_positions(count, seed)
    search_ms: list[float] = []
    greedy_ms: list[float] = []
    capped = 0
    for index, (state, seat) in enumerate(positions):
        player = SearchPlayer(seed=seed + index, iterations=iterations, budget_ms=budget_ms)
        start = time.perf_counter()
        player.choose(state, seat)
        search_ms.append((time.perf_counter() - start) * 1000)
        capped += player.last_cut_short
        start = time.perf_counter()
        greedy_move(state, seat)
        greedy_ms.append((time.perf_counter() - start) * 1000)
    search = summary(search_ms)
    return {
        "positions": len(positions),
        "iterations": iterations,
        "budget_ms": budget_ms,
        "search": search,
        "greedy": summary(greedy_ms),
        "capped_by_time": capped,
        "target_p95_ms": TARGET_P95_MS,
        "meets_target": search["p95_ms"] <= TARGET_P95_MS,
        "load_average": list(os.getloadavg()),
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
    }


def print_report(report: dict[str, Any]) -> None:
    print(
        f"Sleeping Queens: time per move over {report['positions']} two-player positions "
        f"(search: {report['iterations']} rollouts, capped at {report['budget_ms']:g} ms)"
    )
    print(f"{'player':<8}{'p50 ms':>10}{'p95 ms':>10}{'mean ms':>10}{'max ms':>10}")
    for name in ("search", "greedy"):
        row = report[name]
        print(
            f"{name:<8}{row['p50_ms']:>10.2f}{row['p95_ms']:>10.2f}"
            f"{row['mean_ms']:>10.2f}{row['max_ms']:>10.2f}"
        )
    verdict = "meets" if report["meets_target"] else "misses"
    load = ", ".join(f"{x:.1f}" for x in report["load_average"])
    print(
        f"search p95 {report['search']['p95_ms']:.1f} ms {verdict} the target "
        f"(≤ {report['target_p95_ms']:g} ms); cut short by the time cap: "
        f"{report['capped_by_time']}; load average {load} on {report['cpus']} CPUs"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=SEARCH_ITERATIONS)
    parser.add_argument("--budget-ms", type=float, default=SEARCH_BUDGET_MS)
    parser.add_argument("--json", dest="json_path", default=None)
    args = parser.parse_args(argv)
    report = run(args.positions, args.seed, args.iterations, args.budget_ms)
    print_report(report)
    if args.json_path:
        with open(args.json_path, "w", encoding="utf-8") as out:
            json.dump(report, out, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
