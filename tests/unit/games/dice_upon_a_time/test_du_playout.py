"""Random playouts (OpenSpiel's random_sim_test in spirit): games of random legal moves over
every player count, length and the co-operative variant, every invariant checked after every
step. `DU_PLAYOUT_GAMES` sets how many games (default 60; the report's run used 2,000)."""

import os
import random

from companion.games.dice_upon_a_time import Pass, Place, replay
from tests.unit.games.dice_upon_a_time.playout import check_invariants, config_for, random_game

GAMES = int(os.environ.get("DU_PLAYOUT_GAMES", "60"))


def test_random_playouts_keep_every_invariant() -> None:
    chapters_seen = set()
    for game in range(GAMES):
        config = config_for(game)
        quests_done = 0
        for before, action, after in random_game(config, random.Random(game)):
            check_invariants(after)
            done = len(after.shared_done) + sum(len(s.done) for s in after.seats)
            assert done >= quests_done  # AP once earned by a quest is never lost
            quests_done = done
            if isinstance(action, Pass):
                assert before.turn is not None and before.turn.seat == action.seat
            if isinstance(action, Place) and after.chapter == before.chapter:
                assert not before.seats[action.seat].passed
        assert after.over
        chapters_seen.add((config.length, after.chapter))
    assert ("short", 3) in chapters_seen and ("normal", 6) in chapters_seen


def test_replay_of_a_random_log_gives_an_equal_state() -> None:
    for game in range(4):
        config = config_for(game)
        steps = list(random_game(config, random.Random(100 + game)))
        final = steps[-1][2]
        assert replay(config, [action for _, action, _ in steps]) == final
