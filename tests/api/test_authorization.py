"""No response shows a player a card of another player's hand: for every endpoint and the live
stream, with every player's token and as a spectator, after every kind of step (narration with
hints, rejected and accepted interrupts, private draws and discards, votes), and in errors and
the OpenAPI examples. Over real HTTP, on a virtual deck where the engine deals and draws."""

import json
import re
from collections.abc import Collection, Iterator
from typing import Any

import httpx
import pytest

from companion.cards import Deck
from tests.api.conftest import strings
from tests.api.live import http, read_sse

NAMES = ["Ann", "Bob", "Cy", "Dee"]


class Table:
    def __init__(self, url: str, app_services: Any) -> None:
        self.url = url
        self.services = app_services
        body = {"players": [{"name": n} for n in NAMES], "seed": 21}
        created = http.post(f"{url}/v1/tables", json=body).json()
        self.id = created["id"]
        self.tokens = [p["token"] for p in created["players"]]

    def state(self) -> Any:
        return self.services.tables.state(self.id)

    def hands(self) -> list[tuple[str, ...]]:
        return [seat.hand for seat in self.state().game.seats]

    def endings(self) -> list[tuple[str, ...]]:
        return [seat.endings for seat in self.state().game.seats]

    def headers(self, seat: int | None) -> dict[str, str]:
        return {} if seat is None else {"Authorization": f"Bearer {self.tokens[seat]}"}

    def act(self, seat: int, **body: Any) -> httpx.Response:
        return http.post(
            f"{self.url}/v1/tables/{self.id}/actions", json=body, headers=self.headers(seat)
        )

    def ok(self, seat: int, **body: Any) -> dict[str, Any]:
        response = self.act(seat, **body)
        assert response.status_code == 200, response.text
        result: dict[str, Any] = response.json()
        return result


def _words(deck: Deck, card: str) -> set[str]:
    try:
        story = deck.story_card(card)
        return {card, story.label("en")}
    except KeyError:
        return {card, deck.ending(card).sentence("en")}


class Auditor:
    """Checks one reader's responses against the hands of everyone else, right now."""

    def __init__(self, table: Table, deck: Deck) -> None:
        self.table = table
        self.deck = deck

    def forbidden(self, reader: int | None, named: set[str]) -> dict[str, str]:
        """Word → card, for the cards of other hands this reader has no way to know of."""
        state = self.table.state()
        public = " ".join(line.text for line in state.game.story).casefold()
        if state.ballot is not None:  # a claimed card is shown to the table (played face up)
            named = named | {state.ballot.action.get("card", "")}
        words: dict[str, str] = {}
        for seat, (hand, endings) in enumerate(
            zip(self.table.hands(), self.table.endings(), strict=True)
        ):
            if seat == reader:
                continue
            for card in (*hand, *endings):
                if card in named:
                    continue
                for word in _words(self.deck, card):
                    if re.search(rf"\b{re.escape(word.casefold())}\b", public):
                        break  # told in the story: its words are public, the holder is not
                else:
                    words.update({word: card for word in _words(self.deck, card)})
        return words

    def check(self, reader: int | None, payload: Any, *, named: Collection[str] = ()) -> None:
        forbidden = self.forbidden(reader, set(named))
        game = self.table.state().game
        # Texts the reader may see whole: the story, and its own ending cards.
        allowed = {line.text for line in game.story}
        if reader is not None:
            allowed |= {self.deck.ending(e).sentence("en") for e in game.seats[reader].endings}
        for text in strings(payload):
            if text in allowed:
                continue
            for word, card in forbidden.items():
                pattern = rf"(?<![\w-]){re.escape(word)}(?![\w-])"
                assert not re.search(pattern, text, re.IGNORECASE), (
                    f"reader {reader} sees {card!r} of another hand in: {text[:200]!r}"
                )
        self._structure(reader, payload)

    def _structure(self, reader: int | None, payload: Any) -> None:
        """Private parts: only the reader's own cards, hints and draws."""
        own = set(self.table.hands()[reader]) if reader is not None else set()
        for view in _views(payload):
            assert view["you"] == reader
            assert {c["id"] for c in view["hand"]} <= own
            assert {h["card"] for h in view["hints"]} <= own
            assert set(view["drew"]) <= own
        for event in _events(payload):
            if event["type"] == "ruled":  # exactly the hints the log holds for this reader
                stored = self.table.services.tables.store.read(
                    self.table.id, after=event["seq"] - 1, upto=event["seq"]
                )[0]
                mine = stored.payload["hints"].get(str(reader), []) if reader is not None else []
                assert event["data"]["hints"] == mine

    def sweep(self, step: str) -> None:
        """Every reader, every read endpoint, after `step`."""
        table = self.table
        for reader in [0, 1, 2, 3, None]:
            headers = table.headers(reader)
            view = http.get(f"{table.url}/v1/tables/{table.id}", headers=headers).json()
            events = http.get(f"{table.url}/v1/tables/{table.id}/events", headers=headers).json()
            stream = read_sse(
                f"{table.url}/v1/tables/{table.id}/stream",
                headers=headers,
                until=lambda ms: bool(ms) and ms[-1].event == "view",
            )
            for payload in (view, events, [m.data for m in stream]):
                self.check(reader, payload)
            assert stream[-1].data["you"] == reader, step

    def try_foreign_cards(self) -> None:
        """Each player names a card of each other hand: the refusal reveals nothing more."""
        table = self.table
        hands = table.hands()
        for reader in range(4):
            for holder in range(4):
                if holder == reader or not hands[holder]:
                    continue
                card = hands[holder][0]
                label = self.deck.story_card(card).label("en")
                for body in (
                    {"type": "play", "card": label, "sentence": "Nothing much."},
                    {"type": "interrupt", "card": card},
                    {"type": "pass", "discard": card},
                    {"type": "card_interrupt", "card": card},
                ):
                    response = table.act(reader, **body)
                    assert response.status_code in (409, 422), response.text
                    error = response.json()
                    self.check(reader, error, named={card})
                    assert NAMES[holder] not in error["message"], error


