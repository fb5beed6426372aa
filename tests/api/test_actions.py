"""Every action over HTTP, on a physical deck whose hands are declared (so tests know them) and
on a virtual deck (where the engine deals and draws). The referee here is real on lexical
evidence (card names and aliases) with a fake embedder; tests about semantics use the real
model (test_worked_example.py)."""

import time
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.api.conftest import open_table, physical_table


def _story(view: dict[str, Any]) -> list[str]:
    return [line["text"] for line in view["story"]]


def _hint_cards(view: dict[str, Any]) -> set[str]:
    return {hint["card"] for hint in view["hints"]}


def _types(events: list[dict[str, Any]]) -> list[str]:
    return [event["type"] for event in events]


def test_narrate_appends_a_line_and_only_the_holders_hear_of_their_cards(
    client: TestClient,
) -> None:
    ann, bob, cy = physical_table(client, [["king", "castle"], ["wolf", "forest"], ["sword"]])
    result = ann.ok(type="narrate", text="A grey wolf walked out of the deep forest.")
    assert result["view"]["story"][0]["text"] == "A grey wolf walked out of the deep forest."
    # the teller hears of no one's cards
    assert [e["data"]["hints"] for e in result["events"] if e["type"] == "ruled"] == [[]]
    assert _hint_cards(bob.view()) == {"wolf", "forest"}
    assert sorted(h["evidence"] for h in bob.view()["hints"]) == ["forest", "wolf"]
    assert _hint_cards(cy.view()) == set()
    assert [len(e["data"]["hints"]) for e in bob.events() if e["type"] == "ruled"] == [2]
    for other in (ann, cy):
        assert [e["data"]["hints"] for e in other.events() if e["type"] == "ruled"] == [[]]


def test_only_the_storyteller_narrates(client: TestClient) -> None:
    _ann, bob, _cy = physical_table(client, [["king"], ["wolf"], ["sword"]])
    error = bob.refused(409, type="narrate", text="I take over.")
    assert error["rule"] == "OU-6" and error["error"] == "illegal_action"


def test_an_interrupt_the_referee_hears_takes_the_story_over(client: TestClient) -> None:
    ann, bob, _cy = physical_table(client, [["king"], ["wolf", "forest"], ["sword"]])
    ann.ok(type="narrate", text="A grey wolf walked out of the forest.")
    result = bob.ok(type="interrupt", card="wolf")
    action = result["events"][0]["data"]
    assert action["action"]["judgement"]["by"] == "referee"
    assert action["outcome"]["accepted"] is True
    view = result["view"]
    assert view["storyteller"] == 1
    assert [p["card"] for p in view["table"]] == ["wolf"]
    assert view["seats"][0]["hand_size"] == 9  # 8 dealt + 1 drawn (OU-12)
    assert view["seats"][1]["hand_size"] == 7


def test_an_interrupt_the_referee_does_not_hear_goes_to_the_table_with_its_evidence(
    client: TestClient,
) -> None:
    """OU-13: the disputed interrupt is the uninvolved players' to decide; they see what the
    referee found, and only their "no" costs the claimant the card and two draws (OU-14)."""
    ann, bob, cy = physical_table(client, [["king"], ["wolf"], ["sword"]])
    ann.ok(type="narrate", text="A grey wolf walked out of the forest.")
    opened = cy.ok(type="interrupt", card="sword")
    assert _types(opened["events"]) == ["vote_opened"]
    ballot = opened["view"]["pending"]
    assert (ballot["kind"], ballot["rule"], ballot["voters"]) == ("mention", "OU-13", [1])
    assert ballot["evidence"] == {"finding": "not_heard", "phrase": ""}
    assert "the referee does not hear Sword" in ballot["question"]
    assert bob.view()["pending"]["evidence"]["finding"] == "not_heard"
    assert cy.view()["storyteller"] == 0 and cy.view()["seats"][2]["hand_size"] == 8
    result = bob.ok(type="vote", yes=False, ballot=ballot["ballot"])
    outcome = result["events"][-1]["data"]["outcome"]
    assert outcome["accepted"] is False
    assert outcome["penalised"] == [2] and outcome["discarded"] == ["sword"]  # OU-14
    view = cy.view()
    assert view["storyteller"] == 0
    assert view["seats"][2]["hand_size"] == 9  # 8 − 1 + 2
    assert "sword" not in [c["id"] for c in view["hand"]]


