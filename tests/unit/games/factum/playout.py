"""Random playouts (OpenSpiel's random_sim_test in spirit): whole games of random legal actions,
invariants checked after every step that moves cards, every turn and every game.

Kept out of the test module so pytest does not rewrite its asserts: they run a million times.
"""

import random

from companion.games.base import GameError
from companion.games.factum import (
    Config,
    Guess,
    State,
    Volunteer,
    apply,
    cards_needed,
    legal_actions,
    legal_moves,
    new_game,
    replay,
)
from tests.unit.games.factum.helpers import config, random_action

MAX_STEPS = 2_000


def _config(game: int) -> Config:
    """Every player count; half the games on the smallest deck, so the discards get reshuffled;
    one game in ten with a physical deck."""
    players = 4 + game % 9
    size = cards_needed(players) if game % 2 else 80
    mode = "physical" if game % 10 == 3 else "virtual"
    return config(players, seed=game, size=size, deck_mode=mode)


def _check_step(state: State, before: State, deck: frozenset[str]) -> None:
    """After every step that moves cards (a phase change or a decoy), every card's place."""
    assert state.awaiting() or state.is_terminal
    if state.phase == before.phase and state.phase != "decoys":
        return  # a vote: no card moves
    if state.phase == "guessing":
        assert len(state.current().table) >= 5
        assert len(set(state.current().table)) == len(state.current().table)
    if state.physical:
        assert state.hands == ((),) * state.players and state.draw_pile == ()
        return
    cards = state.cards_in_play()
    assert len(cards) == len(deck) and set(cards) == deck, "cards conserved"
    if state.phase == "volunteer":
        assert all(len(hand) == 5 for hand in state.hands), "hands of 5 at each turn start"


def _expected_title(state: State) -> tuple[int, int, bool]:
    """The title re-derived from the finished turns alone: (story turn, holder, points)."""
    first = state.history[0]
    title, holder, points = first.number, first.storyteller, False
    for turn in state.history[1:]:
        if turn.best == "current":
            title, holder, points = turn.number, turn.storyteller, True
        elif turn.best == "reigning":
            points = True
    return title, holder, points


def _check_turn(state: State, most: list[int]) -> None:
    turn = state.history[-1]
    most[0] = max(most[0], *turn.points)
    assert max(turn.points) <= 6, "no seat gains more than 6 in a turn"
    totals = [sum(t.points[seat] for t in state.history) for seat in range(state.players)]
    assert list(state.scores) == totals
    assert min(state.scores) >= 0
    assert state.title is not None
    assert (state.title.turn, state.title.holder, state.title.points) == _expected_title(state)
    assert (turn.best is None) == (turn.number == 1)


def _refused_untouched(state: State, rng: random.Random) -> None:
    """An action by a seat that must wait is refused, and the state is left as it was."""
    legal = legal_actions(state)
    idle = [seat for seat, moves in legal.items() if not moves]
    if not idle:
        return
    seat = rng.choice(idle)
    before = state.to_json()
    action = Volunteer(seat=seat) if state.phase != "volunteer" else Guess(seat=seat, card="x")
    try:
        apply(state, action)
    except GameError:
        assert state.to_json() == before
    else:
        raise AssertionError(f"{action} was accepted from a seat with no legal move")


def _check_legal(state: State) -> None:
    """`legal_actions` gives every seat that must act its moves, and nothing to the others."""
    legal = legal_actions(state)
    waiting = state.awaiting()
    assert sorted(legal) == list(range(state.players))
    assert all(bool(legal[seat]) == (seat in waiting) for seat in legal)
    assert all(legal[seat] == legal_moves(state, seat) for seat in waiting)


def play(game: int, most: list[int]) -> State:
    """Play game number `game` to its end; `most[0]` keeps the most points a seat won in a turn."""
    rng = random.Random(game)
    state = new_game(_config(game))
    deck = frozenset(state.config.deck)
    actions = []
    for _ in range(MAX_STEPS):
        if state.is_terminal:
            break
        if rng.random() < 0.02:
            _refused_untouched(state, rng)
            _check_legal(state)
        action = random_action(state, rng)
        actions.append(action)
        before, state = state, apply(state, action)
        _check_step(state, before, deck)
        if len(state.history) > len(before.history):
            _check_turn(state, most)
    assert state.is_terminal, f"game {game} did not end in {MAX_STEPS} steps"
    assert max(state.scores) >= state.config.target_score
    assert state.winners == tuple(
        seat for seat, score in enumerate(state.scores) if score == max(state.scores)
    )
    if game % 100 == 0:
        assert replay(state.config, actions) == state, "a config and its actions replay equal"
        assert State.from_json(state.to_json()) == state
    return state
