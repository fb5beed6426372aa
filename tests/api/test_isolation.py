"""The stateless tools cannot starve the tables, and guessing tokens meets a limit: tools run in
a lane of their own with a bounded queue, a ruling's cost (text × cards) is capped, and a wrong
token spends its address's allowance."""

import threading
from collections.abc import Callable

import anyio
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from api.admission import Lane
from api.errors import ApiError
from api.routes.tools import MAX_RULING_COST
from tests.api.conftest import physical_table


def test_a_ruling_past_the_cost_cap_is_refused_before_any_work(client: TestClient) -> None:
    cards = [f"card {i}" for i in range(30)]
    text = "A wolf. " * (MAX_RULING_COST // (8 * 30) + 1)
    response = client.post("/v1/referee/mentions", json={"text": text, "cards": cards})
    assert response.status_code == 422 and response.json()["error"] == "too_costly"
    fine = client.post("/v1/referee/mentions", json={"text": "A wolf.", "cards": cards})
    assert fine.status_code == 200, fine.text


async def test_a_full_lane_turns_requests_away_and_keeps_its_bound() -> None:
    lane = Lane(concurrency=1, queue=2)
    release = threading.Event()
    running = 0
    most = 0
    lock = threading.Lock()

    def work() -> int:
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        release.wait(10)
        with lock:
            running -= 1
        return 1

    results: list[int] = []

    async def call() -> None:
        results.append(await lane.run(work))

    async with anyio.create_task_group() as group:
        for _ in range(3):  # one runs, two wait
            group.start_soon(call)
        await anyio.sleep(0.2)
        with pytest.raises(ApiError) as refused:
            await lane.run(work)
        assert refused.value.status == 503 and refused.value.headers == {"Retry-After": "1"}
        release.set()
    assert results == [1, 1, 1] and most == 1


def test_guessing_tokens_meets_the_address_limit(app_factory: Callable[..., FastAPI]) -> None:
    app = app_factory(rate_limit_per_s=0.1, rate_limit_burst=5)
    with TestClient(app) as client:
        ann, *_ = physical_table(client, [["king"], ["wolf"]])
        statuses = []
        for guess in range(8):  # a fresh random token each time
            response = client.get(
                f"/v1/tables/{ann.table_id}", headers={"Authorization": f"Bearer guess-{guess}"}
            )
            statuses.append(response.status_code)
        assert statuses[:4] == [404] * 4 and statuses[-1] == 429, statuses
        # the seat's own token is limited by its own bucket, not by the guesser's address
        assert client.get(f"/v1/tables/{ann.table_id}", headers=ann.headers).status_code == 200


async def test_a_lane_rests_after_each_call_in_proportion_to_its_duty() -> None:
    """With duty 0.5, a slot that worked t seconds rests t more before the next call."""
    import time

    lane = Lane(concurrency=1, queue=4, duty=0.5)
    spans: list[tuple[float, float]] = []

    def work() -> None:
        started = time.monotonic()
        time.sleep(0.2)
        spans.append((started, time.monotonic()))

    await lane.run(work)
    await lane.run(work)
    (_, first_end), (second_start, _) = spans
    assert second_start - first_end >= 0.18  # the slot rested (sleeps are never shorter)