def test_the_table_can_uphold_an_interrupt_the_referee_did_not_hear(client: TestClient) -> None:
    ann, bob, cy = physical_table(client, [["king"], ["wolf"], ["sword"]])
    ann.ok(type="narrate", text="The knight rode on toward the hills.")
    opened = cy.ok(type="interrupt", card="sword")
    ballot = opened["view"]["pending"]
    assert ballot["kind"] == "mention"
    settled = bob.ok(type="vote", yes=True, ballot=ballot["ballot"])
    assert settled["events"][-1]["data"]["outcome"]["accepted"] is True
    assert cy.view()["storyteller"] == 2


def test_an_asked_table_sees_the_referees_evidence(client: TestClient) -> None:
    ann, bob, _cy = physical_table(client, [["king"], ["wolf"], ["sword"]])
    ann.ok(type="narrate", text="A grey wolf walked out of the forest.")
    opened = bob.ok(type="interrupt", card="wolf", ask_table=True)
    ballot = opened["view"]["pending"]
    assert ballot["evidence"]["finding"] == "heard"
    assert "wolf" in ballot["evidence"]["phrase"].lower()


def test_a_card_interrupt_follows_a_played_card_of_its_group(client: TestClient) -> None:
    ann, bob, cy = physical_table(client, [["door", "king"], ["tree"], ["bridge"]])
    played = ann.ok(type="play", card="door", sentence="She knocked on the old door.")
    assert played["events"][0]["data"]["outcome"]["accepted"] is True
    assert played["view"]["window_group"] == "items"
    assert [m["cards"] for m in bob.view()["moves"] if m["type"] == "card_interrupt"] == [["tree"]]
    # Cy's hidden (undeclared) cards might hold one: the move is open, with no known card.
    assert [m["cards"] for m in cy.view()["moves"] if m["type"] == "card_interrupt"] == [[]]
    assert cy.refused(409, type="card_interrupt", card="bridge")["rule"] == "OU-11"
    result = bob.ok(type="card_interrupt", card="tree")
    assert result["view"]["storyteller"] == 1
    assert [p["how"] for p in result["view"]["table"]] == ["play", "card_interrupt"]


def test_a_play_the_referee_does_not_hear_does_not_count(client: TestClient) -> None:
    ann, _bob, _cy = physical_table(client, [["king"], ["wolf"], ["sword"]])
    result = ann.ok(type="play", card="king", sentence="The wind blew over the hills.")
    assert result["events"][0]["data"]["outcome"]["accepted"] is False
    assert result["view"]["table"] == [] and [c["id"] for c in result["view"]["hand"]] == ["king"]


def test_a_play_can_go_to_the_table_instead_of_the_referee(client: TestClient) -> None:
    ann, bob, cy = physical_table(client, [["king"], ["wolf"], ["sword"]])
    opened = ann.ok(type="play", card="king", sentence="Their ruler was old.", ask_table=True)
    assert _types(opened["events"]) == ["vote_opened"]
    ballot = opened["view"]["pending"]
    assert ballot["kind"] == "significance" and ballot["voters"] == [1, 2]
    assert bob.view()["can_vote"] and not ann.view()["can_vote"]
    # While the table votes, the story waits.
    assert ann.refused(409, type="narrate", text="And so on.")["error"] == "vote_open"
    assert ann.refused(409, type="vote", yes=True)["rule"] == "OU-7"
    bob.ok(type="vote", yes=True, ballot=ballot["ballot"])
    assert bob.refused(409, type="vote", yes=False)["message"].endswith("you already voted.")
    settled = cy.ok(type="vote", yes=True)
    assert _types(settled["events"]) == ["vote_cast", "action", "ruled"]
    judgement = settled["events"][1]["data"]["action"]["judgement"]
    assert judgement == {"kind": "vote", "yes": [1, 2], "no": []}
    assert settled["view"]["pending"] is None and settled["view"]["table"][0]["card"] == "king"


def test_voting_with_no_open_vote_is_refused(client: TestClient) -> None:
    _ann, bob, _cy = physical_table(client, [["king"], ["wolf"], ["sword"]])
    assert bob.refused(409, type="vote", yes=True)["error"] == "no_vote_open"


