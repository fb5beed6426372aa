"""Tables over HTTP: creation, views, tokens, limits, idempotency, the log."""

from collections.abc import Callable, Iterator

from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.api.conftest import Seat, open_table, physical_table

THREE = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]


def test_creation_returns_one_secret_token_per_human_seat(client: TestClient) -> None:
    response = client.post(
        "/v1/tables", json={"players": [*THREE, {"name": "Robo", "kind": "ai"}], "seed": 3}
    )
    assert response.status_code == 201
    body = response.json()
    tokens = [p["token"] for p in body["players"]]
    assert tokens[3] is None and body["players"][3]["join_path"] is None
    assert len(set(tokens[:3])) == 3 and all(len(t) == 43 for t in tokens[:3])  # 32 bytes
    assert body["players"][0]["join_path"] == f"/#/t/{body['id']}/{tokens[0]}"
    assert body["view"]["you"] is None and body["view"]["hand"] == []
    assert [s["kind"] for s in body["view"]["seats"]] == ["human", "human", "human", "ai"]
    assert "seed" not in response.text  # the shuffle seed would reveal every hand


def test_a_player_sees_their_own_hand_and_a_spectator_none(client: TestClient) -> None:
    ann, bob, _cy = open_table(client, players=THREE, seed=5)
    mine, theirs = ann.view(), bob.view()
    assert mine["you"] == 0 and len(mine["hand"]) == 8 and len(mine["endings"]) == 1
    assert {c["id"] for c in mine["hand"]}.isdisjoint({c["id"] for c in theirs["hand"]})
    assert [m["type"] for m in mine["moves"]] == ["narrate", "play", "pass", "stall"]
    spectator = Seat(client, ann.table_id, -1, None).view()
    assert spectator["you"] is None and spectator["hand"] == [] and spectator["moves"] == []
    assert [s["hand_size"] for s in spectator["seats"]] == [8, 8, 8]


def test_a_table_can_refuse_spectators(client: TestClient) -> None:
    ann, *_ = open_table(client, players=THREE, spectators=False)
    response = client.get(f"/v1/tables/{ann.table_id}")
    assert response.status_code == 404


def test_unknown_table_and_wrong_token_look_the_same(client: TestClient) -> None:
    ann, *_ = open_table(client, players=THREE)
    wrong_token = client.get(
        f"/v1/tables/{ann.table_id}", headers={"Authorization": "Bearer " + "x" * 43}
    )
    unknown_table = client.get("/v1/tables/nosuchtable", headers=ann.headers)
    assert wrong_token.status_code == unknown_table.status_code == 404
    assert wrong_token.json() == unknown_table.json()
    assert client.get("/v1/tables/nosuchtable").status_code == 404


def test_the_token_works_in_the_query_for_join_links(client: TestClient) -> None:
    ann, *_ = open_table(client, players=THREE)
    response = client.get(f"/v1/tables/{ann.table_id}", params={"token": ann.token})
    assert response.status_code == 200 and response.json()["you"] == 0


def test_actions_need_a_token(client: TestClient) -> None:
    ann, *_ = open_table(client, players=THREE)
    response = client.post(
        f"/v1/tables/{ann.table_id}/actions", json={"type": "narrate", "text": "Hello."}
    )
    assert response.status_code == 401 and response.json()["error"] == "token_required"
    assert response.headers["WWW-Authenticate"] == "Bearer"


def test_narration_over_2000_characters_is_refused(client: TestClient) -> None:
    ann, *_ = physical_table(client, [["king"], ["wolf"], ["sword"]])
    error = ann.refused(422, type="narrate", text="a" * 2001)
    assert error["error"] == "invalid_request"
    assert "text" in error["message"] and "2000" in error["message"]
    assert ann.view()["story"] == []  # nothing half-done


def test_a_body_over_64_kib_is_refused(client: TestClient) -> None:
    ann, *_ = physical_table(client, [["king"], ["wolf"], ["sword"]])
    body = '{"type": "narrate", "text": "' + "a" * 70_000 + '"}'
    response = client.post(
        f"/v1/tables/{ann.table_id}/actions",
        content=body,
        headers={**ann.headers, "Content-Type": "application/json"},
    )
    assert response.status_code == 413
    assert response.json()["error"] == "body_too_large"


