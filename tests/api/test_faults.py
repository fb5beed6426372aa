"""Faults: the model times out, fails or talks nonsense; the database fails or drops its
connections; the process dies between the append and the broadcast. Nothing accepted is lost,
and every failure answers with JSON a person can act on."""

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from companion.llm import FakeLLM
from companion.llm.errors import LLMTimeout, LLMUnavailable
from companion.store import StoreUnavailableError
from companion.story.llm_narrator import LLMNarrator
from tests.api.conftest import physical_table
from tests.api.live import free_port, http, start_process


def _failing_narrator(failure: Any) -> tuple[Callable[..., Any], FakeLLM]:
    """The LLM narrator on the model port, every call of which fails with `failure`."""
    llm = FakeLLM([failure] * 50, model="flaky", max_reasks=1)

    def factory(*, deck: Any, referee: Any, embedder: Any = None, **_settings: Any) -> Any:
        return LLMNarrator(llm, deck=deck, referee=referee, embedder=embedder)

    return factory, llm


FAILURES: dict[str, Any] = {
    "timeout": LLMTimeout("no answer in 20 s", model="flaky"),
    "server error": LLMUnavailable("HTTP 500", model="flaky", status=500),
    "garbage": "}{ not json at all",
}


@pytest.mark.parametrize("failure", list(FAILURES))
def test_a_failing_model_keeps_the_turn_and_the_table_decides(
    app_factory: Callable[..., FastAPI], failure: str
) -> None:
    factory, llm = _failing_narrator(FAILURES[failure])
    with TestClient(app_factory(narrator_factory=factory)) as client:
        ann, bob, cy = physical_table(client, [["king"], ["wolf"], ["sword"]])
        assert ann.view()["narrator"] == "llm:flaky"
        ann.ok(type="narrate", text="The moon was made of cheese.")
        # A challenge asks the model for a coherence check; it fails, the table votes instead.
        opened = bob.ok(type="challenge", reason="nonsense")
        assert llm.calls, "the model was asked"
        ballot = opened["view"]["pending"]
        assert ballot["kind"] == "silly" and "table decides" in ballot["question"]
        assert opened["view"]["story"][0]["text"] == "The moon was made of cheese."
        settled = cy.ok(type="vote", yes=False)
        assert settled["view"]["storyteller"] == 0  # the challenge failed: Ann keeps the turn
        # The stateless tools say which narrator answered, and why they fell back.
        verdict = client.post(
            "/v1/story/coherence", json={"story": ["A king."], "sentence": "He flew."}
        )
        assert verdict.status_code == 200, verdict.text
        assert verdict.json()["verdict"] == "unchecked" and verdict.json()["fallback_reason"]
        tale = client.post(
            "/v1/story/continuations",
            json={"story": ["A king ruled."], "hand": ["wolf"], "card": "wolf", "ending": "end-01"},
        )
        assert tale.status_code in (200, 422), tale.text
        if tale.status_code == 200:
            assert tale.json()["narrator"] == "offline" and tale.json()["fallback_reason"]


