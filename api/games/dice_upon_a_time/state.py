"""A Dice Upon a Time table's state, derived from its event log: the game, replayed by the
engine, and the trade offer open between two seats.

Log events (type → payload)::

    table_created  players [{seat, name, kind}], language, ai_level, length, cooperative,
                   deck_mode
    action         seat, by ("human" | "ai"), action (engine JSON), saw (what the table saw
                   of it: `views.public_summary`); an accepted trade: accepted_by (the partner);
                   a live table: the keeper's recording as action, recorded_by (the phone's
                   seat), last (what the table saw: the story card drawn, the chapter ended)
    trade_offered  seat, partner, give, take (engine `Goods` JSON; magic items shown to the
                   two seats only, `views.project_event`)
    trade_closed   seat (who declined or withdrew the open offer)
    chapter_tale   chapter, language, narrator ("offline" | "llm:<model>"), origin ("model" |
                   "offline"), text, fallback_reason: the tale of a finished chapter, told once
                   after the chapter's last action (`game.DiceUponATimeTables.follow_up`); the
                   first one of a chapter stands

The dice rolled and the cards drawn are not in the log: the engine rolls and deals them from
the seeded state, so the log holds nothing secret but the magic items of a trade.
"""

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from pydantic import TypeAdapter

from api.games.shared import EngineTableConfig
from api.schemas import SeatKind
from companion.games.dice_upon_a_time import Action, Config, State, Trade, apply, new_game
from companion.games.dice_upon_a_time.keeper import (
    KEEPER_ACTIONS,
    KeeperConfig,
    KeeperState,
    keeper_apply,
    new_keeper,
)
from companion.store import StoredEvent

ACTIONS: TypeAdapter[Action] = TypeAdapter(Action)


class DiceUponATimeConfig(EngineTableConfig[Config]):
    GAME = "dice_upon_a_time"
    ENGINE = Config


@dataclass(frozen=True)
class DiceUponATimeTableState:
    table_id: str
    config: DiceUponATimeConfig
    seq: int
    game: State | KeeperState  # the keeper's on a live table
    offer: Trade | None = None  # the open trade offer (DU-11), made by `offer.seat`
    actions: tuple[Action, ...] = ()  # the engine's record, for the chapter tales
    tales: tuple[Mapping[str, Any], ...] = ()  # `chapter_tale` payloads, by chapter

    SNAPSHOT_FORMAT = "dice-upon-a-time-table-2"

    @classmethod
    def new(cls, table_id: str, config: DiceUponATimeConfig) -> "DiceUponATimeTableState":
        if config.physical:
            engine = config.engine
            keeper = KeeperConfig(
                players=engine.players,
                length=engine.length,
                cooperative=engine.cooperative,
                seed=engine.seed,
            )
            return cls(table_id, config, 0, new_keeper(keeper))
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

    @property
    def chapters_finished(self) -> int:
        """How many chapters are over (the last one too once the game is)."""
        return self.game.chapter if self.game.over else self.game.chapter - 1

    def untold(self) -> list[int]:
        """The finished chapters no tale has been told of yet."""
        if isinstance(self.game, KeeperState):
            return []
        told = {tale["chapter"] for tale in self.tales}
        return [c for c in range(1, self.chapters_finished + 1) if c not in told]

    def advance(self, event: StoredEvent) -> "DiceUponATimeTableState":
        if event.seq != self.seq + 1:
            raise ValueError(f"event {event.seq} does not follow {self.seq}")
        game, offer, actions, tales = self.game, self.offer, self.actions, self.tales
        if event.type == "action":
            recorded = event.payload["action"]
            if isinstance(game, KeeperState):
                game = keeper_apply(game, KEEPER_ACTIONS.validate_python(recorded))
            else:
                action = ACTIONS.validate_python(recorded)
                game = apply(game, action)
                actions = (*actions, action)
                if isinstance(action, Trade):
                    offer = None
        elif event.type == "trade_offered":
            offer = Trade.model_validate(event.payload)
        elif event.type == "trade_closed":
            offer = None
        elif event.type == "chapter_tale" and event.payload["chapter"] not in {
            tale["chapter"] for tale in tales
        }:
            tales = (*tales, dict(event.payload))
        return replace(self, game=game, offer=offer, actions=actions, tales=tales, seq=event.seq)

    def to_snapshot(self) -> dict[str, Any]:
        offer = None if self.offer is None else self.offer.model_dump(mode="json")
        return {
            "game": self.game.model_dump(mode="json"),
            "offer": offer,
            "actions": [a.model_dump(mode="json") for a in self.actions],
            "tales": [dict(tale) for tale in self.tales],
        }

    @classmethod
    def from_snapshot(
        cls, table_id: str, config: DiceUponATimeConfig, seq: int, data: Mapping[str, Any]
    ) -> "DiceUponATimeTableState":
        offer = data.get("offer")
        return cls(
            table_id,
            config,
            seq,
            (KeeperState if config.physical else State).model_validate(data["game"]),
            None if offer is None else Trade.model_validate(offer),
            tuple(ACTIONS.validate_python(a) for a in data["actions"]),
            tuple(data["tales"]),
        )
