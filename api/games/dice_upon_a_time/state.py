"""A Dice Upon a Time table's state, derived from its event log: the game, replayed by the
engine, and the trade offer open between two seats.

Log events (type → payload)::

    table_created  players [{seat, name, kind}], language, ai_level, length, cooperative
    action         seat, by ("human" | "ai"), action (engine JSON), saw (what the table saw
                   of it: `views.public_summary`); an accepted trade: accepted_by (the partner)
    trade_offered  seat, partner, give, take (engine `Goods` JSON; magic items shown to the
                   two seats only, `views.project_event`)
    trade_closed   seat (who declined or withdrew the open offer)

The dice rolled and the cards drawn are not in the log: the engine rolls and deals them from
the seeded state, so the log holds nothing secret but the magic items of a trade.
"""

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from pydantic import TypeAdapter

from api.schemas import SeatKind
from companion.cards import Language
from companion.games.dice_upon_a_time import Action, Config, State, Trade, apply, new_game
from companion.seats.once_upon_a_time_pace import AILevel
from companion.store import StoredEvent

ACTIONS: TypeAdapter[Action] = TypeAdapter(Action)


@dataclass(frozen=True)
class DiceUponATimeConfig:
    """What a table was created with (kept in the `tables` row; never shown as such: the engine
    config holds the seed)."""

    engine: Config
    kinds: tuple[SeatKind, ...]
    language: Language
    ai_level: AILevel
    spectators: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "dice_upon_a_time",
            "engine": self.engine.model_dump(mode="json"),
            "kinds": list(self.kinds),
            "language": self.language,
            "ai_level": self.ai_level,
            "spectators": self.spectators,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "DiceUponATimeConfig":
        return cls(
            engine=Config.model_validate(data["engine"]),
            kinds=tuple(data["kinds"]),
            language=data["language"],
            ai_level=data.get("ai_level", "fair"),
            spectators=bool(data.get("spectators", True)),
        )


@dataclass(frozen=True)
class DiceUponATimeTableState:
    table_id: str
    config: DiceUponATimeConfig
    seq: int
    game: State
    offer: Trade | None = None  # the open trade offer (DU-11), made by `offer.seat`

    SNAPSHOT_FORMAT = "dice-upon-a-time-table-1"

    @classmethod
    def new(cls, table_id: str, config: DiceUponATimeConfig) -> "DiceUponATimeTableState":
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

    def advance(self, event: StoredEvent) -> "DiceUponATimeTableState":
        if event.seq != self.seq + 1:
            raise ValueError(f"event {event.seq} does not follow {self.seq}")
        game, offer = self.game, self.offer
        if event.type == "action":
            action = ACTIONS.validate_python(event.payload["action"])
            game = apply(game, action)
            if isinstance(action, Trade):
                offer = None
        elif event.type == "trade_offered":
            offer = Trade.model_validate(event.payload)
        elif event.type == "trade_closed":
            offer = None
        return replace(self, game=game, offer=offer, seq=event.seq)

    def to_snapshot(self) -> dict[str, Any]:
        offer = None if self.offer is None else self.offer.model_dump(mode="json")
        return {"game": self.game.model_dump(mode="json"), "offer": offer}

    @classmethod
    def from_snapshot(
        cls, table_id: str, config: DiceUponATimeConfig, seq: int, data: Mapping[str, Any]
    ) -> "DiceUponATimeTableState":
        offer = data.get("offer")
        return cls(
            table_id,
            config,
            seq,
            State.model_validate(data["game"]),
            None if offer is None else Trade.model_validate(offer),
        )
