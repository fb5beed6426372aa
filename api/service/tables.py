"""`TableService`: create tables, rebuild their state from the log, take actions log-first.

An action goes: parse → check against the engine (a `RuleViolation` is a 409 naming the rule) →
judge the claim (referee, narrator, or a show of hands) → append to the log with a seq check
(retry on conflict) → only then rule on the new sentence (private hints) and tell the streams.
"""

import hashlib
import logging
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, Literal

from pydantic import ValidationError

from api.errors import ApiError, not_found, token_required
from api.schemas import ActionBody, TableCreate, VoteBody
from api.security import hash_token, new_token, seat_for_token
from api.service.judge import Decision, Judge
from api.service.state import TableConfig, TableState
from companion.cards import Deck, UnknownCardError
from companion.games.once_upon_a_time import (
    Action,
    Config,
    GameError,
    GivenSeat,
    JudgementRequired,
    RuleViolation,
    Variants,
    Verdict,
    Vote,
    apply,
    electorate,
)
from companion.games.once_upon_a_time.actions import ACTION_ADAPTER
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
By = Literal["human", "ai"]

# Which rule a card that is not in the hand breaks, per action type (and field).
_HOLD_RULE = {"play": "OU-6", "interrupt": "OU-10", "card_interrupt": "OU-11", "pass": "OU-9"}
_VOTE_RULE = {"significance": "OU-7", "mention": "OU-13", "silly": "OU-17", "ending": "OU-19"}
# What a show of hands with no hand raised decides, as the engine decides a tie.
_SILENCE_UPHOLDS = {"significance": True, "mention": False, "silly": False, "ending": True}
_WHERE_IN_HAND = re.compile(r":? ?it is in .+?'s hand")
_IN_HAND = re.compile(r"is in .+?'s hand")


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


def _safe_message(error: GameError) -> str:
    """An engine message with any mention of where another player's card lies removed."""
    text = error.message if isinstance(error, RuleViolation) else str(error)
    text = _WHERE_IN_HAND.sub("", text)
    return _IN_HAND.sub("is not available", text)


def rule_error(error: GameError) -> ApiError:
    if isinstance(error, RuleViolation):
        message = f"{error.rule}: {_safe_message(error)}"
        return ApiError(409, "illegal_action", message, rule=error.rule)
    if isinstance(error, JudgementRequired):
        return ApiError(409, "judgement_required", str(error))
    return ApiError(422, "invalid_action", _safe_message(error))


