"""What a game says, once, to be hosted by the shared table service.

The table service (`api/service/tables.py`) keeps the event log, tokens, idempotency, the
per-table lock and cache, snapshots and the seq-checked append; the live stream, rate limits and
the AI-seat runner are shared too. None of them knows a game: each asks the table's `TableGame`
(found by the `game` of the table's stored config) for everything game-specific:

    new_table(body)            the stored config, the seat kinds, the table's first events
    initial_state / from_snapshot / state.advance(event)   the table's state, rebuilt from its log
    plan(state, seat, body)    the events one request appends, or an `ApiError` saying why not
    follow_up(state, trigger)  work that runs after an append, outside the table's lock, one batch
                               at a time (Once Upon a Time: the referee's ruling on a new sentence)
    due(state, now)            what the clock makes due (a vote past its deadline), and `wake_at`
    view(state, seat) / project(event, seat)   the one privacy gate: what a reader may see
    ai_step(state)             the next AI seat's move, if any (`parse_action` reads its body)

A game's state is its own type; the service needs only what `HostedState` below names.
"""

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal, Protocol, Self, TypeVar, get_args

from pydantic import BaseModel

from api.errors import ApiError
from api.schemas import EventView, SeatKind
from companion.store import NewEvent, StoredEvent

By = Literal["human", "ai"]


class HostedState(Protocol):
    """What the shared service reads of any game's table state."""

    @property
    def table_id(self) -> str: ...
    @property
    def seq(self) -> int: ...
    @property
    def kinds(self) -> tuple[SeatKind, ...]:
        """Each seat's kind, in seat order."""
        ...

    @property
    def spectators(self) -> bool:
        """Whether the table id alone shows the public state."""
        ...

    @property
    def finished(self) -> bool: ...

    def advance(self, event: StoredEvent) -> Self:
        """The state after one more event of the log (whose seq must follow this one's)."""
        ...

    def to_snapshot(self) -> dict[str, Any]: ...


S = TypeVar("S", bound=HostedState)


def action_types(union: Any) -> frozenset[str]:
    """The `type` tags of a discriminated union of request bodies."""
    members = get_args(get_args(union)[0])
    return frozenset(get_args(m.model_fields["type"].annotation)[0] for m in members)


def check_action_type(kind: str, game: str, types: frozenset[str]) -> None:
    """Refuse an action of another game (the routes accept every hosted game's actions)."""
    if kind not in types:
        raise ApiError(
            422,
            "invalid_action",
            f"{kind!r} is not an action of {game}; its actions are: {', '.join(sorted(types))}.",
        )


@dataclass(frozen=True)
class NewTable:
    """A table about to be created: what its row keeps and the events that open its log."""

    config: dict[str, Any]  # JSON; holds "game" and whatever the game needs to rebuild it
    names: tuple[str, ...]  # players in seat order
    kinds: tuple[SeatKind, ...]
    events: list[NewEvent]


@dataclass(frozen=True)
class AIMove:
    """One step an AI seat takes: the request body it sends, as a person's would be."""

    seat: int
    body: dict[str, Any]
    note: str = ""  # set when a model failed and the seat fell back (logged as `step_failed`)
    paced: bool = True  # wait the table's pace first, so people can react (not for votes)
    fallback: dict[str, Any] | None = None  # the body to send instead if this one is refused
    pace: float = 1.0  # when paced: how many of the table's paces to wait (0.3: a short beat)
    not_before: float | None = None  # Unix time before which the move waits (people go first)


class TableGame(Protocol[S]):
    """One game's side of the table service (see the module docstring)."""

    name: str
    snapshot_format: str

    def new_table(self, body: Any) -> NewTable: ...

    def initial_state(self, table_id: str, config: Mapping[str, Any]) -> S: ...

    def from_snapshot(
        self, table_id: str, config: Mapping[str, Any], seq: int, data: Mapping[str, Any]
    ) -> S: ...

    def parse_action(self, data: Mapping[str, Any]) -> Any:
        """A request body (as the route would have parsed it) from plain data (AI seats)."""
        ...

    def plan(self, state: S, seat: int, body: Any, by: By, *, now: float) -> list[NewEvent]: ...

    def follow_up(self, state: S, trigger: list[StoredEvent]) -> Iterator[list[NewEvent]]:
        """The batches of events to append, one after the other, after a request appended
        `trigger` (`state` is the state just after it). A generator may do each batch's work
        (a model call) when the service asks for it."""
        ...

    def due(self, state: S, *, now: float) -> list[NewEvent] | None:
        """Events the clock makes due at `now` (None: nothing is due)."""
        ...

    def wake_at(self, state: S) -> float | None:
        """When (Unix time) `due` will next have something, if ever."""
        ...

    def view(self, state: S, seat: int | None) -> BaseModel: ...

    def project(self, event: StoredEvent, seat: int | None) -> EventView | None: ...

    def ai_step(self, state: S) -> AIMove | None: ...
