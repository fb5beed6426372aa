"""Dice Upon a Time at the table service: creation, every kind of action over HTTP, refusals that
name their rule, whole short games (two people, and one person against AI travellers) in which
an audit after every step finds that no seat sees another's secret (magic items, the king's
quests, the decks, the events still face down) and the spectator sees none."""

import json
import random
from typing import Any

from fastapi.testclient import TestClient

from companion.games.dice_upon_a_time import State, catalogue, seat_view
from tests.api.conftest import Seat, open_table, settle, strings

ITEMS = frozenset(catalogue().items)


def _table(client: TestClient, kinds: list[str], **body: Any) -> list[Seat]:
    names = ["Ana", "Ken", "Mia", "Leo", "Sol"][: len(kinds)]
    players = [{"name": n, "kind": k} for n, k in zip(names, kinds, strict=True)]
    return open_table(client, game="dice_upon_a_time", players=players, **body)


def _game(client: TestClient, table_id: str) -> State:
    """The server's state (the test's eyes only: no API shows it whole)."""
    game: State = client.app.state.services.tables.state(table_id).game  # type: ignore[attr-defined]
    return game


def _hidden(game: State, viewer: int | None) -> set[str]:
    """What `viewer` may not see now: every deck's cards, the face-down events, the discarded
    magic items, other seats' items and the quests a king shows another seat."""
    hidden = {*game.story_deck, *game.item_deck, *game.item_discard}
    hidden |= {q for deck in game.quest_decks.values() for q in deck}
    hidden |= set(game.events[game.chapter :]) if not game.over else set()
    for seat, held in enumerate(game.seats):
        if seat != viewer:
            hidden |= set(held.items)
    for ask in game.pending:
        if ask.seat != viewer:
            hidden |= set(ask.cards)
    return hidden


class Audit:
    """After every step, every seat and a spectator read the view and the whole log. A string
    the spectator never saw may reach a seat only if that seat has known it (an item it held,
    a quest its king showed it, one offered in a trade between it and another); the spectator
    never sees a secret, nor any magic item's id."""

    def __init__(self, client: TestClient, seats: list[Seat]) -> None:
        self.client = client
        self.seats = [s for s in seats if s.token]
        self.table_id = seats[0].table_id
        self.spectator = Seat(client, self.table_id, -1, None)
        self.public: set[str] = set()
        self.known: dict[int, set[str]] = {s.seat: set() for s in self.seats}
        self.steps = 0

    def __call__(self) -> None:
        self.steps += 1
        table = self.client.app.state.services.tables.state(self.table_id)  # type: ignore[attr-defined]
        game, offer = table.game, table.offer
        for seat in self.known:
            if offer is not None and seat in (offer.seat, offer.partner):
                self.known[seat] |= {*offer.give.items, *offer.take.items}
            self.known[seat] |= set(game.seats[seat].items)
            self.known[seat] |= {c for ask in game.pending if ask.seat == seat for c in ask.cards}
        seen = set(strings(self.spectator.view())) | set(strings(self.spectator.events()))
        leaked = seen & (_hidden(game, None) - self.public)
        assert not leaked, f"the spectator sees {leaked}"
        assert not seen & ITEMS, "the spectator sees a magic item"
        self.public |= seen
        for reader in self.seats:
            view = reader.view()
            assert view["state"] == json.loads(json.dumps(seat_view(game, reader.seat)))
            shown = set(strings(view)) | set(strings(reader.events()))
            extra = shown & (_hidden(game, reader.seat) - self.public - self.known[reader.seat])
            assert not extra, f"seat {reader.seat} sees {extra}"


def _pick(view: dict[str, Any], done: set[str], rng: random.Random) -> dict[str, Any]:
    """A move of a kind not taken yet if there is one (a rabbit's socket first), passing for
    the rest of a chapter only in the last one (so that the game shows every kind of step)."""
    moves: list[dict[str, Any]] = view["moves"]
    rabbit = [m for m in moves if m.get("socket") == "rabbit"]
    if rabbit and "rabbit_step" not in done:
        return rabbit[0]
    if "pass_chapter" not in done and view["state"]["chapter"] == 3:
        moves = [m for m in moves if m["type"] == "pass_chapter"] or moves
    playing = [m for m in moves if m["type"] not in ("pass_chapter", "trade_answer")] or moves
    fresh = [m for m in playing if m["type"] not in done]
    return rng.choice(fresh or playing)


