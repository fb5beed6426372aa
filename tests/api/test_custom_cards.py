"""A table's own story cards (an expansion's, another edition's, made up), over HTTP: created with
the table, dealt first on a virtual deck, named by label on a physical one, heard by the referee,
told by an AI seat with the offline narrator, and refused with a clear 422 when they cannot be
cards."""

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.api.conftest import open_table, physical_table, play_out_passively

SCARECROW = {"label": "Scarecrow", "group": "characters"}
HARVEST = {"label": "A Harvest", "group": "events"}
SCARECROW_ID = "custom:characters:Scarecrow"


def _hand_of(client: TestClient, table_id: str, seat: int) -> tuple[str, ...]:
    state = client.app.state.services.tables.state(table_id)  # type: ignore[attr-defined]
    hand: tuple[str, ...] = state.game.seats[seat].hand
    return hand


def test_the_tables_own_cards_are_shuffled_into_the_deck(client: TestClient) -> None:
    cards = [SCARECROW, HARVEST]
    dealt = 0
    for seed in range(40):
        ann, _bob = open_table(
            client, players=[{"name": "Ann"}, {"name": "Bob"}], custom_cards=cards, seed=seed
        )
        assert len(ann.view()["custom_cards"]) == 2 and ann.view()["draw_pile"] == 111 - 20
        held = [*_hand_of(client, ann.table_id, 0), *_hand_of(client, ann.table_id, 1)]
        dealt += sum(card.startswith("custom:") for card in held)
    # 2 of 111 cards, 20 dealt a table: about 0.36 a table by chance, not 2 every time
    assert 4 <= dealt <= 30


def test_a_virtual_deck_may_deal_the_tables_own_cards_first(client: TestClient) -> None:
    cards = [SCARECROW, HARVEST, {"label": "Músico", "group": "characters"}]
    ann, bob = open_table(
        client,
        players=[{"name": "Ann"}, {"name": "Bob"}],
        custom_cards=cards,
        deal_custom_first=True,
        seed=5,
    )
    view = ann.view()
    assert [c["label"] for c in view["custom_cards"]] == ["Scarecrow", "A Harvest", "Músico"]
    assert [c["group"] for c in view["custom_cards"]] == ["characters", "events", "characters"]
    held = [c["id"] for c in ann.view()["hand"]] + [c["id"] for c in bob.view()["hand"]]
    assert sorted(c for c in held if c.startswith("custom:")) == sorted(
        c["id"] for c in view["custom_cards"]
    )
    mine = [c for c in ann.view()["hand"] if c["id"].startswith("custom:")]
    assert mine and len(ann.view()["hand"]) == 10  # OU-4: two players hold ten each
    assert all(c["interrupt"] is False for c in view["custom_cards"])


def test_a_custom_card_is_heard_and_claimed_like_a_printed_one(client: TestClient) -> None:
    three = [SCARECROW, HARVEST, {"label": "Músico", "group": "characters"}]
    ann, bob = open_table(
        client,
        players=[{"name": "Ann"}, {"name": "Bob"}],
        custom_cards=three,
        deal_custom_first=True,
        seed=2,
    )
    bobs = [c for c in _hand_of(client, bob.table_id, 1) if c.startswith("custom:")]
    assert bobs  # three custom cards over two seats: each holds one at least
    ann.ok(type="narrate", text="The scarecrow danced with the músico until the harvest began.")
    hints = bob.view()["hints"]
    assert sorted(h["card"] for h in hints) == sorted(bobs)
    assert all(h["evidence"] and h["label"] in h["evidence"].capitalize() for h in hints)
    assert ann.view()["hints"] == []  # the teller hears nothing of its own cards
    claimed = bob.ok(type="interrupt", card=bob.view()["hints"][0]["label"].upper())
    assert claimed["events"][0]["data"]["outcome"]["accepted"] is True
    assert ann.view()["table"][0]["card"] == hints[0]["card"]
    assert ann.view()["table"][0]["label"] == hints[0]["label"]


