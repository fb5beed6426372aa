"""Tables: create, view, act, read the log, stream it live."""

import re
import time
from collections.abc import AsyncIterator
from typing import Annotated, Any, cast

import anyio
from fastapi import APIRouter, Body, Header, Query, Response
from fastapi.responses import StreamingResponse
from pydantic import BaseModel

from api.deps import ClientLimited, SeatDep, Services, ServicesDep, ViewerDep
from api.errors import ApiError
from api.errors import responses as _errors
from api.games import ActionBody, TableCreate, TableView
from api.schemas import MAX_SEQ, ActionResult, EventPage, SeatCreated, TableCreated
from api.service.tables import TableService, Viewer

router = APIRouter(prefix="/v1/tables", tags=["tables"])

_PAGE = 500


def _view(tables: TableService, table_id: str, state: Any, seat: int | None) -> TableView:
    return cast(TableView, tables.game(table_id).view(state, seat))


# OpenAPI links: a created table leads to its view, actions and log with the first seat's token.
_SEAT_LINK = {"table_id": "$response.body#/id", "query.token": "$response.body#/players/0/token"}
_CREATED_LINKS = {
    "GetTable": {"operationId": "get_table", "parameters": _SEAT_LINK},
    "Act": {"operationId": "act", "parameters": _SEAT_LINK},
    "GetEvents": {"operationId": "get_events", "parameters": _SEAT_LINK},
}


@router.post(
    "",
    status_code=201,
    response_model=TableCreated[TableView],
    dependencies=[ClientLimited],
    operation_id="create_table",
    responses={201: {"links": _CREATED_LINKS}, **_errors(400, 408, 409, 413, 422, 429, 503)},
)
async def create_table(body: TableCreate, services: ServicesDep) -> TableCreated[TableView]:
    """Open a table. Each human seat gets a secret token, returned only here: share each
    player's `join_path` with that player alone. AI seats need none."""
    created = await anyio.to_thread.run_sync(services.tables.create, body)
    table_id = created.state.table_id
    players = [
        SeatCreated(
            seat=i,
            name=name,
            kind=kind,
            token=token,
            join_path=f"/#/t/{table_id}/{token}" if token else None,
        )
        for i, (name, kind, token) in enumerate(
            zip(created.table.names, created.table.kinds, created.tokens, strict=True)
        )
    ]
    services.seats.poke(table_id)
    view = _view(services.tables, table_id, created.state, None)
    return TableCreated[TableView](id=table_id, players=players, view=view)


@router.get(
    "/{table_id}",
    response_model=TableView,
    operation_id="get_table",
    responses=_errors(404, 422, 429, 503),
)
async def get_table(viewer: ViewerDep, services: ServicesDep) -> TableView:
    """The table as the token's seat sees it (its own hand, hints and moves), or, without a
    token, the public state for spectators."""
    tables = services.tables
    state = await tables.state_soon(viewer.table_id)
    if tables.game(viewer.table_id).wake_at(state) is not None:
        services.seats.poke(viewer.table_id)  # after a restart no timer watches a deadline
    return _view(tables, viewer.table_id, state, viewer.seat)


@router.post(
    "/{table_id}/actions",
    response_model=ActionResult[TableView],
    operation_id="act",
    responses=_errors(400, 401, 404, 408, 409, 413, 422, 429, 503),
)
async def act(
    viewer: SeatDep,
    services: ServicesDep,
    response: Response,
    action: Annotated[ActionBody, Body()],
    idempotency_key: Annotated[
        str | None,
        Header(
            min_length=1,
            max_length=200,
            description="retrying with the same key never applies the action twice",
        ),
    ] = None,
) -> ActionResult[TableView]:
    """Take one action as the token's seat: narrate, play, interrupt, card_interrupt, pass,
    stall, challenge, end, declare_hand, declare_draw, or vote on an open claim."""
    assert viewer.seat is not None
    outcome = await anyio.to_thread.run_sync(
        lambda: services.tables.act(
            viewer.table_id, viewer.seat or 0, action, idempotency_key=idempotency_key
        )
    )
    if outcome.replayed:
        response.headers["Idempotent-Replayed"] = "true"
    else:
        await services.broadcaster.publish(viewer.table_id, outcome.state.seq)
        services.seats.poke(viewer.table_id)
    game = services.tables.game(viewer.table_id)
    events = [e for e in (game.project(s, viewer.seat) for s in outcome.events) if e is not None]
    last = outcome.events[-1].seq if outcome.events else outcome.state.seq
    view = _view(services.tables, viewer.table_id, outcome.state, viewer.seat)
    return ActionResult[TableView](seq=last, events=events, view=view)


