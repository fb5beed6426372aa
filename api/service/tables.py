"""`TableService`: create tables, rebuild their state from the log, take actions log-first.

It knows no game: each table's `TableGame` (`api.games`, by the `game` of its stored config)
plans requests, rebuilds state from events and says what follows an append. An action goes:
plan it → append to the log with a seq check (plan again on a conflict) → only then the game's
follow-ups (Once Upon a Time: the referee's ruling on a new sentence) → the routes tell the
streams.

Each table's state is kept in memory, advanced by the events this service appends; the log stays
the truth (the seq check of every append catches a state another writer moved on). When the
service is the only writer of its database (`exclusive`: one worker on a SQLite file) its memory
is the log's end, so reads need no read-back: a table's state and its latest events (the tail the
live streams read) come from memory. With several workers a read catches up from the log first.
"""

import hashlib
import logging
import random
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import anyio
from pydantic import ValidationError

from api.errors import ApiError, not_found, token_required
from api.games import By, HostedState, NewTable, TableGame
from api.security import hash_token, new_token, seat_for_token
from companion.store import (
    EventLog,
    IdempotencyClaim,
    NewEvent,
    SeqConflictError,
    StoredEvent,
    StoreUnavailableError,
    TableNotFoundError,
)

log = logging.getLogger(__name__)

_APPEND_ATTEMPTS = 8
_SNAPSHOT_EVERY = 200
_CACHE_TABLES = 2_000
_TAIL = 256  # latest events kept per table for the live streams (exclusive service)


@dataclass(frozen=True)
class Viewer:
    table_id: str
    seat: int | None  # None: a spectator


@dataclass(frozen=True)
class Created:
    state: HostedState
    table: NewTable
    tokens: list[str | None]  # each seat's token (None for AI seats); shown only once


@dataclass(frozen=True)
class ActOutcome:
    state: HostedState
    events: list[StoredEvent]
    replayed: bool = False


def _back_off(attempt: int) -> None:
    """Before trying an append again after losing a race to another worker: a short random
    wait, longer each time, so that two workers appending to one table do not keep colliding."""
    if attempt:
        time.sleep(random.uniform(0, min(0.2, 0.005 * 2**attempt)))


def _fingerprint(body: Any) -> str:
    return hashlib.sha256(body.model_dump_json().encode()).hexdigest()


