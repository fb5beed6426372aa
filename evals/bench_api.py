"""Benchmark of the table service: `narrate` (with the referee's rulings for the five other
hands) under many concurrent tables, over real HTTP on loopback.

The server runs as `companion serve` in its own process (SQLite in a temporary directory, the
bundled model, the offline narrator); 50 tables of six players each narrate one sentence after
another for 60 s while one listener per table follows its live stream. Reports throughput,
latency percentiles, errors and the server's memory, prints a table and writes
`evals/reports/bench_api.json`.

    python -m evals.bench_api [--tables 50] [--players 6] [--seconds 60]
"""

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from companion.cards import once_upon_a_time_deck

REPORT = Path(__file__).parent / "reports" / "bench_api.json"
REPO = Path(__file__).resolve().parent.parent


@dataclass
class Run:
    latencies: list[float] = field(default_factory=list)  # seconds, successful narrations
    errors: dict[str, int] = field(default_factory=dict)
    hints_requests: int = 0  # narrations whose sentence mentioned another hand's card
    streamed_events: int = 0

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _rss_kib(pid: int) -> dict[str, int]:
    """Resident memory of a process (current and peak), from /proc."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            fields[key] = int(value.split()[0])
    return fields


def _sentences(seed: int) -> list[str]:
    """Story sentences, each naming one or two deck cards by label, so rulings find mentions."""
    rng = random.Random(seed)
    labels = [card.label("en").lower() for card in once_upon_a_time_deck()]
    openers = ["Then", "Soon", "At dawn", "Suddenly", "That night", "Far away"]
    verbs = ["met", "followed", "found", "feared", "watched", "called to"]
    return [
        f"{rng.choice(openers)} the {rng.choice(labels)} {rng.choice(verbs)} the "
        f"{rng.choice(labels)} by the old road."
        for _ in range(500)
    ]


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
    sentences: list[str],
    deadline: float,
    run: Run,
) -> None:
    headers = {"Authorization": f"Bearer {token}"}
    i = 0
    while time.monotonic() < deadline:
        text = sentences[i % len(sentences)]
        i += 1
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
    limits = httpx.Limits(max_connections=tables * 2 + 10, max_keepalive_connections=tables * 2)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=60) as client:
        created = [await _table(client, players, seed) for seed in range(tables)]
        sentences = _sentences(7)
        deadline = time.monotonic() + seconds
        listeners = [
            asyncio.create_task(_listener(client, table, tokens[1], deadline + 2, run))
            for table, tokens in (created if streams else [])
        ]
        started = time.monotonic()
        await asyncio.gather(
            *(
                _narrator(client, table, tokens[0], sentences[n:] + sentences[:n], deadline, run)
                for n, (table, tokens) in enumerate(created)
            )
        )
        elapsed = time.monotonic() - started
        await asyncio.sleep(2)
        for task in listeners:
            task.cancel()
        await asyncio.gather(*listeners, return_exceptions=True)
    return run, elapsed


def _start_server(port: int, workdir: Path) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{workdir / 'bench.db'}",
        "REDIS_URL": "",
        "COMPANION_LLM_MODEL": "",
        "COMPANION_RATE_LIMIT_PER_S": "1000",  # measure capacity, not the per-token limit
        "COMPANION_RATE_LIMIT_BURST": "1000",
        "HF_HUB_OFFLINE": "1",
        "TRANSFORMERS_OFFLINE": "1",
    }
    log = (workdir / "server.log").open("wb")
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "companion.cli",
            "serve",
            "--port",
            str(port),
            "--log-level",
            "warning",
        ],
        cwd=REPO,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )


def _wait_ready(url: str, server: subprocess.Popen[bytes], timeout: float = 600) -> float:
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        if server.poll() is not None:
            raise RuntimeError("the server exited during start-up")
        try:
            if httpx.get(f"{url}/readyz", timeout=2).status_code == 200:
                return time.monotonic() - started
        except httpx.HTTPError:
            pass
        time.sleep(0.5)
    raise RuntimeError("the server was not ready in time")


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument(
        "--no-streams", action="store_true", help="no live-stream listener per table"
    )
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory(prefix="bench-api-") as tmp:
        workdir = Path(tmp)
        port = _free_port()
        url = f"http://127.0.0.1:{port}"
        server = _start_server(port, workdir)
        try:
            startup_s = _wait_ready(url, server)
            idle = _rss_kib(server.pid)
            run, elapsed = asyncio.run(
                _load(url, args.tables, args.players, args.seconds, not args.no_streams)
            )
            memory = _rss_kib(server.pid)
        finally:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()

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
        "latency_ms": {
            "mean": round(statistics.fmean(ms), 1) if ms else None,
            "p50": round(_percentile(ms, 0.50), 1),
            "p95": round(_percentile(ms, 0.95), 1),
            "p99": round(_percentile(ms, 0.99), 1),
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
