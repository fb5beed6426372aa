"""The Factum AI seat with a language model (the table turned it on): it tells the model's story
for a card of its own hand when the story passes the vetting, else a canned one, and says why."""

import random

import pytest

from companion.games.factum import Config, apply, new_game, seat_view
from companion.games.factum.actions import ACTION_ADAPTER
from companion.llm import FakeLLM, LLMUnavailable
from companion.seats.factum import FactumReader
from companion.seats.factum_seat import MODEL_FAILED, FactumSeat, vet_story
from companion.seats.factum_storyteller import (
    CannedStoryteller,
    ToldStory,
    bank_stories,
    story_origin,
)
from companion.story.factum import factum_bank
from embeddings import HashingEmbedder

INVENTED = (
    "My uncle and I built a kite out of newspaper and bamboo. It flew as high as the church "
    "roof, then snapped, and we grinned all the way down the hill."
)


@pytest.fixture(scope="module")
def reader() -> FactumReader:
    return FactumReader(HashingEmbedder())


def _storytelling_view(seed: int = 3) -> dict[str, object]:
    """Seat 0's view once it has volunteered: it must tell now (FA-2)."""
    state = new_game(Config(players=("A", "B", "C", "D"), deck=factum_bank("en"), seed=seed))
    state = apply(state, ACTION_ADAPTER.validate_python({"type": "volunteer", "seat": 0}))
    assert state.phase == "storytelling"
    return seat_view(state, 0)


def test_the_seat_tells_the_models_story_for_a_card_of_its_own_hand(
    reader: FactumReader,
) -> None:
    view = _storytelling_view()
    llm = FakeLLM([{"story": INVENTED}])
    seat = FactumSeat(reader, CannedStoryteller(), "en", random.Random(1), llm)
    body = seat.decide(view, 0)
    assert body is not None and body["text"] == INVENTED and body["card"] in view["hand"]  # type: ignore[operator]
    assert seat.note == "" and story_origin(INVENTED, "en") == "generated"
    (call,) = llm.calls
    assert f"<card>\n{body['card']}\n</card>" in call.prompt


def test_a_failing_model_gives_a_canned_story_and_a_note(reader: FactumReader) -> None:
    view = _storytelling_view()
    llm = FakeLLM([LLMUnavailable("down", model="fake", task="factum_story")])
    seat = FactumSeat(reader, CannedStoryteller(), "en", random.Random(1), llm)
    body = seat.decide(view, 0)
    assert body is not None and body["text"] in bank_stories("en")
    assert seat.note == MODEL_FAILED and story_origin(body["text"], "en") == "canned"


def test_without_a_model_the_seat_never_asks_one(reader: FactumReader) -> None:
    seat = FactumSeat(reader, CannedStoryteller(), "en", random.Random(1))
    body = seat.decide(_storytelling_view(), 0)
    assert body is not None and body["text"] in bank_stories("en") and seat.note == ""


@pytest.mark.parametrize(
    ("text", "language", "told_before", "reason"),
    [
        (INVENTED, "en", [], None),
        (INVENTED, "es", [], "not in the table's language"),
        (INVENTED, "en", [INVENTED], "already told at this table"),
        ("I felt so homesick that first winter abroad.", "en", [], "card's own words"),
    ],
)
def test_vetting_a_models_story(
    text: str, language: str, told_before: list[str], reason: str | None
) -> None:
    told = ToldStory("Feeling homesick", text, language, "generated")  # type: ignore[arg-type]
    found = vet_story(told, told_before)
    assert found == reason if reason is None else reason in str(found)
