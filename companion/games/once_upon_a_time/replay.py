"""Rebuilding a game from its configuration and its list of actions (the table's event log)."""

from collections.abc import Iterable

from companion.cards import Deck
from companion.games.base import GameError, ReplayError
from companion.games.once_upon_a_time.actions import Action
from companion.games.once_upon_a_time.config import Config
from companion.games.once_upon_a_time.rules import apply
from companion.games.once_upon_a_time.setup import new_game
from companion.games.once_upon_a_time.state import State


def replay(config: Config, actions: Iterable[Action], deck: Deck | None = None) -> State:
    """The state reached by applying `actions` in order to a new game of `config`.

    Deterministic: every chance step (deal, start draw, reshuffle) is drawn from `config.seed`,
    so the same config and actions give an equal state. Raises `ReplayError` naming the first
    action that does not apply.
    """
    state = new_game(config, deck)
    for index, action in enumerate(actions):
        try:
            state = apply(state, action)
        except GameError as error:
            raise ReplayError(index, error) from error
    return state
