"""The load generator the API benchmarks share: lean, because it runs on the same 2-core machine
as the server it measures.

Hand-written HTTP/1.1 on asyncio streams (no client library), a live-stream listener that only
counts events, and the story sentences the storytellers send. A client library's own costs
must not be what a benchmark measures: httpx's connection pool, for one, checks every pooled
connection on every request (~0.9 ms of client CPU per `GET /healthz` with 50 connections,
against ~0.07 ms of server CPU), so with it the "ceiling of the HTTP stack" was the client's.
"""

import asyncio
import random
import time
from functools import cache
from typing import Any

from companion.cards import once_upon_a_time_deck
from evals.bench_server import KEEPALIVE_S

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


class Connection:
    """One keep-alive HTTP/1.1 connection to the server; answers must carry Content-Length."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.idle_since = time.monotonic()

    @classmethod
    async def open(cls, host: str, port: int) -> "Connection":
        reader, writer = await asyncio.open_connection(host, port, limit=1 << 20)
        return cls(reader, writer)

    async def request(
        self, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None
    ) -> tuple[int, bytes]:
        lines = [f"{method} {path} HTTP/1.1", "Host: bench"]
        lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
        if body:
            lines += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        head = await self.reader.readuntil(b"\r\n\r\n")
        status = int(head[9:12])
        length = 0
        for line in head.split(b"\r\n"):
            if line[:15].lower() == b"content-length:":
                length = int(line[15:])
        answer = await self.reader.readexactly(length)
        self.idle_since = time.monotonic()
        return status, answer

    def close(self) -> None:
        self.writer.close()


class Pool:
    """Idle connections, reused; a new one opened whenever none is free (open loop)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.idle: list[Connection] = []

    async def request(self, method: str, path: str, body: bytes, headers: dict[str, str]) -> int:
        conn = await self.take()
        try:
            status, _ = await conn.request(method, path, body, headers)
        except BaseException:
            conn.close()
            raise
        self.idle.append(conn)
        return status

    async def take(self) -> Connection:
        """The most recently used idle connection that the server has not timed out, or a new
        one."""
        while self.idle:
            conn = self.idle.pop()
            if time.monotonic() - conn.idle_since < KEEPALIVE_S:
                return conn
            conn.close()
        return await Connection.open(self.host, self.port)


class Listener:
    """One seat following its table's stream; counts the events it receives."""

    def __init__(self) -> None:
        self.events = 0
        self.dropped = False
        self.task: asyncio.Task[None] | None = None

    async def follow(
        self, host: str, port: int, table: str, token: str, opening: asyncio.Semaphore
    ) -> None:
        try:
            async with opening:  # not thousands of connections at once
                conn = await Connection.open(host, port)
                request = (
                    f"GET /v1/tables/{table}/stream HTTP/1.1\r\nHost: bench\r\n"
                    f"Authorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n"
                )
                conn.writer.write(request.encode())
                await conn.reader.readuntil(b"\r\n\r\n")
            tail = b""
            while True:
                data = await conn.reader.read(1 << 16)
                if not data:
                    self.dropped = True
                    return
                chunk = tail + data
                self.events += chunk.count(b"\nid: ")
                tail = chunk[-5:]
        except asyncio.CancelledError:
            raise
        except OSError:
            self.dropped = True


def uvloop_run(coroutine: Any) -> Any:
    try:
        import uvloop
    except ImportError:  # pragma: no cover - uvicorn[standard] brings it
        return asyncio.run(coroutine)
    return uvloop.run(coroutine)
