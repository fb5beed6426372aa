"""Factum's AI storytellers and the language model, over HTTP, with the real OpenAI SDK against
a mocked OpenAI-compatible server (respx; an unmocked request fails the test).

The table turns the model on at creation (`use_model`): then an AI storyteller tells the story
the model invented for a card of its own hand (origin "generated"), and nothing else of the
table is in the prompt; on a model error or a story set aside it tells a canned one (origin
"canned") and the table is told why. With the option off, no request reaches the model at all.
A server without a model refuses the option (422 model_unavailable) and says so in /v1/server.
"""

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
import respx
from fastapi import FastAPI
from fastapi.testclient import TestClient

from companion.seats.factum import FactumReader
from companion.seats.factum_seat import MODEL_FAILED
from companion.seats.factum_storyteller import bank_stories
from companion.seats.factum_words import shared_words
from embeddings import HashingEmbedder
from tests.api.conftest import LLM_CHAT, LLM_SETTINGS, Seat, open_table, settle

# An invented story that uses none of the English bank cards' own words (checked below).
INVENTED = (
    "My uncle and I built a kite out of newspaper and bamboo. It flew as high as the church "
    "roof, then snapped, and we grinned all the way down the hill."
)
# The AI seat 0 volunteers first (FA-2 rotation) and tells at once; seat 1 is the person.
KINDS = ["ai", "human", "ai", "ai"]


@pytest.fixture
def _no_real_model_requests() -> None:
    """Overrides the suite's guard (tests/conftest.py), which refuses every request the OpenAI
    SDK sends: here the SDK runs for real, and respx (`assert_all_mocked`) refuses any request
    no route expects instead."""


@pytest.fixture
def reader() -> FactumReader:
    return FactumReader(HashingEmbedder())


@pytest.fixture
def model_client(app_factory: Callable[..., FastAPI], reader: FactumReader) -> Iterator[TestClient]:
    """The app on a server with a language model configured."""
    with TestClient(app_factory(factum_reader=lambda: reader, **LLM_SETTINGS)) as client:
        yield client


def _table(client: TestClient, *, use_model: bool) -> list[Seat]:
    players = [{"name": f"P{i}", "kind": kind} for i, kind in enumerate(KINDS)]
    return open_table(client, game="factum", players=players, seed=5, use_model=use_model)


def _hands(client: TestClient, table_id: str) -> list[list[str]]:
    """Every seat's hand, from the server's state (the test's eyes only)."""
    state = client.app.state.services.tables.state(table_id)  # type: ignore[attr-defined]
    return [list(hand) for hand in state.game.hands]


def _first_story(person: Seat) -> dict[str, Any]:
    """The person's view once the AI storyteller of turn 1 has told its story."""
    return settle(person, lambda view: "1" in view["story_origin"])


def _told_by_ai(person: Seat) -> str:
    tells = [
        e["data"]["action"]
        for e in person.events()
        if e["type"] == "action" and e["data"]["action"]["type"] == "tell"
    ]
    assert len(tells) == 1 and tells[0]["seat"] == 0 and tells[0]["card"] == "hidden"
    text: str = tells[0]["text"]
    return text


def _notes(person: Seat) -> list[str]:
    return [e["data"]["message"] for e in person.events() if e["type"] == "step_failed"]


def _chat_reply(content: dict[str, Any]) -> httpx.Response:
    return httpx.Response(
        200,
        json={
            "id": "chatcmpl-test",
            "object": "chat.completion",
            "created": 1_700_000_000,
            "model": "test-model",
            "choices": [
                {
                    "index": 0,
                    "message": {"role": "assistant", "content": json.dumps(content)},
                    "finish_reason": "stop",
                }
            ],
        },
    )


def _prompt_text(request: httpx.Request) -> str:
    body = json.loads(request.content)
    return "\n".join(str(message["content"]) for message in body["messages"])


def _delimited_cards(prompt: str) -> list[str]:
    """The data blocks the prompt delimits as cards (`companion.llm.delimit`)."""
    return [block.strip() for block in re.findall(r"<card>\n(.*?)\n</card>", prompt, re.S)]


