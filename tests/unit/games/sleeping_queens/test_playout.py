"""Random playouts: thousands of games of random legal actions, invariants after every step;
plus determinism, JSON round trips and replay from the action log."""

import random

import pytest
from pydantic import ValidationError

from companion.games.sleeping_queens import (
    Action,
    Config,
    ReplayError,
    State,
    action_from_json,
    action_to_json,
    apply,
    legal_actions,
    new_game,
    replay,
    sleeping_queens_deck,
)
from tests.unit.games.sleeping_queens.helpers import NAMES, check_invariants

GAMES = 2_000
MAX_STEPS = 1_000


def play_random(config: Config, rng: random.Random) -> tuple[State, list[Action]]:
    state, log = new_game(config), []
    for _ in range(MAX_STEPS):
        if state.over:
            return state, log
        moves = legal_actions(state)
        acting = state.acting_seat()
        assert acting is not None and moves[acting], "a seat must always be able to act"
        assert all(not moves[seat] for seat in moves if seat != acting)
        action = rng.choice(moves[acting])
        log.append(action)
        state = apply(state, action)
        assert all(len(hand) <= 5 for hand in state.hands)
    raise AssertionError(f"game {config.seed} did not end in {MAX_STEPS} steps")


def test_random_playouts_keep_every_invariant_and_end() -> None:
    rng = random.Random(2024)
    endings = {"goal": 0, "no_queen_asleep": 0}
    for game in range(GAMES):
        config = Config(players=NAMES[: 2 + game % 7], seed=game)
        state, _ = play_random(config, rng)
        check_invariants(state)
        assert state.over and state.winners and state.pending is None
        goal = state.goal
        reached = [
            s for s in range(state.players)
            if len(state.awake[s]) >= goal.queens or state.points(s) >= goal.points
        ]  # fmt: skip
        if reached:
            assert state.winners == tuple(reached)
            endings["goal"] += 1
        else:
            assert not state.sleeping_positions()
            best = max(state.points(s) for s in range(state.players))
            assert all(state.points(s) == best for s in state.winners)
            endings["no_queen_asleep"] += 1
    assert endings["goal"] > 0 and endings["no_queen_asleep"] > 0


def test_invariants_hold_after_every_step() -> None:
    rng = random.Random(7)
    for game in range(40):
        state = new_game(Config(players=NAMES[: 2 + game % 4], seed=10_000 + game))
        while not state.over:
            acting = state.acting_seat()
            assert acting is not None
            state = apply(state, rng.choice(legal_actions(state)[acting]))
            check_invariants(state)


def test_same_seed_same_game_and_replay_rebuilds_it() -> None:
    config = Config(players=NAMES[:3], seed=99)
    first, log = play_random(config, random.Random(5))
    second, log2 = play_random(config, random.Random(5))
    assert first == second and log == log2
    assert replay(config, log) == first
    assert replay(config, [action_from_json(action_to_json(a)) for a in log]) == first
    assert State.from_json(first.to_json()) == first
    assert new_game(Config(players=NAMES[:3], seed=100)) != new_game(config)


def test_states_round_trip_through_json_mid_game() -> None:
    config = Config(players=NAMES[:4], seed=3)
    _, log = play_random(config, random.Random(3))
    state = new_game(config)
    for action in log:
        state = apply(state, action)
        assert State.from_json(state.to_json()) == state


def test_apply_never_changes_the_given_state() -> None:
    config = Config(players=NAMES[:2], seed=11)
    _, log = play_random(config, random.Random(11))
    state = new_game(config)
    for action in log:
        before = state.to_json()
        state_after = apply(state, action)
        assert state.to_json() == before
        state = state_after


def test_replay_names_the_action_that_fails() -> None:
    config = Config(players=NAMES[:2], seed=1)
    _, log = play_random(config, random.Random(1))
    with pytest.raises(ReplayError) as error:
        replay(config, [log[0], log[0]])
    assert error.value.index == 1


@pytest.mark.parametrize("players", [(), ("solo",), (*NAMES, "Rex"), ("a", " ")])
def test_config_refuses_bad_player_lists(players: tuple[str, ...]) -> None:
    with pytest.raises(ValidationError):
        Config(players=players)


def test_malformed_actions_are_refused() -> None:
    with pytest.raises(ValidationError):
        action_from_json('{"type": "king", "seat": 0, "card": "king-1", "position": 12}')
    with pytest.raises(ValidationError):
        action_from_json('{"type": "discard", "seat": 0, "cards": []}')
    with pytest.raises(ValidationError):
        action_from_json('{"type": "fly", "seat": 0}')
    assert sleeping_queens_deck().goal(8).queens == 3
