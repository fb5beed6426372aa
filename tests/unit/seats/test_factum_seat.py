"""The Factum AI seat plays from its own seat's view: it volunteers only in rotation, tells the
canned story whose link is neither obvious nor obscure, and each of its choices is a legal move
of the engine."""

import random

import pytest

from companion.games.factum import (
    Config,
    Volunteer,
    apply,
    legal_moves,
    new_game,
    seat_view,
)
from companion.games.factum.actions import ACTION_ADAPTER
from companion.seats.factum import FactumReader, choose_story
from companion.seats.factum_seat import FactumSeat, volunteers_next
from companion.seats.factum_storyteller import CannedStoryteller
from companion.story.factum import factum_bank
from embeddings import HashingEmbedder


@pytest.fixture(scope="module")
def reader() -> FactumReader:
    return FactumReader(HashingEmbedder())


def _seat(reader: FactumReader, seed: int) -> FactumSeat:
    return FactumSeat(reader, CannedStoryteller(), "en", random.Random(seed))


def test_ai_seats_volunteer_only_in_rotation(reader: FactumReader) -> None:
    state = new_game(Config(players=("A", "B", "C", "D"), deck=factum_bank("en"), seed=3))
    view = seat_view(state, 1)
    assert volunteers_next(view, 4) == 0
    assert _seat(reader, 1).decide(view, 1) is None  # seat 0 is first: seat 1 waits
    assert _seat(reader, 1).decide(seat_view(state, 0), 0) == {"type": "volunteer"}


@pytest.mark.parametrize("seed", range(6))
def test_every_ai_choice_is_a_legal_move_through_whole_turns(
    reader: FactumReader, seed: int
) -> None:
    state = new_game(Config(players=("A", "B", "C", "D", "E"), deck=factum_bank("en"), seed=seed))
    told = 0
    for _step in range(80):
        if state.is_terminal or told >= 3:
            break
        acted = False
        for seat in state.awaiting():
            body = _seat(reader, seed).decide(seat_view(state, seat), seat)
            if body is None:
                continue
            assert body["type"] in {m.type for m in legal_moves(state, seat)}
            if body["type"] == "tell":
                assert body["card"] in state.hands[seat] and body["text"]  # a story to read
                told += 1
            if body["type"] == "decoy":
                assert body["card"] in state.hands[seat]
            state = apply(state, ACTION_ADAPTER.validate_python({**body, "seat": seat}))
            acted = True
            break
        assert acted, f"no AI seat acts in phase {state.phase}"
    assert told == 3


def test_fa10_the_ai_storyteller_tells_the_story_the_judge_cannot_call(
    reader: FactumReader,
) -> None:
    teller = CannedStoryteller()
    state = new_game(Config(players=("A", "B", "C", "D"), deck=factum_bank("en"), seed=0))
    state = apply(state, Volunteer(seat=0))
    hand = [c for c in factum_bank("en") if teller.tellable([c], "en")][:5]
    view = {**seat_view(state, 0), "hand": hand}  # a hand of five cards with bank stories
    options = [(told.card, told.text) for told in teller.options(hand, "en")]
    assert len(options) == 5
    body = _seat(reader, 0).decide(view, 0)
    assert body is not None and body["type"] == "tell"
    assert (body["card"], body["text"]) == options[choose_story(reader, options, hand)]
    # Told once at this table, a story is not told again: the best of the others is.
    told_before = {**view, "history": [{"story": body["text"]}]}
    rest = [option for option in options if option[1] != body["text"]]
    again = _seat(reader, 0).decide(told_before, 0)
    assert again is not None
    assert (again["card"], again["text"]) == rest[choose_story(reader, rest, hand)]
