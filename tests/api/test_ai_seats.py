"""AI seats over HTTP: solo practice against AI narrators, AI interrupts and votes. The seats
run in the background after each accepted action, each step appended to the log (by "ai")."""

import asyncio
import time
from typing import Any

from fastapi.testclient import TestClient

from tests.api.conftest import Seat, open_table


def _settle(seat: Seat, done: Any, timeout: float = 60) -> dict[str, Any]:
    """Poll the view until `done(view)`; AI seats act in the background meanwhile."""
    deadline = time.monotonic() + timeout
    while True:
        view = seat.view()
        if done(view):
            return view
        assert time.monotonic() < deadline, f"table did not settle: {view['story'][-3:]}"
        time.sleep(0.05)


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
    for _round in range(200):
        view = _settle(
            human,
            lambda v: v["finished"] or v["can_vote"] or v["storyteller"] == 0,
        )
        if view["finished"]:
            break
        if view["can_vote"]:
            human.ok(type="vote", yes=True)
        else:
            human.ok(type="pass")
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
    human, _ = open_table(client, players=[{"name": "Me"}, {"name": "Robin", "kind": "ai"}], seed=9)
    card = _hand_of(client, human.table_id, 1)[0]
    label = client.app.state.services.deck.story_card(card).label("en")  # type: ignore[attr-defined]
    human.ok(type="narrate", text=f"Then, all of a sudden, there was the {label.lower()}.")
    view = _settle(human, lambda v: v["storyteller"] == 1 and len(v["story"]) >= 2)
    played = view["table"][0]
    assert played["card"] == card and played["how"] == "interrupt" and played["seat"] == 1
    robin = [e for e in human.events() if e["type"] == "action" and e["data"]["by"] == "ai"]
    assert robin[0]["data"]["action"]["type"] == "interrupt"
    # ...and goes on telling with the narrator, on its own turn
    assert robin[1]["data"]["action"]["type"] in ("play", "pass")


def test_ai_voters_answer_an_open_vote(client: TestClient) -> None:
    human, *_ = open_table(
        client,
        players=[{"name": "Me"}, {"name": "Robin", "kind": "ai"}, {"name": "Ada", "kind": "ai"}],
        seed=2,
    )
    human.ok(type="narrate", text="The wind blew over the hills.")
    hand = [c["id"] for c in human.view()["hand"]]
    opened = human.ok(type="play", card=hand[0], sentence="It was windy.", ask_table=True)
    assert opened["view"]["pending"]["voters"] == [1, 2]
    view = _settle(human, lambda v: v["pending"] is None)
    # (the AI seats then go on playing: find the action that settled the vote)
    settled = next(e for e in human.events() if e["type"] == "action" and "ballot" in e["data"])
    settled = settled["data"]
    assert settled["action"]["judgement"]["kind"] == "vote"
    assert sorted(settled["action"]["judgement"]["yes"]) == [1, 2]  # plays are judged leniently
    assert view["table"][0]["card"] == hand[0] and view["table"][0]["seat"] == 0


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

    runner = SeatRunner(SlowTables(), InProcessBroadcaster(), pace_s=0)  # type: ignore[arg-type]
    runner.poke("t1")
    while not started.is_set():
        await asyncio.sleep(0.01)
    await runner.close()
    assert finished.is_set(), "close() returned while the store call was still running"
