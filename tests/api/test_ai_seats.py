"""AI seats over HTTP: solo practice against AI narrators, AI interrupts and votes. The seats
run in the background after each accepted action, each step appended to the log (by "ai")."""

import asyncio
import time
from datetime import datetime
from typing import Any

import anyio
from fastapi.testclient import TestClient

from tests.api.conftest import open_table, play_out_passively, settle


def _hand_of(client: TestClient, table_id: str, seat: int) -> tuple[str, ...]:
    """Peek into the server's state (the test's eyes only; no API shows another hand)."""
    state = client.app.state.services.tables.state(table_id)  # type: ignore[attr-defined]
    hand: tuple[str, ...] = state.game.seats[seat].hand
    return hand


def test_a_solo_game_against_two_ai_seats_reaches_its_end(client: TestClient) -> None:
    human, *_ = open_table(
        client,
        players=[{"name": "Me"}, {"name": "Robin", "kind": "ai"}, {"name": "Ada", "kind": "ai"}],
        seed=4,
        first_storyteller={"method": "given", "seat": 1},
    )
    view = play_out_passively(human, rounds=200)
    assert view["finished"] and view["winner"] in (1, 2)
    events = human.events()
    ai_steps = [e for e in events if e["type"] == "action" and e["data"]["by"] == "ai"]
    plays = [e for e in ai_steps if e["data"]["action"]["type"] == "play"]
    assert plays and all(e["data"]["outcome"]["accepted"] for e in plays)
    assert ai_steps[-1]["data"]["action"]["type"] in ("end", "vote") or any(
        e["data"]["action"]["type"] == "end" for e in ai_steps
    )
    assert view["story"][-1]["kind"] == "link" and view["ending"] is not None


def test_an_ai_seat_interrupts_when_the_referee_hears_its_card(client: TestClient) -> None:
    human, _ = open_table(
        client,
        players=[{"name": "Me"}, {"name": "Robin", "kind": "ai"}],
        seed=9,
        ai_level="sharp",  # a sharp seat claims every card it surely heard
    )
    card = _hand_of(client, human.table_id, 1)[0]
    label = client.app.state.services.deck.story_card(card).label("en")  # type: ignore[attr-defined]
    human.ok(type="narrate", text=f"Then, all of a sudden, there was the {label.lower()}.")

    def robin() -> list[dict[str, Any]]:
        return [e for e in human.events() if e["type"] == "action" and e["data"]["by"] == "ai"]

    # (with no pace the AI may tell its whole turn and pass between two looks: read the log)
    settle(human, lambda _view: len(robin()) >= 2)
    interrupt = robin()[0]["data"]
    assert interrupt["seat"] == 1 and interrupt["outcome"]["accepted"] is True
    assert interrupt["action"]["type"] == "interrupt" and interrupt["action"]["card"] == card
    # ...and goes on telling with the narrator, on its own turn
    assert robin()[1]["data"]["action"]["type"] in ("narrate", "play", "pass")


def test_ai_voters_answer_an_open_vote(client: TestClient) -> None:
    human, *_ = open_table(
        client,
        players=[{"name": "Me"}, {"name": "Robin", "kind": "ai"}, {"name": "Ada", "kind": "ai"}],
        seed=2,
    )
    human.ok(type="narrate", text="The wind blew over the hills.")
    card = human.view()["hand"][0]
    sentence = f"Then came the {card['label'].lower()}."
    opened = human.ok(type="play", card=card["id"], sentence=sentence, ask_table=True)
    assert opened["view"]["pending"]["voters"] == [1, 2]
    view = settle(human, lambda v: v["pending"] is None)
    # (the AI seats then go on playing: find the action that settled the vote)
    settled = next(e for e in human.events() if e["type"] == "action" and "ballot" in e["data"])
    settled = settled["data"]
    assert settled["action"]["judgement"]["kind"] == "vote"
    assert sorted(settled["action"]["judgement"]["yes"]) == [1, 2]  # the referee hears the card
    assert view["table"][0]["card"] == card["id"] and view["table"][0]["seat"] == 0


def test_ai_voters_judge_a_play_by_what_the_referee_hears(client: TestClient) -> None:
    human, *_ = open_table(
        client,
        players=[{"name": "Me"}, {"name": "Robin", "kind": "ai"}, {"name": "Ada", "kind": "ai"}],
        seed=2,
    )
    card = human.view()["hand"][0]["id"]
    human.ok(type="play", card=card, sentence="Nobody said a word.", ask_table=True)
    settle(human, lambda v: v["pending"] is None)
    settled = next(e for e in human.events() if e["type"] == "action" and "ballot" in e["data"])
    assert sorted(settled["data"]["action"]["judgement"]["no"]) == [1, 2]
    assert settled["data"]["outcome"]["accepted"] is False


