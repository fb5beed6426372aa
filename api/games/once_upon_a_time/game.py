"""Once Upon a Time at the shared table service: creation, planning, the referee's rulings after
each sentence, votes closed at their deadline, views, and the AI seats' next move."""

import logging
import random
import secrets
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from typing import Any

from pydantic import TypeAdapter, ValidationError

from api.errors import ApiError, safe_message
from api.games import shared
from api.games.base import AIMove, By, NewTable, action_types, check_action_type
from api.games.once_upon_a_time.judge import Judge
from api.games.once_upon_a_time.planning import Planner
from api.games.once_upon_a_time.schemas import ActionBody, TableCreate, TableView
from api.games.once_upon_a_time.seats import seat_view
from api.games.once_upon_a_time.state import TableConfig, TableState
from api.games.once_upon_a_time.views import project_event, table_view
from api.schemas import EventView
from companion.cards import CustomCardError, Deck, custom_card, fold
from companion.games.once_upon_a_time import Config, GameError, GivenSeat, Variants
from companion.referee.port import RefereePort
from companion.seats import OnceUponATimeSeat
from companion.seats.once_upon_a_time_pace import BeatMemory
from companion.store import NewEvent, StoredEvent
from companion.story.narrator import Narrator

log = logging.getLogger(__name__)

_BODIES: TypeAdapter[ActionBody] = TypeAdapter(ActionBody)
_ACTION_TYPES = action_types(ActionBody)