def test_a_physical_deck_names_the_tables_own_cards_by_label(client: TestClient) -> None:
    ann, _bob = physical_table(
        client,
        [["Scarecrow", "king"], ["A Harvest"]],
        custom_cards=[SCARECROW, HARVEST],
    )
    hand = ann.view()["hand"]
    assert [c["id"] for c in hand] == [SCARECROW_ID, "king"]
    result = ann.ok(
        type="play", card="SCARECROW", sentence="The scarecrow climbed down from its pole."
    )
    assert result["events"][0]["data"]["outcome"]["accepted"] is True
    assert result["view"]["table"][0]["card"] == SCARECROW_ID
    # a custom card of no table of this one's is no card here
    error = ann.refused(422, type="play", card="custom:characters:Wizard", sentence="A wizard.")
    assert error["error"] == "unknown_card"


@pytest.mark.parametrize(
    ("card", "says"),
    [
        ({"label": "   ", "group": "characters"}, "needs a label"),
        ({"label": "x" * 61, "group": "items"}, "at most 60"),
        ({"label": "1234", "group": "items"}, "needs a letter"),
        ({"label": "bad\u0007bell", "group": "items"}, "plain text"),
        ({"label": "King", "group": "characters"}, "the deck already has 'King'"),
        ({"label": "Dragón", "group": "characters"}, "the deck already has"),
    ],
)
def test_a_card_that_cannot_be_one_is_refused_clearly(
    client: TestClient, card: dict[str, str], says: str
) -> None:
    response = client.post(
        "/v1/tables", json={"players": [{"name": "A"}, {"name": "B"}], "custom_cards": [card]}
    )
    assert response.status_code == 422, response.text
    assert says in response.json()["message"]
    assert "custom_cards[0]" in response.json()["message"]


def test_the_same_card_twice_and_an_unknown_group_are_refused(client: TestClient) -> None:
    twice = [SCARECROW, {"label": "scarecrow ", "group": "items"}]
    players = [{"name": "A"}, {"name": "B"}]
    response = client.post("/v1/tables", json={"players": players, "custom_cards": twice})
    assert response.status_code == 422 and "listed twice" in response.json()["message"]
    physical = {"deck_mode": "physical", "deal_custom_first": True}
    response = client.post("/v1/tables", json={"players": players, **physical})
    assert response.status_code == 422 and "deal_custom_first" in response.json()["message"]
    wrong = [{"label": "Scarecrow", "group": "people"}]
    response = client.post("/v1/tables", json={"players": players, "custom_cards": wrong})
    assert response.status_code == 422


def test_a_table_with_custom_cards_reloads_from_its_log(app_factory: Any, sqlite_url: str) -> None:
    with TestClient(app_factory()) as first:
        ann, _bob = open_table(
            first,
            players=[{"name": "Ann"}, {"name": "Bob"}],
            custom_cards=[SCARECROW],
            deal_custom_first=True,
            seed=3,
        )
        before = ann.view()
    with TestClient(app_factory()) as second:
        again = second.get(f"/v1/tables/{ann.table_id}", headers=ann.headers)
        assert again.status_code == 200
        assert again.json()["hand"] == before["hand"]
        assert again.json()["custom_cards"] == before["custom_cards"]


def test_a_solo_game_with_own_cards_against_two_ai_seats_reaches_its_end(
    client: TestClient,
) -> None:
    """The AI seats tell, play and judge the table's own cards with the offline narrator: every
    card they play is accepted, their own cards among them, and the story reaches an ending."""
    own = [
        SCARECROW,
        HARVEST,
        {"label": "Lantern", "group": "items"},
        {"label": "Mill", "group": "places"},
    ]
    human, *_ = open_table(
        client,
        players=[{"name": "Me"}, {"name": "Robin", "kind": "ai"}, {"name": "Ada", "kind": "ai"}],
        custom_cards=own,
        deal_custom_first=True,
        seed=4,
        first_storyteller={"method": "given", "seat": 1},
    )
    view = play_out_passively(human)
    assert view["finished"] and view["winner"] in (1, 2)
    plays = [
        e["data"]
        for e in human.events()
        if e["type"] == "action" and e["data"]["action"]["type"] == "play"
    ]
    assert plays and all(p["outcome"]["accepted"] for p in plays)
    told = [p for p in plays if p["action"]["card"].startswith("custom:")]
    assert told, "no AI seat played one of the table's own cards"
    for play in told:
        label = play["action"]["card"].rsplit(":", 1)[1]
        assert label.casefold() in play["action"]["sentence"].casefold()
