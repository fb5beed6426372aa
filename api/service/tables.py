"""`TableService`: create tables, rebuild their state from the log, take actions log-first.

An action goes: plan it (`planning.Planner`: parse, check against the engine, judge the claim)
→ append to the log with a seq check (plan again on a conflict) → only then rule on each new
sentence (private hints, or a `step_failed` marker) → the routes tell the streams.
"""

import hashlib
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from api.errors import ApiError, not_found, token_required
from api.schemas import ActionBody, TableCreate
from api.security import hash_token, new_token, seat_for_token
from api.service.judge import Judge
from api.service.planning import By, Planner, safe_message
from api.service.state import TableConfig, TableState
from companion.cards import Deck
from companion.games.once_upon_a_time import (
    Config,
    GameError,
    GivenSeat,
    Variants,
)
from companion.store import (
    EventLog,
    IdempotencyClaim,
    NewEvent,
    SeqConflictError,
    StoredEvent,
    TableNotFoundError,
)

log = logging.getLogger(__name__)

_APPEND_ATTEMPTS = 8
_SNAPSHOT_EVERY = 200
_CACHE_TABLES = 2_000


@dataclass(frozen=True)
class Viewer:
    table_id: str
    seat: int | None  # None: a spectator


@dataclass(frozen=True)
class ActOutcome:
    state: TableState
    events: list[StoredEvent]
    replayed: bool = False


def _fingerprint(body: Any) -> str:
    return hashlib.sha256(body.model_dump_json().encode()).hexdigest()


