"""Tables kept in memory with the log as the truth: one worker on SQLite reads no log back;
with several writers (PostgreSQL) a read catches up with what another one appended."""

from collections.abc import Callable
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.api.conftest import Seat, open_table

THREE = [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]


class ReadCounter:
    """Counts the store's reads of the log (a wrapper around the real `read`)."""

    def __init__(self, store: Any) -> None:
        self.store, self.real, self.calls = store, store.read, 0
        store.read = self

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        self.calls += 1
        return self.real(*args, **kwargs)

    def restore(self) -> None:
        self.store.read = self.real


def test_one_worker_on_sqlite_reads_views_and_events_from_memory(client: TestClient) -> None:
    services = client.app.state.services  # type: ignore[attr-defined]
    assert services.tables.exclusive
    ann, bob, _cy = open_table(client, players=THREE, seed=5)
    reads = ReadCounter(services.store)
    try:
        ann.ok(type="narrate", text="Once upon a time a king lived in a castle.")
        bob_view, events = bob.view(), bob.events(after=0)
        from_memory = reads.calls
    finally:
        reads.restore()
    assert from_memory == 0
    # What memory answered is what the log holds.
    assert [e["seq"] for e in events] == [e.seq for e in services.store.read(ann.table_id)]
    assert bob_view["story"][0]["text"] == "Once upon a time a king lived in a castle."


def test_memory_answers_exactly_as_the_log_after_a_restart(
    app_factory: Callable[..., FastAPI],
) -> None:
    """The same table read by a fresh service (log only) and by the one that wrote it."""
    app = app_factory()
    with TestClient(app) as first:
        ann, bob, cy = open_table(first, players=THREE, seed=9)
        ann.ok(type="narrate", text="A wolf lived in the forest.")
        ann.ok(type="narrate", text="The wolf was hungry.")
        before = {seat.seat: (seat.view(), seat.events()) for seat in (ann, bob, cy)}
    with TestClient(app_factory()) as second:
        for seat in (ann, bob, cy):
            again = Seat(second, seat.table_id, seat.seat, seat.token)
            assert (again.view(), again.events()) == before[seat.seat]


@pytest.mark.postgres
def test_with_several_writers_a_read_catches_up_with_another_writer(
    app_factory: Callable[..., FastAPI], postgres_url: str
) -> None:
    with (
        TestClient(app_factory(database_url=postgres_url)) as one,
        TestClient(app_factory(database_url=postgres_url)) as two,
    ):
        assert not one.app.state.services.tables.exclusive  # type: ignore[attr-defined]
        ann, bob, _cy = open_table(one, players=THREE, seed=5)
        assert Seat(two, bob.table_id, bob.seat, bob.token).view()["story"] == []
        ann.ok(type="narrate", text="Once upon a time there was a witch.")
        seen = Seat(two, bob.table_id, bob.seat, bob.token)
        assert [line["text"] for line in seen.view()["story"]] == [
            "Once upon a time there was a witch."
        ]
        told = Seat(two, ann.table_id, ann.seat, ann.token)
        told.ok(type="narrate", text="She lived in a cottage.")  # the other writer goes on
        assert len(ann.view()["story"]) == 2 and len(bob.events()) == len(seen.events())


@pytest.mark.postgres
def test_with_several_writers_a_notified_seq_held_in_memory_is_not_read_again(
    app_factory: Callable[..., FastAPI], postgres_url: str
) -> None:
    """A stream woken by "the log reaches N" reads the log only when this worker's memory is
    behind N; one read catches the table up, and the next reader is served from memory."""
    with (
        TestClient(app_factory(database_url=postgres_url)) as one,
        TestClient(app_factory(database_url=postgres_url)) as two,
    ):
        ann, _bob, _cy = open_table(one, players=THREE, seed=5)
        tables = two.app.state.services.tables  # type: ignore[attr-defined]
        tables.state(ann.table_id)  # the second worker holds the table at its first seq
        ann.ok(type="narrate", text="Once upon a time there was a witch.")
        reached = one.app.state.services.tables.state(ann.table_id).seq  # type: ignore[attr-defined]
        reads = ReadCounter(two.app.state.services.store)  # type: ignore[attr-defined]
        try:
            assert tables.recent_events(ann.table_id, 0, reaching=reached) is None  # behind
            caught_up = tables.events(ann.table_id, 0)
            after_catching_up = reads.calls
            again = tables.recent_events(ann.table_id, 0, reaching=reached)
            state = tables.peek(ann.table_id, reaching=reached)
        finally:
            reads.restore()
        assert after_catching_up == 1 and reads.calls == 1
        assert again == caught_up and [e.seq for e in caught_up][-1] == reached
        assert state is not None and state.seq == reached
        assert tables.peek(ann.table_id) is None  # unasked, several writers: read the log
