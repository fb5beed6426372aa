"""Rebuilding a game from its configuration and its action log."""

from collections.abc import Iterable

from companion.games.base import GameError, ReplayError
from companion.games.dice_upon_a_time.actions import Action
from companion.games.dice_upon_a_time.config import Config
from companion.games.dice_upon_a_time.rules import apply
from companion.games.dice_upon_a_time.setup import new_game
from companion.games.dice_upon_a_time.state import State


def replay(config: Config, actions: Iterable[Action]) -> State:
    """Every chance step is drawn from `config.seed`: the same config and actions give an equal
    state. `ReplayError` names the first action that does not apply."""
    state = new_game(config)
    for index, action in enumerate(actions):
        try:
            state = apply(state, action)
        except GameError as error:
            raise ReplayError(index, error) from error
    return state
