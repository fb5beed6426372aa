"""Factum at the table service, over HTTP: every action with a four-phone table, what each seat
may see after every step (no seat sees another's hand, the judge's private view, a decoy's
owner or a secret vote before it is revealed), refusals, and a solo table against AI seats."""

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from companion.games.factum import seat_view
from companion.seats.factum import FactumReader
from embeddings import HashingEmbedder
from tests.api.conftest import Seat, open_table, settle, strings

NAMES = ["Ana", "Ben", "Cai", "Dee"]
STORIES = [
    "When I passed my driving test on the third try, I cried in the car park. "
    "Nobody had believed I would do it, not even me.",
    "My grandmother taught me to bake bread the winter before she died. "
    "I still use her wooden spoon.",
]


@pytest.fixture
def factum_client(app_factory: Callable[..., FastAPI]) -> Iterator[TestClient]:
    reader = FactumReader(HashingEmbedder())
    app = app_factory(factum_reader=lambda: reader)
    with TestClient(app) as client:
        yield client


def _table(client: TestClient, kinds: list[str] | None = None, **body: Any) -> list[Seat]:
    kinds = kinds or ["human"] * len(NAMES)
    players = [{"name": n, "kind": k} for n, k in zip(NAMES, kinds, strict=True)]
    return open_table(client, game="factum", players=players, seed=5, **body)


def _state(client: TestClient, table_id: str) -> Any:
    """The server's state (the test's eyes only: no API shows it whole)."""
    return client.app.state.services.tables.state(table_id)  # type: ignore[attr-defined]


class Audit:
    """After each step, every seat and a spectator read the view and the log; nothing secret
    of another seat may be in what they get."""

    def __init__(self, client: TestClient, seats: list[Seat]) -> None:
        self.client = client
        self.seats = seats
        self.table_id = seats[0].table_id
        self.spectator = Seat(client, self.table_id, -1, None)
        self.steps = 0

    def __call__(self) -> None:
        self.steps += 1
        game = _state(self.client, self.table_id).game
        public = set(strings(self.spectator.view()["state"]))
        for reader in [*self.seats, self.spectator]:
            seat = reader.seat if reader.token else None
            view = reader.view()
            # the view's state is the engine's own view for this seat, nothing more
            assert view["state"] == _json(seat_view(game, seat))
            own = set(game.hands[seat]) if seat is not None else set()
            if seat is not None and game.turn is not None:
                turn = game.turn
                if seat == turn.storyteller or (
                    seat == turn.judge and game.phase != "storytelling"
                ):
                    own.add(turn.card)
                own |= {card for s, card in turn.decoys.items() if s == seat}
            secret = {c for hand in game.hands for c in hand} - own - public
            if game.turn is not None and game.turn.card is not None:
                secret |= {game.turn.card} - own - public
            shown = set(strings(view)) | set(strings(reader.events()))
            assert not (secret & shown), f"seat {seat} sees {secret & shown}"
            for event in reader.events():
                action = event["data"].get("action", {})
                if action.get("seat") != seat:
                    for name in ("card", "prefer"):
                        assert action.get(name, "hidden") == "hidden", (seat, action)


def _awaiting(seats: list[Seat]) -> list[int]:
    awaiting: list[int] = seats[0].view()["state"]["awaiting"]
    return awaiting


def _json(data: Any) -> Any:
    return json.loads(json.dumps(data))


def _play_turn(
    seats: list[Seat], teller: int, story: str, guessers: str, audit: Audit
) -> dict[str, Any]:
    seats[teller].ok(type="volunteer")
    audit()
    hand = seats[teller].view()["state"]["hand"]
    seats[teller].ok(type="tell", card=hand[0], text=story)
    audit()
    turn = seats[teller].view()["state"]["turn"]
    judge = seats[turn["judge"]]
    assert judge.view()["state"]["turn"]["storyteller_card"] == hand[0]  # FA-3: the judge sees it
    judge.ok(type="choose_guessers", guessers=guessers)
    audit()
    while seats[0].view()["state"]["phase"] == "decoys":
        seat = seats[_awaiting(seats)[0]]
        seat.ok(type="decoy", card=seat.view()["state"]["hand"][-1])
        audit()
    table = seats[0].view()["state"]["turn"]["table"]
    assert len(table) >= 5 and hand[0] in table  # FA-4: filled up to 5, shuffled in
    while seats[0].view()["state"]["phase"] == "guessing":
        seats[_awaiting(seats)[0]].ok(type="guess", card=table[0])
        audit()
    return seats[0].view()


