"""The event log on SQLite and PostgreSQL: append-only, ordered, optimistic concurrency."""

import threading
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from companion.store import (
    EventLog,
    IdempotencyClaim,
    NewEvent,
    SeqConflictError,
    TableNotFoundError,
    open_store,
)
from companion.store.schema import metadata


@pytest.fixture
def log(database_url: str) -> Iterator[EventLog]:
    store = open_store(database_url)
    yield store
    store.close()


def _new_table(log: EventLog, table_id: str = "t1") -> None:
    log.create_table(table_id, {"game": "once_upon_a_time"}, {0: "a" * 64, 1: None})


def test_migrations_create_exactly_the_declared_schema(log: EventLog) -> None:
    with log.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
    assert diff == []


def test_migrating_twice_is_harmless(database_url: str) -> None:
    open_store(database_url).close()
    store = open_store(database_url)
    _new_table(store)
    assert store.table("t1").config == {"game": "once_upon_a_time"}
    store.close()


def test_append_numbers_events_and_reads_them_back_in_order(log: EventLog) -> None:
    _new_table(log)
    first = log.append("t1", [NewEvent("a", {"n": 1}), NewEvent("b", {"n": 2})], after_seq=0)
    second = log.append("t1", [NewEvent("c", {"text": "ひめ"})], after_seq=2)
    assert [e.seq for e in first + second] == [1, 2, 3]
    assert [(e.seq, e.type, e.payload) for e in log.read("t1")] == [
        (1, "a", {"n": 1}),
        (2, "b", {"n": 2}),
        (3, "c", {"text": "ひめ"}),
    ]
    assert [e.seq for e in log.read("t1", after=1, upto=2)] == [2]
    assert log.last_seq("t1") == 3
    assert log.table("t1").token_hashes == {0: "a" * 64, 1: None}


def test_a_stale_writer_conflicts_and_writes_nothing(log: EventLog) -> None:
    _new_table(log)
    log.append("t1", [NewEvent("a", {})], after_seq=0)
    with pytest.raises(SeqConflictError):
        log.append("t1", [NewEvent("stale", {})], after_seq=0)
    assert [e.type for e in log.read("t1")] == ["a"]


def test_concurrent_writers_lose_nothing(log: EventLog) -> None:
    """Eight threads each append 15 events, retrying on conflict: all 120 land, once each."""
    _new_table(log)
    conflicts: list[int] = []

    def writer(name: int) -> None:
        for n in range(15):
            while True:
                try:
                    log.append(
                        "t1", [NewEvent("w", {"w": name, "n": n})], after_seq=log.last_seq("t1")
                    )
                    break
                except SeqConflictError:
                    conflicts.append(name)

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stored = log.read("t1")
    assert [e.seq for e in stored] == list(range(1, 121))
    assert sorted((e.payload["w"], e.payload["n"]) for e in stored) == [
        (w, n) for w in range(8) for n in range(15)
    ]


Append = tuple[str, int, IdempotencyClaim | None]  # table, after_seq, idempotency claim


def _held_then_grouped(log: EventLog, first: Append, queued: list[Append]) -> tuple[int, list[Any]]:
    """Append `first` and hold its commit until every append of `queued` waits for the next
    one; then let them go. Returns the commits made and each append's result (or error)."""
    commits = 0
    held, release = threading.Event(), threading.Event()

    @sa.event.listens_for(log.engine, "commit")
    def _count(_conn: sa.Connection) -> None:
        nonlocal commits
        commits += 1
        if commits == 1:
            held.set()
            release.wait(10)

    results: list[object] = [None] * (1 + len(queued))

    def append(index: int, table: str, after: int, claim: IdempotencyClaim | None) -> None:
        told = [NewEvent("told", {"t": table})]
        try:
            results[index] = log.append(table, told, after_seq=after, idempotency=claim)
        except SeqConflictError as error:
            results[index] = error

    threads = [
        threading.Thread(target=append, args=(i, *spec)) for i, spec in enumerate([first, *queued])
    ]
    threads[0].start()
    assert held.wait(10)
    for thread in threads[1:]:
        thread.start()
    for _ in range(1000):
        if log.waiting_appends == len(queued):
            break
        threading.Event().wait(0.01)
    assert log.waiting_appends == len(queued)
    release.set()
    for thread in threads:
        thread.join(10)
    return commits, results


