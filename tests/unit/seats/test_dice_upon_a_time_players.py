"""Dice Upon a Time travellers: legal, deterministic, blind to hidden cards, and stronger in
order (random < heuristic) on a small match; the tournament command prints its table."""

import random

import pytest

from companion.cli import main
from companion.games.dice_upon_a_time import (
    Config,
    State,
    apply,
    as_action,
    legal_moves,
    new_game,
)
from companion.games.dice_upon_a_time.state import Die, Turn
from companion.seats.dice_upon_a_time import HeuristicPlayer, determinise, make_player
from companion.seats.dice_upon_a_time_search import SearchPlayer, spirit_bonus, spirit_moves
from companion.seats.dice_upon_a_time_tournament import tournament, wilson


def opening(seed: int = 3, players: int = 3) -> State:
    names = tuple(f"p{i}" for i in range(players))
    return new_game(Config(players=names, seed=seed, start_player=0))


@pytest.mark.parametrize("kind", ["random", "heuristic", "search"])
def test_every_traveller_plays_a_short_game_with_legal_moves(kind: str) -> None:
    config = Config(players=("a", "b"), seed=5, length="short", start_player=0)
    state = new_game(config)
    player = make_player(kind, seed=2)
    for _ in range(2_000):
        if state.over:
            break
        seat = state.pending[0].seat if state.pending else state.turn.seat  # type: ignore[union-attr]
        action = player.choose(state, seat)
        assert action in [as_action(seat, m) for m in legal_moves(state, seat) if m.type != "trade"]
        state = apply(state, action)
    assert state.over


def test_determinise_keeps_what_the_seat_sees_and_redraws_the_rest() -> None:
    state = opening()
    world = determinise(state, 1, random.Random(4))
    assert world.seats[1] == state.seats[1]
    assert [len(s.items) for s in world.seats] == [len(s.items) for s in state.seats]
    assert sorted(world.story_deck) == sorted(state.story_deck)
    assert world.story_deck != state.story_deck
    assert world.events[:1] == state.events[:1] and world.config.seed != state.config.seed
    assert {s.place for s in world.seats} == {s.place for s in state.seats}


def test_the_heuristic_does_not_peek_at_hidden_cards() -> None:
    state = opening()
    other = state.model_copy(update={"story_deck": tuple(reversed(state.story_deck))}).seat(
        2, items=state.item_deck[:1]
    )
    other = other.model_copy(update={"item_deck": (*state.item_deck[1:], *state.seats[2].items)})
    while state.pending:
        seat = state.pending[0].seat
        first = HeuristicPlayer(seed=9).choose(state, seat)
        assert HeuristicPlayer(seed=9).choose(other, seat) == first
        state, other = apply(state, first), apply(other, first)


def test_heuristic_beats_random_on_a_small_match() -> None:
    result = tournament("heuristic", "random", games=4, length="short", seed=3)
    assert result.a_score >= 3
    low, high = wilson(result.a_score, result.games)
    assert 0 <= low <= result.a_score / result.games <= high <= 1


def test_tournament_command_prints_win_rates_and_cooperative_rating(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["dice", "tournament", "--a", "random", "--b", "random", "--games", "2"]
    assert main([*argv, "--length", "short"]) == 0
    out = capsys.readouterr().out
    assert "random vs random: 2 games" in out and "move time p95" in out
    assert main([*argv, "--length", "short", "--coop", "--players", "3"]) == 0
    assert "mean AP" in capsys.readouterr().out


def test_search_weighs_topped_spirits_and_tries_them_with_its_lowest_die() -> None:
    state = opening(players=2)
    pool = tuple(Die(id=f"0.{n}", owner=0, face=f) for n, f in ((1, 5), (2, 2), (3, 6)))
    state = state.seat(0, pool=pool).model_copy(update={"turn": Turn(seat=0), "pending": ()})
    moves = {str(m.socket): m.die for m in spirit_moves(state, 0)}
    assert moves == {"rabbit": "0.2", "snake": "0.2", "fox.1": "0.2", "fox.2": "0.2"}
    snake = (Die(id="1.1", owner=1, face=2), pool[1])
    topped = state.model_copy(update={"sockets": {"snake": snake, "rabbit": (pool[0],)}})
    assert spirit_bonus(topped, 0) == 4.5 and spirit_bonus(topped, 1) == 0.0


def test_search_is_deterministic_under_its_seed_and_tries_the_spirits() -> None:
    state = opening(players=2)
    while state.pending:
        seat = state.pending[0].seat
        state = apply(state, HeuristicPlayer(seed=1).choose(state, seat))
    seat = state.turn.seat  # type: ignore[union-attr]
    player = SearchPlayer(seed=4, width=2, rollouts=4)
    candidates = player.candidates(state, seat)
    assert 2 < len(candidates) <= 2 + len(spirit_moves(state, seat))
    assert set(spirit_moves(state, seat)) <= set(candidates)
    first = SearchPlayer(seed=4, width=2, rollouts=4).choose(state, seat)
    assert SearchPlayer(seed=4, width=2, rollouts=4).choose(state, seat) == first
    assert first in [as_action(seat, m) for m in candidates]
