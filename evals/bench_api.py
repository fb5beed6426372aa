"""Benchmark of the table service: `narrate` (with the referee's rulings for the five other
hands) under many concurrent tables, over real HTTP on loopback.

The server runs as `companion serve` in its own process (SQLite in a temporary directory, the
bundled model, the offline narrator); 50 tables of six players each narrate one sentence after
another for 60 s while one listener per table follows its live stream. Reports throughput,
latency percentiles, errors and the server's memory; then, in the same run and with as many
clients back to back, a trivial endpoint of the same server (`GET /healthz`: the ceiling of the
HTTP stack on this box) and the ratio of the two. Prints a table and writes
`evals/reports/bench_api.json`.

    python -m evals.bench_api [--tables 50] [--players 6] [--seconds 60]
"""

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import httpx

from companion.cards import once_upon_a_time_deck
from evals.bench_server import KEEPALIVE_S, REPO, percentile, rss_kib, served

REPORT = Path(__file__).parent / "reports" / "bench_api.json"


@dataclass
class Run:
    latencies: list[float] = field(default_factory=list)  # seconds, successful narrations
    errors: dict[str, int] = field(default_factory=dict)
    hints_requests: int = 0  # narrations whose sentence mentioned another hand's card
    streamed_events: int = 0

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


_OPENERS = ("Then", "Soon", "At dawn", "Suddenly", "That night", "Far away", "Later", "At noon")
_VERBS = ("met", "followed", "found", "feared", "watched", "called to", "helped", "fled from")
_PLACES = (
    "by the old road",
    "near the mill",
    "under the bridge",
    "at the well",
    "in the rain",
    "beyond the hill",
    "at the crossroads",
    "by the river",
    "behind the inn",
    "in the square",
)


def story_sentence(rng: random.Random) -> str:
    """A story sentence naming one or two deck cards by label, so rulings find mentions. About
    ten million combinations: a benchmark drawing them seldom repeats one, so no cache of
    recent texts answers for a new sentence (real tables do not repeat themselves)."""
    labels = _labels()
    return (
        f"{rng.choice(_OPENERS)} the {rng.choice(labels)} {rng.choice(_VERBS)} the "
        f"{rng.choice(labels)} {rng.choice(_PLACES)}."
    )


@cache
def _labels() -> tuple[str, ...]:
    return tuple(card.label("en").lower() for card in once_upon_a_time_deck())


async def _table(client: httpx.AsyncClient, players: int, seed: int) -> tuple[str, list[str]]:
    body = {"players": [{"name": f"P{i}"} for i in range(players)], "seed": seed}
    response = await client.post("/v1/tables", json=body)
    response.raise_for_status()
    created = response.json()
    return created["id"], [p["token"] for p in created["players"]]


async def _narrator(
    client: httpx.AsyncClient,
    table: str,
    token: str,
    rng: random.Random,
    deadline: float,
    run: Run,
) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    while time.monotonic() < deadline:
        text = story_sentence(rng)
        started = time.perf_counter()
        try:
            response = await client.post(
                f"/v1/tables/{table}/actions",
                json={"type": "narrate", "text": text},
                headers=headers,
            )
        except httpx.HTTPError as error:
            run.error(type(error).__name__)
            continue
        elapsed = time.perf_counter() - started
        if response.status_code != 200:
            run.error(f"HTTP {response.status_code}")
            continue
        run.latencies.append(elapsed)
        if any(e["type"] == "ruled" for e in response.json()["events"]):
            run.hints_requests += 1


async def _listener(
    client: httpx.AsyncClient, table: str, token: str, deadline: float, run: Run
) -> None:
    """One player per table follows the live stream and counts the events it receives."""
    url = f"/v1/tables/{table}/stream?token={token}"
    try:
        async with client.stream("GET", url, timeout=None) as response:
            async for line in response.aiter_lines():
                if line.startswith("id:"):
                    run.streamed_events += 1
                if time.monotonic() > deadline:
                    break
    except httpx.HTTPError as error:
        if time.monotonic() < deadline:
            run.error(f"stream {type(error).__name__}")


async def _load(
    url: str, tables: int, players: int, seconds: float, streams: bool
) -> tuple[Run, float]:
    run = Run()
    limits = httpx.Limits(
        max_connections=tables * 2 + 10,
        max_keepalive_connections=tables * 2,
        keepalive_expiry=KEEPALIVE_S,
    )
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=60) as client:
        created = [await _table(client, players, seed) for seed in range(tables)]
        deadline = time.monotonic() + seconds
        listeners = [
            asyncio.create_task(_listener(client, table, tokens[1], deadline + 2, run))
            for table, tokens in (created if streams else [])
        ]
        started = time.monotonic()
        await asyncio.gather(
            *(
                _narrator(client, table, tokens[0], random.Random(7 + n), deadline, run)
                for n, (table, tokens) in enumerate(created)
            )
        )
        elapsed = time.monotonic() - started
        await asyncio.sleep(2)
        for task in listeners:
            task.cancel()
        await asyncio.gather(*listeners, return_exceptions=True)
    return run, elapsed


