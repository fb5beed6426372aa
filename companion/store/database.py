"""Engines for SQLite and PostgreSQL, and running the Alembic migrations at start-up."""

from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, event, make_url, text

_MIGRATIONS = Path(__file__).parent / "migrations"
# An arbitrary constant: the PostgreSQL advisory lock that serialises concurrent migrations.
_MIGRATION_LOCK_KEY = 7_212_031_455

# Execution option that makes a SQLite transaction take the write lock at BEGIN.
SQLITE_IMMEDIATE = "companion_sqlite_immediate"


def create_database_engine(url: str, *, pool_size: int = 10) -> Engine:
    """An engine for `url`. SQLite files get WAL, synchronous=FULL and a busy timeout."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return _sqlite_engine(url, parsed.database)
    return create_engine(
        url, pool_pre_ping=True, pool_size=pool_size, max_overflow=pool_size, pool_recycle=1800
    )


def _sqlite_engine(url: str, database: str | None) -> Engine:
    if not database or database == ":memory:" or database.startswith("file:"):
        raise ValueError("use a SQLite file (sqlite:///path.db): the log must survive a restart")
    Path(database).parent.mkdir(parents=True, exist_ok=True)
    engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False})

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Take transaction control from the sqlite3 module; BEGIN is emitted below.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=30000")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        immediate = connection.get_execution_options().get(SQLITE_IMMEDIATE, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


def migrate(engine: Engine) -> None:
    """Upgrade the schema to the newest migration. Safe when several workers start at once."""
    config = Config()
    config.set_main_option("script_location", str(_MIGRATIONS))
    is_postgres = engine.dialect.name == "postgresql"
    options = {} if is_postgres else {SQLITE_IMMEDIATE: True}
    with engine.connect().execution_options(**options) as connection, connection.begin():
        if is_postgres:
            connection.execute(
                text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK_KEY}
            )
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
