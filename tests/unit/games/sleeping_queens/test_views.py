"""Per-seat views: over random playouts, no seat (nor a spectator) sees another seat's hand,
the draw pile's cards, or which queen sleeps where unless the table saw her go back."""

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from companion.games.sleeping_queens import (
    Config,
    Discard,
    State,
    apply,
    legal_actions,
    new_game,
    seat_view,
)
from tests.unit.games.sleeping_queens.helpers import NAMES, arrange


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item)


def secrets_for(state: State, seat: int | None) -> set[str]:
    # played face up (it may be back in the pile after a reshuffle) or turned by a jester
    public = {*state.last.cards, state.last.revealed or ""} if state.last is not None else set()
    hidden = {card for other, hand in enumerate(state.hands) if other != seat for card in hand}
    hidden |= set(state.draw_pile)
    hidden |= {q for q, known in zip(state.sleeping, state.known, strict=True) if q and not known}
    return hidden - public


def test_no_view_ever_holds_another_seats_secret() -> None:
    rng = random.Random(17)
    checked = 0
    for game in range(12):
        state = new_game(Config(players=NAMES[: 2 + game % 5], seed=game))
        while not state.over:
            for seat in [None, *range(state.players)]:
                view = seat_view(state, seat)
                seen = set(strings(json.loads(json.dumps(view))))
                assert not seen & secrets_for(state, seat)
                checked += 1
            acting = state.acting_seat()
            assert acting is not None
            state = apply(state, rng.choice(legal_actions(state)[acting]))
    assert checked > 500


def test_a_seat_sees_its_own_hand_and_the_public_table() -> None:
    state = arrange(3, hands={1: ["king-1", "number-1-1", "number-2-1", "number-3-1", "wand-1"]},
                    awake={2: ["heart"]})  # fmt: skip
    view = seat_view(state, 1)
    assert view["hand"] == list(state.hands[1])
    assert view["hand_sizes"] == [5, 5, 5] and view["queens"][2] == ["heart"]
    assert view["points"] == [0, 0, 20] and view["draw_pile_size"] == len(state.draw_pile)
    assert sum(p["asleep"] for p in view["positions"]) == 11
    assert seat_view(state, None)["hand"] is None
    after = apply(state.model_copy(update={"turn": 1}), Discard(seat=1, cards=("number-1-1",)))
    assert seat_view(after, 0)["discard"] == ["number-1-1"]
    with pytest.raises(ValueError, match="seat 3"):
        seat_view(state, 3)
