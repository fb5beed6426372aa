"""Rebuilding a game from its configuration and its list of actions (the table's event log)."""

from collections.abc import Iterable

from companion.games.base import GameError, ReplayError
from companion.games.factum.actions import Action
from companion.games.factum.config import Config
from companion.games.factum.rules import apply
from companion.games.factum.setup import new_game
from companion.games.factum.state import State


def replay(config: Config, actions: Iterable[Action]) -> State:
    """The state reached by applying `actions` in order to a new game of `config`.

    Every chance step is drawn from `config.seed`, so the same config and actions give an equal
    state. Raises `ReplayError` naming the first action that does not apply.
    """
    state = new_game(config)
    for index, action in enumerate(actions):
        try:
            state = apply(state, action)
        except GameError as error:
            raise ReplayError(index, error) from error
    return state
