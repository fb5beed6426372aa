"""A Sleeping Queens table's state, derived from its event log: the game, replayed by the engine.

Log events (type → payload)::

    table_created  players [{seat, name, kind}], language, ai_level, deck_mode
    action         seat, by ("human" | "ai"), action (engine JSON), last (what the table saw);
                   physical: recorded_by (the seat whose phone recorded it)

Every card played in Sleeping Queens is played face up, so an action event holds nothing
secret; the cards drawn are not in the log (the engine deals them from the seeded deck). A
physical table's game is the keeper's (`companion.games.sleeping_queens.keeper`), which knows
no hand at all.
"""

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from api.games.shared import EngineTableConfig
from api.schemas import SeatKind
from companion.games.sleeping_queens import Config, State, apply, new_game
from companion.games.sleeping_queens.actions import ACTION_ADAPTER
from companion.games.sleeping_queens.keeper import (
    KeeperConfig,
    KeeperState,
    keeper_apply,
    new_keeper,
)
from companion.games.sleeping_queens.keeper_state import KEEPER_ACTION_ADAPTER
from companion.store import StoredEvent


class SleepingQueensConfig(EngineTableConfig[Config]):
    GAME = "sleeping_queens"
    ENGINE = Config


@dataclass(frozen=True)
class SleepingQueensTableState:
    table_id: str
    config: SleepingQueensConfig
    seq: int
    game: State | KeeperState  # the keeper's on a physical table

    SNAPSHOT_FORMAT = "sleeping-queens-table-1"

    @classmethod
    def new(cls, table_id: str, config: SleepingQueensConfig) -> "SleepingQueensTableState":
        if config.physical:
            keeper = new_keeper(KeeperConfig(players=config.engine.players))
            return cls(table_id, config, 0, keeper)
        return cls(table_id, config, 0, new_game(config.engine))

    @property
    def kinds(self) -> tuple[SeatKind, ...]:
        return self.config.kinds

    @property
    def spectators(self) -> bool:
        return self.config.spectators

    @property
    def finished(self) -> bool:
        return self.game.over

    def advance(self, event: StoredEvent) -> "SleepingQueensTableState":
        if event.seq != self.seq + 1:
            raise ValueError(f"event {event.seq} does not follow {self.seq}")
        game = self.game
        if event.type == "action":
            recorded = event.payload["action"]
            if isinstance(game, KeeperState):
                game = keeper_apply(game, KEEPER_ACTION_ADAPTER.validate_python(recorded))
            else:
                game = apply(game, ACTION_ADAPTER.validate_python(recorded))
        return replace(self, game=game, seq=event.seq)

    def to_snapshot(self) -> dict[str, Any]:
        return {"game": self.game.model_dump(mode="json")}

    @classmethod
    def from_snapshot(
        cls, table_id: str, config: SleepingQueensConfig, seq: int, data: Mapping[str, Any]
    ) -> "SleepingQueensTableState":
        model = KeeperState if config.physical else State
        return cls(table_id, config, seq, model.model_validate(data["game"]))
