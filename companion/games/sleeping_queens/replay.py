"""Rebuilding a game from its configuration and its list of actions (the table's event log)."""

from collections.abc import Iterable

from companion.games.base import GameError, ReplayError
from companion.games.sleeping_queens.actions import Action
from companion.games.sleeping_queens.config import Config
from companion.games.sleeping_queens.rules import apply
from companion.games.sleeping_queens.setup import new_game
from companion.games.sleeping_queens.state import State


def replay(config: Config, actions: Iterable[Action]) -> State:
    """The state reached by applying `actions` in order to a new game of `config`; raises
    `ReplayError` naming the first action that does not apply."""
    state = new_game(config)
    for index, action in enumerate(actions):
        try:
            state = apply(state, action)
        except GameError as error:
            raise ReplayError(index, error) from error
    return state
