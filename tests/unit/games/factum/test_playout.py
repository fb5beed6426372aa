"""Thousands of random games (see `playout`) and a seeded determinism test."""

import os
import random

from companion.games.factum import State, apply, new_game
from tests.unit.games.factum.helpers import config, random_action
from tests.unit.games.factum.playout import play

# FACTUM_PLAYOUT_GAMES=20000 for a longer run; the default keeps the suite fast.
GAMES = int(os.environ.get("FACTUM_PLAYOUT_GAMES", "2000"))


def test_random_playouts_keep_every_invariant() -> None:
    most = [0]
    turns = reshuffled = 0
    for game in range(GAMES):
        state = play(game, most)
        turns += len(state.history)
        reshuffled += state.reshuffles > 0
    assert most[0] == 6, "the storyteller's 1 + 1 + 1 + 3 happens in thousands of games"
    assert reshuffled > GAMES // 4, "the small decks run out and are reshuffled"
    assert turns > GAMES * 5


def test_seeded_determinism() -> None:
    """The same config and the same choices give the same game; another seed another game."""
    first, again, other = (_first_turns(seed) for seed in (11, 11, 12))
    assert first == again
    assert first.history[0].table != other.history[0].table or first.hands != other.hands


def _first_turns(seed: int) -> State:
    rng = random.Random(0)
    state = new_game(config(7, seed=seed))
    while len(state.history) < 3:
        state = apply(state, random_action(state, rng))
    return state