def test_a_whole_two_player_game_keeps_every_secret(client: TestClient) -> None:
    seats = _table(client, ["human", "human"], seed=21, length="short")
    audit = Audit(client, seats)
    first = seats[0].view()
    assert first["game"] == "dice_upon_a_time" and first["state"]["length"] == "short"
    acting = first["acting"]
    assert seats[acting].view()["moves"] and first["state"]["pending"][0]["kind"] == "opening"
    assert not seats[1 - acting].view()["moves"]  # nothing to do but wait
    audit()
    rng = random.Random(5)
    done: set[str] = set()
    for _ in range(600):
        view = seats[0].view()
        if view["finished"]:
            break
        actor = seats[view["acting"]]
        move = _pick(actor.view(), done, rng)
        done.add(move["type"])
        result = actor.ok(**move)
        acted = [e for e in result["events"] if e["type"] == "action"]  # a chapter_tale may follow
        saw = acted[-1]["data"]["saw"]
        assert saw["seat"] == actor.seat and saw["type"] == move["type"]
        audit()
    final = seats[1].view()
    assert final["finished"] and final["state"]["winners"] and final["acting"] is None
    assert final["state"]["chapter"] == 3 and final["moves"] == []
    assert {"place", "choose", "play_item", "use_ability", "rabbit_step", "pass_chapter"} <= done, (
        done
    )
    assert audit.steps > 40
    assert seats[0].refused(409, type="pass_chapter")["rule"] == "DU-9"  # over


def test_a_trade_is_offered_then_accepted_and_its_items_stay_between_the_two(
    client: TestClient,
) -> None:
    ana, ken = _table(client, ["human", "human"], seed=8)
    audit = Audit(client, [ana, ken])
    for _ in range(4):  # the opening quests
        view = ana.view()
        (ana if view["acting"] == 0 else ken).ok(**next(iter(view["moves"] or ken.view()["moves"])))
    assert ana.view()["trade_partners"] == [1]  # both still in the start city
    game = _game(client, ana.table_id)
    item = game.seats[0].items[0]
    quest = game.seats[1].quests[0]
    ana.ok(type="trade", partner=1, give={"items": [item]}, take={"quests": [quest]})
    audit()
    offer = ken.view()["offer"]
    assert (
        offer["give"]["items"] == [item]
        and {"type": "trade_answer", "accept": True} in (ken.view()["moves"])
    )
    spectator = Seat(client, ana.table_id, -1, None).view()
    assert spectator["offer"]["give"] == {
        "resources": {},
        "quests": [],
        "story": [],
        "items_count": 1,
    }
    assert ana.refused(409, type="trade", partner=1)["rule"] == "DU-11"  # one offer at a time
    assert ana.refused(422, type="trade_answer", accept=True)["error"] == "invalid_action"
    result = ken.ok(type="trade_answer", accept=True)
    assert result["events"][-1]["data"]["accepted_by"] == 1
    audit()
    game = _game(client, ana.table_id)
    assert item in game.seats[1].items and quest in game.seats[0].quests
    assert ken.view()["offer"] is None
    # an offer asking for an item the partner lacks is refused to the partner only, at accepting
    missing = next(i for i in sorted(ITEMS) if i not in game.seats[1].items)
    ana.ok(type="trade", partner=1, take={"items": [missing]})
    audit()
    refused = ken.refused(422, type="trade_answer", accept=True)
    assert missing in refused["message"]
    ken.ok(type="trade_answer", accept=False)
    assert ken.view()["offer"] is None
    ana.ok(type="trade", partner=1, give={"quests": [quest]})
    ana.ok(type="trade_answer", accept=False)  # its maker withdraws it
    assert ana.refused(409, type="trade_answer", accept=False)["rule"] == "DU-11"
    audit()


def test_solo_against_ai_travellers_to_the_end(client: TestClient) -> None:
    seats = _table(client, ["human", "ai", "ai"], ai_level="sharp", seed=4, length="short")
    me = seats[0]
    audit = Audit(client, seats)
    rng = random.Random(1)
    for _ in range(400):
        view = settle(me, lambda v: v["finished"] or v["acting"] == 0)
        audit()
        if view["finished"]:
            break
        me.ok(
            **rng.choice([m for m in view["moves"] if m["type"] != "pass_chapter"] or view["moves"])
        )
    events = me.events()
    by_ai = [e for e in events if e["type"] == "action" and e["data"]["by"] == "ai"]
    assert {e["data"]["seat"] for e in by_ai} == {1, 2}
    assert {e["data"]["saw"]["type"] for e in by_ai} >= {"place", "choose"}
    final = me.view()
    assert final["finished"] and final["state"]["winners"] and final["state"]["chapter"] == 3


