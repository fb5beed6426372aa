"""A table's state, derived from its event log: the game (replayed by the engine) plus what the
service itself tracks: the open show of hands, each seat's private hints, the last failure.

Log events (type → payload). The log keeps the whole truth; `views.project_event` decides what
each reader sees of it::

    table_created  players, language, deck_mode, variants, first_storyteller (public)
    action         seat, by ("human" | "ai"), action (engine JSON, with its judgement),
                   outcome (engine Outcome), ballot? (the vote it settles)
    ruled          line, hints {seat: [...]}       the referee has ruled on that line; each
                                                   seat's hints are private to it (one event
                                                   whoever heard, so seqs reveal nothing)
    hints          to, line, hints [...]          older logs only: private to `to`
    vote_opened    ballot (= its seq), kind, rule, claimant, question, action, voters,
                   evidence? (what the referee or narrator found in a claimed mention); it
                   closes when the outcome cannot change, or at its deadline with the hands up
    vote_cast      ballot, seat, yes
    step_failed    step, message, line?, seat?     a model failed after an append; turn kept
"""

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from api.schemas import SeatKind
from companion.cards import Language
from companion.games.once_upon_a_time import Config, State, apply, new_game
from companion.games.once_upon_a_time.actions import ACTION_ADAPTER
from companion.seats.once_upon_a_time_pace import DEFAULT_LEVEL, AILevel
from companion.store import StoredEvent


@dataclass(frozen=True)
class TableConfig:
    """What a table was created with (kept in the `tables` row; never shown as such: the engine
    config holds the shuffle seed)."""

    engine: Config
    kinds: tuple[SeatKind, ...]
    language: Language
    spectators: bool
    ai_level: AILevel = DEFAULT_LEVEL

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "once_upon_a_time",
            "engine": self.engine.model_dump(mode="json"),
            "kinds": list(self.kinds),
            "language": self.language,
            "spectators": self.spectators,
            "ai_level": self.ai_level,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "TableConfig":
        return cls(
            engine=Config.model_validate(data["engine"]),
            kinds=tuple(data["kinds"]),
            language=data["language"],
            spectators=bool(data.get("spectators", True)),
            ai_level=data.get("ai_level", DEFAULT_LEVEL),  # configs stored before levels: fair
        )


@dataclass(frozen=True)
class Hint:
    line: int
    card: str
    score: float
    evidence: str
    method: str
    start: int
    end: int
    borderline: bool

    @classmethod
    def from_json(cls, line: int, data: Mapping[str, Any]) -> "Hint":
        return cls(
            line=line,
            card=data["card"],
            score=float(data["score"]),
            evidence=data["evidence"],
            method=data["method"],
            start=int(data["start"]),
            end=int(data["end"]),
            borderline=bool(data.get("borderline", False)),
        )


@dataclass(frozen=True)
class Ballot:
    """An open show of hands on a claim. `action` is the engine action, without judgement."""

    ballot: int
    kind: str
    rule: str
    claimant: int
    question: str
    action: dict[str, Any]
    voters: tuple[int, ...]
    yes: tuple[int, ...] = ()
    no: tuple[int, ...] = ()
    opened: float = 0.0  # when the vote opened (Unix time), for its deadline
    evidence: dict[str, str] | None = None  # the models' finding on a mention, for the voters

    def expired(self, now: float, timeout_s: float) -> bool:
        return now >= self.opened + timeout_s

    @property
    def waiting_for(self) -> tuple[int, ...]:
        return tuple(s for s in self.voters if s not in self.yes and s not in self.no)

    def decided(self) -> bool:
        """Whether the outcome can no longer change (every hand is up, or a majority is)."""
        half = len(self.voters) / 2
        return not self.waiting_for or len(self.yes) > half or len(self.no) > half


@dataclass(frozen=True)
class Failure:
    seq: int
    step: str
    message: str