def test_malformed_bodies_get_details_without_the_input_echoed(client: TestClient) -> None:
    ann, *_ = physical_table(client, [["king"], ["wolf"], ["sword"]])
    error = ann.refused(422, type="fly", secret="SECRET-INPUT")
    assert error["details"] and "SECRET-INPUT" not in str(error)
    error = ann.refused(422, type="narrate", text="Hi.", seat=2)  # the seat comes from the token
    assert "seat" in error["message"]


def test_rate_limit_answers_429_with_retry_after(app_factory: Callable[..., FastAPI]) -> None:
    with TestClient(app_factory(rate_limit_per_s=0.5, rate_limit_burst=3)) as client:
        ann, *_ = open_table(client, players=THREE)
        statuses = [client.get(f"/v1/tables/{ann.table_id}", headers=ann.headers) for _ in range(4)]
        assert [r.status_code for r in statuses] == [200, 200, 200, 429]
        assert int(statuses[-1].headers["Retry-After"]) >= 1
        assert statuses[-1].json()["error"] == "rate_limited"


def test_an_idempotency_key_never_applies_an_action_twice(client: TestClient) -> None:
    ann, *_ = physical_table(client, [["king"], ["wolf"], ["sword"]])
    first = ann.act(key="k-1", type="narrate", text="Once upon a time.")
    again = ann.act(key="k-1", type="narrate", text="Once upon a time.")
    assert first.status_code == again.status_code == 200
    assert again.headers["Idempotent-Replayed"] == "true"
    assert first.json()["events"][0] == again.json()["events"][0]
    assert len(ann.view()["story"]) == 1
    reused = ann.act(key="k-1", type="narrate", text="Something else.")
    assert reused.status_code == 422 and reused.json()["error"] == "idempotency_key_reused"


def test_events_resync_after_a_seq(client: TestClient) -> None:
    ann, bob, _ = physical_table(client, [["king"], ["wolf"], ["sword"]])
    ann.ok(type="narrate", text="One.")
    ann.ok(type="narrate", text="Two.")
    everything = bob.events()
    seqs = [e["seq"] for e in everything]
    assert seqs == sorted(seqs) and everything[0]["type"] == "table_created"
    later = bob.events(after=seqs[-2])
    assert [e["seq"] for e in later] == seqs[-1:]
    page = client.get(f"/v1/tables/{ann.table_id}/events", params={"after": 10_000}).json()
    assert page == {"events": [], "last_seq": 10_000, "more": False}


def test_invalid_tables_are_refused_with_reasons(client: TestClient) -> None:
    def refused(**body: object) -> str:
        response = client.post("/v1/tables", json=body)
        assert response.status_code == 422, response.text
        message: str = response.json()["message"]
        return message

    assert "players" in refused(players=[{"name": "Solo"}])
    assert "AI seats" in refused(
        players=[{"name": "A"}, {"name": "B", "kind": "ai"}], deck_mode="physical"
    )
    assert "physical" in refused(players=THREE, hands=[{"cards": ["king"]}] * 3)
    assert "seat" in refused(players=THREE, first_storyteller={"method": "given", "seat": 7})


def test_the_deck_lists_every_card_in_three_languages(client: TestClient) -> None:
    deck = client.get("/v1/decks/once_upon_a_time").json()
    assert len(deck["story_cards"]) == 109
    king = next(c for c in deck["story_cards"] if c["id"] == "king")
    assert king["names"]["ja"]["label"] and king["names"]["es"]["label"] == "Rey"
    assert deck["endings"][0]["id"] == "end-01"


def test_health_and_readiness(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
    ready = client.get("/readyz")
    assert ready.status_code == 200 and ready.json()["checks"]["database"] == "ok"


def test_the_page_and_the_docs_are_served(client: TestClient) -> None:
    assert "<html" in client.get("/").text.lower()
    assert client.get("/docs").status_code == 200
    assert "/v1/tables/{table_id}/actions" in client.get("/openapi.json").json()["paths"]


def test_a_streamed_body_over_64_kib_is_refused(client: TestClient) -> None:
    ann, *_ = physical_table(client, [["king"], ["wolf"], ["sword"]])

    def chunks() -> Iterator[bytes]:  # no Content-Length: the size is only known while reading
        yield b'{"type": "narrate", "text": "'
        for _ in range(20):
            yield b"a" * 4096
        yield b'"}'

    response = client.post(
        f"/v1/tables/{ann.table_id}/actions",
        content=chunks(),
        headers={**ann.headers, "Content-Type": "application/json"},
    )
    assert response.status_code == 413 and response.json()["error"] == "body_too_large"