class TableService:
    """Tables on one event log. Thread-safe; one instance per worker process."""

    def __init__(
        self,
        store: EventLog,
        deck: Deck,
        judge: Judge,
        *,
        narrator_name: str,
        on_failure: Callable[[str, Exception], None] | None = None,
    ) -> None:
        self.store = store
        self.deck = deck
        self.judge = judge
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
                action = self._engine_action(
                    {
                        "type": "declare_hand",
                        "seat": seat,
                        "cards": [self._card_id(c) for c in hand.cards],
                        "endings": [self._ending_id(e) for e in hand.endings],
                    }
                )
                initial.append(self._action_event(state, action, "human"))
                state = self._apply(state, action)
        hashes = {i: (hash_token(t) if t else None) for i, t in enumerate(tokens)}
        self.store.create_table(table_id, config.to_json(), hashes, initial)
        return self.state(table_id), tokens

    def _new_state(self, table_id: str, config: TableConfig) -> TableState:
        try:
            return TableState.new(table_id, config)
        except GameError as error:
            raise ApiError(422, "invalid_table", _safe_message(error)) from None

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
                new_events = self._plan(state, seat, body, by)
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

    def _plan(self, state: TableState, seat: int, body: ActionBody, by: By) -> list[NewEvent]:
        """The events that taking `body` appends, or an `ApiError` saying why it is refused."""
        if state.game.is_terminal:
            raise ApiError(409, "illegal_action", "OU-18: the story has ended.", rule="OU-18")
        if isinstance(body, VoteBody):
            return self._vote(state, seat, body, by)
        action = self._engine_action(self._resolve(body.model_dump(exclude_none=True), seat))
        if state.ballot is not None and action.type not in ("declare_hand", "declare_draw"):
            ballot = state.ballot
            raise ApiError(
                409,
                "vote_open",
                f"{ballot.rule}: the table is voting ({ballot.question}); wait for the vote.",
                rule=ballot.rule,
            )
        self._check_held(state, action)
        kinds = self._needs_judgement(state, action)
        if not kinds:
            return [self._action_event(state, action, by)]
        decision = self._decide(state, action, body)
        if decision.verdict is not None:
            judged = action.model_copy(update={"judgement": decision.verdict})
            return [self._action_event(state, judged, by)]
        return [self._ballot_event(state, action, decision.note, by)]

    def _resolve(self, data: dict[str, Any], seat: int) -> dict[str, Any]:
        """Body → engine action data: the seat added, card names turned into deck ids."""
        data = {k: v for k, v in data.items() if k != "ask_table"}
        data["seat"] = seat
        for name in ("card", "discard"):
            if name in data:
                data[name] = self._card_id(data[name])
        for name in ("ending", "swap_ending"):
            if name in data:
                data[name] = self._ending_id(data[name])
        if "cards" in data:
            data["cards"] = [self._card_id(c) for c in data["cards"]]
        if "endings" in data:
            data["endings"] = [self._ending_id(e) for e in data["endings"]]
        return data

    def _card_id(self, name: str) -> str:
        card = self.deck.resolve(name)
        if card is None:
            raise ApiError(
                422,
                "unknown_card",
                f"No story card is called {name[:80]!r}. Name it by id or by its label in "
                "English, Japanese or Spanish (GET /v1/decks/once_upon_a_time lists them).",
            )
        return card.id

    def _ending_id(self, name: str) -> str:
        try:
            return self.deck.ending(name.strip()).id
        except UnknownCardError:
            raise ApiError(
                422,
                "unknown_card",
                f"No ending card has the id {name[:80]!r}; ending ids run end-01 … end-51.",
            ) from None

    @staticmethod
    def _engine_action(data: dict[str, Any]) -> Action:
        try:
            return ACTION_ADAPTER.validate_python(data)
        except ValidationError as error:
            first = error.errors()[0]
            where = ".".join(str(p) for p in first["loc"][1:]) or "action"
            raise ApiError(422, "invalid_action", f"{where}: {first['msg']}") from None

    def _check_held(self, state: TableState, action: Action) -> None:
        """A card named from a hand must be in the seat's own hand (virtual deck). Checked here
        so that the refusal never says where the card is instead."""
        if state.game.physical:
            return
        hand = state.game.seats[action.seat].hand if hasattr(action, "seat") else ()
        named = [getattr(action, "card", None), getattr(action, "discard", None)]
        for card in named:
            if card is not None and card not in hand:
                rule = _HOLD_RULE.get(action.type, "OU-6")
                label = self.judge.label(card, state.config.language)
                raise ApiError(
                    409, "illegal_action", f"{rule}: you do not hold {label}.", rule=rule
                )

    @staticmethod
    def _needs_judgement(state: TableState, action: Action) -> frozenset[str]:
        """Check the action against the rules; the judgement kinds it still needs."""
        try:
            apply(state.game, action)
        except JudgementRequired as needed:
            return needed.kinds
        except GameError as error:
            raise rule_error(error) from None
        return frozenset()

    def _decide(self, state: TableState, action: Action, body: ActionBody) -> Decision:
        game, language = state.game, state.config.language
        if getattr(body, "ask_table", False):
            return Decision(None, "the claimant asked the table")
        if action.type in ("interrupt", "play"):
            line = self._claimed_line(state, action)
            text = line if isinstance(line, str) else game.story[line].text
            before = len(game.story) if isinstance(line, str) else line
            story = [entry.text for entry in game.story[:before]]
            return self.judge.mention(text, story, action.card, language)  # type: ignore[union-attr]
        if action.type == "challenge":
            lines = game.turn_lines()
            story = [entry.text for entry in game.story[: lines[-1]]]
            return self.judge.silly(story, game.story[lines[-1]].text, language)
        return Decision(None, "the others judge the ending (OU-19)")

    @staticmethod
    def _claimed_line(state: TableState, action: Action) -> int | str:
        if action.type == "play" and action.sentence is not None:  # type: ignore[union-attr]
            return action.sentence  # type: ignore[union-attr]
        line = action.line  # type: ignore[union-attr]
        return state.game.turn_lines()[-1] if line is None else line

    def _ballot_event(self, state: TableState, action: Action, note: str, by: By) -> NewEvent:
        kind = next(iter(self._needs_judgement(state, action)))
        voters = sorted(electorate(state.game, action))
        if not voters:  # nobody uninvolved: the claim stands or falls as a tie would
            verdict = Verdict(
                accepted=_SILENCE_UPHOLDS[kind], by="table", reason=f"{note}; nobody else can vote"
            )
            return self._action_event(state, action.model_copy(update={"judgement": verdict}), by)
        return NewEvent(
            "vote_opened",
            {
                "kind": kind,
                "rule": _VOTE_RULE[kind],
                "claimant": action.seat,  # type: ignore[union-attr]
                "question": self._question(state, action, kind, note),
                "action": action.model_dump(mode="json", exclude={"judgement"}),
                "voters": voters,
            },
        )

    def _question(self, state: TableState, action: Action, kind: str, note: str) -> str:
        game, language = state.game, state.config.language
        teller = game.seats[game.storyteller].name
        claimant = game.seats[action.seat].name  # type: ignore[union-attr]
        card = getattr(action, "card", None)
        label = self.judge.label(card, language) if card else ""
        questions = {
            "mention": f"Did {teller} bring {label} into the story? ({note})",
            "significance": f"Does {label} really enter the story and matter? ({note})",
            "silly": f"{claimant} says the story is silly (OU-17). Is it? ({note})",
            "ending": f"Does {teller}'s ending follow from the story and satisfy? ({note})",
        }
        return questions[kind]

    def _vote(self, state: TableState, seat: int, body: VoteBody, by: By) -> list[NewEvent]:
        ballot = state.ballot
        if ballot is None or (body.ballot is not None and body.ballot != ballot.ballot):
            raise ApiError(409, "no_vote_open", "There is no open vote to answer.", rule="OU-13")
        if seat not in ballot.voters:
            raise ApiError(
                409,
                "illegal_action",
                f"{ballot.rule}: only the uninvolved players vote (seats {list(ballot.voters)}).",
                rule=ballot.rule,
            )
        if seat not in ballot.waiting_for:
            raise ApiError(
                409, "illegal_action", f"{ballot.rule}: you already voted.", rule=ballot.rule
            )
        cast = NewEvent("vote_cast", {"ballot": ballot.ballot, "seat": seat, "yes": body.yes})
        voted = replace(
            ballot,
            yes=(*ballot.yes, seat) if body.yes else ballot.yes,
            no=ballot.no if body.yes else (*ballot.no, seat),
        )
        if not voted.decided():
            return [cast]
        action = self._engine_action(
            {**ballot.action, "judgement": Vote(yes=voted.yes, no=voted.no).model_dump()}
        )
        claimant: By = state.config.kinds[ballot.claimant]
        settled = self._action_event(state, action, claimant, ballot=ballot.ballot)
        return [cast, settled]

    def _action_event(
        self, state: TableState, action: Action, by: By, *, ballot: int | None = None
    ) -> NewEvent:
        after = self._apply(state, action)
        payload: dict[str, Any] = {
            "seat": getattr(action, "seat", None),
            "by": by,
            "action": action.model_dump(mode="json"),
            "outcome": after.game.last.model_dump(mode="json") if after.game.last else None,
        }
        if ballot is not None:
            payload["ballot"] = ballot
        return NewEvent("action", payload)

    @staticmethod
    def _apply(state: TableState, action: Action) -> TableState:
        try:
            return replace(state, game=apply(state.game, action))
        except GameError as error:
            raise rule_error(error) from None

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
        events = [
            NewEvent("hints", {"to": seat, "line": line, "hints": hints})
            for seat, hints in sorted(found.items())
        ]
        events.append(NewEvent("ruled", {"line": line}))
        return events

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