def _views(payload: Any) -> Iterator[dict[str, Any]]:
    if isinstance(payload, dict):
        if "hand" in payload and "hints" in payload and "you" in payload:
            yield payload
        for item in payload.values():
            yield from _views(item)
    elif isinstance(payload, list):
        for item in payload:
            yield from _views(item)


def _events(payload: Any) -> Iterator[dict[str, Any]]:
    if isinstance(payload, dict):
        if {"seq", "type", "data"} <= payload.keys():
            yield payload
        for item in payload.values():
            yield from _events(item)
    elif isinstance(payload, list):
        for item in payload:
            yield from _events(item)


@pytest.fixture
def served(app_factory: Any) -> Iterator[tuple[str, Any]]:
    from tests.api.live import serve_in_thread

    app = app_factory()
    with serve_in_thread(app) as url:
        yield url, app.state.services


def test_no_response_shows_another_players_cards(served: tuple[str, Any], deck: Deck) -> None:
    url, services = served
    table = Table(url, services)
    audit = Auditor(table, deck)
    audit.sweep("created")
    audit.try_foreign_cards()

    table.ok(0, type="narrate", text="The wind blew softly over the hills.")
    audit.sweep("neutral narration")

    bob_card = table.hands()[1][0]
    label = deck.story_card(bob_card).label("en")
    told = table.ok(0, type="narrate", text=f"Then came the {label.lower()}.")
    audit.check(0, told)
    audit.sweep("narration with a hint for Bob")

    # Cy claims a card that was not told: the table votes (OU-13) and turns it down; Cy
    # discards it and draws two (private).
    cy_card = next(c for c in table.hands()[2] if c != bob_card)
    disputed = table.ok(2, type="interrupt", card=cy_card)
    assert disputed["view"]["pending"]["voters"] == [1, 3]
    audit.check(2, disputed, named={cy_card})
    audit.sweep("disputed interrupt")
    table.ok(1, type="vote", yes=False)
    rejected = table.ok(3, type="vote", yes=False)
    assert rejected["events"][-1]["data"]["outcome"]["accepted"] is False
    audit.check(3, rejected, named={cy_card})
    audit.sweep("rejected interrupt")

    # Bob's interrupt is upheld; Ann draws one (private).
    upheld = table.ok(1, type="interrupt", card=bob_card)
    assert upheld["view"]["storyteller"] == 1
    audit.check(1, upheld)
    audit.sweep("accepted interrupt")

    # Bob passes with a discard (private) and draws one (private).
    discard = table.hands()[1][0]
    passed = table.ok(1, type="pass", discard=discard)
    audit.check(1, passed)
    audit.sweep("pass with a discard")

    # Cy plays a card and asks the table; Dee and Ann vote.
    cy_play = table.hands()[2][0]
    cy_label = deck.story_card(cy_play).label("en")
    table.ok(
        2, type="play", card=cy_play, sentence=f"A {cy_label.lower()} appeared.", ask_table=True
    )
    audit.sweep("vote open")
    table.ok(3, type="vote", yes=True)
    table.ok(0, type="vote", yes=True)  # two of three: the vote is settled
    audit.sweep("vote settled")

    # A stall report: Cy loses the turn and draws (private).
    table.ok(0, type="stall", seconds=9)
    audit.sweep("stall")
    audit.try_foreign_cards()


def test_openapi_examples_show_no_card(client: Any, deck: Deck) -> None:
    spec = client.get("/openapi.json").json()
    examples: list[Any] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key in ("example", "examples"):
                    examples.append(value)
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(spec)
    assert examples  # the error schema carries examples
    text = json.dumps(examples).casefold()
    for card in deck:
        for word in (card.id, card.label("en")):
            assert not re.search(rf"(?<![\w-]){re.escape(word.casefold())}(?![\w-])", text), word
