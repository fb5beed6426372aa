"""The services one worker holds, and the `Annotated` dependencies routes take.

The dependencies are `async def`: FastAPI runs a plain `def` dependency in a worker thread, a
hop per dependency per request. They read memory only; the one that may need the store
(`get_viewer`, for a table not yet in memory) sends that call to a worker thread itself.
"""

import hashlib
import math
from dataclasses import dataclass
from typing import Annotated, Any

import anyio
from fastapi import Depends, Header, Path, Query, Request

from api.admission import Lane
from api.broadcast import Broadcaster
from api.errors import ApiError
from api.ratelimit import RateLimiter
from api.service.tables import TableService, Viewer
from companion.cards import Deck
from companion.settings import Settings
from companion.store import EventLog


@dataclass
class Services:
    settings: Settings
    store: EventLog
    deck: Deck
    referee: Any
    narrator: Any
    tables: TableService
    broadcaster: Broadcaster
    limiter: RateLimiter
    seats: Any  # api.service.ai.SeatRunner
    tool_lane: Lane  # the stateless tools' threads and queue, apart from the tables'
    ready: bool = False


async def get_services(request: Request) -> Services:
    services: Services = request.app.state.services
    return services


ServicesDep = Annotated[Services, Depends(get_services)]

TableId = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]


def _rate_limit(services: Services, key: str) -> None:
    wait = services.limiter.acquire(key)
    if wait > 0:
        seconds = max(1, math.ceil(wait))
        raise ApiError(
            429,
            "rate_limited",
            f"Too many requests; wait {seconds} s and try again.",
            headers={"Retry-After": str(seconds)},
        )


async def get_token(
    authorization: Annotated[
        str | None, Header(max_length=200, description="`Bearer <token>`")
    ] = None,
    token: Annotated[
        str | None, Query(max_length=100, description="the seat's token, as in a join link")
    ] = None,
) -> str | None:
    """A seat's token from `Authorization: Bearer …`, else from `?token=` (join links, SSE)."""
    if authorization:
        scheme, _, value = authorization.partition(" ")
        if scheme.lower() == "bearer" and value.strip():
            return value.strip()
    return token or None


TokenDep = Annotated[str | None, Depends(get_token)]


def _client_limit(request: Request, services: Services) -> None:
    host = request.client.host if request.client else "unknown"
    _rate_limit(services, f"ip:{host}")


async def client_limit(request: Request, services: ServicesDep) -> None:
    """Rate limit for endpoints without a token: per client address."""
    _client_limit(request, services)


ClientLimited = Depends(client_limit)


async def get_viewer(
    table_id: TableId, token: TokenDep, services: ServicesDep, request: Request
) -> Viewer:
    if token is None:
        _client_limit(request, services)
        return await _authorize(services.tables, table_id, token)
    _rate_limit(services, "t:" + hashlib.sha256(token.encode()).hexdigest()[:24])
    try:
        return await _authorize(services.tables, table_id, token)
    except ApiError:
        # A wrong token also spends its address's allowance: a client trying token after
        # token meets the per-address limit, not a fresh bucket per guess.
        _client_limit(request, services)
        raise


async def _authorize(tables: TableService, table_id: str, token: str | None) -> Viewer:
    """`tables.authorize` on the event loop when it answers from memory, else in a thread."""
    if tables.authorizes_from_memory(table_id, token):
        return tables.authorize(table_id, token)
    return await anyio.to_thread.run_sync(tables.authorize, table_id, token)


ViewerDep = Annotated[Viewer, Depends(get_viewer)]


async def get_seat(viewer: ViewerDep, services: ServicesDep) -> Viewer:
    services.tables.require_seat(viewer)
    return viewer


SeatDep = Annotated[Viewer, Depends(get_seat)]
