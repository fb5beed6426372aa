"""The server the API benchmarks measure: `companion serve` in its own process, on loopback.

    with served(workdir) as server:          # SQLite in workdir, the bundled model, no LLM
        ...                                  # server.url, server.pid, server.startup_s
    with served(workdir, database_url=PG, redis_url=REDIS, workers=2): ...

Rate limits are lifted (the benchmarks measure capacity, not the per-token limit) and the file
descriptor limit is raised for the server and the load generator (thousands of live streams).
"""

import os
import resource
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import httpx

REPO = Path(__file__).resolve().parent.parent
# Clients close a connection idle this long, before uvicorn's 5 s keep-alive timeout can close
# it under them (a request sent on a connection the server is closing fails as a ReadError).
KEEPALIVE_S = 3.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def rss_kib(pid: int) -> dict[str, int]:
    """Resident memory of a process (current `VmRSS` and peak `VmHWM`), from /proc."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            fields[key] = int(value.split()[0])
    return fields


def tree_rss_mib(pid: int) -> float:
    """Resident memory of a process and its children (uvicorn's workers), in MiB."""
    total = rss_kib(pid).get("VmRSS", 0)
    children = Path(f"/proc/{pid}/task/{pid}/children")
    for child in children.read_text().split() if children.exists() else []:
        try:
            total += rss_kib(int(child)).get("VmRSS", 0)
        except (FileNotFoundError, ProcessLookupError):
            continue
    return round(total / 1024, 1)


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) a process and its children (uvicorn's workers) have used."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    children = Path(f"/proc/{pid}/task/{pid}/children")
    pids = [pid] + [int(c) for c in (children.read_text().split() if children.exists() else [])]
    for each in pids:
        try:
            fields = Path(f"/proc/{each}/stat").read_text().rpartition(")")[2].split()
        except FileNotFoundError:
            continue
        total += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
    return total


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def raise_fd_limit() -> None:
    """As many open files as the hard limit allows (inherited by the server)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


@dataclass(frozen=True)
class Server:
    url: str
    pid: int
    startup_s: float


def start_server(
    port: int,
    workdir: Path,
    *,
    database_url: str | None = None,
    redis_url: str = "",
    workers: int = 1,
) -> subprocess.Popen[bytes]:
    raise_fd_limit()
    env = {
        **os.environ,
        "DATABASE_URL": database_url or f"sqlite:///{workdir / 'bench.db'}",
        "REDIS_URL": redis_url,
        "COMPANION_LLM_MODEL": "",
        "COMPANION_RATE_LIMIT_PER_S": "1000",  # measure capacity, not the per-token limit
        "COMPANION_RATE_LIMIT_BURST": "1000",
        "HF_HUB_OFFLINE": "1",
        "TRANSFORMERS_OFFLINE": "1",
    }
    log = (workdir / "server.log").open("wb")
    command = [sys.executable, "-m", "companion.cli", "serve", "--port", str(port)]
    command += ["--log-level", "warning", "--workers", str(workers)]
    return subprocess.Popen(command, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT)


def wait_ready(url: str, server: subprocess.Popen[bytes], timeout: float = 600) -> float:
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


@contextmanager
def served(
    workdir: Path,
    *,
    database_url: str | None = None,
    redis_url: str = "",
    workers: int = 1,
) -> Iterator[Server]:
    """A server running for the block, stopped after it."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    process = start_server(
        port, workdir, database_url=database_url, redis_url=redis_url, workers=workers
    )
    try:
        startup = wait_ready(url, process)
        yield Server(url, process.pid, startup)
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextmanager
def postgres_schema(base: str) -> Iterator[str]:
    """The URL of a fresh schema of the PostgreSQL database at `base`, dropped afterwards."""
    import sqlalchemy as sa

    schema = f"bench_{secrets.token_hex(6)}"
    admin = sa.create_engine(base)
    with admin.begin() as conn:
        conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
    try:
        yield f"{base}?options={quote(f'-csearch_path={schema}')}"
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()
