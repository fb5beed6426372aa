"""Admission control: a lane of worker threads with a bounded queue and a duty cycle, so that
one kind of work (the stateless tools: a referee ruling on 2,000 characters against 100 cards, a
narrator call) can never take the threads, the cores or the interpreter lock the tables need.

A call runs when the lane has a free slot; past `queue` waiting calls, a request is turned away
at once (503 with Retry-After) rather than left waiting. After a call that took t seconds, its
slot rests t·(1/duty − 1) seconds (at most `max_rest_s`) before the next call may take it: with
duty 0.5, a flood of tool calls uses at most about half of one core's time per slot. The cap
keeps a rare long call (a model loaded on first use) from closing the lane for as long."""

import asyncio
import time
from collections.abc import Callable
from typing import TypeVar

import anyio

from api.errors import ApiError

T = TypeVar("T")


class Lane:
    """At most `concurrency` calls run at once; at most `queue` more wait for a turn."""

    def __init__(
        self, concurrency: int, queue: int, *, duty: float = 1.0, max_rest_s: float = 5.0
    ) -> None:
        if not 0 < duty <= 1:
            raise ValueError("duty must be in (0, 1]")
        self._slots = anyio.Semaphore(concurrency)
        self._queue = queue
        self._rest = 1 / duty - 1
        self._max_rest_s = max_rest_s
        self._waiting = 0

    async def run(self, call: Callable[[], T]) -> T:
        """`call()` in a worker thread once the lane has room; 503 when the queue is full."""
        try:
            self._slots.acquire_nowait()
        except anyio.WouldBlock:
            if self._waiting >= self._queue:
                raise ApiError(
                    503,
                    "busy",
                    "The server is busy with other requests of this kind; retry in a moment.",
                    headers={"Retry-After": "1"},
                ) from None
            self._waiting += 1
            try:
                await self._slots.acquire()
            finally:
                self._waiting -= 1
        started = time.monotonic()
        try:
            return await anyio.to_thread.run_sync(call)
        finally:
            rest = min(self._max_rest_s, (time.monotonic() - started) * self._rest)
            if rest > 0:
                asyncio.get_running_loop().call_later(rest, self._slots.release)
            else:
                self._slots.release()
