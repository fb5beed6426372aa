"""Dice Upon a Time at the shared table service: creation, planning each request against the
engine, trade offers between two people (DU-11), views, the AI seats' next move (the table's
level picks the traveller: gentle plays at random, fair by the heuristic, sharp searches), and
the tale of each chapter once it is over (`follow_up`: told by the server's narrator outside the
table's lock, appended as a `chapter_tale` event every reader sees). A table's own board (the
creation's `board` text) is checked here: a board file the validator refuses, or one lacking a
place our cards name, is a 422 with the validator's words."""

import logging
import secrets
import threading
import zlib
from collections.abc import Iterator, Mapping
from typing import Any

from pydantic import TypeAdapter, ValidationError

from api.errors import ApiError
from api.games import shared
from api.games.base import AIMove, By, NewTable, action_types, check_action_type
from api.games.dice_upon_a_time.schemas import (
    KEEPER_BODIES,
    DiceUponATimeAction,
    DiceUponATimeCreate,
    DiceUponATimeView,
    TradeAnswerBody,
    TradeBody,
)
from api.games.dice_upon_a_time.state import (
    ACTIONS,
    DiceUponATimeConfig,
    DiceUponATimeTableState,
)
from api.games.dice_upon_a_time.views import (
    ENGINE_TYPE,
    dice_upon_a_time_view,
    project_event,
    public_summary,
    request_body,
)
from api.schemas import EventView
from companion.games.dice_upon_a_time import Config, State, Trade, acting_seat, apply
from companion.games.dice_upon_a_time.board import Board, MapError, map_from_text
from companion.games.dice_upon_a_time.cards import CardError, catalogue, check_against_board
from companion.games.dice_upon_a_time.keeper import KEEPER_ACTIONS, KeeperState, keeper_apply
from companion.seats.dice_upon_a_time import Player, make_player
from companion.seats.dice_upon_a_time_search import SearchPlayer
from companion.store import NewEvent, StoredEvent
from companion.story.chapter_tale import tell_chapter_tale
from companion.story.narrator import Narrator

log = logging.getLogger(__name__)

_BODIES: TypeAdapter[DiceUponATimeAction] = TypeAdapter(DiceUponATimeAction)
_ACTION_TYPES = action_types(DiceUponATimeAction)
# The AI traveller behind each level of the table, and the search's work for one move: a fixed
# number of playouts (deterministic), which keeps a move near 50 ms at p95 (`make bench`).
PLAYER_OF_LEVEL = {"gentle": "random", "fair": "heuristic", "sharp": "search"}
SEARCH_WIDTH, SEARCH_ROLLOUTS = 3, 4
CHOICE_PACE = 0.5  # of the table's pace, for an AI's choices within its turn


def ai_player(level: str, seed: int) -> Player:
    """The traveller an AI seat of a table at `level` plays with."""
    kind = PLAYER_OF_LEVEL[level]
    if kind == "search":
        return SearchPlayer(seed, width=SEARCH_WIDTH, rollouts=SEARCH_ROLLOUTS)
    return make_player(kind, seed)


def table_board(text: str) -> Board:
    """A table's own board from its file's text (`source` "board" in the messages); a 422 that
    names the place and the field when the validator refuses it, or the place our cards name
    that it lacks."""
    try:
        board = map_from_text(text, "board")
        check_against_board(catalogue(), board)
    except (MapError, CardError) as error:
        raise ApiError(422, "invalid_table", str(error)) from None
    return board