async def _ceiling(url: str, clients: int, seconds: float) -> float:
    """Requests per second of a trivial endpoint (`GET /healthz`) of the same server, with as
    many clients back to back as tables narrate: the ceiling of the HTTP stack on this box."""
    done = 0
    limits = httpx.Limits(
        max_connections=clients + 10,
        max_keepalive_connections=clients,
        keepalive_expiry=KEEPALIVE_S,
    )
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=60) as client:
        deadline = time.monotonic() + seconds

        async def loop() -> None:
            nonlocal done
            while time.monotonic() < deadline:
                (await client.get("/healthz")).raise_for_status()
                done += 1

        started = time.monotonic()
        await asyncio.gather(*(loop() for _ in range(clients)))
        return done / (time.monotonic() - started)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument(
        "--no-streams", action="store_true", help="no live-stream listener per table"
    )
    parser.add_argument(
        "--ceiling-seconds", type=float, default=20.0, help="how long the trivial endpoint runs"
    )
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="bench-api-") as tmp, served(Path(tmp)) as server:
        startup_s = server.startup_s
        idle = rss_kib(server.pid)
        run, elapsed = asyncio.run(
            _load(server.url, args.tables, args.players, args.seconds, not args.no_streams)
        )
        memory = rss_kib(server.pid)
        ceiling = asyncio.run(_ceiling(server.url, args.tables, args.ceiling_seconds))

    ms = [s * 1000 for s in run.latencies]
    report: dict[str, Any] = {
        "benchmark": "narrate with referee rulings, concurrent tables over loopback HTTP",
        "tables": args.tables,
        "players_per_table": args.players,
        "stream_listeners": 0 if args.no_streams else args.tables,
        "duration_s": round(elapsed, 1),
        "narrations_ok": len(ms),
        "errors": sum(run.errors.values()),
        "error_kinds": run.errors,
        "throughput_rps": round(len(ms) / elapsed, 1) if elapsed else 0.0,
        "trivial_endpoint_rps": round(ceiling, 1),
        "ratio_to_trivial": round(len(ms) / elapsed / ceiling, 3) if elapsed and ceiling else 0.0,
        "latency_ms": {
            "mean": round(statistics.fmean(ms), 1) if ms else None,
            "p50": round(percentile(ms, 0.50), 1),
            "p95": round(percentile(ms, 0.95), 1),
            "p99": round(percentile(ms, 0.99), 1),
            "max": round(max(ms), 1) if ms else None,
        },
        "narrations_ruled": run.hints_requests,
        "stream_events_received": run.streamed_events,
        "server_rss_mib": {
            "idle": round(idle.get("VmRSS", 0) / 1024, 1),
            "after_load": round(memory.get("VmRSS", 0) / 1024, 1),
            "peak": round(memory.get("VmHWM", 0) / 1024, 1),
        },
        "server_startup_s": round(startup_s, 1),
        "machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0]},
        "settings": "SQLite (WAL, synchronous=FULL), onnx-int8 embedder, offline narrator, "
        "1 worker, rate limit raised to 1000/s per token",
    }
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps(report, indent=2) + "\n")

    latency = report["latency_ms"]
    rows = [
        ("tables × players", f"{args.tables} × {args.players}"),
        ("duration", f"{report['duration_s']} s"),
        ("narrations ok", str(report["narrations_ok"])),
        ("errors", f"{report['errors']} {run.errors or ''}".strip()),
        ("throughput", f"{report['throughput_rps']} narrations/s"),
        ("trivial endpoint, same server", f"{report['trivial_endpoint_rps']} requests/s"),
        ("narrations ÷ trivial", f"{report['ratio_to_trivial']:.1%}"),
        ("latency p50 / p95 / p99", f"{latency['p50']} / {latency['p95']} / {latency['p99']} ms"),
        ("stream events received", str(run.streamed_events)),
        (
            "server RSS idle / after / peak",
            "{idle} / {after_load} / {peak} MiB".format(**report["server_rss_mib"]),
        ),
    ]
    width = max(len(name) for name, _ in rows)
    print("bench_api: narrate with referee rulings")
    for name, value in rows:
        print(f"  {name:<{width}}  {value}")
    print(f"  report: {REPORT.relative_to(REPO)}")
    return 0 if report["errors"] == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
