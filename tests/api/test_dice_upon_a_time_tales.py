"""Chapter tales at a Dice Upon a Time table: when a chapter ends, the table's narrator tells it
once, as a `chapter_tale` event that every seat and the spectator read alike and the view's
`tales` gathers ("the tale so far"); no magic item is named; a restarted server does not tell it
again. With a language model configured, the model's retelling is the tale (the real OpenAI SDK
against a mocked server: respx, every route called, an unmocked request fails)."""

import json
from collections.abc import Callable
from typing import Any

import httpx
import pytest
import respx
from fastapi import FastAPI
from fastapi.testclient import TestClient

from companion.games.dice_upon_a_time import catalogue
from tests.api.conftest import LLM_CHAT, LLM_SETTINGS, Seat, open_table

NAMES = ("Ana", "Ken")


@pytest.fixture
def _no_real_model_requests() -> None:
    """Overrides the suite's guard (tests/conftest.py): here the SDK runs for real, and respx
    (`assert_all_mocked`) refuses any request no route expects instead."""


def _table(client: TestClient, language: str = "en") -> list[Seat]:
    players = [{"name": n, "kind": "human"} for n in NAMES]
    return open_table(
        client, game="dice_upon_a_time", players=players, seed=21, length="short", language=language
    )


def _play_until_chapter(seats: list[Seat], chapter: int) -> dict[str, Any]:
    """Play (placing first, passing when nothing else is left) until `chapter` is reached."""
    for _ in range(400):
        view = seats[0].view()
        if view["state"]["chapter"] >= chapter or view["finished"]:
            return view
        actor = seats[view["acting"]]
        moves = actor.view()["moves"]
        playing = [m for m in moves if m["type"] not in ("pass_chapter", "trade_answer")]
        actor.ok(**(playing or moves)[0])
    raise AssertionError("the game did not reach the chapter")


def _tales(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e["data"] for e in events if e["type"] == "chapter_tale"]


def test_a_finished_chapter_is_told_once_to_every_reader(
    app_factory: Callable[..., FastAPI],
) -> None:
    with TestClient(app_factory()) as client:
        seats = _table(client)
        spectator = Seat(client, seats[0].table_id, -1, None)
        assert _tales(seats[0].events()) == [] and seats[0].view()["tales"] == []
        _play_until_chapter(seats, 2)
        told = [_tales(reader.events()) for reader in (*seats, spectator)]
        assert told[0] == told[1] == told[2] and len(told[0]) == 1
        tale = told[0][0]
        assert (tale["chapter"], tale["language"], tale["origin"]) == (1, "en", "offline")
        assert tale["narrator"] == "offline" and tale["fallback_reason"] is None
        assert all(name in tale["text"] for name in NAMES)
        views = [reader.view()["tales"] for reader in (*seats, spectator)]
        assert views[0] == views[1] == views[2] and [t["text"] for t in views[0]] == [tale["text"]]
        titles = [str(item.title.en) for item in catalogue().items.values()]
        assert not [title for title in titles if title in tale["text"]]
        table_id = seats[0].table_id
    with TestClient(app_factory()) as client:  # a restart: the log is read back, not retold
        seats = [Seat(client, table_id, s.seat, s.token) for s in seats]
        seats[seats[0].view()["acting"]].ok(**seats[seats[0].view()["acting"]].view()["moves"][0])
        assert [t["chapter"] for t in _tales(seats[1].events())] == [1]
        view = _play_until_chapter(seats, 3)
        assert [t["chapter"] for t in view["tales"]] == [1, 2]
        assert view["tales"][0]["text"] == tale["text"]


def test_the_tales_speak_the_tables_language(client: TestClient) -> None:
    seats = _table(client, language="ja")
    view = _play_until_chapter(seats, 2)
    (tale,) = view["tales"]
    assert tale["language"] == "ja" and "。" in tale["text"]
    assert all(name in tale["text"] for name in NAMES)


def test_with_a_model_configured_the_model_tells_the_tale(
    app_factory: Callable[..., FastAPI],
) -> None:
    paragraph = f"Once upon a time {NAMES[0]} and {NAMES[1]} rolled their dice at dawn."
    sent: list[str] = []

    def retell(request: httpx.Request) -> httpx.Response:
        sent.append(request.content.decode())
        content = json.dumps({"paragraph": paragraph})
        reply = {
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "created": 0,
            "model": "test-model",
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": content},
                    "finish_reason": "stop",
                }
            ],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
        }
        return httpx.Response(200, json=reply)

    with (
        TestClient(app_factory(**LLM_SETTINGS)) as client,
        respx.mock(assert_all_called=True, assert_all_mocked=True) as server,
    ):
        route = server.post(LLM_CHAT).mock(side_effect=retell)
        seats = _table(client)
        view = _play_until_chapter(seats, 2)
    assert route.call_count == 1
    (tale,) = view["tales"]
    assert (tale["origin"], tale["narrator"]) == ("model", "llm:test-model")
    assert tale["text"] == paragraph
    assert tale["fallback_reason"] is None
    assert all(name in sent[0] for name in NAMES) and "<account>" in sent[0]