class DiceUponATimeTables:
    """The `TableGame` of Dice Upon a Time (see `api.games.base`)."""

    name = "dice_upon_a_time"
    snapshot_format = DiceUponATimeTableState.SNAPSHOT_FORMAT

    def __init__(self, narrator: Narrator | None = None) -> None:
        """`narrator`: who tells the chapter tales (None: no tales are told)."""
        self.narrator = narrator
        self._telling: set[tuple[str, int]] = set()  # (table, chapter) being told now
        self._telling_lock = threading.Lock()

    # --- creating ---------------------------------------------------------------------------

    def new_table(self, body: DiceUponATimeCreate) -> NewTable:
        kinds = tuple(p.kind for p in body.players)
        if "human" not in kinds:
            raise ApiError(422, "invalid_table", "At least one player must be a person.")
        if body.deck_mode == "physical" and "ai" in kinds:
            raise ApiError(
                422,
                "invalid_table",
                "AI travellers play only on the companion's board: a live table is people only.",
            )
        try:
            engine = Config(
                players=tuple(p.name.strip() for p in body.players),
                seed=body.seed if body.seed is not None else secrets.randbits(52),
                length=body.length,
                cooperative=body.cooperative,
                board=None if body.board is None else table_board(body.board),
            )
        except ValidationError as error:
            message = error.errors()[0]["msg"].removeprefix("Value error, ")
            raise ApiError(422, "invalid_table", f"{message}.") from None
        config = DiceUponATimeConfig(
            engine, kinds, body.language, body.ai_level, body.spectators, body.deck_mode
        )
        created = NewEvent(
            "table_created",
            {
                "players": shared.roster(engine.players, kinds),
                "language": body.language,
                "ai_level": body.ai_level,
                "length": body.length,
                "cooperative": body.cooperative,
                "deck_mode": body.deck_mode,
            },
        )
        return NewTable(config.to_json(), engine.players, kinds, [created])

    def initial_state(self, table_id: str, config: Mapping[str, Any]) -> DiceUponATimeTableState:
        return DiceUponATimeTableState.new(table_id, DiceUponATimeConfig.from_json(config))

    def from_snapshot(
        self, table_id: str, config: Mapping[str, Any], seq: int, data: Mapping[str, Any]
    ) -> DiceUponATimeTableState:
        return DiceUponATimeTableState.from_snapshot(
            table_id, DiceUponATimeConfig.from_json(config), seq, data
        )

    # --- acting -----------------------------------------------------------------------------

    def parse_action(self, data: Mapping[str, Any]) -> Any:
        return _BODIES.validate_python(data)

    def plan(
        self, state: DiceUponATimeTableState, seat: int, body: Any, by: By, *, now: float
    ) -> list[NewEvent]:
        """One move of the seat's own, a trade offer, or the answer to one. The engine's
        refusal (a `GameError` with its DU rule) is the response."""
        check_action_type(body.type, "Dice Upon a Time", _ACTION_TYPES)
        if isinstance(state.game, KeeperState) or isinstance(body, KEEPER_BODIES):
            return self._record(state, seat, body, by)
        if isinstance(body, TradeBody):
            return self._offer(state, seat, body)
        if isinstance(body, TradeAnswerBody):
            return self._answer(state, seat, body, by)
        data = body.model_dump(exclude_none=True)
        data["type"] = ENGINE_TYPE.get(data["type"], data["type"])
        action = shared.engine_action(ACTIONS, {**data, "seat": seat})
        after = apply(state.game, action)
        payload = {
            "seat": seat,
            "by": by,
            "action": action.model_dump(mode="json"),
            "saw": public_summary(state.game, after, action),
        }
        return [NewEvent("action", payload)]

    def _record(
        self, state: DiceUponATimeTableState, seat: int, body: Any, by: By
    ) -> list[NewEvent]:
        """A live table: what happened at the table, recorded from any seated phone, about
        `traveller` (by default the phone's own seat). The keeper's refusal is the response."""
        game = state.game
        if not isinstance(game, KeeperState) or not isinstance(body, KEEPER_BODIES):
            live = isinstance(game, KeeperState)
            raise ApiError(
                422,
                "invalid_action",
                "A live table records what happened at the table (keep_quest, keep_story, "
                "keep_side_quest, keep_curse, keep_mark, keep_chapter)."
                if live
                else "keep_* recordings are for a live table (deck_mode physical).",
            )
        data = body.model_dump(exclude_none=True)
        traveller = data.pop("traveller", seat)
        about = seat if body.type == "keep_chapter" else traveller
        recorded = shared.engine_action(KEEPER_ACTIONS, {**data, "seat": about})
        after = keeper_apply(game, recorded)  # a refusal (GameError) is the response
        payload = {
            "seat": about,
            "by": by,
            "recorded_by": seat,
            "action": recorded.model_dump(mode="json"),
            "last": None if after.last is None else after.last.model_dump(mode="json"),
        }
        return [NewEvent("action", payload)]

    def _offer(self, state: DiceUponATimeTableState, seat: int, body: TradeBody) -> list[NewEvent]:
        """DU-11: an offer to a person on the same place. What the offer asks of the partner's
        magic items is checked only when the partner accepts (the maker cannot see them, and a
        refusal must not tell what the partner holds)."""
        if state.offer is not None and not state.game.over:
            raise ApiError(
                409,
                "illegal_action",
                "DU-11: a trade offer is already open: it must be answered or withdrawn first.",
                rule="DU-11",
            )
        game = state.game
        assert isinstance(game, State)  # `plan` sends a live table's bodies to `_record`
        partner = body.partner
        if partner < len(state.kinds) and state.kinds[partner] == "ai":
            raise ApiError(
                422, "invalid_action", "AI travellers do not trade: offer a person on your place."
            )
        trade = shared.engine_action(
            ACTIONS,
            {**body.model_dump(), "seat": seat},
        )
        assert isinstance(trade, Trade)
        visible = trade.model_copy(update={"take": trade.take.model_copy(update={"items": ()})})
        apply(game, visible)  # the refusal of anything both seats can see
        return [NewEvent("trade_offered", trade.model_dump(mode="json", exclude={"type"}))]

    def _answer(
        self, state: DiceUponATimeTableState, seat: int, body: TradeAnswerBody, by: By
    ) -> list[NewEvent]:
        offer, game = state.offer, state.game
        assert isinstance(game, State)  # `plan` sends a live table's bodies to `_record`
        if offer is None:
            raise ApiError(409, "illegal_action", "DU-11: no trade offer is open.", rule="DU-11")
        if seat not in (offer.seat, offer.partner):
            raise ApiError(
                409,
                "illegal_action",
                "DU-11: only the two players of a trade answer its offer.",
                rule="DU-11",
            )
        if not body.accept:
            return [NewEvent("trade_closed", {"seat": seat})]
        if seat != offer.partner:
            raise ApiError(
                422, "invalid_action", "Only the partner accepts an offer; its maker withdraws it."
            )
        after = apply(game, offer)
        payload = {
            "seat": offer.seat,
            "by": by,
            "action": offer.model_dump(mode="json"),
            "accepted_by": seat,
            "saw": public_summary(game, after, offer),
        }
        return [NewEvent("action", payload)]

    def follow_up(
        self, state: DiceUponATimeTableState, trigger: list[StoredEvent]
    ) -> Iterator[list[NewEvent]]:
        """After an action: the tale of each finished chapter not told yet (the one just over,
        or one a crash left untold), one event each. A chapter another request is telling now
        is left to it, so a model is asked once."""
        if self.narrator is None or not any(e.type == "action" for e in trigger):
            return
        for chapter in state.untold():
            key = (state.table_id, chapter)
            with self._telling_lock:
                if key in self._telling:
                    continue
                self._telling.add(key)
            try:
                tale = self._tale(state, chapter)
            finally:
                with self._telling_lock:
                    self._telling.discard(key)
            if tale is not None:
                yield [tale]

    def _tale(self, state: DiceUponATimeTableState, chapter: int) -> NewEvent | None:
        """The `chapter_tale` event of `chapter`, in the table's language. Played magic items
        are counted, never named (a played item is shown to its player only), and a model's
        retelling set aside for naming something is not told what it named."""
        assert self.narrator is not None
        try:
            tale = tell_chapter_tale(
                self.narrator,
                state.config.engine,
                state.actions,
                chapter=chapter,
                language=state.config.language,
                name_played=False,
            )
        except Exception:
            log.exception("chapter tale failed on table %s chapter %d", state.table_id, chapter)
            return None
        reason = tale.fallback_reason
        if reason is not None and reason.startswith("the retelling names"):
            reason = "the retelling named a card or place the chapter does not hold"
        payload = {
            "chapter": chapter,
            "language": tale.language,
            "narrator": tale.narrator,
            "origin": tale.origin,
            "text": tale.text,
            "fallback_reason": reason,
        }
        return NewEvent("chapter_tale", payload)

    def due(self, state: DiceUponATimeTableState, *, now: float) -> list[NewEvent] | None:
        return None

    def wake_at(self, state: DiceUponATimeTableState) -> float | None:
        return None

    # --- reading ----------------------------------------------------------------------------

    def view(self, state: DiceUponATimeTableState, seat: int | None) -> DiceUponATimeView:
        return dice_upon_a_time_view(state, seat)

    def project(self, event: StoredEvent, seat: int | None) -> EventView | None:
        return project_event(event, seat)

    # --- AI seats ---------------------------------------------------------------------------

    def ai_step(self, state: DiceUponATimeTableState) -> AIMove | None:
        """The move of the AI seat the game waits for, if it waits for one: a turn after the
        table's pace, the choices that follow within a turn (move, quests, the end of the turn)
        after a short beat, so people can follow an AI turn without waiting through it."""
        if isinstance(state.game, KeeperState):
            return None
        seat = acting_seat(state.game)
        if seat is None or state.kinds[seat] != "ai":
            return None
        seed = zlib.crc32(f"{state.table_id}/{seat}/{state.seq}".encode())
        player = ai_player(state.config.ai_level, seed)
        body = request_body(player.choose(state.game, seat))
        within_turn = body["type"] in ("choose", "play_item", "use_ability")
        return AIMove(seat, body, pace=CHOICE_PACE if within_turn else 1.0)
