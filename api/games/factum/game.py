"""Factum at the shared table service: creation (the bundled bank or the table's own cards),
planning each request against the engine, views, and the AI seats' next move.

The language model (`llm`, None when the server has none) is used by a table's AI storytellers
only when the table was created with `use_model` (issue 12: nothing goes to a model unless the
table turned that on); a table asking for it on a server without one is refused (422
`model_unavailable`) rather than quietly given canned stories. The model is sent the AI's own
card, never a player's story: the AI readers (guesser, decoys, judge, voter) use the local
embedding reader only.
"""

import random
import secrets
import threading
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from pydantic import TypeAdapter, ValidationError

from api.errors import ApiError
from api.games import shared
from api.games.base import AIMove, By, NewTable, action_types, check_action_type
from api.games.factum.schemas import FactumAction, FactumCreate, FactumView
from api.games.factum.state import FactumConfig, FactumTableState
from api.games.factum.views import factum_view, project_event
from api.schemas import EventView
from companion.games.factum import Config, apply, seat_view
from companion.games.factum.actions import ACTION_ADAPTER
from companion.llm import LLM
from companion.seats.factum import FactumReader
from companion.seats.factum_seat import FactumSeat
from companion.seats.factum_storyteller import CannedStoryteller
from companion.store import NewEvent, StoredEvent
from companion.story.factum import factum_bank

_BODIES: TypeAdapter[FactumAction] = TypeAdapter(FactumAction)
_ACTION_TYPES = action_types(FactumAction)


class FactumTables:
    """The `TableGame` of Factum (see `api.games.base`). `reader()` is the story reader of the
    AI seats and of the players' advice, built on first use (it loads an embedding model)."""

    name = "factum"
    snapshot_format = FactumTableState.SNAPSHOT_FORMAT

    def __init__(self, reader: Callable[[], FactumReader], llm: LLM | None = None) -> None:
        self._build_reader = reader
        self._reader: FactumReader | None = None
        self._reader_lock = threading.Lock()
        self.llm = llm
        self._storyteller = CannedStoryteller()

    def reader(self) -> FactumReader:
        """The story reader, built once on first use. The AI seats of several tables (and
        players asking for advice) that need it at the same moment wait for that one build:
        each would otherwise embed the whole card bank itself, minutes of a small machine on
        a fresh cache. A build that fails is tried again on the next use."""
        with self._reader_lock:
            if self._reader is None:
                self._reader = self._build_reader()
            return self._reader

    # --- creating ---------------------------------------------------------------------------

    def new_table(self, body: FactumCreate) -> NewTable:
        kinds = tuple(p.kind for p in body.players)
        if body.deck_mode == "physical" and "ai" in kinds:
            raise ApiError(
                422,
                "invalid_table",
                "AI seats play only with the virtual deck: they hold no printed cards.",
            )
        if body.use_model and self.llm is None:
            raise ApiError(
                422,
                "model_unavailable",
                "This server has no language model configured, so AI storytellers can only "
                "tell canned stories from the bank: create the table without use_model.",
            )
        deck = tuple(body.cards) if body.cards is not None else factum_bank(body.language)
        try:
            engine = Config(
                players=tuple(p.name.strip() for p in body.players),
                deck=deck,
                seed=body.seed if body.seed is not None else secrets.randbits(52),
                deck_mode=body.deck_mode,
                target_score=body.target_score,
            )
        except ValidationError as error:
            message = error.errors()[0]["msg"].removeprefix("Value error, ")
            raise ApiError(422, "invalid_table", f"{message}.") from None
        config = FactumConfig(engine, kinds, body.language, body.spectators, body.use_model)
        created = NewEvent(
            "table_created",
            {
                "players": shared.roster(engine.players, kinds),
                "language": body.language,
                "deck_mode": body.deck_mode,
                "deck": "table" if body.cards is not None else "bank",
                "target_score": body.target_score,
                "use_model": body.use_model,
            },
        )
        return NewTable(config.to_json(), engine.players, kinds, [created])

    def initial_state(self, table_id: str, config: Mapping[str, Any]) -> FactumTableState:
        return FactumTableState.new(table_id, FactumConfig.from_json(config))

    def from_snapshot(
        self, table_id: str, config: Mapping[str, Any], seq: int, data: Mapping[str, Any]
    ) -> FactumTableState:
        return FactumTableState.from_snapshot(table_id, FactumConfig.from_json(config), seq, data)

    # --- acting -----------------------------------------------------------------------------

    def parse_action(self, data: Mapping[str, Any]) -> Any:
        return _BODIES.validate_python(data)

    def plan(
        self, state: FactumTableState, seat: int, body: Any, by: By, *, now: float
    ) -> list[NewEvent]:
        check_action_type(body.type, "Factum", _ACTION_TYPES)
        if (
            body.type == "tell"
            and body.text is None
            and state.config.engine.deck_mode == "virtual"
            and "ai" in state.kinds
        ):
            raise ApiError(
                422,
                "story_needed",
                "AI players read the story: type or dictate it before you confirm.",
            )
        data = {**body.model_dump(exclude_none=True), "seat": seat}
        action = shared.engine_action(ACTION_ADAPTER, data)
        apply(state.game, action)  # the engine's refusal (a GameError) becomes the response
        payload = {"seat": seat, "by": by, "action": action.model_dump(mode="json")}
        return [NewEvent("action", payload)]

    def follow_up(
        self, state: FactumTableState, trigger: list[StoredEvent]
    ) -> Iterator[list[NewEvent]]:
        return iter(())

    def due(self, state: FactumTableState, *, now: float) -> list[NewEvent] | None:
        return None

    def wake_at(self, state: FactumTableState) -> float | None:
        return None

    # --- reading ----------------------------------------------------------------------------

    def view(self, state: FactumTableState, seat: int | None) -> FactumView:
        return factum_view(state, seat)

    def project(self, event: StoredEvent, seat: int | None) -> EventView | None:
        return project_event(event, seat)

    # --- AI seats ---------------------------------------------------------------------------

    def ai_step(self, state: FactumTableState) -> AIMove | None:
        """The first AI seat, in seat order, that has something to do now. Votes and choices
        are not paced; a story is (people may want to volunteer first)."""
        if state.finished:
            return None
        game = state.game
        for seat in game.awaiting():
            if state.kinds[seat] != "ai":
                continue
            rng = random.Random(f"{state.table_id}/{seat}/{state.seq}")
            llm = self.llm if state.config.use_model else None
            player = FactumSeat(self.reader(), self._storyteller, state.config.language, rng, llm)
            body = player.decide(seat_view(game, seat), seat)
            if body is not None:
                paced = body["type"] in ("volunteer", "tell")
                return AIMove(seat, body, note=player.note, paced=paced)
        return None
