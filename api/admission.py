"""Admission control: a lane of worker threads with a bounded queue, so that one kind of work
(the stateless tools: a referee ruling on 20,000 characters, a narrator call) can never take the
threads and cores the tables need. Past the queue, a request is turned away at once (503 with
Retry-After) rather than left waiting behind others."""

from collections.abc import Callable
from typing import TypeVar

import anyio

from api.errors import ApiError

T = TypeVar("T")


class Lane:
    """At most `concurrency` calls run at once; at most `queue` more wait for a turn."""

    def __init__(self, concurrency: int, queue: int) -> None:
        self._limiter = anyio.CapacityLimiter(concurrency)
        self._queue = queue
        self._waiting = 0

    async def run(self, call: Callable[[], T]) -> T:
        """`call()` in a worker thread once the lane has room; 503 when the queue is full."""
        try:
            self._limiter.acquire_nowait()
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
                await self._limiter.acquire()
            finally:
                self._waiting -= 1
        try:
            return await anyio.to_thread.run_sync(call)
        finally:
            self._limiter.release()
