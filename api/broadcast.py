"""Live-update fan-out: "table T's log now reaches seq N", within a worker or across workers.

A notification carries no event: each stream reads the log itself (and filters it for its
reader), so a dropped or duplicated notification costs a read, never an event or a secret.
With Redis (several workers), notifications travel on pub/sub channels; without, in process.
"""

import asyncio
import contextlib
import logging
from collections import OrderedDict
from typing import Any, Protocol

log = logging.getLogger(__name__)

_CHANNEL_PREFIX = "companion:table:"


class Subscription:
    """Wakes its reader when the table's log may have grown. Notifications coalesce."""

    def __init__(self, hub: "_Hub", table_id: str) -> None:
        self._hub = hub
        self.table_id = table_id
        self.latest = 0
        self._wake = asyncio.Event()

    def notify(self, seq: int) -> None:
        self.latest = max(self.latest, seq)
        self._wake.set()

    async def wait(self, timeout: float) -> bool:
        """True when notified since the last wait, False on timeout."""
        try:
            async with asyncio.timeout(timeout):  # no task of its own, unlike wait_for
                await self._wake.wait()
        except TimeoutError:
            return False
        self._wake.clear()
        return True

    def close(self) -> None:
        self._hub.remove(self)

    def __enter__(self) -> "Subscription":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class _Hub:
    """The subscriptions of this worker, by table."""

    def __init__(self) -> None:
        self._by_table: dict[str, set[Subscription]] = {}

    def add(self, table_id: str) -> Subscription:
        subscription = Subscription(self, table_id)
        self._by_table.setdefault(table_id, set()).add(subscription)
        return subscription

    def remove(self, subscription: Subscription) -> None:
        subscribers = self._by_table.get(subscription.table_id)
        if subscribers is not None:
            subscribers.discard(subscription)
            if not subscribers:
                del self._by_table[subscription.table_id]

    def notify(self, table_id: str, seq: int) -> None:
        for subscription in list(self._by_table.get(table_id, ())):
            subscription.notify(seq)

    @property
    def subscribers(self) -> int:
        return sum(len(s) for s in self._by_table.values())


class Broadcaster(Protocol):
    async def start(self) -> None: ...
    async def close(self) -> None: ...
    async def publish(self, table_id: str, seq: int) -> None: ...
    def subscribe(self, table_id: str) -> Subscription: ...
    async def ping(self) -> None: ...
    def status(self) -> str: ...


class InProcessBroadcaster:
    """One worker: notifications go straight to this process's subscribers."""

    def __init__(self) -> None:
        self.hub = _Hub()

    async def start(self) -> None:
        return None

    async def close(self) -> None:
        return None

    async def publish(self, table_id: str, seq: int) -> None:
        self.hub.notify(table_id, seq)

    def subscribe(self, table_id: str) -> Subscription:
        return self.hub.add(table_id)

    async def ping(self) -> None:
        return None

    def status(self) -> str:
        return "ok"


class RedisBroadcaster:
    """Several workers: notifications go through Redis pub/sub (and straight to local readers).

    Publishing never holds up a request: `publish` tells local readers and leaves the table's
    latest seq in an outbox (one entry per table, the oldest dropped past `outbox_size`) that a
    background task sends, each send bounded by `timeout_s`. When Redis is slow or down, other
    workers' readers catch up on their next poll, and `status()` says "degraded"."""

    def __init__(self, url: str, *, timeout_s: float = 2.0, outbox_size: int = 10_000) -> None:
        import redis.asyncio as redis

        self.hub = _Hub()
        # Publishing and pings time out; the subscription waits as long as the line is quiet.
        self._client: Any = redis.from_url(
            url, socket_connect_timeout=timeout_s, socket_timeout=timeout_s
        )
        self._listening: Any = redis.from_url(
            url, socket_connect_timeout=3, health_check_interval=30
        )
        self._timeout_s = timeout_s
        self._outbox: OrderedDict[str, int] = OrderedDict()
        self._outbox_size = outbox_size
        self._pending = asyncio.Event()
        self._failure: str | None = None
        self.dropped = 0
        self._tasks: list[asyncio.Task[None]] = []

    async def start(self) -> None:
        self._tasks = [
            asyncio.create_task(self._listen(), name="redis-broadcast-listener"),
            asyncio.create_task(self._send(), name="redis-broadcast-sender"),
        ]

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self._client.aclose()
        await self._listening.aclose()

    async def publish(self, table_id: str, seq: int) -> None:
        self.hub.notify(table_id, seq)
        self._outbox[table_id] = max(seq, self._outbox.pop(table_id, 0))
        while len(self._outbox) > self._outbox_size:
            self._outbox.popitem(last=False)
            self.dropped += 1
        self._pending.set()

    def status(self) -> str:
        """ "ok", or "degraded: …" while publishing to Redis fails."""
        return "ok" if self._failure is None else f"degraded: {self._failure}"

    async def _send(self) -> None:
        while True:
            await self._pending.wait()
            self._pending.clear()
            while self._outbox:
                table_id, seq = self._outbox.popitem(last=False)
                try:
                    await asyncio.wait_for(
                        self._client.publish(_CHANNEL_PREFIX + table_id, str(seq)),
                        self._timeout_s,
                    )
                    self._failure = None
                except asyncio.CancelledError:
                    raise
                except Exception as error:  # other workers' readers catch up on their poll
                    self._failure = f"publish failed ({type(error).__name__})"
                    log.warning("redis publish failed for table %s: %r", table_id, error)

    def subscribe(self, table_id: str) -> Subscription:
        return self.hub.add(table_id)

    async def ping(self) -> None:
        await asyncio.wait_for(self._client.ping(), self._timeout_s)

    async def _listen(self) -> None:
        delay = 0.5
        while True:
            pubsub = self._listening.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.psubscribe(_CHANNEL_PREFIX + "*")
                delay = 0.5
                async for message in pubsub.listen():
                    self._dispatch(message)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("redis subscription lost (%r); retrying in %.1fs", error, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 10.0)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    def _dispatch(self, message: dict[str, Any]) -> None:
        if message.get("type") != "pmessage":
            return
        channel = message["channel"]
        channel = channel.decode() if isinstance(channel, bytes) else str(channel)
        try:
            seq = int(message["data"])
        except (TypeError, ValueError):
            return
        self.hub.notify(channel.removeprefix(_CHANNEL_PREFIX), seq)
