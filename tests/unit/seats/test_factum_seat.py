"""The Factum AI seat plays from its own seat's view: it volunteers only in rotation, tells a
canned story, and each of its choices is a legal move of the engine."""

import random

import pytest

from companion.games.factum import Config, apply, legal_moves, new_game, seat_view
from companion.games.factum.actions import ACTION_ADAPTER
from companion.seats.factum import FactumReader
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
