"""The tables, as SQLAlchemy Core metadata. The migrations create exactly this (a test checks)."""

from sqlalchemy import (
    JSON,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
)
from sqlalchemy.dialects.postgresql import JSONB

metadata = MetaData()

JSONDocument = JSON().with_variant(JSONB(), "postgresql")

tables = Table(
    "tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("config", JSONDocument, nullable=False),
)

# One row per seat; humans carry the sha256 of their secret token, AI seats none.
seats = Table(
    "seats",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("token_hash", String(64), nullable=True),
)

# The append-only log. (table_id, seq) is the primary key: seq runs 1, 2, 3, … per table.
events = Table(
    "events",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("type", String(40), nullable=False),
    Column("payload", JSONDocument, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

# A request accepted under an Idempotency-Key, and the log range it produced.
idempotency_keys = Table(
    "idempotency_keys",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True, autoincrement=False),
    Column("key", String(200), primary_key=True),
    Column("fingerprint", String(64), nullable=False),
    Column("first_seq", Integer, nullable=False),
    Column("last_seq", Integer, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)

# Derived state at a seq, to avoid replaying long logs; safe to ignore or rebuild.
snapshots = Table(
    "snapshots",
    metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("format", String(40), nullable=False),
    Column("state", JSONDocument, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
)
