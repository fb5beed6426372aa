"""The FastAPI application: `create_app(settings)` builds it; the lifespan builds the services
(event log, referee on the real embedder, narrator, live-update broadcaster, AI seats)."""

import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
from fastapi import FastAPI, Request, Response
from fastapi.staticfiles import StaticFiles
from starlette.convertors import Convertor, register_url_convertor

from api import errors
from api.admission import Lane
from api.broadcast import Broadcaster, InProcessBroadcaster, RedisBroadcaster
from api.collector import tune_collector
from api.deps import Services
from api.games import build_games
from api.games.dice_upon_a_time import board_routes as dice_upon_a_time_board
from api.games.dice_upon_a_time import keeper_routes as dice_upon_a_time_keeper
from api.games.factum import advice as factum_advice
from api.games.sleeping_queens import recap as sleeping_queens_recap
from api.limits import BodyLimit
from api.ratelimit import RateLimiter
from api.routes import decks, health, meta, tables, tools
from api.security import redact_access_log
from api.service.ai import SeatRunner
from api.service.tables import TableService
from companion.cards import once_upon_a_time_deck
from companion.settings import Settings
from companion.store import open_store

log = logging.getLogger(__name__)

STATIC_DIR = Path(__file__).parent / "static"
MAX_BODY_BYTES = 64 * 1024

NarratorFactory = Callable[..., Any]


def build_services(
    settings: Settings,
    *,
    embedder: Any | None = None,
    referee: Any | None = None,
    narrator_factory: NarratorFactory | None = None,
    factum_reader: Callable[[], Any] | None = None,
) -> Services:
    """Everything one worker holds, built from settings (the only place that reads them)."""
    from companion.referee.factory import embedder_from_settings, referee_from_settings
    from companion.seats.factum import FactumReader
    from companion.story.factory import llm_from_settings, narrator_from_settings

    store = open_store(settings.database_url)
    deck = once_upon_a_time_deck()
    injected = embedder
    if embedder is None and referee is None:
        embedder = embedder_from_settings(settings)
    if referee is None:
        referee = referee_from_settings(deck, settings, embedder)
    factory = narrator_factory or narrator_from_settings
    narrator = factory(deck=deck, settings=settings, referee=referee, embedder=embedder)

    def settings_reader() -> FactumReader:
        """Built on the first Factum AI move or advice: an injected embedder (tests,
        benchmarks), else the settings' Factum embedder, with the bank's card vectors kept on
        disk (the first build embeds ~1,500 texts, minutes on a small machine; later starts
        read them back in a second)."""
        if injected is not None:
            return FactumReader(injected)
        reading = embedder_from_settings(settings, settings.factum_embedder)
        return FactumReader(reading, cache_dir=settings.cache_dir)

    games = build_games(
        deck=deck,
        referee=referee,
        narrator=narrator,
        vote_timeout_s=settings.vote_timeout_s,
        factum_reader=factum_reader or settings_reader,
        factum_llm=llm_from_settings(settings),
        ai_pace_s=settings.ai_pace_s,
    )
    # One worker on a SQLite file is the only writer of its log (`companion serve` refuses
    # several workers on SQLite): its tables' states need no read-back.
    table_service = TableService(store, games, exclusive=store.backend == "sqlite")
    broadcaster: Broadcaster = (
        RedisBroadcaster(settings.redis_url) if settings.redis_url else InProcessBroadcaster()
    )
    seats = SeatRunner(table_service, broadcaster, pace_s=settings.ai_pace_s)
    return Services(
        settings=settings,
        store=store,
        deck=deck,
        referee=referee,
        narrator=narrator,
        tables=table_service,
        broadcaster=broadcaster,
        limiter=RateLimiter(settings.rate_limit_per_s, settings.rate_limit_burst),
        seats=seats,
        tool_lane=Lane(settings.tool_concurrency, settings.tool_queue, duty=settings.tool_duty),
    )


def _warm_up(services: Services) -> None:
    """One ruling per language, so the first player does not wait for the model to load. A
    failure is logged and leaves /readyz saying so; rulings then fail step by step, visibly.
    The card vectors come from the disk cache after the first start on a machine."""
    try:
        services.referee.warm()
        for text, language in (
            ("Once upon a time a king lived in a castle.", "en"),
            ("Érase una vez un rey que vivía en un castillo.", "es"),
            ("昔々、城に王様が住んでいました。", "ja"),
        ):
            services.referee.rule(text, ["king", "castle"], language=language)
    except Exception:
        log.exception("the referee failed to warm up")
        return
    services.ready = True


def create_served_app() -> FastAPI:
    """`create_app` for a server process (`companion serve`, each of several workers): with
    the garbage collector tuned for long-lived tables (`api/collector.py`)."""
    app = create_app()
    tune_collector()
    return app


def create_app(
    settings: Settings | None = None,
    *,
    embedder: Any | None = None,
    referee: Any | None = None,
    narrator_factory: NarratorFactory | None = None,
    factum_reader: Callable[[], Any] | None = None,
) -> FastAPI:
    """The application. `embedder`, `referee`, `narrator_factory` and `factum_reader` replace
    the real ones (tests, benchmarks); by default they are built from `settings`."""
    settings = settings if settings is not None else Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        services = await anyio.to_thread.run_sync(
            lambda: build_services(
                settings,
                embedder=embedder,
                referee=referee,
                narrator_factory=narrator_factory,
                factum_reader=factum_reader,
            )
        )
        app.state.services = services
        redact_access_log()
        await services.broadcaster.start()
        await anyio.to_thread.run_sync(_warm_up, services)
        try:
            yield
        finally:
            await services.seats.close()
            await services.broadcaster.close()
            services.store.close()

    app = FastAPI(
        title="Storytelling companion",
        version="0.1.0",
        summary="Referee, rules and narrator for narrative card games, as a table service.",
        lifespan=lifespan,
    )
    app.add_middleware(BodyLimit, max_bytes=MAX_BODY_BYTES, read_timeout_s=settings.body_timeout_s)
    errors.install(app)
    app.include_router(health.router)
    app.include_router(tables.router)
    app.include_router(decks.router)
    app.include_router(tools.router)
    app.include_router(meta.router)
    app.include_router(factum_advice.router)
    app.include_router(sleeping_queens_recap.router)
    app.include_router(dice_upon_a_time_keeper.router)
    app.include_router(dice_upon_a_time_board.router)
    _serve_page(app)
    return app


def _serve_page(app: FastAPI) -> None:
    """The web page from api/static/, for GET and HEAD only: a route rather than a mount at "/",
    so that other methods on API paths still get their 405 with the right `Allow`."""
    STATIC_DIR.mkdir(exist_ok=True)
    static = StaticFiles(directory=STATIC_DIR, html=True)
    register_url_convertor("page", _PagePath())

    async def page(request: Request) -> Response:
        return await static.get_response(request.path_params["path"] or ".", request.scope)

    app.router.add_route("/{path:page}", page, methods=["GET", "HEAD"], include_in_schema=False)


class _PagePath(Convertor[str]):
    """Any path outside the API (/v1/…), which the page route must leave to the API's routes."""

    regex = r"(?!v1(?:/|$)).*"

    def convert(self, value: str) -> str:
        return value

    def to_string(self, value: str) -> str:
        return value
