"""The games the table service hosts, each a `TableGame` (`api.games.base`): a registry line
here per game, and its package beside this file (`api/games/<game>/`).

`TableCreate`, `ActionBody` and `TableView` are the request and view types of every hosted game,
as the routes declare them: creation bodies are told apart by `game` (Once Upon a Time's may
leave it out), views by `game`, actions by `type` (each game's own types; a table refuses
another game's actions).
"""

from collections.abc import Callable
from typing import Annotated, Any

from pydantic import Discriminator, Field, Tag

from api.games.base import AIMove, By, HostedState, NewTable, TableGame
from api.games.dice_upon_a_time import DiceUponATimeTables
from api.games.dice_upon_a_time.schemas import (
    DiceUponATimeAction,
    DiceUponATimeCreate,
    DiceUponATimeView,
)
from api.games.factum import FactumTables
from api.games.factum.schemas import FactumAction, FactumCreate, FactumView
from api.games.once_upon_a_time import OnceUponATimeTables
from api.games.once_upon_a_time.schemas import ActionBody as OnceUponATimeAction
from api.games.once_upon_a_time.schemas import TableCreate as OnceUponATimeCreate
from api.games.once_upon_a_time.schemas import TableView as OnceUponATimeView
from api.games.sleeping_queens import SleepingQueensTables
from api.games.sleeping_queens.schemas import (
    SleepingQueensAction,
    SleepingQueensCreate,
    SleepingQueensView,
)
from companion.cards import Deck
from companion.llm import LLM
from companion.referee.port import RefereePort
from companion.seats.factum import FactumReader
from companion.story.narrator import Narrator


def _game_of(body: Any) -> str:
    game = body.get("game") if isinstance(body, dict) else getattr(body, "game", None)
    return game if isinstance(game, str) else "once_upon_a_time"


TableCreate = Annotated[
    Annotated[OnceUponATimeCreate, Tag("once_upon_a_time")]
    | Annotated[FactumCreate, Tag("factum")]
    | Annotated[SleepingQueensCreate, Tag("sleeping_queens")]
    | Annotated[DiceUponATimeCreate, Tag("dice_upon_a_time")],
    Discriminator(_game_of),
]
ActionBody = Annotated[
    OnceUponATimeAction | FactumAction | SleepingQueensAction | DiceUponATimeAction,
    Field(discriminator="type"),
]
TableView = Annotated[
    OnceUponATimeView | FactumView | SleepingQueensView | DiceUponATimeView,
    Field(discriminator="game"),
]


def build_games(
    *,
    deck: Deck,
    referee: RefereePort,
    narrator: Narrator,
    vote_timeout_s: float,
    factum_reader: Callable[[], FactumReader],
    factum_llm: LLM | None = None,
    ai_pace_s: float = 0.0,
) -> dict[str, TableGame[Any]]:
    """Every hosted game, by the name its tables store. `factum_llm`: the model a Factum
    table's AI storytellers may use when the table turns it on (None: the server has none)."""
    games: list[TableGame[Any]] = [
        OnceUponATimeTables(
            deck,
            referee,
            narrator,
            llm_enabled=narrator.name != "offline",
            vote_timeout_s=vote_timeout_s,
            ai_pace_s=ai_pace_s,
        ),
        FactumTables(factum_reader, factum_llm),
        SleepingQueensTables(),
        DiceUponATimeTables(narrator),
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