def test_a_whole_game_turn_on_four_phones_keeps_every_secret(factum_client: TestClient) -> None:
    seats = _table(factum_client)
    audit = Audit(factum_client, seats)
    first = seats[0].view()
    assert first["game"] == "factum" and first["state"]["phase"] == "volunteer"
    assert len(first["state"]["hand"]) == 5 and [m["type"] for m in first["moves"]] == ["volunteer"]
    audit()
    after = _play_turn(seats, 0, STORIES[0], "storyteller", audit)
    result = after["state"]["last_turn"]
    assert result["picked"] is not None and {e["owner"] for e in result["table"]} >= {0}
    assert sum(after["state"]["scores"]) > 0  # FA-6: someone scored
    # Nobody tells twice in a row (FA-8); the next volunteer's turn has a best-story vote.
    refused = seats[0].refused(409, type="volunteer")
    assert refused["rule"].startswith("FA-")
    after = _play_turn(seats, 2, STORIES[1], "judge", audit)
    assert after["state"]["phase"] == "best_story"
    for seat in _awaiting(seats):
        seats[seat].ok(type="best_story", prefer="current")
        audit()
    final = seats[1].view()["state"]
    assert final["phase"] == "volunteer" and final["title"]["holder"] == 2  # FA-7: the title moved
    assert audit.steps >= 14


def test_refusals_say_why(factum_client: TestClient) -> None:
    seats = _table(factum_client)
    hand = seats[0].view()["state"]["hand"]
    assert seats[0].refused(409, type="tell", card=hand[0], text="Too soon.")["rule"] == "FA-2"
    error = seats[0].refused(422, type="narrate", text="Once upon a time…")
    assert error["error"] == "invalid_action" and "not an action of Factum" in error["message"]
    seats[0].ok(type="volunteer")
    other = seats[1].view()["state"]["hand"][0]
    assert seats[0].refused(409, type="tell", card=other, text="Not mine.")["rule"].startswith("FA")
    created = factum_client.post(
        "/v1/tables", json={"game": "factum", "players": [{"name": n} for n in NAMES[:3]]}
    )
    assert created.status_code == 422
    few = {"game": "factum", "players": [{"name": n} for n in NAMES], "cards": ["a", "b"]}
    response = factum_client.post("/v1/tables", json=few)
    assert response.status_code == 422 and "at least" in response.json()["message"]


def test_an_ou_table_refuses_factum_actions(factum_client: TestClient) -> None:
    ann, *_ = open_table(factum_client, players=[{"name": "Ann"}, {"name": "Bob"}], seed=1)
    error = ann.refused(422, type="volunteer")
    assert "not an action of Once Upon a Time" in error["message"]


def test_a_table_of_its_own_cards(factum_client: TestClient) -> None:
    cards = [f"A time you felt {word}" for word in "abcdefghijklmnopqrstuvwxyz"]
    seats = _table(factum_client, cards=cards)
    hands = [set(seat.view()["state"]["hand"]) for seat in seats]
    assert all(len(hand) == 5 for hand in hands) and set().union(*hands) <= set(cards)