class TableService:
    """Tables on one event log. Thread-safe; one instance per worker process."""

    def __init__(
        self,
        store: EventLog,
        games: Mapping[str, TableGame[Any]],
        *,
        clock: Callable[[], float] = time.time,
        exclusive: bool = False,
    ) -> None:
        self.store = store
        self.games = games
        self.exclusive = exclusive
        self._clock = clock
        self._cache: OrderedDict[str, HostedState] = OrderedDict()
        self._tails: dict[str, list[StoredEvent]] = {}
        self._configs: dict[str, Mapping[str, Any]] = {}
        self._hashes: dict[str, dict[int, str | None]] = {}
        self._locks: dict[str, threading.RLock] = {}
        self._guard = threading.Lock()

    def now(self) -> float:
        """The service's clock (Unix time): deadlines are measured against it."""
        return self._clock()

    # --- creating ---------------------------------------------------------------------------

    def create(self, body: Any) -> Created:
        """A new table of `body.game`, and each seat's token. Tokens are shown only once."""
        table = self.games[body.game].new_table(body)
        table_id = secrets.token_urlsafe(12)
        tokens = [new_token() if kind == "human" else None for kind in table.kinds]
        hashes = {i: (hash_token(t) if t else None) for i, t in enumerate(tokens)}
        self.store.create_table(table_id, table.config, hashes, table.events)
        return Created(self.state(table_id), table, tokens)

    def game(self, table_id: str) -> TableGame[Any]:
        """The game a table plays."""
        config = self._configs.get(table_id)
        if config is None:
            config = self._configs.setdefault(table_id, self.store.table(table_id).config)
        return self.games[config["game"]]

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
            if not self.state(table_id).spectators:
                raise not_found()
            return Viewer(table_id, None)
        seat = seat_for_token(token, hashes)
        if seat is None:
            raise not_found()
        return Viewer(table_id, seat)

    def authorizes_from_memory(self, table_id: str, token: str | None) -> bool:
        """Whether `authorize` would answer without reading the store (the event loop may then
        call it): the table's token hashes are held, and for a spectator its state too."""
        return table_id in self._hashes and (token is not None or self.peek(table_id) is not None)

    def require_seat(self, viewer: Viewer) -> int:
        if viewer.seat is None:
            raise token_required()
        return viewer.seat

    def state(self, table_id: str) -> HostedState:
        """The table's state at the end of its log (from memory when the service is exclusive,
        else caught up from the log on every call)."""
        if self.exclusive:
            cached = self._cache.get(table_id)
            if cached is not None:
                return cached
        with self._locked(table_id):
            state = self._cache.get(table_id)
            if state is None:
                state = self._load(table_id)
                self._tails.pop(table_id, None)
            events = self.store.read(table_id, after=state.seq)
            if events:
                state = self._advance(state, events)
            self._cache[table_id] = state
            self._cache.move_to_end(table_id)
            while len(self._cache) > _CACHE_TABLES:
                evicted, _ = self._cache.popitem(last=False)
                self._tails.pop(evicted, None)
            return state

    def peek(self, table_id: str, reaching: int | None = None) -> HostedState | None:
        """The table's state without waiting for anything, else None (the caller uses `state`
        from a worker thread): when the service is exclusive and holds the table, or when the
        held state reaches `reaching`, a seq the log is known to reach (a notification's)."""
        state = self._cache.get(table_id)
        if state is None or not (
            self.exclusive or (reaching is not None and state.seq >= reaching)
        ):
            return None
        return state

    def recent_events(
        self, table_id: str, after: int, reaching: int | None = None
    ) -> list[StoredEvent] | None:
        """The events after `after` from memory without waiting (as `peek` may answer, and the
        table's tail reaching back that far), else None: the caller uses `events` from a
        worker thread."""
        state = self.peek(table_id, reaching)
        tail = self._tails.get(table_id)
        if not tail or state is None or tail[-1].seq != state.seq or tail[0].seq > after + 1:
            return None
        return tail[max(0, after + 1 - tail[0].seq) :]

    async def state_soon(self, table_id: str, reaching: int | None = None) -> HostedState:
        """`state` for the event loop: from memory at once when it can (see `peek`), else in a
        worker thread (the log is read there)."""
        state = self.peek(table_id, reaching)
        return state if state is not None else await anyio.to_thread.run_sync(self.state, table_id)

    async def events_soon(
        self, table_id: str, after: int, reaching: int | None = None
    ) -> list[StoredEvent]:
        """`events` for the event loop: from memory at once when it can (see `recent_events`),
        else in a thread. With several workers, a stream woken by a notification that the log
        reaches seq N reads nothing when this worker's memory already reaches N: one read per
        worker catches it up, and the other streams of that worker are served from memory."""
        recent = self.recent_events(table_id, after, reaching)
        if recent is not None:
            return recent
        return await anyio.to_thread.run_sync(self.events, table_id, after)

    def _advance(self, state: HostedState, events: list[StoredEvent]) -> HostedState:
        """`state` advanced by `events` that follow it in the log, remembered in the table's
        tail; a snapshot is stored whenever a multiple of `_SNAPSHOT_EVERY` is passed."""
        before = state.seq
        for event in events:
            state = state.advance(event)
        tail = self._tails.get(state.table_id, [])
        if tail and tail[-1].seq != before:
            tail = []
        tail = tail + events
        self._tails[state.table_id] = tail[-_TAIL:] if len(tail) > 2 * _TAIL else tail
        if state.seq // _SNAPSHOT_EVERY > before // _SNAPSHOT_EVERY:
            game = self.game(state.table_id)
            self.store.save_snapshot(
                state.table_id, state.seq, game.snapshot_format, state.to_snapshot()
            )
        return state

    def _load(self, table_id: str) -> HostedState:
        record = self.store.table(table_id)
        self._hashes.setdefault(table_id, record.token_hashes)
        self._configs.setdefault(table_id, record.config)
        game = self.games[record.config["game"]]
        snapshot = self.store.latest_snapshot(table_id, game.snapshot_format)
        if snapshot is not None:
            try:
                state: HostedState = game.from_snapshot(
                    table_id, record.config, snapshot.seq, snapshot.state
                )
                return state
            except (ValidationError, KeyError, TypeError, ValueError) as error:
                log.warning(
                    "snapshot of %s at %d unusable (%r); replaying", table_id, snapshot.seq, error
                )
        initial: HostedState = game.initial_state(table_id, record.config)
        return initial

    def events(self, table_id: str, after: int) -> list[StoredEvent]:
        """The log after `after`: from memory when the service is exclusive and has them;
        else the table's memory is caught up with the log first (one read) and serves them
        when its tail reaches back that far."""
        recent = self.recent_events(table_id, after)
        if recent is None and not self.exclusive:
            state = self.state(table_id)
            recent = self.recent_events(table_id, after, reaching=state.seq)
        return recent if recent is not None else self.store.read(table_id, after=after)

    # --- acting -----------------------------------------------------------------------------

    def act(
        self,
        table_id: str,
        seat: int,
        body: Any,
        *,
        idempotency_key: str | None = None,
        by: By = "human",
    ) -> ActOutcome:
        """Take one action for `seat`, log-first. Raises `ApiError` for a refused one."""
        claim = None
        if idempotency_key is not None:
            claim = IdempotencyClaim(seat, idempotency_key, _fingerprint(body))
        for attempt in range(_APPEND_ATTEMPTS):
            _back_off(attempt)
            with self._locked(table_id):
                state = self.state(table_id)
                if claim is not None:
                    replayed = self._replay(table_id, claim, state)
                    if replayed is not None:
                        return replayed
                new_events = self.game(table_id).plan(state, seat, body, by, now=self._clock())
                try:
                    stored = self._append(table_id, new_events, state.seq, claim)
                except SeqConflictError:
                    continue  # another worker appended first: plan again on the new state
                state = self._remember(state, stored)
            followed, state = self._follow_up(state, stored)
            return ActOutcome(state, stored + followed)
        raise ApiError(
            503,
            "busy",
            "The table is busy; nothing was done. Retry in a moment.",
            headers={"Retry-After": "1"},
        )

    def settle_due(self, table_id: str) -> ActOutcome | None:
        """Append what the clock has made due (a vote past its deadline), else None."""
        game = self.game(table_id)
        for attempt in range(_APPEND_ATTEMPTS):
            _back_off(attempt)
            with self._locked(table_id):
                state = self.state(table_id)
                due = game.due(state, now=self._clock())
                if not due:
                    return None
                try:
                    stored = self._append(table_id, due, state.seq)
                except SeqConflictError:
                    continue
                state = self._remember(state, stored)
            followed, state = self._follow_up(state, stored)
            return ActOutcome(state, stored + followed)
        return None

    def _replay(
        self, table_id: str, claim: IdempotencyClaim, state: HostedState
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

    def _append(
        self,
        table_id: str,
        events: list[NewEvent],
        after_seq: int,
        claim: IdempotencyClaim | None = None,
    ) -> list[StoredEvent]:
        """The store's append. When the database fails, whether the commit happened is unknown:
        the table's memory is dropped, so that the next read rebuilds it from the log."""
        try:
            return self.store.append(table_id, events, after_seq=after_seq, idempotency=claim)
        except StoreUnavailableError:
            with self._locked(table_id):
                self._cache.pop(table_id, None)
                self._tails.pop(table_id, None)
            raise

    # --- after the append -------------------------------------------------------------------

    def _remember(self, state: HostedState, stored: list[StoredEvent]) -> HostedState:
        """`state` advanced by events just appended after it, kept as the cached state."""
        with self._locked(state.table_id):
            cached = self._cache.get(state.table_id)
            if cached is not None and cached.seq >= state.seq + len(stored):
                return cached  # a read caught up with these events first
            if cached is not None and cached.seq > state.seq:
                stored = [event for event in stored if event.seq > cached.seq]
                state = cached
            state = self._advance(state, stored)
            self._cache[state.table_id] = state
            self._cache.move_to_end(state.table_id)
        return state

    def _follow_up(
        self, state: HostedState, trigger: list[StoredEvent]
    ) -> tuple[list[StoredEvent], HostedState]:
        """The game's work after `trigger` was appended, batch by batch, outside the lock."""
        game = self.game(state.table_id)
        appended: list[StoredEvent] = []
        for events in game.follow_up(state, trigger):
            new, state = self._append_anywhere(state.table_id, events)
            appended += new
        return appended, state

    def append_note(self, table_id: str, events: list[NewEvent]) -> list[StoredEvent]:
        return self._append_anywhere(table_id, events)[0]

    def _append_anywhere(
        self, table_id: str, events: list[NewEvent]
    ) -> tuple[list[StoredEvent], HostedState]:
        """Append events whose meaning does not depend on what came just before them. The first
        try trusts the cached state; a conflict means another writer came first: catch up."""
        for attempt in range(_APPEND_ATTEMPTS):
            _back_off(attempt)
            with self._locked(table_id):
                cached = self._cache.get(table_id)
                state = cached if attempt == 0 and cached is not None else self.state(table_id)
                try:
                    stored = self._append(table_id, events, state.seq)
                except SeqConflictError:
                    continue
                return stored, self._remember(state, stored)
        raise ApiError(
            503, "busy", "The table is busy; retry in a moment.", headers={"Retry-After": "1"}
        )
