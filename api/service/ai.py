"""Runs the AI seats of each table in the background, one step at a time, through the same
log-first path as people (`TableService.act`, by="ai"); and closes votes at their deadline.

After every accepted action the routes `poke` the table: if an AI seat has something to do, a
task takes one step, waits `pace_s` before an AI storyteller speaks (so people can interrupt
the sentence before), and loops until no AI seat has anything to do. Steps per run are bounded.
"""

import asyncio
import contextlib
import logging
import random
import time

import anyio
from pydantic import TypeAdapter

from api.broadcast import Broadcaster
from api.errors import ApiError
from api.schemas import ActionBody
from api.service.state import TableState
from api.service.tables import TableService
from companion.cards import Deck
from companion.games.once_upon_a_time import legal_moves
from companion.seats import BallotSeen, Decision, HintSeen, OnceUponATimeSeat, SeatView
from companion.store import NewEvent, StoreError

log = logging.getLogger(__name__)

_MAX_STEPS_PER_RUN = 60
_BODIES: TypeAdapter[ActionBody] = TypeAdapter(ActionBody)


def seat_view(state: TableState, seat: int) -> SeatView:
    """What the AI in `seat` may know of the table (its own cards only)."""
    game = state.game
    ballot = state.ballot
    card_interrupts: tuple[str, ...] = ()
    for move in legal_moves(game, seat):
        if move.type == "card_interrupt":
            card_interrupts = move.cards
    return SeatView(
        seat=seat,
        language=state.config.language,
        storyteller=game.storyteller,
        story=tuple(line.text for line in game.story),
        turn_lines=tuple(game.turn_lines()),
        hand=game.seats[seat].hand,
        endings=game.seats[seat].endings,
        card_interrupts=card_interrupts if ballot is None else (),
        hints=tuple(HintSeen(h.line, h.card, h.score, h.borderline) for h in state.hints_for(seat)),
        ballot=None
        if ballot is None
        else BallotSeen(ballot=ballot.ballot, kind=ballot.kind, action=ballot.action),
        can_vote=ballot is not None and seat in ballot.waiting_for,
    )


class SeatRunner:
    def __init__(
        self,
        tables: TableService,
        deck: Deck,
        referee: object,
        narrator: object,
        broadcaster: Broadcaster,
        *,
        pace_s: float,
    ) -> None:
        self.tables = tables
        self.deck = deck
        self.referee = referee
        self.narrator = narrator
        self.broadcaster = broadcaster
        self.pace_s = pace_s
        self._running: dict[str, asyncio.Task[None]] = {}
        self._scopes: dict[str, anyio.CancelScope] = {}
        self._deadlines: dict[str, asyncio.TimerHandle] = {}
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
                await self._wake_at_deadline(table_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("AI seats of table %s stopped", table_id)
        finally:
            self._scopes.pop(table_id, None)
            self._running.pop(table_id, None)

    async def _wake_at_deadline(self, table_id: str) -> None:
        """With a vote open, look again when it is due to close."""
        state = await anyio.to_thread.run_sync(self.tables.state, table_id)
        previous = self._deadlines.pop(table_id, None)
        if previous is not None:
            previous.cancel()
        if state.ballot is None or self._closed:
            return
        delay = state.ballot.opened + self.tables.vote_timeout_s - time.time()
        self._deadlines[table_id] = asyncio.get_running_loop().call_later(
            max(0.0, delay) + 0.05, self.poke, table_id
        )

    async def _step(self, table_id: str) -> bool:
        state = await anyio.to_thread.run_sync(self.tables.state, table_id)
        if state.ballot is not None:
            settled = await anyio.to_thread.run_sync(self.tables.settle_expired_vote, table_id)
            if settled is not None:
                await self.broadcaster.publish(table_id, settled.state.seq)
                return True
        if state.game.is_terminal or "ai" not in state.config.kinds:
            return False
        chosen = await anyio.to_thread.run_sync(self._choose, state)
        if chosen is None:
            return False
        seat, decision = chosen
        if decision.body["type"] not in ("vote",) and self.pace_s:
            # Give people time to react to what was said before the AI speaks or claims.
            await asyncio.sleep(self.pace_s)
            latest = await anyio.to_thread.run_sync(self.tables.state, table_id)
            if latest.seq != state.seq:
                return True  # the table moved on: decide again
        return await self._take(table_id, seat, decision)

    def _choose(self, state: TableState) -> tuple[int, Decision] | None:
        """The AI step to take now: votes first, then claims by listeners, then the teller."""
        game = state.game
        ai_seats = [s for s, kind in enumerate(state.config.kinds) if kind == "ai"]
        listeners = [s for s in ai_seats if s != game.storyteller]
        order = listeners + [s for s in ai_seats if s == game.storyteller]
        for seat in order:
            decision = self._seat(state, seat).decide(seat_view(state, seat))
            if decision is not None:
                return seat, decision
        return None

    def _seat(self, state: TableState, seat: int) -> OnceUponATimeSeat:
        rng = random.Random(f"{state.table_id}/{seat}/{state.seq}")
        return OnceUponATimeSeat(self.deck, self.referee, self.narrator, rng=rng)  # type: ignore[arg-type]

    async def _take(self, table_id: str, seat: int, decision: Decision) -> bool:
        body = _BODIES.validate_python(decision.body)
        try:
            if decision.note:
                await anyio.to_thread.run_sync(
                    self.tables.append_note,
                    table_id,
                    [
                        NewEvent(
                            "step_failed",
                            {"step": "narrator", "seat": seat, "message": decision.note},
                        )
                    ],
                )
            outcome = await anyio.to_thread.run_sync(
                lambda: self.tables.act(table_id, seat, body, by="ai")
            )
        except (ApiError, StoreError) as error:
            log.warning("AI seat %d of table %s could not act: %s", seat, table_id, error)
            if body.type in ("vote", "pass", "interrupt", "card_interrupt"):
                return False
            # A storyteller that cannot go on must not hold the table up: it passes (OU-9).
            return await self._take(table_id, seat, Decision({"type": "pass"}))
        await self.broadcaster.publish(table_id, outcome.state.seq)
        return True
