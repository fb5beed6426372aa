"""How many live tables one box holds with prompt answers: an open-loop load, stepped up.

Each live table has six players; its storyteller tells a sentence every `--mean-gap` seconds on
average (Poisson arrivals: a sentence is sent when it is due, whether or not the last one was
answered), and every seat follows the table's live stream. Tables are added in steps; at each step
the load runs for `--seconds` and the narrations' latency is measured. The run stops at the first
step whose p95 exceeds `--p95-ms` or that has errors (a failed narration or a stream dropped);
the largest step that held is the box's capacity.

The server runs as `companion serve` (`evals/bench_server.py`): by default one worker on SQLite;
`--postgres URL --redis URL --workers 2` for the several-worker set-up. The load generator runs
on the same machine, so it is written lean: hand-written HTTP/1.1 on asyncio streams (no client
library), each stream's bytes only counted.

    python -m evals.bench_capacity [--steps 100,200,300,400,500,600] [--seconds 30]
"""

import argparse
import asyncio
import json
import os
import random
import sys
import tempfile
import time
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from evals.bench_client import Listener, Pool, story_sentence, uvloop_run
from evals.bench_server import (
    cpu_seconds,
    percentile,
    postgres_schema,
    served,
    tree_rss_mib,
)

REPORTS = Path(__file__).parent / "reports"
PLAYERS = 6


@dataclass
class Table:
    id: str
    storyteller: str  # its token
    tokens: list[str]


@dataclass
class Step:
    tables: int
    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    sent: int = 0

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


async def _create(pool: Pool, count: int, first_seed: int) -> list[Table]:
    tables = []
    for seed in range(first_seed, first_seed + count):
        body = json.dumps({"players": [{"name": f"P{i}"} for i in range(PLAYERS)], "seed": seed})
        conn = await pool.take()
        status, answer = await conn.request("POST", "/v1/tables", body.encode())
        pool.idle.append(conn)
        if status != 201:
            raise RuntimeError(f"creating a table answered {status}: {answer[:200]!r}")
        created = json.loads(answer)
        tokens = [p["token"] for p in created["players"]]
        tables.append(Table(created["id"], tokens[created["view"]["storyteller"]], tokens))
    return tables


async def _narrations(pool: Pool, table: Table, mean_gap: float, rng: random.Random) -> None:
    """The storyteller's sentences (new ones: `story_sentence`), forever, at Poisson times;
    each one a task of its own."""
    path = f"/v1/tables/{table.id}/actions"
    headers = {"Authorization": f"Bearer {table.storyteller}"}
    while True:
        await asyncio.sleep(rng.expovariate(1 / mean_gap))
        body = json.dumps({"type": "narrate", "text": story_sentence(rng)}).encode()
        task = asyncio.get_running_loop().create_task(_narrate(pool, path, body, headers))
        IN_FLIGHT.add(task)
        task.add_done_callback(IN_FLIGHT.discard)


STEP: Step | None = None  # the step being measured; narrations outside a window are not counted
IN_FLIGHT: set[asyncio.Task[None]] = set()  # narrations sent and not yet answered


async def _narrate(pool: Pool, path: str, body: bytes, headers: dict[str, str]) -> None:
    step = STEP
    started = time.perf_counter()
    try:
        status = await pool.request("POST", path, body, headers)
    except (OSError, asyncio.IncompleteReadError) as error:
        if step is not None and STEP is step:
            step.error(type(error).__name__)
        return
    if step is None or STEP is not step:
        return
    if status == 200:
        step.latencies.append(time.perf_counter() - started)
    else:
        step.error(f"HTTP {status}")