def test_a_challenge_without_a_model_goes_to_a_show_of_hands(client: TestClient) -> None:
    ann, bob, cy = physical_table(client, [["king"], ["wolf"], ["sword"]])
    ann.ok(type="narrate", text="The moon was made of cheese and the sea was dry.")
    opened = bob.ok(type="challenge", reason="nonsense")
    ballot = opened["view"]["pending"]
    assert ballot["kind"] == "silly" and ballot["voters"] == [2] and ballot["rule"] == "OU-17"
    settled = cy.ok(type="vote", yes=True)
    outcome = settled["events"][-1]["data"]["outcome"]
    assert outcome["accepted"] is True
    assert settled["view"]["storyteller"] == 1  # the left neighbour continues (OU-17)


def test_a_stall_of_more_than_five_seconds_loses_the_turn(client: TestClient) -> None:
    _ann, bob, _cy = physical_table(client, [["king"], ["wolf"], ["sword"]])
    assert bob.refused(409, type="stall", seconds=3)["rule"] == "OU-16"
    result = bob.ok(type="stall", seconds=7)
    assert result["view"]["storyteller"] == 1
    assert result["view"]["seats"][0]["hand_size"] == 9


def test_pass_discards_privately_and_draws(client: TestClient) -> None:
    ann, bob, cy = open_table(
        client, players=[{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}], seed=11
    )
    hand = [c["id"] for c in ann.view()["hand"]]
    result = ann.ok(type="pass", discard=hand[0])
    view = result["view"]
    assert view["storyteller"] == 1
    assert len(view["hand"]) == len(hand) and hand[0] not in [c["id"] for c in view["hand"]]
    assert len(view["drew"]) == 1 and view["drew"][0] in [c["id"] for c in view["hand"]]
    mine = next(e for e in ann.events() if e["type"] == "action")["data"]
    theirs = next(e for e in bob.events() if e["type"] == "action")["data"]
    assert mine["action"]["discard"] == hand[0] and mine["outcome"]["drew"] == view["drew"]
    assert theirs["action"]["discard"] == "hidden" and "drew" not in theirs["outcome"]
    assert cy.view()["drew"] == []


def test_a_card_not_in_hand_is_refused_without_saying_where_it_is(client: TestClient) -> None:
    ann, bob, _cy = open_table(
        client, players=[{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}], seed=11
    )
    theirs = bob.view()["hand"][0]
    error = ann.refused(409, type="play", card=theirs["id"], sentence="Something happened.")
    assert error["rule"] == "OU-6"
    assert "Bob" not in error["message"]
    error = ann.refused(409, type="pass", discard=theirs["label"])
    assert error["rule"] == "OU-9" and "Bob" not in error["message"]


def test_unknown_cards_get_a_clear_422(client: TestClient) -> None:
    ann, _bob, _cy = physical_table(client, [["king"], ["wolf"], ["sword"]])
    error = ann.refused(422, type="play", card="unicorn", sentence="A unicorn!")
    assert error["error"] == "unknown_card" and "/v1/decks" in error["message"]
    error = ann.refused(422, type="end", ending="end-99", linking=["So."])
    assert error["error"] == "unknown_card"


def test_cards_may_be_named_in_any_language(client: TestClient) -> None:
    ann, _bob, _cy = physical_table(client, [["old-woman"], ["wolf"], ["sword"]])
    result = ann.ok(type="play", card="Anciana", sentence="An old woman lived by the sea.")
    assert result["view"]["table"][0]["card"] == "old-woman"


def test_declaring_physical_cards(client: TestClient) -> None:
    ann, bob, cy = physical_table(client, [[], [], []])
    assert ann.view()["hidden"] == 8
    result = ann.ok(type="declare_hand", cards=["king", "Queen"], endings=["end-01"])
    assert [c["id"] for c in result["view"]["hand"]] == ["king", "queen"]
    assert result["view"]["hidden"] == 6 and result["view"]["hidden_endings"] == 0
    # Others learn how many cards were declared, not which.
    declared = next(e for e in bob.events() if e["type"] == "action")["data"]["action"]
    assert declared["cards_count"] == 2 and "cards" not in declared
    assert bob.refused(409, type="declare_hand", cards=["king"])["rule"] == "PD-1"
    # A card drawn must be declared as drawn only after a draw (PD-2).
    assert cy.refused(409, type="declare_draw", cards=["wolf"])["rule"] == "PD-2"
    bob.ok(type="stall", seconds=6)  # Ann loses the turn and draws one
    drew = ann.ok(type="declare_draw", cards=["wolf"])
    assert "wolf" in [c["id"] for c in drew["view"]["hand"]] and drew["view"]["owed"] == 0


