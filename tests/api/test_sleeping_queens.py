"""Sleeping Queens at the table service: a whole hot-seat game over HTTP in which no reader
ever sees a card the spectator cannot (save its own hand), solo against AI players of each
level, and refusals that say why."""

import json
import random
from typing import Any

from fastapi.testclient import TestClient

from companion.games.sleeping_queens import seat_view, sleeping_queens_deck
from companion.seats.sleeping_queens import REASONS
from tests.api.conftest import Seat, open_table, settle, strings

RED_CARDS = frozenset(sleeping_queens_deck().cards)


def _table(client: TestClient, kinds: list[str], **body: Any) -> list[Seat]:
    names = ["Ana", "Ken", "Mia", "Leo", "Sol"][: len(kinds)]
    players = [{"name": n, "kind": k} for n, k in zip(names, kinds, strict=True)]
    return open_table(client, game="sleeping_queens", players=players, **body)


def _game(client: TestClient, table_id: str) -> Any:
    """The server's state (the test's eyes only: no API shows it whole)."""
    return client.app.state.services.tables.state(table_id).game  # type: ignore[attr-defined]


class Audit:
    """Every seat and a spectator read the view and the log: a seat sees the cards the
    spectator sees and its own hand, nothing more; the spectator sees no card that lies in a
    hand or the draw pile now, save the one a jester just turned up (SQ-6)."""

    def __init__(self, client: TestClient, seats: list[Seat]) -> None:
        self.client = client
        self.seats = seats
        self.spectator = Seat(client, seats[0].table_id, -1, None)
        self.steps = 0

    def __call__(self) -> None:
        self.steps += 1
        game = _game(self.client, self.spectator.table_id)
        spectator_view = self.spectator.view()
        public = set(strings(spectator_view)) | set(strings(self.spectator.events()))
        hidden = {c for hand in game.hands for c in hand} | set(game.draw_pile)
        revealed = {game.last.revealed} if game.last is not None else set()
        assert not (set(strings(spectator_view)) & (hidden - revealed))
        for reader in self.seats:
            view = reader.view()
            assert view["state"] == json.loads(json.dumps(seat_view(game, reader.seat)))
            shown = (set(strings(view)) | set(strings(reader.events()))) & RED_CARDS
            extra = shown - public - set(game.hands[reader.seat])
            assert not extra, f"seat {reader.seat} sees {extra}"


def test_a_whole_hot_seat_game_keeps_every_hand_secret(client: TestClient) -> None:
    seats = _table(client, ["human", "human"], seed=11)
    audit = Audit(client, seats)
    first = seats[0].view()
    assert first["game"] == "sleeping_queens" and first["acting"] == 0
    assert len(first["state"]["hand"]) == 5 and first["moves"]
    assert seats[1].view()["moves"] == []  # only the acting seat has moves
    audit()
    rng = random.Random(3)
    kinds: set[str] = set()
    for _ in range(400):
        view = seats[0].view()
        if view["finished"]:
            break
        actor = seats[view["acting"]]
        move = rng.choice(actor.view()["moves"])
        kinds.add(move["type"])
        result = actor.ok(**move)
        assert result["events"][-1]["data"]["last"]["seat"] == actor.seat
        audit()
    final = seats[1].view()
    assert final["finished"] and final["state"]["winners"]
    assert final["acting"] is None and final["moves"] == []
    assert {"king", "discard"} <= kinds and audit.steps > 20
    seats[0].refused(409, type="allow")  # SQ-9: over


def test_solo_against_two_ai_players_to_the_end(client: TestClient) -> None:
    me, *_ = _table(client, ["human", "ai", "ai"], ai_level="sharp", seed=4)
    for _ in range(300):
        view = settle(me, lambda v: v["finished"] or v["acting"] == 0)
        if view["finished"]:
            break
        me.ok(**view["moves"][0])
    events = me.events()
    by_ai = [e for e in events if e["type"] == "action" and e["data"]["by"] == "ai"]
    assert {e["data"]["seat"] for e in by_ai} == {1, 2}
    assert me.view()["state"]["winners"]
    # what the AI just did and why: every move but an allow tells its reason, in public terms
    for event in by_ai:
        why = event["data"].get("why")
        if event["data"]["action"]["type"] == "allow":
            assert why is None
        else:
            assert why["reason"] in REASONS and why["about"] in (None, 0, 1, 2), event
    assert {e["data"]["why"]["reason"] for e in by_ai if "why" in e["data"]} - {"defend"}
    mine = [e for e in events if e["type"] == "action" and e["data"]["by"] != "ai"]
    assert mine and not any("why" in e["data"] for e in mine)


def test_a_person_cannot_give_a_reason_for_a_move(client: TestClient) -> None:
    me, _ = _table(client, ["human", "human"], seed=5)
    move = me.view()["moves"][0]
    me.refused(422, **move, why={"reason": "win", "about": None})


def test_each_level_plays_a_legal_first_move(client: TestClient) -> None:
    for level in ("gentle", "fair", "sharp"):
        me, _ai = _table(client, ["human", "ai"], ai_level=level, seed=2)
        me.ok(**me.view()["moves"][-1])
        view = settle(me, lambda v: v["finished"] or v["acting"] == 0)
        assert view["ai_level"] == level
        assert any(e["data"].get("by") == "ai" for e in me.events() if e["type"] == "action")


