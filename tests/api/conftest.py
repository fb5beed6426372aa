"""Fixtures for the service tests: databases (SQLite always; PostgreSQL and Redis when they run)."""

import os
import secrets
import socket
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest

POSTGRES_BASE = os.environ.get(
    "COMPANION_TEST_POSTGRES", "postgresql+psycopg://postgres@127.0.0.1:5432/test"
)
REDIS_URL = os.environ.get("COMPANION_TEST_REDIS", "redis://127.0.0.1:6379/0")


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


@pytest.fixture
def postgres_url(postgres_base: str) -> Iterator[str]:
    """A fresh, empty schema per test, dropped afterwards (its tables and triggers with it)."""
    import sqlalchemy as sa

    schema = f"t_{secrets.token_hex(6)}"
    admin = sa.create_engine(postgres_base)
    try:
        with admin.begin() as conn:
            conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
    except sa.exc.OperationalError as error:
        admin.dispose()
        pytest.skip(f"PostgreSQL refused a connection: {error.orig}")
    yield f"{postgres_base}?options={quote(f'-csearch_path={schema}')}"
    with admin.begin() as conn:
        conn.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
    admin.dispose()


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
