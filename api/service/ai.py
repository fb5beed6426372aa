"""Runs the AI seats of each table in the background, one step at a time, through the same
log-first path as people (`TableService.act`, by="ai"); and appends what the clock makes due
(a vote closed at its deadline).

After every accepted action the routes `poke` the table: if an AI seat has something to do (the
table's game says which, `TableGame.ai_step`), a task takes one step, waits `pace_s` times the
move's `pace` before an AI speaks or claims (so people can react to what was said before), and
loops until no AI seat has anything to do. Steps per run are bounded (a fresh run then goes
on), and a poke that arrives while a run is finishing starts another. A move that must wait
until its `not_before` (an AI vote waiting for the people's) ends the run; the table is looked at
again then, or as soon as someone acts.
"""

import asyncio
import contextlib
import logging

import anyio

from api.broadcast import Broadcaster
from api.errors import ApiError
from api.games import AIMove
from api.service.tables import TableService
from companion.store import NewEvent, StoreError

log = logging.getLogger(__name__)

_MAX_STEPS_PER_RUN = 60


class SeatRunner:
    def __init__(self, tables: TableService, broadcaster: Broadcaster, *, pace_s: float) -> None:
        self.tables = tables
        self.broadcaster = broadcaster
        self.pace_s = pace_s
        self._running: dict[str, asyncio.Task[None]] = {}
        self._scopes: dict[str, anyio.CancelScope] = {}
        self._deadlines: dict[str, asyncio.TimerHandle] = {}
        self._not_before: dict[str, float] = {}  # a waiting AI move's time, by table
        self._again: set[str] = set()
        self._closed = False

    def poke(self, table_id: str) -> None:
        """Something happened at the table: let its AI seats look (no-op without AI seats)."""
        if self._closed:
            return
        task = self._running.get(table_id)
        if task is not None and not task.done():
            self._again.add(table_id)
            return
        self._running[table_id] = asyncio.get_running_loop().create_task(
            self._run(table_id), name=f"ai-seats-{table_id}"
        )

    async def close(self) -> None:
        """Stop every run and wait for it. Runs are stopped through their anyio cancel scope, not
        `Task.cancel()`: that would abandon a store call still running in a worker thread, which
        would then use the store after it is closed."""
        self._closed = True
        for timer in self._deadlines.values():
            timer.cancel()
        for scope in list(self._scopes.values()):
            scope.cancel()
        for task in list(self._running.values()):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def wait_idle(self, table_id: str) -> None:
        """Wait until the table's AI seats have nothing left to do (tests, benchmarks)."""
        while (task := self._running.get(table_id)) is not None and not task.done():
            await asyncio.shield(task)

    async def _run(self, table_id: str) -> None:
        try:
            with anyio.CancelScope() as self._scopes[table_id]:
                steps = 0
                while steps < _MAX_STEPS_PER_RUN:
                    self._again.discard(table_id)
                    acted = await self._step(table_id)
                    if not acted and table_id not in self._again:
                        break
                    steps += int(acted)
                else:  # the bound reached with moves still to make: a fresh run goes on
                    self._again.add(table_id)
                await self._wake_at_deadline(table_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("AI seats of table %s stopped", table_id)
        finally:
            self._scopes.pop(table_id, None)
            self._running.pop(table_id, None)
            # A poke that came after the loop's last look (while the run was finishing) would
            # otherwise be lost, and the table would wait for a person who is not coming.
            if table_id in self._again and not self._closed:
                self._again.discard(table_id)
                self.poke(table_id)

    async def _wake_at_deadline(self, table_id: str) -> None:
        """When something will fall due (a vote's deadline), look again then."""
        state = await self.tables.state_soon(table_id)
        previous = self._deadlines.pop(table_id, None)
        if previous is not None:
            previous.cancel()
        wake_at = self.tables.game(table_id).wake_at(state)
        waiting = self._not_before.pop(table_id, None)
        if waiting is not None:
            wake_at = waiting if wake_at is None else min(wake_at, waiting)
        if wake_at is None or self._closed:
            return
        loop = asyncio.get_running_loop()
        delay = wake_at - self.tables.now()
        self._deadlines[table_id] = loop.call_later(max(0.0, delay) + 0.05, self.poke, table_id)

    async def _step(self, table_id: str) -> bool:
        state = await self.tables.state_soon(table_id)
        game = self.tables.game(table_id)
        if game.wake_at(state) is not None:
            settled = await anyio.to_thread.run_sync(self.tables.settle_due, table_id)
            if settled is not None:
                await self.broadcaster.publish(table_id, settled.state.seq)
                return True
        if state.finished or "ai" not in state.kinds:
            return False
        move = await anyio.to_thread.run_sync(game.ai_step, state)
        if move is None:
            return False
        if move.not_before is not None and move.not_before > self.tables.now():
            self._not_before[table_id] = move.not_before
            return False  # look again then, or when someone acts
        if move.paced and self.pace_s * move.pace > 0:
            # Give people time to react to what was said before the AI speaks or claims.
            await asyncio.sleep(self.pace_s * move.pace)
            latest = await self.tables.state_soon(table_id)
            if latest.seq != state.seq:
                return True  # the table moved on: decide again
        return await self._take(table_id, move)

    async def _take(self, table_id: str, move: AIMove) -> bool:
        body = self.tables.game(table_id).parse_action(move.body)
        try:
            if move.note:
                note = {"step": "narrator", "seat": move.seat, "message": move.note}
                await anyio.to_thread.run_sync(
                    self.tables.append_note, table_id, [NewEvent("step_failed", note)]
                )
            outcome = await anyio.to_thread.run_sync(
                lambda: self.tables.act(table_id, move.seat, body, by="ai")
            )
        except (ApiError, StoreError) as error:
            log.warning("AI seat %d of table %s could not act: %s", move.seat, table_id, error)
            if move.fallback is None:
                return False
            return await self._take(table_id, AIMove(move.seat, move.fallback, paced=False))
        await self.broadcaster.publish(table_id, outcome.state.seq)
        return True
