"""Fixtures for the service tests: databases (SQLite always; PostgreSQL and Redis when they
run), the app on a fake or real referee, and players acting over HTTP."""

import os
import secrets
import socket
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from api.main import create_app
from companion.cards import Deck, once_upon_a_time_deck
from companion.referee import Referee
from companion.settings import Settings

POSTGRES_BASE = os.environ.get(
    "COMPANION_TEST_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)
REDIS_URL = os.environ.get("COMPANION_TEST_REDIS", "redis://127.0.0.1:6379/0")
# A language model that respx answers (tests of the paths that need one): the settings that
# point the app at it, fail fast and never retry.
LLM_BASE_URL = "http://llm.test/v1"
LLM_CHAT = f"{LLM_BASE_URL}/chat/completions"
LLM_SETTINGS: dict[str, Any] = {
    "llm_model": "test-model",
    "openai_base_url": LLM_BASE_URL,
    "llm_max_retries": 0,
    "llm_max_reasks": 0,
    "llm_timeout_s": 5.0,
}


def _reachable(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'companion.db'}"


@pytest.fixture(scope="session")
def postgres_base() -> str:
    if not _reachable("127.0.0.1", 5432):
        pytest.skip("PostgreSQL is not reachable at 127.0.0.1:5432")
    return POSTGRES_BASE


@contextmanager
def fresh_postgres_schema(base: str) -> Iterator[str]:
    """The URL of a fresh, empty schema, dropped afterwards (its tables and triggers with it)."""
    import sqlalchemy as sa

    schema = f"t_{secrets.token_hex(6)}"
    admin = sa.create_engine(base)
    try:
        with admin.begin() as conn:
            conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
    except sa.exc.OperationalError as error:
        admin.dispose()
        pytest.skip(f"PostgreSQL refused a connection: {error.orig}")
    try:
        yield f"{base}?options={quote(f'-csearch_path={schema}')}"
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


@pytest.fixture
def postgres_url(postgres_base: str) -> Iterator[str]:
    """A fresh, empty schema per test, dropped afterwards."""
    with fresh_postgres_schema(postgres_base) as url:
        yield url


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest) -> str:
    """Each test that takes this runs on SQLite and on PostgreSQL."""
    fixture = "sqlite_url" if request.param == "sqlite" else "postgres_url"
    url: str = request.getfixturevalue(fixture)
    return url


@pytest.fixture(scope="session")
def redis_url() -> str:
    if not _reachable("127.0.0.1", 6379):
        pytest.skip("Redis is not reachable at 127.0.0.1:6379")
    return REDIS_URL


# --- the app ---------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def deck() -> Deck:
    return once_upon_a_time_deck()


@pytest.fixture(scope="session")
def fake_referee(deck: Deck, fake_embedder: Any) -> Referee:
    """The real referee on the hashing embedder: lexical rulings are real, semantics are not."""
    return Referee(deck, fake_embedder)


@pytest.fixture(scope="session")
def real_referee(deck: Deck, embedder: Any) -> Referee:
    """The real referee on the real bundled model (for tests about rulings)."""
    return Referee(deck, embedder)


def make_settings(database_url: str, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "database_url": database_url,
        "redis_url": None,
        "llm_model": None,
        "openai_base_url": None,
        "openai_api_key": None,
        "ai_pace_s": 0.0,
        "rate_limit_per_s": 1000.0,
        "rate_limit_burst": 1000,
    }
    values.update(overrides)
    return Settings(_env_file=None, **values)  # type: ignore[call-arg]


@pytest.fixture
def app_factory(sqlite_url: str, fake_referee: Referee) -> Callable[..., FastAPI]:
    """Build an app: SQLite in tmp, the referee on the fake embedder, the offline narrator."""

    def build(
        *,
        database_url: str | None = None,
        referee: Any = None,
        narrator_factory: Callable[..., Any] | None = None,
        factum_reader: Callable[[], Any] | None = None,
        **settings: Any,
    ) -> FastAPI:
        return create_app(
            make_settings(database_url or sqlite_url, **settings),
            referee=referee or fake_referee,
            narrator_factory=narrator_factory,
            factum_reader=factum_reader,
        )

    return build