async def _run(
    url: str, steps: list[int], seconds: float, mean_gap: float, p95_ms: float, pid: int
) -> list[dict[str, Any]]:
    global STEP
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    pool = Pool(host, port)
    rng = random.Random(2026)
    tables: list[Table] = []
    listeners: list[Listener] = []
    drivers: list[asyncio.Task[None]] = []
    results: list[dict[str, Any]] = []
    opening = asyncio.Semaphore(50)

    try:
        for target in steps:
            new = await _create(pool, target - len(tables), len(tables))
            for table in new:
                for token in table.tokens:
                    listener = Listener()
                    listeners.append(listener)
                    listener.task = asyncio.get_running_loop().create_task(
                        listener.follow(host, port, table.id, token, opening)
                    )
            tables += new
            await asyncio.sleep(2 + len(new) * PLAYERS / 500)  # the new streams connect
            for table in new:
                drivers.append(
                    asyncio.get_running_loop().create_task(
                        _narrations(pool, table, mean_gap, random.Random(rng.random()))
                    )
                )
            await asyncio.sleep(min(5.0, seconds / 4))  # warm-up at the new load
            step = STEP = Step(target)
            events_before = sum(listener.events for listener in listeners)
            started = time.monotonic()
            cpu_before = cpu_seconds(pid), time.process_time()
            await asyncio.sleep(seconds)
            STEP = None
            elapsed = time.monotonic() - started
            server_cpu = cpu_seconds(pid) - cpu_before[0]
            client_cpu = time.process_time() - cpu_before[1]
            dropped = sum(listener.dropped for listener in listeners)
            if dropped:
                step.error("streams dropped")
            ms = [s * 1000 for s in step.latencies]
            result: dict[str, Any] = {
                "tables": target,
                "streams": len(listeners),
                "narrations_per_s": round(len(ms) / elapsed, 1),
                "p50_ms": round(percentile(ms, 0.50), 1),
                "p95_ms": round(percentile(ms, 0.95), 1),
                "p99_ms": round(percentile(ms, 0.99), 1),
                "errors": sum(step.errors.values()),
                "error_kinds": step.errors,
                "streams_dropped": dropped,
                "stream_events_per_s": round(
                    (sum(listener.events for listener in listeners) - events_before) / elapsed
                ),
                "server_rss_mib": tree_rss_mib(pid),
                # CPU per narration (its rulings, appends, answers and stream messages included)
                "server_cpu_ms_per_narration": round(1000 * server_cpu / max(1, len(ms)), 2),
                "load_generator_cpu_ms_per_narration": round(
                    1000 * client_cpu / max(1, len(ms)), 2
                ),
                "server_cpu_share": round(server_cpu / elapsed, 2),
            }
            results.append(result)
            _print_step(result)
            if result["errors"] or result["p95_ms"] > p95_ms:
                break
    finally:
        for task in drivers + list(IN_FLIGHT):
            task.cancel()
        for listener in listeners:
            if listener.task is not None:
                listener.task.cancel()
        for conn in pool.idle:
            conn.close()
    return results


def _print_step(result: dict[str, Any]) -> None:
    print(
        f"  {result['tables']:5d} tables {result['streams']:6d} streams  "
        f"{result['narrations_per_s']:6.1f} narr/s  p50 {result['p50_ms']:6.1f}  "
        f"p95 {result['p95_ms']:7.1f}  p99 {result['p99_ms']:7.1f} ms  "
        f"errors {result['errors']}  RSS {result['server_rss_mib']} MiB  "
        f"server CPU {result['server_cpu_ms_per_narration']} ms/narr",
        flush=True,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", default="100,200,300,400,500,600,700,800")
    parser.add_argument("--seconds", type=float, default=30.0, help="measured time per step")
    parser.add_argument("--mean-gap", type=float, default=4.0, help="seconds between sentences")
    parser.add_argument("--p95-ms", type=float, default=100.0)
    parser.add_argument(
        "--postgres",
        default=None,
        help="a PostgreSQL URL instead of SQLite (a fresh schema is used)",
    )
    parser.add_argument("--redis", default="", help="a Redis URL (several workers need one)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--name", default=None, help="the report's name (default: by backend)")
    args = parser.parse_args(argv)
    steps = [int(n) for n in args.steps.split(",")]
    backend = "postgresql+redis" if args.postgres else "sqlite"
    name = args.name or f"bench_capacity_{backend.split('+')[0]}"
    print(
        f"bench_capacity: open loop, {PLAYERS} players per table, a sentence every "
        f"{args.mean_gap:g} s on average, every seat streaming; {backend}, "
        f"{args.workers} worker(s); stop when p95 > {args.p95_ms:g} ms or errors",
        flush=True,
    )
    with (
        tempfile.TemporaryDirectory(prefix="bench-capacity-") as tmp,
        postgres_schema(args.postgres) if args.postgres else nullcontext(None) as database,
        served(
            Path(tmp), database_url=database, redis_url=args.redis, workers=args.workers
        ) as server,
    ):
        idle = tree_rss_mib(server.pid)
        results = uvloop_run(
            _run(server.url, steps, args.seconds, args.mean_gap, args.p95_ms, server.pid)
        )
    held = [r for r in results if not r["errors"] and r["p95_ms"] <= args.p95_ms]
    capacity = held[-1]["tables"] if held else 0
    report = {
        "benchmark": "open-loop live tables: narrate p95 while tables are added",
        "backend": backend,
        "workers": args.workers,
        "players_per_table": PLAYERS,
        "mean_gap_s": args.mean_gap,
        "seconds_per_step": args.seconds,
        "p95_limit_ms": args.p95_ms,
        "capacity_tables": capacity,
        "server_rss_idle_mib": idle,
        "steps": results,
        "machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0]},
    }
    REPORTS.mkdir(exist_ok=True)
    path = REPORTS / f"{name}.json"
    path.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(f"  capacity: {capacity} live tables (p95 ≤ {args.p95_ms:g} ms, no errors)")
    print(f"  report: {path.relative_to(REPORTS.parent.parent)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
