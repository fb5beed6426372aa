"""Sleeping Queens at the shared table service: creation, planning each request against the
engine (or, for the printed deck, the keeper), views, and the AI seats' next move (the table's
level picks the player: gentle plays at random, fair greedily, sharp searches)."""

import secrets
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import TypeAdapter, ValidationError

from api.errors import ApiError
from api.games import shared
from api.games.base import AIMove, By, NewTable, action_types, check_action_type
from api.games.sleeping_queens.schemas import (
    SleepingQueensAction,
    SleepingQueensCreate,
    SleepingQueensView,
)
from api.games.sleeping_queens.state import SleepingQueensConfig, SleepingQueensTableState
from api.games.sleeping_queens.views import project_event, request_body, sleeping_queens_view
from api.schemas import EventView
from companion.games.sleeping_queens import Config, apply
from companion.games.sleeping_queens.actions import ACTION_ADAPTER
from companion.games.sleeping_queens.keeper import KeeperState, keeper_apply
from companion.games.sleeping_queens.keeper_state import KEEPER_ACTION_ADAPTER
from companion.seats.sleeping_queens import make_player
from companion.store import NewEvent, StoredEvent

_BODIES: TypeAdapter[SleepingQueensAction] = TypeAdapter(SleepingQueensAction)
_ACTION_TYPES = action_types(SleepingQueensAction)
# The AI player behind each level of the table, and the sharp player's budget for one move.
PLAYER_OF_LEVEL = {"gentle": "random", "fair": "greedy", "sharp": "search"}
SEARCH_ITERATIONS, SEARCH_BUDGET_MS = 200, 150.0


@dataclass(frozen=True)
class Explained:
    """An AI seat's action body with why it chose it (`companion.seats.sleeping_queens.Why`,
    public terms only), read by `parse_action` from the body `ai_step` built; a person's
    request never carries one (the route validates the action bodies alone)."""

    body: Any
    why: dict[str, Any]


class SleepingQueensTables:
    """The `TableGame` of Sleeping Queens (see `api.games.base`)."""

    name = "sleeping_queens"
    snapshot_format = SleepingQueensTableState.SNAPSHOT_FORMAT

    # --- creating ---------------------------------------------------------------------------

    def new_table(self, body: SleepingQueensCreate) -> NewTable:
        kinds = tuple(p.kind for p in body.players)
        if "human" not in kinds:
            raise ApiError(422, "invalid_table", "At least one player must be a person.")
        if body.deck_mode == "physical" and "ai" in kinds:
            raise ApiError(
                422,
                "invalid_table",
                "AI players play only with the companion's deck: they hold no printed cards.",
            )
        try:
            engine = Config(
                players=tuple(p.name.strip() for p in body.players),
                seed=body.seed if body.seed is not None else secrets.randbits(52),
            )
        except ValidationError as error:
            message = error.errors()[0]["msg"].removeprefix("Value error, ")
            raise ApiError(422, "invalid_table", f"{message}.") from None
        config = SleepingQueensConfig(
            engine, kinds, body.language, body.ai_level, body.spectators, body.deck_mode
        )
        created = NewEvent(
            "table_created",
            {
                "players": shared.roster(engine.players, kinds),
                "language": body.language,
                "ai_level": body.ai_level,
                "deck_mode": body.deck_mode,
            },
        )
        return NewTable(config.to_json(), engine.players, kinds, [created])

    def initial_state(self, table_id: str, config: Mapping[str, Any]) -> SleepingQueensTableState:
        return SleepingQueensTableState.new(table_id, SleepingQueensConfig.from_json(config))

    def from_snapshot(
        self, table_id: str, config: Mapping[str, Any], seq: int, data: Mapping[str, Any]
    ) -> SleepingQueensTableState:
        return SleepingQueensTableState.from_snapshot(
            table_id, SleepingQueensConfig.from_json(config), seq, data
        )

    # --- acting -----------------------------------------------------------------------------

    def parse_action(self, data: Mapping[str, Any]) -> Any:
        """An AI seat's body (`ai_step`): the action, with the player's reason beside it."""
        fields = dict(data)
        why = fields.pop("why", None)
        body = _BODIES.validate_python(fields)
        return body if why is None else Explained(body, why)

    def plan(
        self, state: SleepingQueensTableState, seat: int, body: Any, by: By, *, now: float
    ) -> list[NewEvent]:
        """A move of the seat's own (virtual deck), or, on a physical table, the recording of
        what the player whose move it is just did, from any seated player's phone."""
        why = None
        if isinstance(body, Explained):
            body, why = body.body, (body.why if by == "ai" else None)
        check_action_type(body.type, "Sleeping Queens", _ACTION_TYPES)
        data = body.model_dump(exclude_none=True)
        game = state.game
        if isinstance(game, KeeperState):
            acting = game.acting_seat()
            recorded = shared.engine_action(
                KEEPER_ACTION_ADAPTER, {**data, "seat": 0 if acting is None else acting}
            )
            after_keeper = keeper_apply(game, recorded)  # a refusal (GameError) is the response
            last = None if after_keeper.last is None else after_keeper.last.model_dump(mode="json")
            payload = {
                "seat": recorded.seat,
                "by": by,
                "recorded_by": seat,
                "action": recorded.model_dump(mode="json"),
                "last": last,
            }
            return [NewEvent("action", payload)]
        action = shared.engine_action(ACTION_ADAPTER, {**data, "seat": seat})
        after = apply(game, action)  # the engine's refusal (a GameError) is the response
        last = None if after.last is None else after.last.model_dump(mode="json")
        payload = {"seat": seat, "by": by, "action": action.model_dump(mode="json"), "last": last}
        if why is not None:
            payload["why"] = why
        return [NewEvent("action", payload)]

    def follow_up(
        self, state: SleepingQueensTableState, trigger: list[StoredEvent]
    ) -> Iterator[list[NewEvent]]:
        return iter(())

    def due(self, state: SleepingQueensTableState, *, now: float) -> list[NewEvent] | None:
        return None

    def wake_at(self, state: SleepingQueensTableState) -> float | None:
        return None

    # --- reading ----------------------------------------------------------------------------

    def view(self, state: SleepingQueensTableState, seat: int | None) -> SleepingQueensView:
        return sleeping_queens_view(state, seat)

    def project(self, event: StoredEvent, seat: int | None) -> EventView | None:
        return project_event(event, seat)

    # --- AI seats ---------------------------------------------------------------------------

    def ai_step(self, state: SleepingQueensTableState) -> AIMove | None:
        """The move of the AI seat the game waits for, if it waits for one. A block or an
        allow waits the same pace as a turn, so an AI's answer takes no longer when it holds
        a dragon or a wand than when it does not."""
        seat = state.game.acting_seat()
        if seat is None or state.kinds[seat] != "ai" or isinstance(state.game, KeeperState):
            return None
        seed = zlib.crc32(f"{state.table_id}/{seat}/{state.seq}".encode())
        player = make_player(
            PLAYER_OF_LEVEL[state.config.ai_level],
            seed=seed,
            iterations=SEARCH_ITERATIONS,
            budget_ms=SEARCH_BUDGET_MS,
        )
        body = request_body(player.choose(state.game, seat))
        if player.last_why is not None:
            body["why"] = player.last_why.to_json()
        return AIMove(seat, body)