@router.get(
    "/{table_id}/events",
    response_model=EventPage,
    operation_id="get_events",
    responses=_errors(404, 422, 429, 503),
)
async def get_events(
    viewer: ViewerDep,
    services: ServicesDep,
    after: Annotated[int, Query(ge=0, le=MAX_SEQ, description="the last seq you have")] = 0,
) -> EventPage:
    """The log after `after`, as the reader may see it (others' private events left out)."""
    stored = await services.tables.events_soon(viewer.table_id, after)
    page = stored[:_PAGE]
    game = services.tables.game(viewer.table_id)
    events = [e for e in (game.project(s, viewer.seat) for s in page) if e is not None]
    last = page[-1].seq if page else after
    return EventPage(events=events, last_seq=last, more=len(stored) > _PAGE)


def _resume_point(after: int, last_event_id: str | None) -> int:
    """Where a stream resumes: `Last-Event-ID` (a seq the reader saw) or `?after=`, the later.
    An id that is not a seq of ours is refused as the client's error."""
    if last_event_id is None or not last_event_id.strip():
        return after
    text = last_event_id.strip()
    if not _SEQ.fullmatch(text) or int(text) > MAX_SEQ:
        raise ApiError(
            422,
            "invalid_request",
            f"Last-Event-ID must be a seq between 0 and {MAX_SEQ} (the id of an event sent).",
        )
    return max(after, int(text))


_SEQ = re.compile(r"[0-9]{1,10}")
_STREAM_DOC: dict[int | str, dict[str, Any]] = {
    200: {
        "description": "text/event-stream: log events (`id`, `event`, `data`), `view` messages",
        "content": {"text/event-stream": {"schema": {"type": "string"}}},
    }
}


@router.get(
    "/{table_id}/stream",
    response_class=StreamingResponse,
    operation_id="stream",
    responses={**_STREAM_DOC, **_errors(404, 422, 429)},
)
async def stream(
    viewer: ViewerDep,
    services: ServicesDep,
    after: Annotated[int, Query(ge=0, le=MAX_SEQ)] = 0,
    last_event_id: Annotated[str | None, Header(max_length=20)] = None,
) -> StreamingResponse:
    """Server-Sent Events: each event of the log the reader may see (`id` = seq, `event` = its
    type, `data` = the same JSON as GET …/events), then a `view` message with the fresh
    TableView. Reconnect with `Last-Event-ID` (or `?after=`) to resume without gaps."""
    return StreamingResponse(
        _events_of(services, viewer, _resume_point(after, last_event_id)),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )


def _sse(event: str, data: BaseModel, event_id: int | None = None) -> bytes:
    lines = [f"event: {event}", f"data: {data.model_dump_json()}"]
    if event_id is not None:
        lines.append(f"id: {event_id}")
    return ("\n".join(lines) + "\n\n").encode()


async def _events_of(services: Services, viewer: Viewer, sent: int) -> AsyncIterator[bytes]:
    """The stream's body: catch up from `sent`, then wait for a notification or the poll, and
    write a comment whenever `stream_keepalive_s` pass without a byte (proxies drop quiet lines).
    """
    poll = services.settings.stream_poll_s
    keepalive = services.settings.stream_keepalive_s
    game = services.tables.game(viewer.table_id)
    with services.broadcaster.subscribe(viewer.table_id) as subscription:
        first = True
        reaching: int | None = None  # what the last notification said the log reaches
        while True:
            stored = await services.tables.events_soon(viewer.table_id, sent, reaching)
            messages = []  # written as one chunk: one send through the stack, not one each
            for event in stored:
                shown = game.project(event, viewer.seat)
                sent = event.seq
                if shown is not None:
                    messages.append(_sse(event.type, shown, event.seq))
            if stored or first:
                first = False
                messages.append(_sse("view", await _fresh_view(services, viewer, reaching)))
                yield b"".join(messages)
                written = time.monotonic()
            poll_at = time.monotonic() + poll
            while True:
                timeout = min(poll_at, written + keepalive) - time.monotonic()
                if await subscription.wait(max(timeout, 0.0)):
                    reaching = subscription.latest
                    break  # notified: read the log (or memory, if it reaches that far)
                now = time.monotonic()
                if now >= written + keepalive:
                    yield b": ping\n\n"
                    written = now
                if now >= poll_at:
                    reaching = None
                    break  # the poll: read the log anyway (pub/sub may drop a notification)


async def _fresh_view(services: Services, viewer: Viewer, reaching: int | None = None) -> TableView:
    tables = services.tables
    state = await tables.state_soon(viewer.table_id, reaching)
    return _view(services.tables, viewer.table_id, state, viewer.seat)