def test_solo_against_three_ai_seats(factum_client: TestClient) -> None:
    kinds = ["human", "ai", "ai", "ai"]
    me, *_ = _table(factum_client, kinds=kinds)
    hand = me.view()["state"]["hand"]
    me.ok(type="volunteer")
    text = me.refused(422, type="tell", card=hand[0])  # AI players read: a story is needed
    assert text["error"] == "story_needed"
    me.ok(type="tell", card=hand[0], text=STORIES[0])
    # The AI judge, decoys and guessers play on until the turn is over.
    view = settle(me, lambda v: v["state"]["last_turn"] is not None)
    assert view["state"]["last_turn"]["picked"] is not None
    # Then an AI volunteers (the next seat clockwise) and tells a canned story, labelled so.
    view = settle(
        me, lambda v: v["state"]["turn"] is not None and v["state"]["turn"]["story"] is not None
    )
    turn = view["state"]["turn"]
    assert turn["storyteller"] == 1 and view["story_origin"] == {str(turn["number"]): "canned"}
    events = me.events()
    ai = [e for e in events if e["type"] == "action" and e["data"]["by"] == "ai"]
    assert {e["data"]["action"]["type"] for e in ai} >= {"choose_guessers", "volunteer", "tell"}


def _advice(seat: Seat, **body: Any) -> Any:
    return seat.client.post(
        f"/v1/tables/{seat.table_id}/factum/advice", json=body, headers=seat.headers
    )


def test_private_advice_for_each_role_leaves_no_trace(factum_client: TestClient) -> None:
    seats = _table(factum_client)
    seats[0].ok(type="volunteer")
    hand = seats[0].view()["state"]["hand"]
    before = seats[1].events()
    # The storyteller checks a draft that uses the card's own words.
    draft = f"{STORIES[0]} It was, in short: {hand[0]}."
    check = _advice(seats[0], kind="story_check", card=hand[0], text=draft)
    assert check.status_code == 200, check.text
    body = check.json()
    assert 0.0 <= body["obviousness"] <= 1.0 and body["too_obvious"] in (True, False)
    assert body["shared_words"], body  # the card's words are in the draft
    assert _advice(seats[1], kind="story_check", card=hand[0], text=draft).status_code == 409
    other = seats[1].view()["state"]["hand"][0]
    assert _advice(seats[0], kind="story_check", card=other, text=draft).status_code == 409
    seats[0].ok(type="tell", card=hand[0], text=STORIES[0])
    judge = seats[seats[0].view()["state"]["turn"]["judge"]]
    call = _advice(judge, kind="judge").json()
    assert call["guessing_team"] in ("storyteller", "judge") and 0 <= call["obviousness"] <= 1
    judge.ok(type="choose_guessers", guessers="storyteller")
    adder = seats[_awaiting(seats)[0]]
    ranking = _advice(adder, kind="decoy").json()["ranking"]
    assert sorted(ranking) == sorted(adder.view()["state"]["hand"])
    assert _advice(seats[0], kind="decoy").status_code == 409  # the teller adds no decoy here
    # Nothing was logged: the other seats' logs only grew by the actions themselves.
    after = seats[1].events()
    assert [e["data"]["action"]["type"] for e in after[len(before) :]] == [
        "tell",
        "choose_guessers",
    ]


def test_advice_is_for_factum_tables(factum_client: TestClient) -> None:
    ann, *_ = open_table(factum_client, players=[{"name": "Ann"}, {"name": "Bob"}], seed=1)
    response = _advice(ann, kind="decoy")
    assert response.status_code == 422 and "Factum" in response.json()["message"]


def test_tables_asking_for_the_reader_at_once_share_one_build() -> None:
    """The AI seats of several tables need the story reader at the same moment: it is built
    once (each build embeds the whole card bank), and a failed build is tried again."""
    import threading

    from api.games.factum.game import FactumTables

    builds: list[int] = []
    gate = threading.Barrier(4)

    def build() -> FactumReader:
        builds.append(1)
        if len(builds) == 1:
            raise RuntimeError("the model could not load")
        threading.Event().wait(0.05)  # let the other threads reach the lock
        return FactumReader(HashingEmbedder())

    tables = FactumTables(build)
    with pytest.raises(RuntimeError, match="could not load"):
        tables.reader()
    readers: list[FactumReader] = []

    def ask() -> None:
        gate.wait()
        readers.append(tables.reader())

    threads = [threading.Thread(target=ask) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(builds) == 2 and len(readers) == 4
    assert all(reader is readers[0] for reader in readers)
