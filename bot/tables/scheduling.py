"""The turn clock and the computer players of the table runtime.

A mixin of ``TableRuntime`` (bot/tables/runtime.py), kept apart so each file reads in
one sitting. After every change the runtime calls ``_schedule``: one asyncio task per
table waits out the turn clock (its expiry applies the engine's ``timeout_move``),
another lets a computer player move after a human-feeling pause. Both re-check the
table's version under its lock before acting, so a move made meanwhile wins.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from bot.ai import RandomPlayer, computer_player
from bot.games.core.errors import IllegalMove
from bot.games.core.events import Event, TimedOut
from bot.games.core.game import Game
from bot.games.core.moves import Move, MoveKind
from bot.tables.events import ComputerTookSeat
from bot.tables.table import PLAYING, Table, TableError

log = logging.getLogger("bot.tables.runtime")

TIMEOUTS_BEFORE_AUTOPILOT = 3
RESTORED_CLOCK_MINIMUM = 15.0  # seconds a restored turn clock gets at least, after downtime


@dataclass
class Timing:
    """How long the runtime waits; tests and benchmarks set these to zero."""

    computer_delay: tuple[float, float] = (1.0, 2.5)  # a human-feeling pause before a move
    call_wait: float = 5.0  # a computer waits this long while a human may still call


class ClockAndComputers:
    tables: dict[str, Table]
    timing: Timing
    rng: random.Random
    window: Callable[[Table], float | None] | None
    _clocks: dict[str, asyncio.Task[None]]
    _computers: dict[str, asyncio.Task[None]]
    _closing: bool

    def lock(self, table_id: str) -> asyncio.Lock:
        raise NotImplementedError

    async def _apply(self, table: Table, seat: int, move: Move, extra: Sequence[Event] = ()) -> list[Event]:
        raise NotImplementedError

    # ------------------------------------------------------------ turn clock
    def hint(self, table: Table) -> float | None:
        """Seconds of a short decision window for the turn seat now (``Game.clock_hint``,
        else the ``window`` fallback), or None for an ordinary turn."""
        game = table.game
        if game is None or game.is_over:
            return None
        seconds = game.clock_hint()
        if seconds is None and self.window is not None:
            seconds = self.window(table)
        return seconds

    def _reset_clock(self, table: Table) -> None:
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

    def _schedule(self, table: Table, restored: bool = False) -> None:
        if self._closing:
            return
        if table.deadline is not None:
            remaining = table.deadline - time.time()
            if restored:
                window = self.hint(table) if table.window else None
                remaining = max(remaining, window if window is not None else RESTORED_CLOCK_MINIMUM)
                table.deadline = time.time() + remaining
            self._replace_task(self._clocks, table, self._clock(table.id, table.version, remaining))
        else:
            old = self._clocks.pop(table.id, None)
            if old is not None and old is not asyncio.current_task():
                old.cancel()
        self._replace_task(self._computers, table, self._computer_turn(table.id, table.version))

    def _replace_task(self, tasks: dict[str, asyncio.Task[None]], table: Table,
                      work: Awaitable[None]) -> None:
        old = tasks.get(table.id)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        tasks[table.id] = asyncio.ensure_future(work)

    async def _clock(self, table_id: str, version: int, seconds: float) -> None:
        await asyncio.sleep(max(seconds, 0.0))
        await self._guarded(table_id, version, self._expire)

    async def _expire(self, table: Table) -> None:
        game = table.game
        assert game is not None
        timeout = game.timeout_move()
        if timeout is None:
            return
        seat_index, move = timeout
        if table.window:
            # The decision window closed: its default (take the skip) is no timeout of the player's.
            await self._apply(table, seat_index, move)
            return
        seat = table.seats[seat_index]
        seat.timeouts += 1
        extra: list[Event] = [TimedOut(seat_index)]
        if seat.timeouts >= TIMEOUTS_BEFORE_AUTOPILOT and not seat.autopilot:
            seat.autopilot = True
            extra.append(ComputerTookSeat(seat_index))
        await self._apply(table, seat_index, move, extra)

    async def _guarded(self, table_id: str, version: int, work: Callable[[Table], Awaitable[None]]) -> None:
        """Run ``work`` under the lock if the table is still at ``version``."""
        try:
            async with self.lock(table_id):
                table = self.tables.get(table_id)
                if table is None or table.status != PLAYING or table.version != version:
                    return
                await work(table)
        except asyncio.CancelledError:
            raise
        except (IllegalMove, TableError):
            log.exception("table %s: a scheduled move was refused", table_id)
        except Exception:
            log.exception("table %s: a scheduled move failed", table_id)

    # ------------------------------------------------------- computer players
    def _computer_move(self, table: Table) -> tuple[int, Move, float] | None:
        """The next computer move at this table and how long to wait before it."""
        game = table.game
        if game is None or game.is_over:
            return None
        low, high = self.timing.computer_delay
        delay = self.rng.uniform(low, high) if high > 0 else 0.0
        # Out of turn, computers only ever call (Niko Kadi / Kadi Moja) — at once.
        for seat in game.actors():
            if seat != game.turn and table.seats[seat].computer_plays:
                calls = [m for m in game.legal_moves(seat) if m.kind == MoveKind.CALL]
                if calls:
                    return seat, calls[0], min(delay, 1.0)
        turn = game.turn
        if turn is None or not table.seats[turn].computer_plays or turn not in game.actors():
            return None
        legal = game.legal_moves(turn)
        if not legal:
            return None
        if self.hint(table) is not None:
            delay = 0.0  # a short decision (a plug): computers make it at once
        elif self._human_may_call(table, game):
            delay = max(delay, self.timing.call_wait)
        try:
            move = computer_player(table.game_name).choose(game.view(turn), legal, self.rng)
        except Exception:
            # A broken computer player must not stall the table: play any legal move.
            log.exception("table %s: the computer player failed; playing a random legal move", table.id)
            move = RandomPlayer().choose(game.view(turn), legal, self.rng)
        if move not in legal:
            log.error("table %s: the computer player chose %s, which is not legal", table.id, move)
            move = RandomPlayer().choose(game.view(turn), legal, self.rng)
        return turn, move, delay

    def _human_may_call(self, table: Table, game: Game) -> bool:
        for seat in game.actors():
            if seat != game.turn and not table.seats[seat].computer_plays and any(
                m.kind == MoveKind.CALL for m in game.legal_moves(seat)
            ):
                return True
        return False

    async def _computer_turn(self, table_id: str, version: int) -> None:
        table = self.tables.get(table_id)
        if table is None:
            return
        plan = self._computer_move(table)
        if plan is None:
            return
        seat, move, delay = plan
        if delay > 0:
            await asyncio.sleep(delay)

        async def play(current: Table) -> None:
            await self._apply(current, seat, move)

        await self._guarded(table_id, version, play)
