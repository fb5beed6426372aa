"""Persistence: an append-only event log per table, plus optional snapshots (SQLAlchemy 2).

SQLite (WAL, ``synchronous=FULL``) by default, PostgreSQL by URL (``postgresql+psycopg://``).
The schema is created and upgraded by Alembic migrations, run programmatically by `open_store`.
Appends are transactional and checked against the sequence number the writer last saw
(optimistic concurrency): of two writers appending to one table, one wins and the other gets a
`SeqConflictError` and retries on the new state. Nothing in the code updates or deletes events,
and database triggers reject any UPDATE or DELETE on them.

Errors::

    StoreError (Exception)
      TableNotFoundError       no table with that id
      SeqConflictError         another writer appended first: reload the log and retry
      StoreUnavailableError    the database cannot be reached or failed (the append did not happen
                               or, for a lost commit acknowledgement, may have: retry with the
                               same idempotency key)
"""

from companion.store.database import create_database_engine, migrate
from companion.store.errors import (
    SeqConflictError,
    StoreError,
    StoreUnavailableError,
    TableNotFoundError,
)
from companion.store.log import (
    EventLog,
    IdempotencyClaim,
    IdempotencyRecord,
    NewEvent,
    Snapshot,
    StoredEvent,
    TableRecord,
    open_store,
)

__all__ = [
    "EventLog",
    "IdempotencyClaim",
    "IdempotencyRecord",
    "NewEvent",
    "SeqConflictError",
    "Snapshot",
    "StoreError",
    "StoreUnavailableError",
    "StoredEvent",
    "TableNotFoundError",
    "TableRecord",
    "create_database_engine",
    "migrate",
    "open_store",
]