def test_each_level_plays_and_a_cooperative_table_rates_itself(client: TestClient) -> None:
    for level in ("gentle", "fair", "sharp"):
        me, _ai = _table(client, ["human", "ai"], ai_level=level, seed=2, cooperative=True)
        for _ in range(30):  # until the AI traveller has had a turn
            view = settle(me, lambda v: v["finished"] or v["acting"] == 0)
            if any(e["data"].get("by") == "ai" for e in me.events() if e["type"] == "action"):
                break
            me.ok(**view["moves"][0])
        assert view["ai_level"] == level and view["state"]["cooperative"]
        assert "rating" in view["state"] and view["state"]["row"]  # every quest shared (DU-10)
        assert any(e["data"].get("by") == "ai" for e in me.events() if e["type"] == "action")


def test_refusals_name_their_rule(client: TestClient) -> None:
    ana, ken = _table(client, ["human", "human"], seed=11)
    acting, waiting = (ana, ken) if ana.view()["acting"] == 0 else (ken, ana)
    assert waiting.refused(409, type="choose", option="2")["rule"] == "DU-4"
    unknown = acting.refused(422, type="choose", option="9")
    assert unknown["error"] == "invalid_action" and "9" in unknown["message"]
    while (view := ana.view())["state"]["pending"]:
        (ana if view["acting"] == 0 else ken).ok(
            type="choose", option=view["state"]["pending"][0]["options"][0]
        )
    turn = ana.view()["acting"]
    player, other = (ana, ken) if turn == 0 else (ken, ana)
    pool = player.view()["state"]["seats"][player.seat]["pool"]
    assert other.refused(409, type="pass_chapter")["rule"] == "DU-4"
    low = min(pool, key=lambda d: d["face"] if isinstance(d["face"], int) else 6)
    if isinstance(low["face"], int) and low["face"] < 6:
        too_high = next(
            s
            for s, spec in _game(client, ana.table_id).board.sockets.items()
            if spec.number > low["face"] and not spec.spirit
        )
        refused = player.refused(409, type="place", die=low["id"], socket=too_high)
        assert refused["rule"] == "DU-3" and refused["message"].startswith("DU-3")
    assert player.refused(422, type="place", die=low["id"], socket="nowhere")["error"] == (
        "invalid_action"
    )
    assert (
        player.refused(422, type="place", die="x y", socket="well.1")["error"] == "invalid_request"
    )
    assert player.refused(422, type="allow")["error"] == "invalid_action"  # Sleeping Queens'
    assert player.refused(422, type="pass")["error"] == "invalid_action"  # Once Upon a Time's
    assert player.refused(422, type="trade", partner=1 - player.seat + 5)["error"] in (
        "invalid_request",
        "invalid_action",
    )


def test_other_games_refuse_its_actions(client: TestClient) -> None:
    ou = open_table(client, players=[{"name": "A"}, {"name": "B"}, {"name": "C"}])
    assert ou[0].refused(422, type="place", die="0.1", socket="well.1")["error"] == "invalid_action"


def test_creation_is_checked(client: TestClient) -> None:
    body: dict[str, Any] = {"game": "dice_upon_a_time", "players": [{"name": "Ana"}]}
    assert client.post("/v1/tables", json=body).status_code == 422  # 2–5 players
    body["players"] = [{"name": n} for n in "ABCDEF"]
    assert client.post("/v1/tables", json=body).status_code == 422
    body["players"] = [{"name": "Ana", "kind": "ai"}, {"name": "Ken", "kind": "ai"}]
    response = client.post("/v1/tables", json=body)
    assert response.status_code == 422 and "person" in response.json()["message"]
    body["players"] = [{"name": "Ana"}, {"name": "Ken"}]
    assert client.post("/v1/tables", json={**body, "length": "endless"}).status_code == 422
    for length in ("short", "normal", "long"):
        seats = open_table(client, **body, length=length, seed=1)
        assert seats[0].view()["state"]["length"] == length
    five = open_table(client, **{**body, "players": [{"name": n} for n in "ABCDE"]})
    assert len(five[0].view()["seats"]) == 5


def test_the_deck_draws_the_map_and_names_every_card_in_three_languages(
    client: TestClient,
) -> None:
    deck = client.get("/v1/decks/dice_upon_a_time").json()
    board = deck["board"]
    assert board["start"] in board["places"] and len(board["places"]) == 24
    assert len(board["sockets"]) == 41
    for socket in board["sockets"].values():
        assert all(place in board["places"] for place in socket["touches"])
    assert {s["spirit"] for s in board["sockets"].values()} >= {"rabbit", "wolf", "snake", "fox"}
    for card in (*deck["quests"], *deck["story"], *deck["items"], *deck["characters"]):
        assert set(card["title"]) == {"en", "ja", "es"}
    assert {i["id"] for i in deck["items"]} == ITEMS
    assert len(deck["dice"]["player"]) == 5 and len(deck["coop_ratings"]) == 5
