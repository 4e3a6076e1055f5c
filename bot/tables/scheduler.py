"""What happens at a table by itself: the turn clock, computer players, and the
deadlines of a lobby and of a consent question.

The scheduler decides *when*; the runtime decides *what* (the ``TableActions`` it is
given, each run under the table's lock). A table has at most two tasks: its clock
(the turn clock, or in the lobby the lobby's or the consent's deadline) and a computer
player's next move. Each task carries the table version it was scheduled at, and the
runtime ignores it if the table has moved on, so a move made meanwhile always wins.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import random
import time
from collections.abc import Callable, Coroutine, Sequence
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Protocol

from bot.ai import RandomPlayer
from bot.ai.pool import ThinkPool, default_workers
from bot.ai.search import MAX_PLAYOUTS, THINK_MS
from bot.config import DEFAULT_CALL_WAIT
from bot.games.core.game import Game, View
from bot.games.core.moves import CALL_MOVE, Move, MoveKind
from bot.registry import Level, computer_player
from bot.tables.table import Table

log = logging.getLogger(__name__)

RESTORED_CLOCK_MINIMUM = 15.0  # seconds a restored turn clock gets at least, after downtime


@dataclass
class Timing:
    """How long the runtime waits; tests and benchmarks set these to zero."""

    computer_delay: tuple[float, float] = (1.0, 2.5)  # a human-feeling pause before a move
    call_wait: float = DEFAULT_CALL_WAIT  # a computer waits this long while a human may still call
    retry_delay: float = 5.0  # after a failed save, the clock or a computer tries again this late
    think_ms: float = THINK_MS  # a hard computer's search budget per decision (COMPUTER_THINK_MS)
    workers: int = field(default_factory=default_workers)  # hard computers' processes (COMPUTER_WORKERS)
    max_playouts: int = MAX_PLAYOUTS  # a hard decision's cap on playouts, whatever the budget
    think_grace: float = 1.0  # seconds past the budget a hard move is waited for before the fallback


class TableActions(Protocol):
    """What the runtime does when one of a table's tasks comes due."""

    async def clock_ran_out(self, table_id: str, version: int) -> None: ...

    async def computer_moves(self, table_id: str, version: int, seat: int, move: Move) -> None: ...

    async def lobby_ran_out(self, table_id: str) -> None: ...

    async def consent_ran_out(self, table_id: str) -> None: ...


@dataclass(frozen=True)
class Thought:
    """A hard computer's decision to think over in the pool: what its seat may know."""

    game: str
    view: View
    legal: Sequence[Move]
    seed: int


@dataclass(frozen=True)
class ComputerPlan:
    seat: int
    move: Move  # the normal player's move: made when there is nothing to think, or thinking fails
    delay: float  # seconds to wait before making it
    think: Thought | None = None  # a hard computer thinks during the delay and may choose another