def test_appends_waiting_for_a_commit_share_the_next_one(log: EventLog) -> None:
    """Group commit: while one append's commit is held, seven more queue; they then go in one
    commit together, each checked on its own (the stale one conflicts, the rest are written)."""
    for i in range(8):
        _new_table(log, f"t{i}")
    queued: list[Append] = [(f"t{i}", 5 if i == 7 else 0, None) for i in range(1, 8)]
    commits, results = _held_then_grouped(log, ("t0", 0, None), queued)
    assert commits == 2
    assert isinstance(results[7], SeqConflictError)
    for i in range(7):
        assert [e.seq for e in results[i]] == [1]
        assert [e.payload for e in log.read(f"t{i}")] == [{"t": f"t{i}"}]
    assert log.read("t7") == []


def test_a_group_append_the_database_refuses_stays_that_appends_own(log: EventLog) -> None:
    """A group goes in without savepoints; when the database refuses one of its appends (here a
    key already claimed), the group is written again with a savepoint per append: the others
    are written, the refused one alone conflicts."""
    for table in ("a", "b", "c"):
        _new_table(log, table)
    claim = IdempotencyClaim(seat=0, key="k", fingerprint="f" * 64)
    log.append("b", [NewEvent("told", {"n": 1})], after_seq=0, idempotency=claim)
    queued: list[Append] = [("a", 1, None), ("b", 1, claim), ("c", 0, None)]
    commits, results = _held_then_grouped(log, ("a", 0, None), queued)
    assert commits == 2  # the held one, then the group's second try (the first rolled back)
    assert isinstance(results[2], SeqConflictError)
    assert [e.payload for e in log.read("a")] == [{"t": "a"}, {"t": "a"}]
    assert [e.payload for e in log.read("b")] == [{"n": 1}]
    assert [e.payload for e in log.read("c")] == [{"t": "c"}]


def test_events_reject_update_and_delete_in_the_database(log: EventLog) -> None:
    _new_table(log)
    log.append("t1", [NewEvent("a", {"n": 1})], after_seq=0)
    for statement in ("UPDATE events SET type = 'x'", "DELETE FROM events"):
        with pytest.raises(sa.exc.DBAPIError, match="append-only"), log.engine.begin() as conn:
            conn.execute(sa.text(statement))
    assert [e.type for e in log.read("t1")] == ["a"]


def test_unknown_table(log: EventLog) -> None:
    with pytest.raises(TableNotFoundError):
        log.table("nope")
    with pytest.raises(TableNotFoundError):
        log.read("nope")
    with pytest.raises(TableNotFoundError):
        log.append("nope", [NewEvent("a", {})], after_seq=0)


def test_idempotency_key_is_stored_with_its_range_and_cannot_be_claimed_twice(
    log: EventLog,
) -> None:
    _new_table(log)
    claim = IdempotencyClaim(seat=0, key="k1", fingerprint="f" * 64)
    log.append("t1", [NewEvent("a", {}), NewEvent("b", {})], after_seq=0, idempotency=claim)
    record = log.idempotency_record("t1", 0, "k1")
    assert record is not None and (record.first_seq, record.last_seq) == (1, 2)
    assert log.idempotency_record("t1", 1, "k1") is None
    with pytest.raises(SeqConflictError):
        log.append("t1", [NewEvent("c", {})], after_seq=2, idempotency=claim)
    assert log.last_seq("t1") == 2


def test_snapshots_keep_the_latest_per_format(log: EventLog) -> None:
    _new_table(log)
    assert log.latest_snapshot("t1", "v1") is None
    log.save_snapshot("t1", 5, "v1", {"at": 5})
    log.save_snapshot("t1", 9, "v1", {"at": 9})
    log.save_snapshot("t1", 9, "v1", {"at": "again"})  # same seq: kept as it was
    snapshot = log.latest_snapshot("t1", "v1")
    assert snapshot is not None and (snapshot.seq, snapshot.state) == (9, {"at": 9})
    assert log.latest_snapshot("t1", "v2") is None


def test_sqlite_runs_in_wal_mode_with_full_sync(sqlite_url: str) -> None:
    store = open_store(sqlite_url)
    with store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
    store.close()


def test_sqlite_in_memory_is_refused() -> None:
    with pytest.raises(ValueError, match="SQLite file"):
        open_store("sqlite://")
