"""Benchmark: can one client flooding the stateless tools stall the tables?

The server runs as `companion serve` (as in `evals/bench_api.py`: SQLite, the bundled model, the
offline narrator, rate limits lifted so that they do not hide the effect). A few tables take
actions one after another (a narration, then a view), first on a quiet server, then while
`--flooders` clients send `POST /v1/referee/mentions` back to back: the issue's flood (20,000
characters against 109 cards, refused at once by the cost cap) and the largest ruling the cap
allows (2,000 characters against 100 cards). Prints the table actions' p50/p95 in both phases, the
ratio, and how the flood was answered; writes `evals/reports/bench_flood.json`.

    python -m evals.bench_flood [--seconds 20] [--flooders 40] [--tables 4]
"""

import argparse
import asyncio
import json
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

from companion.cards import once_upon_a_time_deck
from evals.bench_server import KEEPALIVE_S, percentile, served

REPORT = Path(__file__).parent / "reports" / "bench_flood.json"


def _flood_bodies() -> list[dict[str, Any]]:
    labels = [card.label("en") for card in once_upon_a_time_deck()]
    line = "The old king walked past the tower and the wolf watched him from the forest. "
    return [
        {"text": (line * 300)[:20_000], "cards": labels[:109]},  # the flood: over the cap
        {"text": (line * 30)[:2_000], "cards": labels[:100]},  # the most the cap allows
    ]


async def _flooder(
    client: httpx.AsyncClient, bodies: list[dict[str, Any]], deadline: float, seen: Counter[int]
) -> None:
    i = 0
    while time.monotonic() < deadline:
        try:
            response = await client.post("/v1/referee/mentions", json=bodies[i % len(bodies)])
            seen[response.status_code] += 1
            if response.status_code == 503:
                await asyncio.sleep(float(response.headers.get("Retry-After", "1")))
        except httpx.HTTPError:
            seen[0] += 1
        i += 1


async def _player(
    client: httpx.AsyncClient, seat: tuple[str, str], deadline: float, latencies: list[float]
) -> None:
    table, token = seat
    headers = {"Authorization": f"Bearer {token}"}
    i = 0
    while time.monotonic() < deadline:
        i += 1
        started = time.perf_counter()
        told = await client.post(
            f"/v1/tables/{table}/actions",
            json={"type": "narrate", "text": f"Sentence {i}: the wind rose over the hills."},
            headers=headers,
        )
        latencies.append(time.perf_counter() - started)
        started = time.perf_counter()
        viewed = await client.get(f"/v1/tables/{table}", headers=headers)
        latencies.append(time.perf_counter() - started)
        told.raise_for_status()
        viewed.raise_for_status()


async def _phase(
    url: str, seats: list[tuple[str, str]], seconds: float, flooders: int
) -> dict[str, Any]:
    limits = httpx.Limits(max_connections=flooders + len(seats) + 10, keepalive_expiry=KEEPALIVE_S)
    async with httpx.AsyncClient(base_url=url, timeout=120, limits=limits) as client:
        deadline = time.monotonic() + seconds
        latencies: list[float] = []
        seen: Counter[int] = Counter()
        bodies = _flood_bodies()
        tasks = [_player(client, seat, deadline, latencies) for seat in seats]
        tasks += [_flooder(client, bodies, deadline, seen) for _ in range(flooders)]
        await asyncio.gather(*tasks)
    return {
        "table_actions": len(latencies),
        "p50_ms": round(percentile(latencies, 0.5) * 1000, 1),
        "p95_ms": round(percentile(latencies, 0.95) * 1000, 1),
        "flood_answers": {str(k): v for k, v in sorted(seen.items())},
    }


async def _tables(url: str, count: int) -> list[tuple[str, str]]:
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        seats = []
        for seed in range(count):
            body = {"players": [{"name": f"P{i}"} for i in range(4)], "seed": seed}
            created = (await client.post("/v1/tables", json=body)).raise_for_status().json()
            teller = created["view"]["storyteller"]
            seats.append((created["id"], created["players"][teller]["token"]))
        return seats


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--flooders", type=int, default=40)
    parser.add_argument("--tables", type=int, default=4)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-flood-") as tmp, served(Path(tmp)) as server:
        seats = asyncio.run(_tables(server.url, args.tables))
        quiet = asyncio.run(_phase(server.url, seats, args.seconds, 0))
        flooded = asyncio.run(_phase(server.url, seats, args.seconds, args.flooders))
    report = {
        "seconds_per_phase": args.seconds,
        "tables": args.tables,
        "flooders": args.flooders,
        "quiet": quiet,
        "flooded": flooded,
        "p95_ratio_flooded_to_quiet": round(flooded["p95_ms"] / quiet["p95_ms"], 2),
    }
    REPORT.parent.mkdir(exist_ok=True)
    REPORT.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(f"Table actions (a narration, then a view) on {args.tables} tables, {args.seconds:g} s:")
    for name in ("quiet", "flooded"):
        phase = report[name]
        print(
            f"  {name:8} {phase['table_actions']:5d} actions   p50 {phase['p50_ms']:7.1f} ms"
            f"   p95 {phase['p95_ms']:7.1f} ms"
        )
    print(f"  flood answers by status: {flooded['flood_answers']}")
    print(f"  p95 flooded ÷ quiet: {report['p95_ratio_flooded_to_quiet']}×")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