class Scheduler:
    def __init__(self, actions: TableActions, timing: Timing, rng: random.Random) -> None:
        self.actions = actions
        self.timing = timing
        self.rng = rng
        self.clocks: dict[str, asyncio.Task[None]] = {}
        self.computers: dict[str, asyncio.Task[None]] = {}
        self._closing = False
        # Hard computers think here (started on first use, closed with the scheduler).
        self.pool = ThinkPool(timing.workers, timing.think_ms, timing.max_playouts)

    # ------------------------------------------------------------ turn clock
    def hint(self, table: Table) -> float | None:
        """Seconds of a short decision window for the turn seat now (``Game.clock_hint``:
        Karata's plug window), or None for an ordinary turn."""
        game = table.game
        if game is None or game.is_over:
            return None
        return game.clock_hint()

    def set_turn_clock(self, table: Table) -> None:
        """Set the table's deadline for the turn now (part of the change being saved)."""
        game = table.game
        table.window = False
        turn = game.turn if game is not None else None
        if game is None or game.is_over or turn is None or table.seats[turn].computer_plays:
            table.deadline, table.clock_seat = None, None
            return
        window = self.hint(table)
        if window is not None:
            # A short decision (plug a 7 or take the skip): the turn clock waits for it.
            table.deadline, table.clock_seat, table.window = time.time() + window, turn, True
            return
        seconds = table.options.turn_seconds
        if not seconds:
            table.deadline, table.clock_seat = None, None
            return
        table.deadline, table.clock_seat = time.time() + seconds, turn

    def after_change(self, table: Table, *, restored: bool = False, retry: bool = False) -> None:
        """Start what comes next at a table in play: its turn clock and any computer's move.
        ``restored``: after a restart, the clock gets at least RESTORED_CLOCK_MINIMUM;
        ``retry``: after a failed save, neither acts sooner than ``timing.retry_delay``."""
        if self._closing:
            return
        not_before = self.timing.retry_delay if retry else 0.0
        if table.deadline is not None:
            remaining = table.deadline - time.time()
            if restored:
                window = self.hint(table) if table.window else None
                remaining = max(remaining, window if window is not None else RESTORED_CLOCK_MINIMUM)
                table.deadline = time.time() + remaining
            self._replace(self.clocks, table.id, self._turn_clock(table.id, table.version,
                                                                  max(remaining, not_before)))
        else:
            self._cancel(self.clocks, table.id)
        plan = self.plan_computer_move(table)
        if plan is None:
            self._cancel(self.computers, table.id)
        else:
            self._replace(self.computers, table.id, self._computer_turn(
                table.id, table.version, plan.seat, plan.move, max(plan.delay, not_before), plan.think))

    def restart_turn_clock(self, table_id: str, version: int, seconds: float) -> None:
        """Run the table's turn clock afresh, to run out in ``seconds`` at ``version``: for
        tests that shorten a window instead of waiting it out."""
        self._replace(self.clocks, table_id, self._turn_clock(table_id, version, seconds))

    def replace_computer_turn(self, table_id: str, turn: Coroutine[Any, Any, None]) -> None:
        """Run ``turn`` as the table's computer turn, in place of the one planned: for tests
        of a turn that dies (it is logged, never silent)."""
        self._replace(self.computers, table_id, turn)

    async def _turn_clock(self, table_id: str, version: int, seconds: float) -> None:
        await asyncio.sleep(max(seconds, 0.0))
        await self.actions.clock_ran_out(table_id, version)

    # ----------------------------------------------------- lobby deadlines
    def lobby(self, table: Table) -> None:
        """A lobby nobody starts closes by itself at its deadline."""
        if not self._closing and table.deadline is not None:
            self._replace(self.clocks, table.id, self._deadline(table.deadline, table.id, self.actions.lobby_ran_out))

    def consent(self, table: Table) -> None:
        """Consent switches not agreed to by their deadline are turned off, and the deal goes on."""
        if not self._closing and table.consent is not None:
            deadline = table.consent.deadline
            self._replace(self.clocks, table.id, self._deadline(deadline, table.id, self.actions.consent_ran_out))

    @staticmethod
    async def _deadline(at: float, table_id: str, due: Callable[[str], Coroutine[Any, Any, None]]) -> None:
        await asyncio.sleep(max(at - time.time(), 0.0))
        await due(table_id)

    # ------------------------------------------------------- computer players
    def plan_computer_move(self, table: Table) -> ComputerPlan | None:
        """The next computer move at this table and how long to wait before it."""
        game = table.game
        if game is None or game.is_over:
            return None
        low, high = self.timing.computer_delay
        delay = self.rng.uniform(low, high) if high > 0 else 0.0
        computers = {seat for seat, member in enumerate(table.seats) if member.computer_plays}
        seat = game.next_actor(among=computers)
        if seat is None:
            return None
        if seat != game.turn:
            # Out of turn, computers only ever call (Niko Kadi / Kadi Moja) — at once.
            return ComputerPlan(seat, CALL_MOVE, min(delay, 1.0))
        turn = seat
        legal = game.legal_moves(turn)
        if not legal:
            return None
        if self.hint(table) is not None:
            delay = 0.0  # a short decision (a plug): computers make it at once
        elif self._human_may_call(table, game):
            delay = max(delay, self.timing.call_wait)
        level = table.seats[turn].computer_level
        view = game.view(turn)
        try:
            move = computer_player(table.game_name, Level.NORMAL if level is Level.HARD else level).choose(
                view, legal, self.rng)
        except Exception:
            # A broken computer player must not stall the table: play any legal move.
            log.exception("table %s: the computer player failed; playing a random legal move", table.id)
            move = RandomPlayer().choose(game.view(turn), legal, self.rng)
        if move not in legal:
            log.error("table %s: the computer player chose an illegal move; playing a random legal one", table.id)
            move = RandomPlayer().choose(game.view(turn), legal, self.rng)
        think = None
        if level is Level.HARD and len(legal) > 1:
            think = Thought(table.game_name, view, tuple(legal), self.rng.randrange(2**63))
        return ComputerPlan(turn, move, delay, think)

    @staticmethod
    def _human_may_call(table: Table, game: Game) -> bool:
        for seat in game.actors():
            if seat != game.turn and not table.seats[seat].computer_plays and any(
                m.kind == MoveKind.CALL for m in game.legal_moves(seat)
            ):
                return True
        return False

    async def _computer_turn(self, table_id: str, version: int, seat: int, move: Move, delay: float,
                             think: Thought | None = None) -> None:
        """Wait the human-feeling pause (a hard computer thinks in the pool meanwhile),
        then make the move through the runtime, which saves it before anyone is told."""
        started = time.monotonic()
        future = self.pool.submit(think.game, think.view, think.legal, think.seed) if think else None
        if think is not None and future is None:
            # Debug, not info: a busy bot refuses most hard decisions as a matter of course,
            # and a pool that cannot start a worker logs that once itself.
            log.debug("table %s: no worker free to think; the hard computer plays a normal move", table_id)
        try:
            if delay > 0:
                await asyncio.sleep(delay)
            if think is not None and future is not None:
                move = await self._thought(table_id, think, future, move, started)
        except asyncio.CancelledError:
            if future is not None:
                future.cancel()
            raise
        await self.actions.computer_moves(table_id, version, seat, move)

    async def _thought(self, table_id: str, think: Thought, future: concurrent.futures.Future[Move],
                       fallback: Move, started: float) -> Move:
        """The pool's move, or ``fallback`` if it fails, is late or is not legal."""
        wait = self.timing.think_ms / 1000.0 + self.timing.think_grace - (time.monotonic() - started)
        try:
            # A thought usually ends during the pause, which can outlast the budget and
            # its grace: then it is read at once. (Waited on with no time left, even a
            # finished thought would time out: its asyncio wrapper learns of the result
            # only on the loop's next turn.)
            if not future.done():
                await asyncio.wait_for(asyncio.wrap_future(future), timeout=max(wait, 0.0))
            chosen = future.result()
        except asyncio.CancelledError:
            raise
        except (TimeoutError, BrokenProcessPool, concurrent.futures.CancelledError) as error:
            # Late, or its worker died or was killed as hung: the table goes on. Debug, as
            # the pool logs the incident once (a hung worker, a dead one), not per decision.
            future.cancel()
            log.debug("table %s: a hard computer's thought came to nothing (%s); it plays a normal move",
                      table_id, type(error).__name__)
            return fallback
        except Exception as error:  # the search itself failed: the table goes on
            future.cancel()
            log.warning("table %s: a hard computer's thought failed (%s); it plays a normal move",
                        table_id, type(error).__name__)
            return fallback
        if chosen not in think.legal:
            log.error("table %s: the pool chose an illegal move; the computer plays a normal one", table_id)
            return fallback
        return chosen

    # ------------------------------------------------------------------ tasks
    def forget(self, table_id: str) -> None:
        """Stop a table's tasks (it finished, or was dropped)."""
        self._cancel(self.clocks, table_id)
        self._cancel(self.computers, table_id)

    async def close(self) -> None:
        self._closing = True
        tasks = [*self.clocks.values(), *self.computers.values()]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self.pool.close()

    def _replace(self, tasks: dict[str, asyncio.Task[None]], table_id: str,
                 work: Coroutine[Any, Any, None]) -> None:
        self._cancel(tasks, table_id)
        task = asyncio.ensure_future(work)
        task.add_done_callback(_log_death)
        tasks[table_id] = task

    @staticmethod
    def _cancel(tasks: dict[str, asyncio.Task[None]], table_id: str) -> None:
        # A task never cancels itself: the clock's own expiry schedules the next clock.
        task = tasks.pop(table_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()


def _log_death(task: asyncio.Task[None]) -> None:
    """A clock or computer task that died of an error is logged, never silent."""
    if not task.cancelled() and task.exception() is not None:
        log.error("a table's background task died", exc_info=task.exception())