@dataclass(frozen=True)
class TableState:
    table_id: str
    config: TableConfig
    seq: int
    game: State
    ballot: Ballot | None = None
    hints: Mapping[int, tuple[Hint, ...]] = field(default_factory=dict)
    ruled: frozenset[int] = frozenset()  # lines the referee has ruled on (or failed to)
    failure: Failure | None = None
    moved: float = 0.0  # when the last event was appended (Unix time; 0 after a snapshot)

    @classmethod
    def new(cls, table_id: str, config: TableConfig) -> "TableState":
        return cls(table_id, config, 0, new_game(config.engine))

    def advance(self, event: StoredEvent) -> "TableState":
        """The state after one more event of the log."""
        if event.seq != self.seq + 1:
            raise ValueError(f"event {event.seq} does not follow {self.seq}")
        reducer = _REDUCERS.get(event.type)
        state = reducer(self, event) if reducer else self
        return replace(state, seq=event.seq, moved=event.created.timestamp())

    @property
    def kinds(self) -> tuple[SeatKind, ...]:
        return self.config.kinds

    @property
    def spectators(self) -> bool:
        return self.config.spectators

    @property
    def finished(self) -> bool:
        return self.game.is_terminal

    def hints_for(self, seat: int) -> tuple[Hint, ...]:
        """The seat's hints that still matter: lines it may still claim (OU-10), cards still
        in its hand."""
        lines = self.game.claimable_lines()
        hand = set(self.game.seats[seat].hand)
        return tuple(h for h in self.hints.get(seat, ()) if h.line in lines and h.card in hand)

    # --- snapshots ------------------------------------------------------------------------
    SNAPSHOT_FORMAT = "ouat-table-1"

    def to_snapshot(self) -> dict[str, Any]:
        return {
            "game": self.game.model_dump(mode="json"),
            "ballot": None if self.ballot is None else _ballot_json(self.ballot),
            "hints": {
                str(seat): [_hint_json(h) for h in hints] for seat, hints in self.hints.items()
            },
            "ruled": sorted(self.ruled),
            "failure": None if self.failure is None else vars(self.failure),
        }

    @classmethod
    def from_snapshot(
        cls, table_id: str, config: TableConfig, seq: int, data: Mapping[str, Any]
    ) -> "TableState":
        ballot = data["ballot"]
        return cls(
            table_id,
            config,
            seq,
            State.model_validate(data["game"]),
            None if ballot is None else _ballot_from_json(ballot),
            {
                int(seat): tuple(Hint.from_json(h["line"], h) for h in hints)
                for seat, hints in data["hints"].items()
            },
            frozenset(data["ruled"]),
            None if data["failure"] is None else Failure(**data["failure"]),
        )


def _hint_json(hint: Hint) -> dict[str, Any]:
    return dict(vars(hint))


def _ballot_json(ballot: Ballot) -> dict[str, Any]:
    data = dict(vars(ballot))
    data["voters"], data["yes"], data["no"] = (
        list(ballot.voters),
        list(ballot.yes),
        list(ballot.no),
    )
    return data


def _ballot_from_json(data: Mapping[str, Any]) -> Ballot:
    return Ballot(
        ballot=int(data["ballot"]),
        kind=data["kind"],
        rule=data["rule"],
        claimant=int(data["claimant"]),
        question=data["question"],
        action=dict(data["action"]),
        voters=tuple(data["voters"]),
        yes=tuple(data.get("yes", ())),
        no=tuple(data.get("no", ())),
        opened=float(data.get("opened", 0.0)),
        evidence=data.get("evidence"),
    )


# --- reducers: one per event type ---------------------------------------------------------


def _action(state: TableState, event: StoredEvent) -> TableState:
    payload = event.payload
    game = apply(state.game, ACTION_ADAPTER.validate_python(payload["action"]))
    ballot = None if "ballot" in payload else state.ballot
    return replace(state, game=game, ballot=ballot, failure=None)


def _with_hints(
    state: TableState, seat: int, line: int, hints: list[Mapping[str, Any]]
) -> TableState:
    known = {(h.line, h.card) for h in state.hints.get(seat, ())}
    new = [Hint.from_json(line, h) for h in hints if (line, h["card"]) not in known]
    current_turn = state.game.turn_lines()
    kept = tuple(h for h in state.hints.get(seat, ()) if h.line in current_turn)
    return replace(state, hints={**state.hints, seat: (*kept, *new)})


def _hints(state: TableState, event: StoredEvent) -> TableState:
    """A private `hints` event of logs written before hints rode in `ruled`."""
    payload = event.payload
    return _with_hints(state, int(payload["to"]), int(payload["line"]), payload["hints"])


def _ruled(state: TableState, event: StoredEvent) -> TableState:
    line = int(event.payload["line"])
    for seat, hints in event.payload.get("hints", {}).items():
        state = _with_hints(state, int(seat), line, hints)
    return replace(state, ruled=state.ruled | {line})


def _vote_opened(state: TableState, event: StoredEvent) -> TableState:
    opened = event.created.timestamp()
    ballot = _ballot_from_json({**event.payload, "ballot": event.seq, "opened": opened})
    return replace(state, ballot=ballot)


def _vote_cast(state: TableState, event: StoredEvent) -> TableState:
    payload = event.payload
    ballot = state.ballot
    if ballot is None or ballot.ballot != payload["ballot"]:
        return state
    seat = int(payload["seat"])
    if payload["yes"]:
        ballot = replace(ballot, yes=(*ballot.yes, seat))
    else:
        ballot = replace(ballot, no=(*ballot.no, seat))
    return replace(state, ballot=ballot)


def _step_failed(state: TableState, event: StoredEvent) -> TableState:
    payload = event.payload
    ruled = state.ruled
    if payload.get("step") == "referee" and payload.get("line") is not None:
        ruled = ruled | {int(payload["line"])}
    failure = Failure(event.seq, payload["step"], payload["message"])
    return replace(state, failure=failure, ruled=ruled)


_REDUCERS = {
    "action": _action,
    "hints": _hints,
    "ruled": _ruled,
    "vote_opened": _vote_opened,
    "vote_cast": _vote_cast,
    "step_failed": _step_failed,
}
