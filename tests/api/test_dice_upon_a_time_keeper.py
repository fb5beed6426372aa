"""A live Dice Upon a Time table (`deck_mode: physical`) over HTTP: the printed board is on the
table and the seated phones record what happened (quests with their AP, story cards drawn from
the companion's deck, printed side quests and curses, met and lifted, the chapter's end with the
rabbit's seat); every reader sees the same keeper's view, never the story deck's order; the end
names the winners or rates a co-operative table (DU-10); the placement check answers in words."""

from typing import Any

from fastapi.testclient import TestClient

from companion.games.dice_upon_a_time import catalogue
from tests.api.conftest import Seat, open_table, strings

STORY = catalogue().story


def _live(client: TestClient, count: int = 2, **body: Any) -> list[Seat]:
    names = ["Ana", "Ken", "Mia", "Leo", "Sol"][:count]
    players = [{"name": n, "kind": "human"} for n in names]
    body = {"length": "short", "seed": 9, **body}
    return open_table(
        client, game="dice_upon_a_time", players=players, deck_mode="physical", **body
    )


def _deck_order(client: TestClient, table_id: str) -> tuple[str, ...]:
    """The keeper's face-down story deck (the test's eyes only)."""
    state = client.app.state.services.tables.state(table_id)  # type: ignore[attr-defined]
    deck: tuple[str, ...] = state.game.story_deck
    return deck


def test_phones_record_a_short_game_and_every_reader_sees_the_same(client: TestClient) -> None:
    ana, ken = _live(client)
    spectator = Seat(client, ana.table_id, -1, None)
    first = ana.view()
    assert first["deck_mode"] == "physical" and first["moves"] == [] and first["acting"] is None
    assert first["state"]["chapter"] == 1 and first["state"]["story_left"] == len(STORY)
    ken.ok(type="keep_quest", ap=5, traveller=0)  # Ken's phone records Ana's quest
    ana.ok(type="keep_quest", ap=3)  # her own by default
    drawn = ken.ok(type="keep_story")["events"][-1]["data"]
    card = drawn["last"]["card"]
    assert drawn["seat"] == 1 and drawn["recorded_by"] == 1 and card in STORY
    ana.ok(type="keep_side_quest", ap=4)
    ana.ok(type="keep_curse", ap=2, traveller=1)
    ana.ok(type="keep_mark", kind="side_quest", index=0)
    ken.ok(type="keep_chapter", rabbit=1)
    view = spectator.view()
    assert (view["state"]["chapter"], view["state"]["start_player"]) == (2, 1)
    assert view["seats"][0]["points"] == 5 + 3 + 4
    ken_points = -2 - (STORY[card].ap if STORY[card].kind == "curse" else 0)
    assert view["seats"][1]["points"] == ken_points
    views = [reader.view()["state"] for reader in (ana, ken, spectator)]
    assert views[0] == views[1] == views[2]
    hidden = set(_deck_order(client, ana.table_id))
    for reader in (ana, ken, spectator):
        seen = set(strings(reader.view())) | set(strings(reader.events()))
        assert not seen & hidden, "a story card still face down is shown"
    ana.ok(type="keep_chapter")
    end = ana.ok(type="keep_chapter")["view"]
    assert end["finished"] and end["state"]["over"] and end["state"]["winners"] == [0]
    assert not [e for e in ana.events() if e["type"] == "chapter_tale"]  # no moves to tell
    assert ana.refused(409, type="keep_quest", ap=2)["rule"] == "DU-9"


def test_a_live_table_is_people_only_and_keeps_to_its_recordings(client: TestClient) -> None:
    players = [{"name": "Ana", "kind": "human"}, {"name": "Bot", "kind": "ai"}]
    response = client.post(
        "/v1/tables",
        json={"game": "dice_upon_a_time", "players": players, "deck_mode": "physical"},
    )
    assert response.status_code == 422, response.text
    ana, _ken = _live(client)
    ana.refused(422, type="pass_chapter")
    ana.refused(422, type="keep_mark", kind="curse", index=0)  # holds no curse
    ana.refused(422, type="keep_quest", ap=0)
    ana.refused(422, type="keep_quest", ap=3, traveller=2)  # no such seat here
    virtual = open_table(
        client,
        game="dice_upon_a_time",
        players=[{"name": "Ana", "kind": "human"}, {"name": "Ken", "kind": "human"}],
        seed=1,
    )
    assert "live table" in virtual[0].refused(422, type="keep_quest", ap=3)["message"]


def test_a_cooperative_live_table_is_rated_at_the_end(client: TestClient) -> None:
    seats = _live(client, 3, cooperative=True)
    for seat, ap in zip(seats, (20, 25, 30), strict=True):
        seat.ok(type="keep_quest", ap=ap)
    for _ in range(3):
        seats[0].ok(type="keep_chapter")
    view = seats[2].view()
    bands = catalogue().lengths.coop_bands[3]
    assert view["finished"] and view["state"]["total"] == 75
    assert view["state"]["rating"] == max(i for i, floor in enumerate(bands) if floor <= 75)
    assert [s["points"] for s in view["seats"]] == [75, 75, 75]


def test_the_placement_check_answers_in_words(client: TestClient) -> None:
    ana, _ken = _live(client, language="ja")

    def ask(**query: Any) -> dict[str, Any]:
        response = client.get(
            f"/v1/tables/{ana.table_id}/dice_upon_a_time/check", params=query, headers=ana.headers
        )
        assert response.status_code == 200, response.text
        answer: dict[str, Any] = response.json()
        return answer

    no = ask(face="4", socket=5)
    assert (no["ok"], no["rule"], no["reason"], no["language"]) == (
        False,
        "DU-3",
        "below_socket",
        "ja",
    )
    assert "5" in no["words"] and "4" in no["words"]
    full = ask(face="6", socket=1, there=2, top="1", language="en")  # two players: 2 a socket
    assert (full["ok"], full["reason"]) == (False, "full") and "2" in full["words"]
    assert ask(face="icon", socket=6, language="es")["ok"]
    ban = ask(face="6", socket=1, there=1, top="ban", language="en")
    assert (ban["ok"], ban["rule"]) == (False, "DU-7")
    bad = client.get(
        f"/v1/tables/{ana.table_id}/dice_upon_a_time/check", params={"face": "7", "socket": 1}
    )
    assert bad.status_code == 422
