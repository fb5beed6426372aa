"""The worked example of the rules (seeds 000/004, RULES.md), told over HTTP at a table with a
physical deck, ruled by the real referee on the real bundled model:

Cliff plays Old Woman, King; Spike interrupts with Journey; Spike plays Village, Mountain, Door;
Jessica interrupts with "Interrupt: any Item" (Door is an Item); Jessica plays Window; Tom's
"People Meet" is rejected (discard, draw two); Jessica plays "This Animal Can Talk", then
passes (draws one, discards one); Tom, on her left, becomes storyteller."""

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.api.conftest import Seat, physical_table

pytestmark = pytest.mark.slow  # the real embedding model


@pytest.fixture
def ruled_client(app_factory: Callable[..., FastAPI], real_referee: Any) -> Iterator[TestClient]:
    with TestClient(app_factory(referee=real_referee)) as client:
        yield client


def _play(seat: Seat, card: str, sentence: str) -> dict[str, Any]:
    result = seat.ok(type="play", card=card, sentence=sentence)
    action = result["events"][0]["data"]
    assert action["outcome"]["accepted"] is True, (card, action["action"]["judgement"])
    assert action["action"]["judgement"]["by"] == "referee"
    return result


def test_the_worked_example_of_the_rules(ruled_client: TestClient) -> None:
    cliff, spike, jessica, tom = physical_table(
        ruled_client,
        [
            ["old-woman", "king"],
            ["journey", "village", "mountain", "door"],
            ["tree", "window", "this-animal-can-talk", "ring"],
            ["people-meet"],
        ],
    )
    _play(cliff, "old-woman", "Once upon a time there was an old woman who lived alone.")
    _play(cliff, "king", "Then the king himself rode past her house.")
    cliff.ok(type="narrate", text="He was setting out on a long journey across the land.")

    # Spike hears his Journey card and takes the story over (OU-10, OU-12).
    assert "journey" in {h["card"] for h in spike.view()["hints"]}
    taken = spike.ok(type="interrupt", card="journey")
    assert taken["view"]["storyteller"] == 1
    assert taken["events"][0]["data"]["outcome"]["draws"] == [
        {"seat": 0, "count": 1, "endings_count": 0}
    ]

    _play(spike, "village", "At dusk he reached a small village.")
    _play(spike, "mountain", "Behind the village rose a dark mountain.")
    _play(spike, "door", "In the mountainside there was a door.")

    # Door is an Item: Jessica's "Interrupt: any Item" (Tree, OU-2) takes over (OU-11).
    took = jessica.ok(type="card_interrupt", card="tree")
    assert took["view"]["storyteller"] == 2
    _play(jessica, "window", "From her window, the old woman watched a stranger walk by.")

    # Tom claims People Meet: she only saw him through the window; they have not met (OU-14).
    claimed = tom.ok(type="interrupt", card="people-meet")
    if claimed["view"]["pending"] is not None:  # the referee left it to the table (OU-13)
        cliff.ok(type="vote", yes=False)
        claimed = spike.ok(type="vote", yes=False)
    outcome = next(e for e in claimed["events"] if e["type"] == "action")["data"]["outcome"]
    assert outcome["accepted"] is False
    assert outcome["penalised"] == [3] and outcome["discarded"] == ["people-meet"]
    assert claimed["view"]["storyteller"] == 2

    _play(jessica, "this-animal-can-talk", 'Her old cat looked up and said, "Do not open it."')
    passed = jessica.ok(type="pass", discard="ring")  # OU-9: discard one, draw one
    view = passed["view"]
    assert view["storyteller"] == 3  # Tom, on Jessica's left
    assert [p["card"] for p in view["table"]] == [
        "old-woman",
        "king",
        "journey",
        "village",
        "mountain",
        "door",
        "tree",
        "window",
        "this-animal-can-talk",
    ]
    hows = [p["how"] for p in view["table"]]
    assert hows[2] == "interrupt" and hows[6] == "card_interrupt" and hows.count("play") == 7
    # 7 dealt to each of four players (OU-4), then what each played, drew and discarded
    assert [s["hand_size"] for s in view["seats"]] == [6, 4, 4, 8]
    # Tom tells the table which two cards he drew (physical deck)
    drew = tom.ok(type="declare_draw", cards=["Wolf", "Espada"])  # names in any language
    assert {c["id"] for c in drew["view"]["hand"]} == {"wolf", "sword"}


def test_the_referee_tool_says_which_story_line_a_re_mention_points_back_to(
    ruled_client: TestClient,
) -> None:
    response = ruled_client.post(
        "/v1/referee/mentions",
        json={
            "text": "The creature howled at the moon.",
            "cards": ["Wolf", "Sword"],
            "story": ["The princess left the castle.", "A grey wolf followed her."],
        },
    )
    assert response.status_code == 200, response.text
    (wolf,) = response.json()["mentions"]
    assert (wolf["card"], wolf["method"], wolf["evidence"]) == (
        "Wolf",
        "re-mention",
        "The creature",
    )
    assert (wolf["antecedent"], wolf["antecedent_line"]) == ("wolf", 1)