def test_with_the_model_on_the_ai_tells_the_invented_story_for_its_own_card(
    model_client: TestClient,
) -> None:
    sent: list[tuple[str, list[list[str]]]] = []
    table: list[Seat] = []

    def invent(request: httpx.Request) -> httpx.Response:
        sent.append((_prompt_text(request), _hands(model_client, table[0].table_id)))
        return _chat_reply({"story": INVENTED})

    with respx.mock(assert_all_called=True, assert_all_mocked=True) as server:
        route = server.post(LLM_CHAT).mock(side_effect=invent)
        table.extend(_table(model_client, use_model=True))
        person = table[1]
        view = _first_story(person)
    assert route.call_count == 1
    assert view["use_model"] is True and view["story_origin"] == {"1": "generated"}
    assert _told_by_ai(person) == INVENTED and INVENTED not in bank_stories("en")
    assert _notes(person) == []
    # The prompt holds one card of the AI's own hand, delimited, and no other seat's card.
    prompt, hands = sent[0]
    own = _delimited_cards(prompt)
    assert len(own) == 1 and own[0] in hands[0], prompt
    others = [card for seat, hand in enumerate(hands) if seat != 0 for card in hand]
    assert others and not [card for card in others if card in prompt]
    assert shared_words(own[0], INVENTED) == []  # the reply passes the vetting on its merits
    # The story went to the table with that card (FA-2), as the storyteller's own view shows.
    state = model_client.app.state.services.tables.state(person.table_id)  # type: ignore[attr-defined]
    assert state.game.turn.card == own[0] and state.game.turn.story == INVENTED


def test_a_model_error_gives_a_canned_story_and_the_table_is_told(
    model_client: TestClient,
) -> None:
    with respx.mock(assert_all_called=True, assert_all_mocked=True) as server:
        route = server.post(LLM_CHAT).mock(
            return_value=httpx.Response(500, json={"error": {"message": "down", "type": "x"}})
        )
        person = _table(model_client, use_model=True)[1]
        view = _first_story(person)
    assert route.call_count == 1
    assert view["story_origin"] == {"1": "canned"}
    assert _told_by_ai(person) in bank_stories("en")
    assert _notes(person) == [MODEL_FAILED]


def test_a_story_using_the_cards_own_words_is_set_aside_for_a_canned_one(
    model_client: TestClient,
) -> None:
    def obvious(request: httpx.Request) -> httpx.Response:
        [card] = _delimited_cards(_prompt_text(request))
        return _chat_reply({"story": f"This is about {card.lower()}, and it happened to me."})

    with respx.mock(assert_all_called=True, assert_all_mocked=True) as server:
        route = server.post(LLM_CHAT).mock(side_effect=obvious)
        person = _table(model_client, use_model=True)[1]
        view = _first_story(person)
    assert route.call_count == 1
    assert view["story_origin"] == {"1": "canned"}
    assert _told_by_ai(person) in bank_stories("en")
    [note] = _notes(person)
    assert "set aside" in note and "card's own words" in note


def test_with_the_option_off_nothing_reaches_the_model(model_client: TestClient) -> None:
    # A route that must NOT be hit: all_called is off for it alone, and checked by hand.
    with respx.mock(assert_all_called=False, assert_all_mocked=True) as server:
        route = server.post(LLM_CHAT).mock(return_value=_chat_reply({"story": INVENTED}))
        person = _table(model_client, use_model=False)[1]
        view = _first_story(person)
        assert route.called is False
    assert view["use_model"] is False and view["story_origin"] == {"1": "canned"}
    assert _told_by_ai(person) in bank_stories("en")
    assert model_client.get("/v1/server").json()["language_model"] is True


def test_without_a_model_the_option_is_refused_and_the_server_says_so(
    app_factory: Callable[..., FastAPI], reader: FactumReader
) -> None:
    with TestClient(app_factory(factum_reader=lambda: reader)) as client:
        _refused_without_a_model(client)


def _refused_without_a_model(client: TestClient) -> None:
    assert client.get("/v1/server").json()["language_model"] is False
    players = [{"name": f"P{i}", "kind": kind} for i, kind in enumerate(KINDS)]
    reply = client.post(
        "/v1/tables", json={"game": "factum", "players": players, "use_model": True}
    )
    assert reply.status_code == 422, reply.text
    assert reply.json()["error"] == "model_unavailable"
    assert "no language model" in reply.json()["message"]
    created = client.post("/v1/tables", json={"game": "factum", "players": players})
    assert created.status_code == 201, created.text
