"""The live stream (SSE) over real HTTP: each reader gets the public events and only its own
private hints; a cut stream resumes from Last-Event-ID without a gap or a repeat."""

from collections.abc import Callable
from typing import Any

from fastapi import FastAPI

from tests.api.live import SSEMessage, http, read_sse, serve_in_thread


def _create(url: str, hands: list[list[str]]) -> tuple[str, list[str]]:
    body = {
        "players": [{"name": n} for n in ("Ann", "Bob", "Cy")],
        "deck_mode": "physical",
        "hands": [{"cards": h} for h in hands],
    }
    created = http.post(f"{url}/v1/tables", json=body).json()
    return created["id"], [p["token"] for p in created["players"]]


def _act(url: str, table: str, token: str, **body: Any) -> dict[str, Any]:
    response = http.post(
        f"{url}/v1/tables/{table}/actions",
        json=body,
        headers={"Authorization": f"Bearer {token}"},
    )
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def _until_ruled(messages: list[SSEMessage]) -> bool:
    return any(m.event == "ruled" for m in messages) and messages[-1].event == "view"


def test_each_reader_gets_public_events_and_only_its_own_hints(live_url: str) -> None:
    table, tokens = _create(live_url, [["king"], ["wolf", "forest"], ["sword"]])
    _act(live_url, table, tokens[0], type="narrate", text="A wolf ran into the forest.")
    stream = f"{live_url}/v1/tables/{table}/stream"
    bob = read_sse(stream, headers={"Authorization": f"Bearer {tokens[1]}"}, until=_until_ruled)
    cy = read_sse(f"{stream}?token={tokens[2]}", until=_until_ruled)
    spectator = read_sse(stream, until=_until_ruled)
    bob_rulings = [m.data["data"] for m in bob if m.event == "ruled"]
    assert [r["line"] for r in bob_rulings] == [0]
    assert {h["card"] for h in bob_rulings[0]["hints"]} == {"wolf", "forest"}
    for other in (cy, spectator):
        assert [m.data["data"]["hints"] for m in other if m.event == "ruled"] == [[]]
        assert "wolf" not in str([m.data for m in other if m.event != "view"]).replace(
            "A wolf ran", ""
        )
    assert bob[-1].event == "view" and {h["card"] for h in bob[-1].data["hints"]} == {
        "wolf",
        "forest",
    }
    assert cy[-1].data["hints"] == [] and spectator[-1].data["hand"] == []
    # ids are the log's seqs, in order
    ids = [int(m.id) for m in bob if m.id is not None]
    assert ids == sorted(ids) and [m.data["seq"] for m in bob if m.id] == ids


def test_a_cut_stream_resumes_from_last_event_id(live_url: str) -> None:
    table, tokens = _create(live_url, [["king"], ["wolf"], ["sword"]])
    stream = f"{live_url}/v1/tables/{table}/stream"
    auth = {"Authorization": f"Bearer {tokens[2]}"}
    _act(live_url, table, tokens[0], type="narrate", text="One.")
    first = read_sse(stream, headers=auth, until=_until_ruled)
    last_id = [m.id for m in first if m.id][-1]
    # The stream is cut; the story goes on without this reader.
    _act(live_url, table, tokens[0], type="narrate", text="Two.")
    _act(live_url, table, tokens[0], type="narrate", text="Three.")
    resumed = read_sse(
        stream,
        headers={**auth, "Last-Event-ID": last_id},
        until=lambda ms: sum(m.event == "ruled" for m in ms) == 2 and ms[-1].event == "view",
    )
    first_ids = [int(m.id) for m in first if m.id]
    resumed_ids = [int(m.id) for m in resumed if m.id]
    assert resumed_ids[0] > first_ids[-1]  # nothing repeated
    texts = [m.data["data"]["action"]["text"] for m in resumed if m.event == "action"]
    assert texts == ["Two.", "Three."]  # nothing missed
    everything = http.get(f"{live_url}/v1/tables/{table}/events", headers=auth).json()["events"]
    assert first_ids + resumed_ids == [e["seq"] for e in everything]


def test_a_live_reader_is_woken_by_new_events(app_factory: Callable[..., FastAPI]) -> None:
    """With the fallback poll set to ten minutes, only the notification can wake the reader."""
    import threading

    with serve_in_thread(app_factory(stream_poll_s=600)) as url:
        table, tokens = _create(url, [["king"], ["wolf"], ["sword"]])
        timer = threading.Timer(
            0.5, lambda: _act(url, table, tokens[0], type="narrate", text="A wolf!")
        )
        timer.start()
        messages = read_sse(
            f"{url}/v1/tables/{table}/stream",
            headers={"Authorization": f"Bearer {tokens[1]}"},
            until=lambda ms: any(m.event == "ruled" for m in ms),
            timeout=60,
        )
        timer.join()
    assert [m.data["data"]["hints"][0]["card"] for m in messages if m.event == "ruled"] == ["wolf"]


def test_a_stream_needs_a_valid_token_or_a_spectator_table(live_url: str) -> None:
    table, _tokens = _create(live_url, [["king"], ["wolf"], ["sword"]])
    response = http.get(f"{live_url}/v1/tables/{table}/stream?token=nope")
    assert response.status_code == 404 and response.json()["error"] == "not_found"