class TableService:
    """Tables on one event log. Thread-safe; one instance per worker process."""

    def __init__(
        self,
        store: EventLog,
        deck: Deck,
        judge: Judge,
        *,
        narrator_name: str,
        vote_timeout_s: float = 60.0,
        clock: Callable[[], float] = time.time,
        on_failure: Callable[[str, Exception], None] | None = None,
    ) -> None:
        self.store = store
        self.deck = deck
        self.judge = judge
        self.planner = Planner(deck, judge, vote_timeout_s=vote_timeout_s)
        self.vote_timeout_s = vote_timeout_s
        self._clock = clock
        self.narrator_name = narrator_name
        self._cache: OrderedDict[str, TableState] = OrderedDict()
        self._hashes: dict[str, dict[int, str | None]] = {}
        self._locks: dict[str, threading.RLock] = {}
        self._guard = threading.Lock()
        self._on_failure = on_failure

    # --- creating ---------------------------------------------------------------------------

    def create(self, body: TableCreate) -> tuple[TableState, list[str | None]]:
        """A new table and each seat's token (None for AI seats). Tokens are shown only once."""
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
            )
        except ValidationError as error:
            message = error.errors()[0]["msg"].removeprefix("Value error, ")
            raise ApiError(422, "invalid_table", f"{message}.") from None
        config = TableConfig(engine, kinds, body.language, body.spectators)
        table_id = secrets.token_urlsafe(12)
        state = self._new_state(table_id, config)
        tokens = [new_token() if kind == "human" else None for kind in kinds]
        initial: list[NewEvent] = [
            NewEvent(
                "table_created",
                {
                    "players": [
                        {"seat": i, "name": name, "kind": kind}
                        for i, (name, kind) in enumerate(zip(engine.players, kinds, strict=True))
                    ],
                    "language": body.language,
                    "deck_mode": body.deck_mode,
                    "variants": engine.variants.model_dump(mode="json"),
                    "first_storyteller": state.game.start.model_dump(mode="json"),
                },
            )
        ]
        for seat, hand in enumerate(body.hands or ()):
            if hand.cards or hand.endings:
                action = self.planner.engine_action(
                    {
                        "type": "declare_hand",
                        "seat": seat,
                        "cards": [self.planner.card_id(c) for c in hand.cards],
                        "endings": [self.planner.ending_id(e) for e in hand.endings],
                    }
                )
                initial.append(self.planner.action_event(state, action, "human"))
                state = self.planner.apply(state, action)
        hashes = {i: (hash_token(t) if t else None) for i, t in enumerate(tokens)}
        self.store.create_table(table_id, config.to_json(), hashes, initial)
        return self.state(table_id), tokens

    def _new_state(self, table_id: str, config: TableConfig) -> TableState:
        try:
            return TableState.new(table_id, config)
        except GameError as error:
            raise ApiError(422, "invalid_table", safe_message(error)) from None

    # --- reading ----------------------------------------------------------------------------

    @contextmanager
    def _locked(self, table_id: str) -> Iterator[None]:
        with self._guard:
            lock = self._locks.setdefault(table_id, threading.RLock())
        with lock:
            yield

    def authorize(self, table_id: str, token: str | None) -> Viewer:
        """The seat a token opens, or a spectator when no token is given (if the table allows).
        An unknown table and a wrong token give the same 404."""
        try:
            hashes = self._hashes.get(table_id)
            if hashes is None:
                record = self.store.table(table_id)
                hashes = self._hashes.setdefault(table_id, record.token_hashes)
        except TableNotFoundError:
            if token is not None:
                seat_for_token(token, {})  # spend the same time as a real check
            raise not_found() from None
        if token is None:
            if not self.state(table_id).config.spectators:
                raise not_found()
            return Viewer(table_id, None)
        seat = seat_for_token(token, hashes)
        if seat is None:
            raise not_found()
        return Viewer(table_id, seat)

    def require_seat(self, viewer: Viewer) -> int:
        if viewer.seat is None:
            raise token_required()
        return viewer.seat

    def state(self, table_id: str) -> TableState:
        """The table's state at the end of its log (cached; caught up on every call)."""
        with self._locked(table_id):
            state = self._cache.get(table_id)
            if state is None:
                state = self._load(table_id)
            events = self.store.read(table_id, after=state.seq)
            for event in events:
                state = state.advance(event)
            if (
                events
                and state.seq // _SNAPSHOT_EVERY > (state.seq - len(events)) // _SNAPSHOT_EVERY
            ):
                self.store.save_snapshot(
                    table_id, state.seq, TableState.SNAPSHOT_FORMAT, state.to_snapshot()
                )
            self._cache[table_id] = state
            self._cache.move_to_end(table_id)
            while len(self._cache) > _CACHE_TABLES:
                self._cache.popitem(last=False)
            return state

    def _load(self, table_id: str) -> TableState:
        record = self.store.table(table_id)
        self._hashes.setdefault(table_id, record.token_hashes)
        config = TableConfig.from_json(record.config)
        snapshot = self.store.latest_snapshot(table_id, TableState.SNAPSHOT_FORMAT)
        if snapshot is not None:
            try:
                return TableState.from_snapshot(table_id, config, snapshot.seq, snapshot.state)
            except (ValidationError, KeyError, TypeError, ValueError) as error:
                log.warning(
                    "snapshot of %s at %d unusable (%r); replaying", table_id, snapshot.seq, error
                )
        return TableState.new(table_id, config)

    def events(self, table_id: str, after: int) -> list[StoredEvent]:
        return self.store.read(table_id, after=after)

    # --- acting -----------------------------------------------------------------------------

    def act(
        self,
        table_id: str,
        seat: int,
        body: ActionBody,
        *,
        idempotency_key: str | None = None,
        by: By = "human",
    ) -> ActOutcome:
        """Take one action for `seat`, log-first. Raises `ApiError` for a refused one."""
        claim = None
        if idempotency_key is not None:
            claim = IdempotencyClaim(seat, idempotency_key, _fingerprint(body))
        for _attempt in range(_APPEND_ATTEMPTS):
            with self._locked(table_id):
                state = self.state(table_id)
                if claim is not None:
                    replayed = self._replay(table_id, claim, state)
                    if replayed is not None:
                        return replayed
                new_events = self.planner.plan(state, seat, body, by, now=self._clock())
                try:
                    stored = self.store.append(
                        table_id, new_events, after_seq=state.seq, idempotency=claim
                    )
                except SeqConflictError:
                    continue  # another worker appended first: plan again on the new state
                state = self._remember(state, stored)
            ruled, state = self._rule_new_lines(state, stored)
            return ActOutcome(state, stored + ruled)
        raise ApiError(
            503,
            "busy",
            "The table is busy; nothing was done. Retry in a moment.",
            headers={"Retry-After": "1"},
        )

    def settle_expired_vote(self, table_id: str) -> ActOutcome | None:
        """Close the open vote if its deadline has passed (the hands up decide), else None."""
        for _attempt in range(_APPEND_ATTEMPTS):
            with self._locked(table_id):
                state = self.state(table_id)
                ballot = state.ballot
                if ballot is None or not ballot.expired(self._clock(), self.vote_timeout_s):
                    return None
                try:
                    stored = self.store.append(
                        table_id, [self.planner.settle(state)], after_seq=state.seq
                    )
                except SeqConflictError:
                    continue
                state = self._remember(state, stored)
            ruled, state = self._rule_new_lines(state, stored)
            return ActOutcome(state, stored + ruled)
        return None

    def _replay(
        self, table_id: str, claim: IdempotencyClaim, state: TableState
    ) -> ActOutcome | None:
        record = self.store.idempotency_record(table_id, claim.seat, claim.key)
        if record is None:
            return None
        if record.fingerprint != claim.fingerprint:
            raise ApiError(
                422,
                "idempotency_key_reused",
                "This Idempotency-Key was already used for a different action; use a new key "
                "for a new action.",
            )
        events = self.store.read(table_id, after=record.first_seq - 1, upto=record.last_seq)
        return ActOutcome(state, events, replayed=True)

    # --- after the append: rulings on new sentences -------------------------------------------

    def _remember(self, state: TableState, stored: list[StoredEvent]) -> TableState:
        """`state` advanced by events just appended after it, kept as the cached state."""
        for event in stored:
            state = state.advance(event)
        with self._locked(state.table_id):
            cached = self._cache.get(state.table_id)
            if cached is None or cached.seq < state.seq:
                self._cache[state.table_id] = state
        return state

    def _rule_new_lines(
        self, state: TableState, stored: list[StoredEvent]
    ) -> tuple[list[StoredEvent], TableState]:
        """Private hints for each line of this turn not yet ruled on (the new sentence, or one
        a crash left unruled); on a referee failure, a `step_failed` event. The turn is kept."""
        appended: list[StoredEvent] = []
        if not any(e.type == "action" for e in stored):
            return appended, state
        for line in self._unruled(state):
            events = self._ruling_events(state, line)
            new, state = self._append_anywhere(state.table_id, events)
            appended += new
        return appended, state

    def rule_line(self, table_id: str, line: int) -> list[StoredEvent]:
        """Rule on one line against every other seat's hand and append the hints."""
        state = self.state(table_id)
        if line in state.ruled or line >= len(state.game.story):
            return []
        return self._append_anywhere(table_id, self._ruling_events(state, line))[0]

    def _ruling_events(self, state: TableState, line: int) -> list[NewEvent]:
        try:
            found = self.judge.hints(state.game, line, state.config.language)
        except Exception as error:
            log.exception("referee failed on table %s line %d", state.table_id, line)
            if self._on_failure is not None:
                self._on_failure("referee", error)
            message = (
                "The referee could not rule on this sentence; the turn goes on. Players may "
                "still claim their cards by hand."
            )
            return [NewEvent("step_failed", {"step": "referee", "line": line, "message": message})]
        # One public event whatever was heard: each seat's hints ride in it and `views` shows a
        # reader only its own, so no sequence number, count or timing tells that a seat heard.
        hints = {str(seat): found[seat] for seat in sorted(found)}
        return [NewEvent("ruled", {"line": line, "hints": hints})]

    def append_note(self, table_id: str, events: list[NewEvent]) -> list[StoredEvent]:
        return self._append_anywhere(table_id, events)[0]

    def _append_anywhere(
        self, table_id: str, events: list[NewEvent]
    ) -> tuple[list[StoredEvent], TableState]:
        """Append events whose meaning does not depend on what came just before them. The first
        try trusts the cached state; a conflict means another writer came first: catch up."""
        for attempt in range(_APPEND_ATTEMPTS):
            with self._locked(table_id):
                cached = self._cache.get(table_id)
                state = cached if attempt == 0 and cached is not None else self.state(table_id)
                try:
                    stored = self.store.append(table_id, events, after_seq=state.seq)
                except SeqConflictError:
                    continue
                return stored, self._remember(state, stored)
        raise ApiError(
            503, "busy", "The table is busy; retry in a moment.", headers={"Retry-After": "1"}
        )

    @staticmethod
    def _unruled(state: TableState) -> list[int]:
        return [
            line
            for line in state.game.turn_lines()
            if line not in state.ruled and state.game.story[line].kind == "story"
        ]

    def unruled_lines(self, table_id: str) -> list[int]:
        """Story lines of the current turn the referee has not ruled on (after a crash)."""
        return self._unruled(self.state(table_id))