class OnceUponATimeTables:
    """The `TableGame` of Once Upon a Time (see `api.games.base`)."""

    name = "once_upon_a_time"
    snapshot_format = TableState.SNAPSHOT_FORMAT

    def __init__(
        self,
        deck: Deck,
        referee: RefereePort,
        narrator: Narrator,
        *,
        llm_enabled: bool,
        vote_timeout_s: float = 60.0,
        ai_pace_s: float = 0.0,
    ) -> None:
        self.deck = deck
        self.referee = referee
        self.narrator = narrator
        self.judge = Judge(deck, referee, narrator, llm_enabled=llm_enabled)
        self.planner = Planner(deck, self.judge, vote_timeout_s=vote_timeout_s)
        self.vote_timeout_s = vote_timeout_s
        self.ai_pace_s = ai_pace_s  # the runner's pace, for the view's "thinking" cue
        self._beats: OrderedDict[str, BeatMemory] = OrderedDict()  # AI storytellers' plans

    # --- creating ---------------------------------------------------------------------------

    def new_table(self, body: TableCreate) -> NewTable:
        kinds = tuple(p.kind for p in body.players)
        if body.deck_mode == "physical" and "ai" in kinds:
            raise ApiError(
                422,
                "invalid_table",
                "AI seats play only with the virtual deck: they hold no physical cards.",
            )
        if body.hands is not None and body.deck_mode != "physical":
            raise ApiError(
                422,
                "invalid_table",
                "`hands` is for a physical deck; a virtual deck deals itself "
                "(give a `seed` to fix the shuffle).",
            )
        if body.hands is not None and len(body.hands) != len(body.players):
            raise ApiError(
                422, "invalid_table", "`hands` needs one entry per player, in seat order"
            )
        custom = self._custom_cards(body)
        try:
            engine = Config(
                players=tuple(p.name.strip() for p in body.players),
                deck_mode=body.deck_mode,
                seed=body.seed if body.seed is not None else secrets.randbits(52),
                first_storyteller=body.first_storyteller or GivenSeat(),
                variants=Variants(
                    multiple_endings=tuple(body.variants.multiple_endings),
                    ending_swap=body.variants.ending_swap,
                ),
                custom_cards=custom,
                deal_custom_first=body.deal_custom_first,
            )
        except ValidationError as error:
            message = error.errors()[0]["msg"].removeprefix("Value error, ")
            raise ApiError(422, "invalid_table", f"{message}.") from None
        config = TableConfig(engine, kinds, body.language, body.spectators, body.ai_level)
        state = self._new_state("", config)
        events: list[NewEvent] = [
            NewEvent(
                "table_created",
                {
                    "players": shared.roster(engine.players, kinds),
                    "language": body.language,
                    "deck_mode": body.deck_mode,
                    "variants": engine.variants.model_dump(mode="json"),
                    "first_storyteller": state.game.start.model_dump(mode="json"),
                    "custom_cards": list(custom),
                    "deal_custom_first": body.deal_custom_first,
                },
            )
        ]
        for seat, hand in enumerate(body.hands or ()):
            if hand.cards or hand.endings:
                action = self.planner.engine_action(
                    {
                        "type": "declare_hand",
                        "seat": seat,
                        "cards": [self.planner.card_id(c, custom) for c in hand.cards],
                        "endings": [self.planner.ending_id(e) for e in hand.endings],
                    }
                )
                events.append(self.planner.action_event(state, action, "human"))
                state = self.planner.apply(state, action)
        return NewTable(config.to_json(), engine.players, kinds, events)

    def _custom_cards(self, body: TableCreate) -> tuple[str, ...]:
        """The ids of the table's own cards (`companion.cards.custom`), or a 422 saying which
        label cannot be one: not plain text, a name the deck prints already, a repeat."""
        ids: list[str] = []
        seen: dict[str, str] = {}
        for i, given in enumerate(body.custom_cards):
            where = f"custom_cards[{i}]"
            try:
                card = custom_card(given.group, given.label)
            except CustomCardError as error:
                raise ApiError(422, "invalid_table", f"{where}: {error}.") from None
            label = card.label(body.language)
            printed = self.deck.resolve(label)
            if printed is not None:
                raise ApiError(
                    422,
                    "invalid_table",
                    f"{where}: the deck already has {label!r} (a name of its card "
                    f"{printed.label(body.language)!r}); hold that card instead.",
                )
            if fold(label) in seen:
                raise ApiError(
                    422,
                    "invalid_table",
                    f"{where}: {label!r} is listed twice ({seen[fold(label)]}).",
                )
            seen[fold(label)] = where
            ids.append(card.id)
        return tuple(ids)

    def _new_state(self, table_id: str, config: TableConfig) -> TableState:
        try:
            return TableState.new(table_id, config)
        except GameError as error:
            raise ApiError(422, "invalid_table", safe_message(error)) from None

    def initial_state(self, table_id: str, config: Mapping[str, Any]) -> TableState:
        return TableState.new(table_id, TableConfig.from_json(config))

    def from_snapshot(
        self, table_id: str, config: Mapping[str, Any], seq: int, data: Mapping[str, Any]
    ) -> TableState:
        return TableState.from_snapshot(table_id, TableConfig.from_json(config), seq, data)

    # --- acting -----------------------------------------------------------------------------

    def parse_action(self, data: Mapping[str, Any]) -> ActionBody:
        return _BODIES.validate_python(data)

    def plan(
        self, state: TableState, seat: int, body: ActionBody, by: By, *, now: float
    ) -> list[NewEvent]:
        check_action_type(body.type, "Once Upon a Time", _ACTION_TYPES)
        return self.planner.plan(state, seat, body, by, now=now)

    def due(self, state: TableState, *, now: float) -> list[NewEvent] | None:
        ballot = state.ballot
        if ballot is None or not ballot.expired(now, self.vote_timeout_s):
            return None
        return [self.planner.settle(state)]

    def wake_at(self, state: TableState) -> float | None:
        return None if state.ballot is None else state.ballot.opened + self.vote_timeout_s

    # --- after an append: the referee's ruling on each new sentence --------------------------

    def follow_up(self, state: TableState, trigger: list[StoredEvent]) -> Iterator[list[NewEvent]]:
        """After an action: the ruling on each line of this turn not yet ruled on (the new
        sentence, or one a crash left unruled); on a referee failure, a `step_failed` event.
        The turn is kept either way."""
        if not any(e.type == "action" for e in trigger):
            return
        for line in state.game.turn_lines():
            if line not in state.ruled and state.game.story[line].kind == "story":
                yield self._ruling_events(state, line)

    def _ruling_events(self, state: TableState, line: int) -> list[NewEvent]:
        try:
            found = self.judge.hints(state.game, line, state.config.language)
        except Exception:
            log.exception("referee failed on table %s line %d", state.table_id, line)
            message = (
                "The referee could not rule on this sentence; the turn goes on. Players may "
                "still claim their cards by hand."
            )
            return [NewEvent("step_failed", {"step": "referee", "line": line, "message": message})]
        # One public event whatever was heard: each seat's hints ride in it and the views show a
        # reader only its own, so no sequence number, count or timing tells that a seat heard.
        hints = {str(seat): found[seat] for seat in sorted(found)}
        return [NewEvent("ruled", {"line": line, "hints": hints})]

    # --- reading ----------------------------------------------------------------------------

    def view(self, state: TableState, seat: int | None) -> TableView:
        return table_view(
            state,
            self.deck,
            seat,
            narrator=self.narrator.name,
            vote_timeout_s=self.vote_timeout_s,
            ai_pace_s=self.ai_pace_s,
        )

    def project(self, event: StoredEvent, seat: int | None) -> EventView | None:
        return project_event(event, seat)

    # --- AI seats ---------------------------------------------------------------------------

    def ai_step(self, state: TableState) -> AIMove | None:
        """Votes first, then claims by listeners, then the teller, each at the pace its seat's
        level asks. An AI vote waits for the people's votes (or a share of the vote's time). A
        storyteller whose move is refused passes instead (OU-9), so that it never holds the
        table up."""
        if state.finished:
            return None
        game = state.game
        ai_seats = [s for s, kind in enumerate(state.kinds) if kind == "ai"]
        listeners = [s for s in ai_seats if s != game.storyteller]
        for seat in listeners + [s for s in ai_seats if s == game.storyteller]:
            player = OnceUponATimeSeat(
                self.deck,
                self.referee,
                self.narrator,
                rng=random.Random(f"{state.table_id}/{seat}/{state.seq}"),
                level_name=state.config.ai_level,
                salt=state.table_id,
                memory=self._memory(state.table_id),
            )
            decision = player.decide(seat_view(state, seat))
            if decision is None:
                continue
            kind = decision.body["type"]
            fallback = None if kind in _NO_FALLBACK else {"type": "pass"}
            return AIMove(
                seat,
                decision.body,
                decision.note,
                fallback=fallback,
                pace=decision.pace,
                not_before=self._people_vote_first(state) if kind == "vote" else None,
            )
        return None

    def _people_vote_first(self, state: TableState) -> float | None:
        """While a person may still vote, an AI vote waits, at most a share of the vote's time."""
        ballot = state.ballot
        if ballot is None or not any(state.kinds[s] == "human" for s in ballot.waiting_for):
            return None
        return ballot.opened + self.vote_timeout_s * PEOPLE_VOTE_SHARE

    def _memory(self, table_id: str) -> BeatMemory:
        """The AI storytellers' beats in progress at a table (in memory only: after a restart a
        seat simply plans a new beat)."""
        memory = self._beats.pop(table_id, None)
        self._beats[table_id] = memory = {} if memory is None else memory
        while len(self._beats) > _REMEMBERED_TABLES:
            self._beats.popitem(last=False)
        return memory


# An AI vote waits for the people's votes at most this share of the vote's time.
PEOPLE_VOTE_SHARE = 0.5
_REMEMBERED_TABLES = 512
# Moves that, when refused, are simply dropped (a claim, a vote, a pass itself).
_NO_FALLBACK = frozenset({"vote", "pass", "interrupt", "card_interrupt"})
