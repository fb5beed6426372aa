"""The games the table service hosts, each a `TableGame` (`api.games.base`): a registry line
here per game, and its package beside this file (`api/games/<game>/`).

`TableCreate`, `ActionBody` and `TableView` are the request and view types of every hosted game,
as the routes declare them (with a second game they become unions tagged by `game`/`type`).
"""

from typing import Any

from api.games.base import AIMove, By, HostedState, NewTable, TableGame
from api.games.once_upon_a_time import OnceUponATimeTables
from api.games.once_upon_a_time.schemas import ActionBody, TableCreate, TableView
from companion.cards import Deck
from companion.referee.port import RefereePort
from companion.story.narrator import Narrator


def build_games(
    *, deck: Deck, referee: RefereePort, narrator: Narrator, vote_timeout_s: float
) -> dict[str, TableGame[Any]]:
    """Every hosted game, by the name its tables store."""
    games: list[TableGame[Any]] = [
        OnceUponATimeTables(
            deck,
            referee,
            narrator,
            llm_enabled=narrator.name != "offline",
            vote_timeout_s=vote_timeout_s,
        ),
    ]
    return {game.name: game for game in games}


__all__ = [
    "AIMove",
    "ActionBody",
    "By",
    "HostedState",
    "NewTable",
    "TableCreate",
    "TableGame",
    "TableView",
    "build_games",
]
