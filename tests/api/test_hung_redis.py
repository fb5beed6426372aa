"""A Redis that accepts connections and never answers must not hold up a table: publishing goes
through an outbox sent in the background, and readiness says "degraded" instead of hanging."""

import asyncio
import socket
import threading
from collections.abc import Callable, Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from api.broadcast import RedisBroadcaster
from tests.api.conftest import physical_table


@pytest.fixture
def hung_redis() -> Iterator[str]:
    """A loopback server that accepts connections and then says nothing."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        server.settimeout(0.1)
        while not stop.is_set():
            try:
                held.append(server.accept()[0])
            except TimeoutError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"redis://127.0.0.1:{server.getsockname()[1]}/0"
    stop.set()
    thread.join(timeout=2)
    for connection in held:
        connection.close()
    server.close()


async def test_publishing_tells_local_readers_at_once_and_reports_the_hang(
    hung_redis: str,
) -> None:
    broadcaster = RedisBroadcaster(hung_redis, timeout_s=0.3)
    await broadcaster.start()
    try:
        with broadcaster.subscribe("t1") as subscription:
            await broadcaster.publish("t1", 5)  # returns without waiting on Redis
            assert subscription.latest == 5 and broadcaster.status() == "ok"
            for _ in range(100):  # the background send times out, then says so
                if broadcaster.status() != "ok":
                    break
                await asyncio.sleep(0.05)
            assert broadcaster.status().startswith("degraded")
    finally:
        await broadcaster.close()


@pytest.mark.timeout(120)  # a request waiting on the silent Redis would hang here for ever
def test_a_table_plays_on_while_redis_hangs(
    app_factory: Callable[..., FastAPI], hung_redis: str
) -> None:
    with TestClient(app_factory(redis_url=hung_redis)) as client:
        ann, bob, _cy = physical_table(client, [["king"], ["wolf"], ["sword"]])
        ann.ok(type="narrate", text="A grey wolf came.")
        assert {h["card"] for h in bob.view()["hints"]} == {"wolf"}
        ready = client.get("/readyz")
        assert ready.status_code == 200, ready.text
        assert ready.json()["status"] == "degraded"
        assert ready.json()["checks"]["broadcast"].startswith("degraded")
        bob.ok(type="interrupt", card="wolf")  # and the next one: nothing waits on Redis