def test_refusals_say_why(client: TestClient) -> None:
    ana, ken = _table(client, ["human", "human"], seed=11)
    hand = ana.view()["state"]["hand"]
    refused = ken.refused(409, type="jester", card=hand[0])
    assert refused["rule"] == "SQ-2" and "turn" in refused["message"]
    numbers = [c for c in hand if c.startswith("number-")]
    if len(numbers) >= 2 and numbers[0].split("-")[1] != numbers[1].split("-")[1]:
        assert ana.refused(409, type="discard", cards=numbers[:2])["rule"] == "SQ-7"
    assert ana.refused(422, type="king", card="king-1", position=12)["error"] == "invalid_request"
    assert ana.refused(422, type="narrate", text="Once upon a time")["error"] == "invalid_action"
    unknown = ana.refused(422, type="jester", card="jester-99")
    assert "jester-99" in unknown["message"]
    # a card Ana does not hold: refused without saying where it is
    held = set(hand)
    elsewhere = next(c for c in sorted(RED_CARDS) if c not in held)
    message = ana.refused(409, type="discard", cards=[elsewhere])["message"]
    assert "Ken" not in message and "seat 1" not in message


def test_tables_of_other_games_refuse_its_actions(client: TestClient) -> None:
    ou = open_table(client, players=[{"name": "A"}, {"name": "B"}, {"name": "C"}])
    assert ou[0].refused(422, type="allow")["error"] == "invalid_action"


def test_creation_is_checked(client: TestClient) -> None:
    body: dict[str, Any] = {"game": "sleeping_queens", "players": [{"name": "Ana"}]}
    assert client.post("/v1/tables", json=body).status_code == 422  # 2–5 players
    body["players"] = [{"name": "Ana", "kind": "ai"}, {"name": "Ken", "kind": "ai"}]
    response = client.post("/v1/tables", json=body)
    assert response.status_code == 422 and "person" in response.json()["message"]


def test_the_deck_names_every_card_in_three_languages(client: TestClient) -> None:
    deck = client.get("/v1/decks/sleeping_queens").json()
    assert (
        len(deck["queens"]) == 12 and sum(q["points"] for q in deck["queens"]) == 125
    )  # 4 × 5, 4 × 10, 3 × 15, 20
    assert sum(c["count"] for c in deck["cards"]) == 67  # 79 cards, 12 of them queens
    for named in (*deck["queens"], *deck["cards"]):
        assert set(named["names"]) == {"en", "ja", "es"}
    assert {q["id"]: q["rival"] for q in deck["queens"]}["cat"] == "dog"  # SQ-8
    assert [g["players"] for g in deck["goals"]][:4] == [2, 3, 4, 5]


def test_the_recap_tells_a_finished_game_in_each_language(client: TestClient) -> None:
    ana, ken = _table(client, ["human", "human"], seed=11)
    url = f"/v1/tables/{ana.table_id}/sleeping_queens/recap"
    early = client.get(url, headers=ana.headers)
    assert early.status_code == 409 and early.json()["error"] == "not_finished"
    rng = random.Random(3)
    while not (view := ana.view())["finished"]:
        actor = [ana, ken][view["acting"]]
        actor.ok(**rng.choice(actor.view()["moves"]))
    winner = view["seats"][view["state"]["winners"][0]]["name"]
    for language, opening in (("en", "Once upon a time"), ("ja", "むかしむかし"), ("es", "Érase")):
        recap = client.get(url, params={"language": language}, headers=ana.headers).json()
        assert recap["narrator"] == "offline" and recap["language"] == language
        assert recap["paragraphs"][0].startswith(opening) and winner in recap["paragraphs"][-1]
    spectator = client.get(url)  # public: it tells only what the table saw
    assert spectator.status_code == 200 and spectator.json()["language"] == "en"
    ou = open_table(client, players=[{"name": "A"}, {"name": "B"}])
    refused = client.get(f"/v1/tables/{ou[0].table_id}/sleeping_queens/recap")
    assert refused.status_code == 422


def test_a_live_table_with_the_printed_deck_is_kept_from_any_phone(client: TestClient) -> None:
    ai = [{"name": "Ana"}, {"name": "Bot", "kind": "ai"}]
    body = {"game": "sleeping_queens", "deck_mode": "physical", "players": ai}
    assert client.post("/v1/tables", json=body).status_code == 422  # no AI with printed cards
    ana, ken = open_table(
        client,
        game="sleeping_queens",
        deck_mode="physical",
        players=[{"name": "Ana"}, {"name": "Ken"}],
    )
    view = ana.view()
    assert view["deck_mode"] == "physical" and view["acting"] == 0 and view["moves"] == []
    assert "king" in view["keeper"]["kinds"] and len(view["state"]["unseen"]) == 12
    # Ana woke the Cake Queen at place 3; Ken's phone may record it too (one tablet is fine)
    woke = ken.ok(type="king", position=3, queen="cake")["events"][-1]["data"]
    assert (woke["seat"], woke["recorded_by"], woke["last"]["result"]) == (0, 1, "woke")
    view = ana.view()
    assert view["seats"][0]["queens"] == ["cake"] and view["seats"][0]["points"] == 5
    assert view["acting"] == 1
    # Ken's knight for the Cake Queen: Ana answers with a dragon
    ken.ok(type="knight", queen="cake")
    assert ana.view()["keeper"]["kinds"] == ["block", "allow"]
    blocked = ana.ok(type="block", card="dragon")["events"][-1]["data"]["last"]
    assert blocked["result"] == "blocked" and ana.view()["seats"][0]["queens"] == ["cake"]
    # numbers are checked (SQ-7), in plain words
    refused = ana.refused(409, type="discard", numbers=[2, 4, 5])
    assert refused["rule"] == "SQ-7" and "2 + 4 is 6, not 5" in refused["message"]
    ana.ok(type="discard", numbers=[2, 3, 5])
    # the companion's card ids mean nothing here: the queen found must be named
    assert ken.refused(422, type="king", card="king-1", position=0)["error"] == "invalid_action"