def test_a_full_story_to_an_accepted_ending(client: TestClient) -> None:
    hands = [["king", "queen"], ["wolf"], ["sword"]]
    seats = physical_table(
        client,
        hands,
        endings=[["end-01"], ["end-02"], ["end-03"]],
        first_storyteller={"method": "given", "seat": 0},
    )
    ann, bob, cy = seats
    # Physical hands hold 8 cards each (OU-4): Ann names them as she plays them.
    cards = ["king", "queen", "castle", "dragon", "sword", "ring", "forest", "river"]
    cards[4] = "crown"  # the sword is Cy's
    sentences = {
        "king": "A king ruled the land.",
        "queen": "His queen was kind.",
        "castle": "They lived in a castle.",
        "dragon": "A dragon came one day.",
        "crown": "It stole the crown.",
        "ring": "The queen lost her ring.",
        "forest": "The dragon flew over the forest.",
        "river": "It drank from the river.",
    }
    for card in cards:
        ann.ok(type="play", card=card, sentence=sentences[card])
    assert ann.view()["seats"][0]["hand_size"] == 0
    assert [m["type"] for m in ann.view()["moves"]][:3] == ["narrate", "pass", "end"]
    opened = ann.ok(type="end", ending="end-01", linking=["The dragon flew home."])
    assert opened["view"]["pending"]["kind"] == "ending"
    bob.ok(type="vote", yes=True)
    done = cy.ok(type="vote", yes=True)
    view = done["view"]
    assert view["finished"] and view["winner"] == 0 and view["ending"]["id"] == "end-01"
    assert view["moves"] == []
    error = bob.refused(409, type="narrate", text="More!")
    assert error["rule"] == "OU-18"


def test_a_vote_closes_at_its_deadline_with_the_hands_that_are_up(
    app_factory: Callable[..., FastAPI],
) -> None:
    with TestClient(app_factory(vote_timeout_s=0.5)) as client:
        ann, bob, _cy = physical_table(client, [["king"], ["wolf"], ["sword"]])
        opened = ann.ok(type="play", card="king", sentence="Their ruler was old.", ask_table=True)
        assert opened["view"]["pending"]["closes_at"]
        bob.ok(type="vote", yes=True)  # Cy never votes
        deadline = time.monotonic() + 30
        while ann.view()["pending"] is not None:  # the server closes it by itself
            assert time.monotonic() < deadline
            time.sleep(0.05)
        settled = next(e for e in ann.events() if e["type"] == "action" and "ballot" in e["data"])[
            "data"
        ]
        assert settled["action"]["judgement"] == {"kind": "vote", "yes": [1], "no": []}
        assert ann.view()["table"][0]["card"] == "king"


def test_a_silent_vote_on_a_claim_lets_the_claim_fail(client: TestClient) -> None:
    ann, bob, _cy = physical_table(client, [["king"], ["wolf"], ["sword"]])
    ann.ok(type="narrate", text="Something stirred.")
    bob.ok(type="interrupt", card="wolf", ask_table=True)
    # Past the deadline the vote closes (the next action, or the server's own timer, closes
    # it first): no hand up, so the claim fails as on a tie.
    tables = client.app.state.services.tables  # type: ignore[attr-defined]
    tables._clock = lambda: time.time() + 3600
    result = ann.ok(type="narrate", text="And went on.")
    settled = next(e for e in ann.events() if e["type"] == "action" and "ballot" in e["data"])[
        "data"
    ]
    judgement = settled["action"]["judgement"]
    assert judgement["by"] == "table" and judgement["accepted"] is False
    assert "nobody voted" in judgement["reason"]
    assert settled["outcome"]["penalised"] == [1]  # OU-14
    assert result["view"]["storyteller"] == 0 and result["view"]["story"][-1]["text"] == (
        "And went on."
    )
