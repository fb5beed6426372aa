"""A Factum table's state, derived from its event log: the game, replayed by the engine.

Log events (type → payload)::

    table_created  players [{seat, name, kind}], language, deck_mode, deck ("bank" | "table"),
                   target_score, use_model (AI storytellers may use the language model)
    action         seat, by ("human" | "ai"), action (engine JSON)
    step_failed    step, seat?, message            an AI seat could not act; the game waits

The views decide what each reader sees of them (`views.project_event`).
"""

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from api.schemas import SeatKind
from companion.cards import Language
from companion.games.factum import Config, State, apply, new_game
from companion.games.factum.actions import ACTION_ADAPTER
from companion.store import StoredEvent


@dataclass(frozen=True)
class FactumConfig:
    """What a table was created with (kept in the `tables` row; never shown as such: the engine
    config holds the seed and the deck's order)."""

    engine: Config
    kinds: tuple[SeatKind, ...]
    language: Language
    spectators: bool
    use_model: bool = False  # AI storytellers invent with the server's model (the table chose)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "factum",
            "engine": self.engine.model_dump(mode="json"),
            "kinds": list(self.kinds),
            "language": self.language,
            "spectators": self.spectators,
            "use_model": self.use_model,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "FactumConfig":
        return cls(
            engine=Config.model_validate(data["engine"]),
            kinds=tuple(data["kinds"]),
            language=data["language"],
            spectators=bool(data.get("spectators", True)),
            use_model=bool(data.get("use_model", False)),
        )


@dataclass(frozen=True)
class FactumTableState:
    table_id: str
    config: FactumConfig
    seq: int
    game: State

    SNAPSHOT_FORMAT = "factum-table-1"

    @classmethod
    def new(cls, table_id: str, config: FactumConfig) -> "FactumTableState":
        return cls(table_id, config, 0, new_game(config.engine))

    @property
    def kinds(self) -> tuple[SeatKind, ...]:
        return self.config.kinds

    @property
    def spectators(self) -> bool:
        return self.config.spectators

    @property
    def finished(self) -> bool:
        return self.game.is_terminal

    def advance(self, event: StoredEvent) -> "FactumTableState":
        if event.seq != self.seq + 1:
            raise ValueError(f"event {event.seq} does not follow {self.seq}")
        game = self.game
        if event.type == "action":
            game = apply(game, ACTION_ADAPTER.validate_python(event.payload["action"]))
        return replace(self, game=game, seq=event.seq)

    def to_snapshot(self) -> dict[str, Any]:
        return {"game": self.game.model_dump(mode="json")}

    @classmethod
    def from_snapshot(
        cls, table_id: str, config: FactumConfig, seq: int, data: Mapping[str, Any]
    ) -> "FactumTableState":
        return cls(table_id, config, seq, State.model_validate(data["game"]))
