"""A Dice Upon a Time table on its own board (issue 14 item 1): the creation's `board` text is
checked (a refused board file is a 422 naming the place and the field; a board lacking a place
our cards name is a 422 naming it), the table plays on it, the live table's placement check
answers by its sockets, and `GET /v1/tables/{id}/dice_upon_a_time/board` gives it to every seat
and the spectator (our bundled map to a table that brought none); it survives a restart and a
snapshot."""

import random
from collections.abc import Callable
from importlib import resources
from typing import Any

import yaml
from fastapi import FastAPI
from fastapi.testclient import TestClient

from api.games.dice_upon_a_time.game import DiceUponATimeTables
from api.games.dice_upon_a_time.schemas import BOARD_MAX_CHARS
from companion.games.dice_upon_a_time import bundled_map
from tests.api.conftest import Seat, open_table, settle

PLAYERS = [{"name": "Ana", "kind": "human"}, {"name": "Ken", "kind": "human"}]
AGAINST_AI = [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "ai"}]


def _bundled() -> dict[str, Any]:
    text = resources.files("companion.games.dice_upon_a_time").joinpath("data/map.yaml")
    data: dict[str, Any] = yaml.safe_load(text.read_text(encoding="utf-8"))
    return data


def _own_board() -> dict[str, Any]:
    """Our map with one more place, a lighthouse one socket from the start city (any die goes
    there), and a hungrier wolf (5 or more)."""
    data = _bundled()
    data["name"] = "The Lighthouse Road"
    data["places"]["lighthouse"] = {
        "kind": "building",
        "name": {"en": "The Lighthouse", "ja": "灯台", "es": "El Faro"},
        "sockets": [{"number": 1, "touches": ["market_town"]}],
    }
    data["spirits"]["wolf"] = {"number": 5}
    return data


def _text(data: dict[str, Any]) -> str:
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def _create(client: TestClient, board: str, **body: Any) -> Any:
    body = {"game": "dice_upon_a_time", "players": PLAYERS, "seed": 4, **body}
    return client.post("/v1/tables", json={**body, "board": board})


def _board_of(client: TestClient, reader: Seat) -> dict[str, Any]:
    response = client.get(
        f"/v1/tables/{reader.table_id}/dice_upon_a_time/board", headers=reader.headers
    )
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def test_a_table_plays_on_its_own_board_to_the_end(client: TestClient) -> None:
    ana, _bot = open_table(
        client,
        game="dice_upon_a_time",
        players=AGAINST_AI,
        seed=3,
        length="short",
        board=_text(_own_board()),
    )
    assert ana.view()["state"]["board"] == "The Lighthouse Road"
    rng = random.Random(8)
    placed_there = 0
    for _ in range(400):
        view = settle(ana, lambda v: v["finished"] or v["acting"] == 0)
        if view["finished"]:
            break
        moves = view["moves"]
        lighthouse = [m for m in moves if m.get("socket") == "lighthouse.1"]
        playing = [m for m in moves if m["type"] != "pass_chapter"] or moves
        move = lighthouse[0] if lighthouse else rng.choice(playing)
        placed_there += bool(lighthouse)
        ana.ok(**move)
    assert view["finished"] and view["state"]["chapter"] == 3
    assert placed_there >= 1, "the lighthouse's socket was never offered"
    placed = [
        e["data"]["action"]
        for e in ana.events()
        if e["type"] == "action" and e["data"]["action"].get("socket") == "lighthouse.1"
    ]
    assert len(placed) >= placed_there  # the AI traveller may use it too


def test_the_board_route_gives_the_tables_board_to_every_reader(client: TestClient) -> None:
    own = _create(client, _text(_own_board()), spectators=True)
    assert own.status_code == 201, own.text
    created = own.json()
    seats = [Seat(client, created["id"], p["seat"], p["token"]) for p in created["players"]]
    spectator = Seat(client, created["id"], -1, None)
    answers = [_board_of(client, reader) for reader in (*seats, spectator)]
    assert answers[0] == answers[1] == answers[2]
    board = answers[0]["board"]
    assert answers[0]["own"] and board["name"] == "The Lighthouse Road"
    assert board["places"]["lighthouse"]["name"]["ja"] == "灯台"
    assert board["sockets"]["lighthouse.1"]["number"] == 1
    assert board["sockets"]["wolf"]["number"] == 5
    plain = open_table(client, game="dice_upon_a_time", players=PLAYERS, seed=4)
    deck = client.get("/v1/decks/dice_upon_a_time").json()["board"]
    assert _board_of(client, plain[1]) == {"own": False, "board": deck}
    ours = client.get("/v1/decks/dice_upon_a_time/board.yaml")
    assert ours.status_code == 200 and ours.text.startswith("# The Lantern Road")
    as_own = _create(client, ours.text).json()  # the file our page links to, sent back
    assert _board_of(client, Seat(client, as_own["id"], -1, None)) == {"own": True, "board": deck}
    private = _create(client, _text(_own_board()), spectators=False).json()
    refused = client.get(f"/v1/tables/{private['id']}/dice_upon_a_time/board")
    assert refused.status_code == 404, refused.text  # no spectators: no table without a token
    missing = client.get("/v1/tables/nosuchtable/dice_upon_a_time/board")
    assert missing.status_code == 404, missing.text


