"""Two worker processes sharing PostgreSQL and Redis: both see the same table, the same log,
and each other's events live (the streams' fallback poll is set to ten minutes, so an event
can only arrive through Redis pub/sub). Both start at once on an empty schema: the migration
runs once, under an advisory lock."""

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.api.live import ServerProcess, free_port, http, read_sse, start_process

pytestmark = [pytest.mark.postgres, pytest.mark.redis]


@pytest.fixture
def workers(postgres_url: str, redis_url: str, tmp_path: Path) -> Iterator[list[ServerProcess]]:
    env = {
        "DATABASE_URL": postgres_url,
        "REDIS_URL": redis_url,
        "COMPANION_LLM_MODEL": "",
        "COMPANION_AI_PACE_S": "0",
        "COMPANION_STREAM_POLL_S": "600",
    }
    ports = [free_port(), free_port()]
    started: list[ServerProcess] = []
    errors: list[BaseException] = []

    def start(port: int) -> None:
        try:
            log = tmp_path / f"worker-{port}.log"
            started.append(start_process(["tests/api/server.py", str(port)], env, log, port=port))
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=start, args=(port,)) for port in ports]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        assert not errors, errors
        yield sorted(started, key=lambda s: s.url)
    finally:
        for server in started:
            server.stop()


def _act(url: str, table: str, token: str, **body: Any) -> dict[str, Any]:
    response = http.post(
        f"{url}/v1/tables/{table}/actions", json=body, headers={"Authorization": f"Bearer {token}"}
    )
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def test_two_workers_share_tables_logs_and_live_events(workers: list[ServerProcess]) -> None:
    a, b = (w.url for w in workers)
    body = {
        "players": [{"name": n} for n in ("Ann", "Bob", "Cy")],
        "deck_mode": "physical",
        "hands": [{"cards": ["king"]}, {"cards": ["wolf"]}, {"cards": ["sword"]}],
    }
    created = http.post(f"{a}/v1/tables", json=body).json()
    table, tokens = created["id"], [p["token"] for p in created["players"]]
    bob = {"Authorization": f"Bearer {tokens[1]}"}
    assert http.get(f"{b}/v1/tables/{table}", headers=bob).json()["hand"][0]["id"] == "wolf"

    # Bob listens on worker B; Ann tells on worker A.
    timer = threading.Timer(
        1.0, lambda: _act(a, table, tokens[0], type="narrate", text="A wolf came.")
    )
    timer.start()
    heard = read_sse(
        f"{b}/v1/tables/{table}/stream",
        headers=bob,
        until=lambda ms: any(m.event == "ruled" for m in ms),
        timeout=60,
    )
    timer.join()
    assert [h["card"] for m in heard if m.event == "ruled" for h in m.data["data"]["hints"]] == [
        "wolf"
    ]

    # Bob claims on worker B; worker A's log has it, in the same order.
    _act(b, table, tokens[1], type="interrupt", card="wolf")
    log_a = http.get(f"{a}/v1/tables/{table}/events", headers=bob).json()["events"]
    log_b = http.get(f"{b}/v1/tables/{table}/events", headers=bob).json()["events"]
    assert log_a == log_b and log_a[-1]["data"]["action"]["type"] == "interrupt"
    assert http.get(f"{a}/v1/tables/{table}", headers=bob).json()["storyteller"] == 1


def test_concurrent_actions_on_two_workers_keep_one_order(workers: list[ServerProcess]) -> None:
    """Both workers append to one table at once: seq conflicts are retried, nothing is lost."""
    a, b = (w.url for w in workers)
    body = {"players": [{"name": n} for n in ("Ann", "Bob", "Cy")], "seed": 1}
    created = http.post(f"{a}/v1/tables", json=body).json()
    table, tokens = created["id"], [p["token"] for p in created["players"]]
    texts = [f"Sentence {i}." for i in range(20)]

    def tell(url: str, part: list[str]) -> None:
        for text in part:
            _act(url, table, tokens[0], type="narrate", text=text)

    threads = [
        threading.Thread(target=tell, args=(a, texts[0::2])),
        threading.Thread(target=tell, args=(b, texts[1::2])),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    story = http.get(f"{b}/v1/tables/{table}", headers={"Authorization": f"Bearer {tokens[0]}"})
    told = [line["text"] for line in story.json()["story"]]
    assert sorted(told) == sorted(texts)
    assert [t for t in told if t in texts[0::2]] == texts[0::2]  # each worker's order kept
