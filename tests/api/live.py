"""Real HTTP for the tests that need it: an in-thread uvicorn server, subprocess servers, and a
small Server-Sent Events reader."""

import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from fastapi import FastAPI

REPO = Path(__file__).resolve().parents[2]

# One client for all tests: building an httpx client (its TLS context) costs ~0.1 s.
http = httpx.Client(timeout=30)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def serve_in_thread(app: FastAPI) -> Iterator[str]:
    """Run `app` with uvicorn on a free loopback port; yields its base URL."""
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=15)


@dataclass
class ServerProcess:
    """`companion serve` (or a test entry point) in its own process, killable for real."""

    process: subprocess.Popen[bytes]
    url: str
    log: Path

    def kill(self) -> None:
        self.process.kill()  # SIGKILL: no shutdown handler runs
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


def start_process(
    args: list[str], env: dict[str, str], log: Path, *, port: int, timeout: float = 90
) -> ServerProcess:
    full_env = {**os.environ, **env, "PYTHONPATH": str(REPO)}
    with log.open("ab") as handle:  # the child keeps its own copy of the descriptor
        process = subprocess.Popen(
            [sys.executable, *args],
            cwd=REPO,
            env=full_env,
            stdout=handle,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited early:\n{log.read_text()[-3000:]}")
        try:
            if http.get(url + "/readyz", timeout=2).status_code == 200:
                return ServerProcess(process, url, log)
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    process.kill()
    raise RuntimeError(f"server not ready in {timeout}s:\n{log.read_text()[-3000:]}")


@dataclass
class SSEMessage:
    event: str
    id: str | None
    data: Any


def read_sse(
    url: str, *, headers: dict[str, str] | None = None, until: Any = None, timeout: float = 10
) -> list[SSEMessage]:
    """Read a stream until `until(messages)` is true (or `timeout`), then cut it."""
    messages: list[SSEMessage] = []
    deadline = time.monotonic() + timeout
    with http.stream("GET", url, headers=headers, timeout=timeout) as response:
        assert response.status_code == 200, response.read()
        assert response.headers["content-type"].startswith("text/event-stream")
        fields: dict[str, str] = {}
        for line in response.iter_lines():
            if line == "":
                if "data" in fields:
                    messages.append(
                        SSEMessage(
                            fields.get("event", "message"),
                            fields.get("id"),
                            json.loads(fields["data"]),
                        )
                    )
                fields = {}
                if until is not None and until(messages):
                    break
            elif not line.startswith(":"):
                name, _, value = line.partition(":")
                fields[name] = value.removeprefix(" ")
            if time.monotonic() > deadline:
                break
    return messages