def test_a_broken_board_is_refused_naming_the_place_and_the_field(client: TestClient) -> None:
    typo = _own_board()
    typo["places"]["bakery"]["sockets"][0]["touches"] = ["grandmas_cottage"]
    message = _create(client, _text(typo)).json()["message"]
    assert message == "board: places[bakery].sockets[1].touches: unknown place 'grandmas_cottage'"
    kind = _own_board()
    kind["places"]["lighthouse"]["kind"] = "tower"
    response = _create(client, _text(kind))
    assert response.status_code == 422
    assert response.json()["message"].startswith("board: places[lighthouse].kind: 'tower'")
    lacking = _text(_bundled()).replace("well", "old_well")  # quest q01 is at the well
    response = _create(client, lacking, deck_mode="physical")
    assert response.status_code == 422, response.text
    assert response.json()["message"] == (
        "board 'The Lantern Road' lacks place 'well' that quests[q01] names"
    )
    assert _create(client, "places: [unclosed").status_code == 422
    too_long = _create(client, "#" * (BOARD_MAX_CHARS + 1))
    assert too_long.status_code in (413, 422), too_long.text


def test_a_live_tables_placement_check_answers_by_its_own_board(client: TestClient) -> None:
    own = _create(client, _text(_own_board()), deck_mode="physical", language="en").json()
    ana = Seat(client, own["id"], 0, own["players"][0]["token"])
    plain = open_table(
        client, game="dice_upon_a_time", players=PLAYERS, deck_mode="physical", seed=4
    )[0]

    def ask(reader: Seat, status: int = 200, **query: Any) -> dict[str, Any]:
        response = client.get(
            f"/v1/tables/{reader.table_id}/dice_upon_a_time/check",
            params=query,
            headers=reader.headers,
        )
        assert response.status_code == status, response.text
        answer: dict[str, Any] = response.json()
        return answer

    hungry = ask(ana, face="4", at="wolf")
    assert (hungry["ok"], hungry["rule"], hungry["reason"]) == (False, "DU-3", "below_socket")
    assert "5" in hungry["words"]
    assert ask(plain, face="4", at="wolf")["ok"]  # our map's wolf takes a 1 or more
    assert ask(ana, face="1", at="lighthouse.1")["ok"]
    full = ask(ana, face="6", at="lighthouse.1", there=2, top="2")
    assert (full["ok"], full["reason"]) == (False, "full")
    assert "lighthouse.1" in ask(plain, 422, face="1", at="lighthouse.1")["message"]
    ask(ana, 422, face="3")  # neither the socket's number nor its id


def test_the_own_board_survives_a_restart_and_a_snapshot(
    app_factory: Callable[..., FastAPI],
) -> None:
    with TestClient(app_factory()) as client:
        created = _create(client, _text(_own_board()), length="short").json()
        seats = [Seat(client, created["id"], p["seat"], p["token"]) for p in created["players"]]
        for _ in range(8):
            actor = seats[seats[0].view()["acting"]]
            actor.ok(**actor.view()["moves"][0])
        before = seats[1].view()
    with TestClient(app_factory()) as client:
        reader = Seat(client, created["id"], 1, created["players"][1]["token"])
        assert reader.view() == before
        assert _board_of(client, reader)["board"]["name"] == "The Lighthouse Road"
        tables = client.app.state.services.tables  # type: ignore[attr-defined]
        state = tables.state(created["id"])
        again = DiceUponATimeTables().from_snapshot(
            created["id"], state.config.to_json(), state.seq, state.to_snapshot()
        )
        assert again == state
        assert state.config.engine.board != bundled_map()
        assert "lighthouse" in state.game.board.places
