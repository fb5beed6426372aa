"""Benchmark of the table service: `narrate` (with the referee's rulings for the five other
hands) under many concurrent tables, back to back (a closed loop), over real HTTP on loopback.

The server runs as `companion serve` in its own process (SQLite in a temporary directory, the
bundled model, the offline narrator); 50 tables of six players each narrate one sentence after
another for 60 s while one listener per table follows its live stream. Then, in the same run and
with as many clients back to back, a trivial endpoint of the same server (`GET /healthz`: the
ceiling of the HTTP stack on this box) and the ratio of the two. Both phases use the lean load
generator of `evals/bench_client.py`, one keep-alive connection per client, and report the CPU
that the server and the generator spent per request, so a reader can see which side the
ceiling is. Prints a table and writes `evals/reports/bench_api.json`.

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
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from evals.bench_client import Connection, Listener, story_sentence, uvloop_run
from evals.bench_server import REPO, cpu_seconds, percentile, rss_kib, served

REPORT = Path(__file__).parent / "reports" / "bench_api.json"


@dataclass
class Run:
    latencies: list[float] = field(default_factory=list)  # seconds, successful requests
    errors: dict[str, int] = field(default_factory=dict)
    ruled: int = 0  # narrations answered with the referee's ruling event
    streamed_events: int = 0
    seconds: float = 0.0
    server_cpu_s: float = 0.0
    client_cpu_s: float = 0.0

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1

    def per_request_ms(self, cpu_s: float) -> float:
        return round(1000 * cpu_s / max(1, len(self.latencies)), 3)


async def _table(conn: Connection, players: int, seed: int) -> tuple[str, list[str]]:
    body = json.dumps({"players": [{"name": f"P{i}"} for i in range(players)], "seed": seed})
    status, answer = await conn.request("POST", "/v1/tables", body.encode())
    if status != 201:
        raise RuntimeError(f"creating a table answered {status}: {answer[:200]!r}")
    created = json.loads(answer)
    return created["id"], [p["token"] for p in created["players"]]


async def _back_to_back(
    host: str,
    port: int,
    run: Run,
    deadline: float,
    request: Any,
) -> None:
    """One client on its own keep-alive connection, sending `request(conn)` (which answers
    the status and body) until the deadline."""
    conn = await Connection.open(host, port)
    try:
        while time.monotonic() < deadline:
            started = time.perf_counter()
            try:
                status, answer = await request(conn)
            except (OSError, asyncio.IncompleteReadError) as error:
                run.error(type(error).__name__)
                conn.close()
                conn = await Connection.open(host, port)
                continue
            if status != 200:
                run.error(f"HTTP {status}")
                continue
            run.latencies.append(time.perf_counter() - started)
            run.ruled += b'"type":"ruled"' in answer or b'"type": "ruled"' in answer
    finally:
        conn.close()


async def _measured(run: Run, pid: int, clients: Any) -> None:
    cpu_before = cpu_seconds(pid), time.process_time()
    started = time.monotonic()
    await asyncio.gather(*clients)
    run.seconds = time.monotonic() - started
    run.server_cpu_s = cpu_seconds(pid) - cpu_before[0]
    run.client_cpu_s = time.process_time() - cpu_before[1]


async def _narrations(
    url: str, pid: int, tables: int, players: int, seconds: float, streams: bool
) -> Run:
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    run = Run()
    setup = await Connection.open(host, port)
    created = [await _table(setup, players, seed) for seed in range(tables)]
    setup.close()
    listeners = [Listener() for _ in created] if streams else []
    opening = asyncio.Semaphore(50)
    for listener, (table, tokens) in zip(listeners, created, strict=False):
        listener.task = asyncio.create_task(listener.follow(host, port, table, tokens[1], opening))
    await asyncio.sleep(1)  # the streams connect

    def narrate(table: str, token: str, rng: random.Random) -> Any:
        path = f"/v1/tables/{table}/actions"
        headers = {"Authorization": f"Bearer {token}"}

        async def request(conn: Connection) -> tuple[int, bytes]:
            body = json.dumps({"type": "narrate", "text": story_sentence(rng)}).encode()
            return await conn.request("POST", path, body, headers)

        return request

    deadline = time.monotonic() + seconds
    await _measured(
        run,
        pid,
        (
            _back_to_back(
                host, port, run, deadline, narrate(table, tokens[0], random.Random(7 + n))
            )
            for n, (table, tokens) in enumerate(created)
        ),
    )
    await asyncio.sleep(1)  # the last events reach the streams
    for listener in listeners:
        if listener.task is not None:
            listener.task.cancel()
    await asyncio.gather(
        *(listener.task for listener in listeners if listener.task), return_exceptions=True
    )
    run.streamed_events = sum(listener.events for listener in listeners)
    if any(listener.dropped for listener in listeners):
        run.error("stream dropped")
    return run


async def _ceiling(url: str, pid: int, clients: int, seconds: float) -> Run:
    """`GET /healthz` of the same server, with as many clients back to back as tables narrate:
    the ceiling of the HTTP stack on this box."""
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    run = Run()

    async def healthz(conn: Connection) -> tuple[int, bytes]:
        return await conn.request("GET", "/healthz")

    deadline = time.monotonic() + seconds
    await _measured(
        run, pid, (_back_to_back(host, port, run, deadline, healthz) for _ in range(clients))
    )
    return run


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
        run = uvloop_run(
            _narrations(
                server.url,
                server.pid,
                args.tables,
                args.players,
                args.seconds,
                not args.no_streams,
            )
        )
        memory = rss_kib(server.pid)
        trivial = uvloop_run(_ceiling(server.url, server.pid, args.tables, args.ceiling_seconds))

    ms = [s * 1000 for s in run.latencies]
    throughput = len(ms) / run.seconds if run.seconds else 0.0
    ceiling = len(trivial.latencies) / trivial.seconds if trivial.seconds else 0.0
    report: dict[str, Any] = {
        "benchmark": "narrate with referee rulings, concurrent tables over loopback HTTP",
        "tables": args.tables,
        "players_per_table": args.players,
        "stream_listeners": 0 if args.no_streams else args.tables,
        "duration_s": round(run.seconds, 1),
        "narrations_ok": len(ms),
        "errors": sum(run.errors.values()) + sum(trivial.errors.values()),
        "error_kinds": {**run.errors, **{f"healthz {k}": v for k, v in trivial.errors.items()}},
        "throughput_rps": round(throughput, 1),
        "trivial_endpoint_rps": round(ceiling, 1),
        "ratio_to_trivial": round(throughput / ceiling, 4) if ceiling else 0.0,
        "latency_ms": {
            "mean": round(statistics.fmean(ms), 1) if ms else None,
            "p50": round(percentile(ms, 0.50), 1),
            "p95": round(percentile(ms, 0.95), 1),
            "p99": round(percentile(ms, 0.99), 1),
            "max": round(max(ms), 1) if ms else None,
        },
        # CPU per request, from /proc (server) and this process (the load generator): which
        # side sets each phase's ceiling
        "cpu_ms_per_request": {
            "narrate": {
                "server": run.per_request_ms(run.server_cpu_s),
                "load_generator": run.per_request_ms(run.client_cpu_s),
            },
            "trivial": {
                "server": trivial.per_request_ms(trivial.server_cpu_s),
                "load_generator": trivial.per_request_ms(trivial.client_cpu_s),
            },
        },
        "narrations_ruled": run.ruled,
        "stream_events_received": run.streamed_events,
        "server_rss_mib": {
            "idle": round(idle.get("VmRSS", 0) / 1024, 1),
            "after_load": round(memory.get("VmRSS", 0) / 1024, 1),
            "peak": round(memory.get("VmHWM", 0) / 1024, 1),
        },
        "server_startup_s": round(startup_s, 1),
        "machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0]},
        "settings": "SQLite (WAL, synchronous=FULL), onnx-int8 embedder, offline narrator, "
        "1 worker, rate limit raised to 1000/s per token; lean HTTP/1.1 load generator "
        "(evals/bench_client.py), one keep-alive connection per client",
    }
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps(report, indent=2) + "\n")

    latency = report["latency_ms"]
    cpu = report["cpu_ms_per_request"]
    rows = [
        ("tables × players", f"{args.tables} × {args.players}"),
        ("duration", f"{report['duration_s']} s"),
        ("narrations ok", str(report["narrations_ok"])),
        ("errors", f"{report['errors']} {report['error_kinds'] or ''}".strip()),
        ("throughput", f"{report['throughput_rps']} narrations/s"),
        ("trivial endpoint, same server", f"{report['trivial_endpoint_rps']} requests/s"),
        ("narrations ÷ trivial", f"{report['ratio_to_trivial']:.1%}"),
        ("latency p50 / p95 / p99", f"{latency['p50']} / {latency['p95']} / {latency['p99']} ms"),
        (
            "CPU per narration",
            f"server {cpu['narrate']['server']} ms, load generator "
            f"{cpu['narrate']['load_generator']} ms",
        ),
        (
            "CPU per trivial request",
            f"server {cpu['trivial']['server']} ms, load generator "
            f"{cpu['trivial']['load_generator']} ms",
        ),
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