@pytest.fixture
def client(app_factory: Callable[..., FastAPI]) -> Iterator[TestClient]:
    with TestClient(app_factory()) as test_client:
        yield test_client


@dataclass
class Seat:
    """One player at a test table, acting over HTTP with its own token."""

    client: TestClient
    table_id: str
    seat: int
    token: str | None

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"} if self.token else {}

    def view(self) -> dict[str, Any]:
        response = self.client.get(f"/v1/tables/{self.table_id}", headers=self.headers)
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        return body

    def act(self, key: str | None = None, **body: Any) -> Any:
        headers = dict(self.headers)
        if key is not None:
            headers["Idempotency-Key"] = key
        return self.client.post(f"/v1/tables/{self.table_id}/actions", json=body, headers=headers)

    def ok(self, **body: Any) -> dict[str, Any]:
        response = self.act(**body)
        assert response.status_code == 200, response.text
        result: dict[str, Any] = response.json()
        return result

    def refused(self, status: int, **body: Any) -> dict[str, Any]:
        response = self.act(**body)
        assert response.status_code == status, response.text
        error: dict[str, Any] = response.json()
        assert error["message"], error
        return error

    def events(self, after: int = 0) -> list[dict[str, Any]]:
        response = self.client.get(
            f"/v1/tables/{self.table_id}/events", params={"after": after}, headers=self.headers
        )
        assert response.status_code == 200, response.text
        events: list[dict[str, Any]] = response.json()["events"]
        return events


def open_table(client: TestClient, **body: Any) -> list[Seat]:
    """Create a table; one `Seat` per player (token None for AI seats)."""
    response = client.post("/v1/tables", json=body)
    assert response.status_code == 201, response.text
    created = response.json()
    return [
        Seat(client, created["id"], player["seat"], player["token"])
        for player in created["players"]
    ]


def physical_table(
    client: TestClient,
    hands: list[list[str]],
    *,
    endings: list[list[str]] | None = None,
    **body: Any,
) -> list[Seat]:
    """A physical-deck table whose dealt hands are declared at creation."""
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"][: len(hands)]
    endings = endings or [[] for _ in hands]
    return open_table(
        client,
        players=[{"name": n} for n in names],
        deck_mode="physical",
        hands=[{"cards": h, "endings": e} for h, e in zip(hands, endings, strict=True)],
        **body,
    )


@pytest.fixture
def live_url(app_factory: Callable[..., FastAPI]) -> Iterator[str]:
    """The app behind a real uvicorn server on loopback (for streams)."""
    from tests.api.live import serve_in_thread

    with serve_in_thread(app_factory()) as url:
        yield url


def settle(
    seat: Seat, done: Callable[[dict[str, Any]], bool], timeout: float = 60
) -> dict[str, Any]:
    """Poll the seat's view until `done(view)`; AI seats act in the background meanwhile."""
    deadline = time.monotonic() + timeout
    while True:
        view = seat.view()
        if done(view):
            return view
        assert time.monotonic() < deadline, f"table did not settle: {str(view)[-300:]}"
        time.sleep(0.05)


def play_out_passively(human: Seat, rounds: int = 300) -> dict[str, Any]:
    """A person who lets the AI seats tell the story: votes yes, passes when it is their turn,
    until the story ends (or `rounds` run out); the last view."""
    view: dict[str, Any] = {}
    for _round in range(rounds):
        view = settle(human, lambda v: v["finished"] or v["can_vote"] or v["storyteller"] == 0)
        if view["finished"]:
            break
        if view["can_vote"]:
            human.ok(type="vote", yes=True)
        else:
            human.ok(type="pass")
    return view


def strings(value: Any) -> Iterator[str]:
    """Every string in a JSON value (what a reader could see)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)