class _FailingReferee:
    """The referee port, failing the way a broken model would."""

    def warm(self) -> None:
        raise RuntimeError("the embedding model crashed")

    def rule(self, *args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("the embedding model crashed")


def test_a_referee_failure_after_the_append_marks_the_step(
    app_factory: Callable[..., FastAPI],
) -> None:
    with TestClient(app_factory(referee=_FailingReferee())) as client:
        assert client.get("/readyz").json()["checks"]["model"] == "warming up"
        ann, bob, _cy = physical_table(client, [["king"], ["wolf"], ["sword"]])
        result = ann.ok(type="narrate", text="A wolf came.")
        assert [e["type"] for e in result["events"]] == ["action", "step_failed"]
        failure = result["view"]["failure"]
        assert failure["step"] == "referee" and "claim their cards by hand" in failure["message"]
        assert result["view"]["storyteller"] == 0 and len(result["view"]["story"]) == 1
        # Players claim by hand: with no referee, the table decides (OU-13).
        opened = bob.ok(type="interrupt", card="wolf")
        assert opened["view"]["pending"]["kind"] == "mention"


def test_a_store_outage_answers_503_and_a_retry_applies_once(client: TestClient) -> None:
    ann, *_ = physical_table(client, [["king"], ["wolf"], ["sword"]])
    store = client.app.state.services.store  # type: ignore[attr-defined]
    real_append = store.append
    calls = {"n": 0}

    def down_once(*args: Any, **kwargs: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 1:
            raise StoreUnavailableError("connection refused")
        return real_append(*args, **kwargs)

    store.append = down_once
    try:
        failed = ann.act(key="k", type="narrate", text="Once upon a time.")
        assert failed.status_code == 503 and failed.headers["Retry-After"] == "1"
        assert failed.json()["error"] == "storage_unavailable"
        retried = ann.act(key="k", type="narrate", text="Once upon a time.")
        assert retried.status_code == 200
    finally:
        store.append = real_append
    assert [line["text"] for line in ann.view()["story"]] == ["Once upon a time."]


def test_a_lost_commit_acknowledgement_is_settled_by_the_idempotency_key(
    client: TestClient,
) -> None:
    """The commit happened but the answer was lost: the retry finds it, applies nothing."""
    ann, *_ = physical_table(client, [["king"], ["wolf"], ["sword"]])
    store = client.app.state.services.store  # type: ignore[attr-defined]
    real_append = store.append

    def commit_then_fail(*args: Any, **kwargs: Any) -> Any:
        real_append(*args, **kwargs)
        raise StoreUnavailableError("connection lost during COMMIT")

    store.append = commit_then_fail
    try:
        assert ann.act(key="k", type="narrate", text="Once.").status_code == 503
    finally:
        store.append = real_append
    retried = ann.act(key="k", type="narrate", text="Once.")
    assert retried.status_code == 200 and retried.headers["Idempotent-Replayed"] == "true"
    assert [line["text"] for line in ann.view()["story"]] == ["Once."]


@pytest.mark.postgres
def test_dropped_database_connections_are_replaced(
    app_factory: Callable[..., FastAPI], postgres_url: str
) -> None:
    import sqlalchemy as sa

    name = "companion-drop-test"
    url = f"{postgres_url}&application_name={name}"
    with TestClient(app_factory(database_url=url)) as client:
        ann, *_ = physical_table(client, [["king"], ["wolf"], ["sword"]])
        ann.ok(type="narrate", text="One.")
        admin = sa.create_engine(postgres_url)
        with admin.begin() as conn:
            killed = conn.execute(
                sa.text(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                    "WHERE application_name = :name"
                ),
                {"name": name},
            ).scalar_one()
        admin.dispose()
        assert killed >= 1  # the app's pooled connections are gone
        ann.ok(type="narrate", text="Two.")
        assert [line["text"] for line in ann.view()["story"]] == ["One.", "Two."]


def _server_env(database_url: str, **extra: str) -> dict[str, str]:
    return {
        "DATABASE_URL": database_url,
        "REDIS_URL": "",
        "COMPANION_LLM_MODEL": "",
        "COMPANION_AI_PACE_S": "0",
        **extra,
    }


def test_a_kill_between_append_and_broadcast_loses_nothing(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'companion.db'}"
    port = free_port()
    log = tmp_path / "server.log"
    crashing = start_process(
        ["tests/api/server.py", str(port)],
        _server_env(database, TEST_CRASH_ON_PUBLISH="1"),
        log,
        port=port,
    )
    body = {
        "players": [{"name": n} for n in ("Ann", "Bob", "Cy")],
        "deck_mode": "physical",
        "hands": [{"cards": ["king"]}, {"cards": ["wolf"]}, {"cards": ["sword"]}],
    }
    created = http.post(f"{crashing.url}/v1/tables", json=body).json()
    table, token = created["id"], created["players"][0]["token"]
    headers = {"Authorization": f"Bearer {token}", "Idempotency-Key": "tell-1"}
    action = {"type": "narrate", "text": "A wolf came out of the woods."}
    with pytest.raises(httpx.TransportError):  # the process died before answering
        http.post(f"{crashing.url}/v1/tables/{table}/actions", json=action, headers=headers)
    assert crashing.process.wait(timeout=10) == -9  # SIGKILL, no shutdown

    restarted = start_process(
        ["tests/api/server.py", str(port)], _server_env(database), log, port=port
    )
    try:
        events = http.get(f"{restarted.url}/v1/tables/{table}/events", headers=headers).json()
        told = [
            e
            for e in events["events"]
            if e["type"] == "action" and e["data"]["action"]["type"] == "narrate"
        ]
        assert [e["data"]["action"]["text"] for e in told] == ["A wolf came out of the woods."]
        retry = http.post(
            f"{restarted.url}/v1/tables/{table}/actions", json=action, headers=headers
        )
        assert retry.status_code == 200 and retry.headers["Idempotent-Replayed"] == "true"
        view = http.get(f"{restarted.url}/v1/tables/{table}", headers=headers).json()
        assert [line["text"] for line in view["story"]] == ["A wolf came out of the woods."]
    finally:
        restarted.stop()