def test_an_ai_storyteller_tells_two_to_four_sentences_per_card(client: TestClient) -> None:
    human, *_ = open_table(
        client,
        players=[{"name": "Me"}, {"name": "Robin", "kind": "ai"}, {"name": "Ada", "kind": "ai"}],
        seed=4,
        first_storyteller={"method": "given", "seat": 1},
        ai_level="gentle",
    )
    view = settle(human, lambda v: v["storyteller"] != 1 or len(v["table"]) >= 2)
    robin = [
        e["data"]["action"]
        for e in human.events()
        if e["type"] == "action" and e["data"]["seat"] == 1
    ]
    told = [a["type"] for a in robin if a["type"] in ("narrate", "play")]
    beats = "".join("p" if kind == "play" else "n" for kind in told).split("p")
    assert told and view["ai_level"] == "gentle"
    for beat in beats[:-1]:  # each card comes after one to three sentences of its own beat
        assert 1 <= len(beat) + 1 <= 4, told


def test_ai_votes_wait_for_the_people_who_may_vote(client: TestClient) -> None:
    """A play put to the table: the AI votes after the person has, not in 0.02 s."""
    human, _robin, ada = open_table(
        client,
        players=[{"name": "Me"}, {"name": "Robin", "kind": "ai"}, {"name": "Ada"}],
        seed=2,
    )
    human.ok(type="narrate", text="The wind blew over the hills.")
    hand = [c["id"] for c in human.view()["hand"]]
    human.ok(type="play", card=hand[0], sentence="It was windy.", ask_table=True)
    time.sleep(0.5)  # the AI seat had every chance to vote (the pace is 0 in tests)
    pending = human.view()["pending"]
    assert pending["voters"] == [1, 2] and pending["yes"] == [] and pending["no"] == []
    ada.ok(type="vote", ballot=pending["ballot"], yes=False)
    view = settle(human, lambda v: v["pending"] is None)
    settled = next(e for e in human.events() if e["type"] == "action" and "ballot" in e["data"])
    judgement = settled["data"]["action"]["judgement"]
    assert 2 in judgement["no"] and len(judgement["yes"] + judgement["no"]) == 2
    votes = [e["data"]["seat"] for e in human.events() if e["type"] == "vote_cast"]
    assert votes == [2, 1] and view["pending"] is None  # the person's vote came first


def test_the_view_says_when_an_ai_storyteller_is_thinking(
    app_factory: Any,
) -> None:
    with TestClient(app_factory(ai_pace_s=2.0)) as client:
        human, _ = open_table(
            client,
            players=[{"name": "Me"}, {"name": "Robin", "kind": "ai"}],
            seed=3,
            first_storyteller={"method": "given", "seat": 1},
        )
        view = human.view()
        thinking = view["ai_thinking"]
        assert thinking["seat"] == 1 and thinking["name"] == "Robin"
        speaks_at = datetime.fromisoformat(thinking["speaks_at"]).timestamp()
        # the AI speaks after its pace, not at once
        assert view["story"] == [] and speaks_at > time.time() - 2
        told = settle(human, lambda v: len(v["story"]) >= 1, timeout=30)
        assert told["story"][0]["seat"] == 1


def test_a_table_stored_before_ai_levels_loads_as_fair() -> None:
    from api.games.once_upon_a_time.state import TableConfig

    stored = {
        "game": "once_upon_a_time",
        "engine": {"players": ["Me", "Robin"], "seed": 1},
        "kinds": ["human", "ai"],
        "language": "en",
        "spectators": True,
    }
    config = TableConfig.from_json(stored)
    assert config.ai_level == "fair" and config.to_json()["ai_level"] == "fair"


def test_an_unknown_ai_level_is_refused(client: TestClient) -> None:
    response = client.post(
        "/v1/tables",
        json={"players": [{"name": "Me"}, {"name": "Robin", "kind": "ai"}], "ai_level": "brutal"},
    )
    assert response.status_code == 422 and "ai_level" in response.text


async def test_closing_waits_for_a_store_call_still_running_in_a_thread() -> None:
    """Shutdown closes the store right after the seats: no seat may still be using it then."""
    import threading

    from api.broadcast import InProcessBroadcaster
    from api.service.ai import SeatRunner

    started, finished = threading.Event(), threading.Event()

    class SlowTables:
        def state(self, table_id: str) -> Any:
            started.set()
            time.sleep(0.3)
            finished.set()
            raise LookupError(table_id)  # the run logs it and stops

        async def state_soon(self, table_id: str) -> Any:  # as TableService: the log in a thread
            return await anyio.to_thread.run_sync(self.state, table_id)

    runner = SeatRunner(SlowTables(), InProcessBroadcaster(), pace_s=0)  # type: ignore[arg-type]
    runner.poke("t1")
    while not started.is_set():
        await asyncio.sleep(0.01)
    await runner.close()
    assert finished.is_set(), "close() returned while the store call was still running"
