"""Bad input is the client's error on every backend, and nothing is lost: text a database cannot
store, integers past the log's columns, a malformed Last-Event-ID; idle streams keep talking;
seat tokens never reach the access log."""

import json
import logging
from collections.abc import Callable
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from api.schemas import MAX_SEQ
from api.security import RedactTokens, redact_tokens
from tests.api.conftest import physical_table
from tests.api.live import http, serve_in_thread


def _post(client: TestClient, path: str, headers: dict[str, str], **body: Any) -> Any:
    """POST `body` as JSON with \\u escapes, as a client may send text no UTF-8 encoder takes."""
    sent = {**headers, "Content-Type": "application/json"}
    return client.post(path, content=json.dumps(body), headers=sent)


UNSTORABLE = {"NUL": "A wolf\x00 came.", "lone surrogate": "A wolf \ud800 came."}


@pytest.mark.parametrize("kind", list(UNSTORABLE))
def test_text_a_database_cannot_store_is_refused_and_nothing_is_lost(
    app_factory: Callable[..., FastAPI], database_url: str, kind: str
) -> None:
    with TestClient(app_factory(database_url=database_url)) as client:
        ann, _bob, _cy = physical_table(client, [["king"], ["wolf"], ["sword"]])
        ann.ok(type="narrate", text="Once upon a time there was a king.")
        before = ann.events()
        text = UNSTORABLE[kind]
        told = _post(
            client, f"/v1/tables/{ann.table_id}/actions", ann.headers, type="narrate", text=text
        )
        assert told.status_code == 422, told.text
        assert told.json()["error"] == "invalid_request" and "text" in told.json()["message"]
        named = _post(client, "/v1/tables", {}, players=[{"name": text}, {"name": "B"}])
        assert named.status_code == 422, named.text  # names too, and every other body
        mentions = _post(client, "/v1/referee/mentions", {}, text=text, cards=["Wolf"])
        assert mentions.status_code == 422, mentions.text
        assert ann.events() == before  # nothing appended, nothing lost
        ann.ok(type="narrate", text="And the king went on.")


@pytest.mark.parametrize(
    ("game", "extra"),
    [
        ("once_upon_a_time", {}),
        ("factum", {}),
        ("sleeping_queens", {}),
        ("dice_upon_a_time", {}),
        ("dice_upon_a_time", {"deck_mode": "physical"}),
    ],
)
def test_a_name_of_invisible_separators_is_refused_on_every_game(
    client: TestClient, game: str, extra: dict[str, Any]
) -> None:
    """U+001C–U+001F pass a `\\S` pattern but Python's strip() empties them (found by the
    stateful schema run: a live Dice table answered 500)."""
    players = [{"name": "Ana"}, {"name": "\x1f"}, {"name": "Ken"}, {"name": "Mia"}]
    response = _post(client, "/v1/tables", {}, game=game, players=players, **extra)
    assert response.status_code == 422, response.text
    assert "visible character" in response.json()["message"]


def test_integers_past_the_log_columns_are_refused(
    app_factory: Callable[..., FastAPI], database_url: str
) -> None:
    with TestClient(app_factory(database_url=database_url)) as client:
        ann, *_ = physical_table(client, [["king"], ["wolf"]])
        base = f"/v1/tables/{ann.table_id}"
        ok = client.get(f"{base}/events", params={"after": MAX_SEQ}, headers=ann.headers)
        assert ok.status_code == 200 and ok.json()["events"] == []
        for after in (MAX_SEQ + 1, 2**31, 2**63):
            response = client.get(f"{base}/events", params={"after": after}, headers=ann.headers)
            assert response.status_code == 422, (after, response.text)


@pytest.mark.parametrize("last_event_id", ["²", "12a", "-1", "99999999999", str(MAX_SEQ + 1)])
def test_a_malformed_last_event_id_gets_a_json_error(
    client: TestClient, last_event_id: str
) -> None:
    ann, *_ = physical_table(client, [["king"], ["wolf"]])
    response = client.get(
        f"/v1/tables/{ann.table_id}/stream",
        headers=[  # raw bytes: a header value need not be ASCII
            *((k.encode(), v.encode()) for k, v in ann.headers.items()),
            (b"last-event-id", last_event_id.encode()),
        ],
    )
    assert response.status_code == 422, response.text
    assert "Last-Event-ID" in response.json()["message"]
    too_far = client.get(
        f"/v1/tables/{ann.table_id}/stream", params={"after": 2**31}, headers=ann.headers
    )
    assert too_far.status_code == 422 and too_far.json()["error"] == "invalid_request"


def test_an_idle_stream_keeps_talking_between_polls(app_factory: Callable[..., FastAPI]) -> None:
    """With the poll longer than the keep-alive, a quiet stream still writes a comment."""
    app = app_factory(stream_poll_s=30, stream_keepalive_s=0.3)
    with serve_in_thread(app) as url:
        created = http.post(
            f"{url}/v1/tables", json={"players": [{"name": "Ann"}, {"name": "Bob"}]}
        ).json()
        token = created["players"][0]["token"]
        comments = 0
        with http.stream(
            "GET",
            f"{url}/v1/tables/{created['id']}/stream",
            headers={"Authorization": f"Bearer {token}"},
            timeout=10,
        ) as response:
            for line in response.iter_lines():
                comments += line.startswith(":")
                if comments == 3:
                    break
    assert comments == 3


def test_tokens_never_reach_the_access_log(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    access = logging.getLogger("uvicorn.access")
    assert any(isinstance(f, RedactTokens) for f in access.filters)  # installed at start-up
    secret = "Q2hhbmdlIG1lIHBsZWFzZSwgaXQgaXMgYSBzZWNyZXQ"
    path = f"/v1/tables/abc/stream?after=3&token={secret}"
    with caplog.at_level(logging.INFO, logger="uvicorn.access"):
        args: Any = ("127.0.0.1:5000", "GET", path, "1.1", 200)
        access.info('%s - "%s %s HTTP/%s" %d', *args)
    assert secret not in caplog.text and "token=<redacted>" in caplog.text
    assert redact_tokens("/x?token=abc&after=2") == "/x?token=<redacted>&after=2"


def test_a_body_that_never_arrives_gets_a_408(app_factory: Callable[..., FastAPI]) -> None:
    import socket
    from urllib.parse import urlsplit

    with serve_in_thread(app_factory(body_timeout_s=0.5)) as url:
        parts = urlsplit(url)
        with socket.create_connection((parts.hostname, parts.port), timeout=30) as conn:
            conn.sendall(
                b"POST /v1/tables HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
                b"Content-Length: 100\r\n\r\n{"  # 1 byte of the 100 announced, then nothing
            )
            answer = b""
            while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
                chunk = conn.recv(4096)
                if not chunk:
                    break
                answer += chunk
    assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
    assert json.loads(answer.split(b"\r\n\r\n", 1)[1])["error"] == "body_timeout"
