"""Hard computers think in a process pool, never on the event loop, and fall back to
the normal player's move when the pool cannot help: switched off, busy, or broken."""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import random
from concurrent.futures.process import BrokenProcessPool

import pytest

from bot.ai.pool import WORKER_NICENESS, ThinkPool
from bot.games.core.moves import Move
from bot.games.kadi import KadiGame
from bot.registry import computer_player
from bot.tables.scheduler import Scheduler, Timing
from bot.tables.table import Seat, Table, TableOptions, TableStatus


class Moves:
    """The runtime's side: records the computer moves it is asked to make."""

    def __init__(self) -> None:
        self.made: list[tuple[int, Move]] = []
        self.event = asyncio.Event()

    async def clock_ran_out(self, table_id: str, version: int) -> None: ...

    async def computer_moves(self, table_id: str, version: int, seat: int, move: Move) -> None:
        self.made.append((seat, move))
        self.event.set()

    async def lobby_ran_out(self, table_id: str) -> None: ...

    async def consent_ran_out(self, table_id: str) -> None: ...


def hard_table(seed: int = 5) -> Table:
    table = Table("t0000001", 1, 2, "kadi", 9, TableOptions(turn_seconds=None),
                  [Seat(None, "Computer 1", level="hard"), Seat(None, "Computer 2", level="hard")], TableStatus.PLAYING)
    table.game = KadiGame.new(2, seed=seed)
    return table


def test_a_switched_off_or_full_pool_takes_no_thought() -> None:
    game = KadiGame.new(2, seed=1)
    turn = game.turn
    assert turn is not None
    off = ThinkPool(0, 50, 100)
    assert off.submit("kadi", game.view(turn), game.legal_moves(turn), 1) is None
    closed = ThinkPool(2, 50, 100)
    closed.close()
    assert closed.submit("kadi", game.view(turn), game.legal_moves(turn), 1) is None
    assert (off.refused, closed.refused, off.submitted) == (1, 1, 0)  # counted as normal moves


async def test_without_the_pool_a_hard_computer_plays_the_normal_move() -> None:
    moves = Moves()
    scheduler = Scheduler(moves, Timing(computer_delay=(0.0, 0.0), call_wait=0.0, workers=0), random.Random(3))
    table = hard_table()
    plan = scheduler.plan_computer_move(table)
    assert plan is not None and plan.think is not None
    scheduler.after_change(table)
    await asyncio.wait_for(moves.event.wait(), 5)
    assert moves.made == [(plan.seat, plan.move)]
    await scheduler.close()


@pytest.mark.parametrize("failure", [BrokenProcessPool("a worker died"), RuntimeError("boom")])
async def test_a_dead_worker_means_the_normal_move_and_the_table_goes_on(
    failure: Exception, monkeypatch: pytest.MonkeyPatch,
) -> None:
    moves = Moves()
    scheduler = Scheduler(moves, Timing(computer_delay=(0.0, 0.0), call_wait=0.0, workers=1), random.Random(3))

    def broken(*args: object) -> concurrent.futures.Future[Move]:
        future: concurrent.futures.Future[Move] = concurrent.futures.Future()
        future.set_exception(failure)
        return future

    monkeypatch.setattr(scheduler.pool, "submit", broken)
    table = hard_table()
    plan = scheduler.plan_computer_move(table)
    assert plan is not None
    scheduler.after_change(table)
    await asyncio.wait_for(moves.event.wait(), 5)
    assert moves.made == [(plan.seat, plan.move)]
    await scheduler.close()


async def test_a_late_thought_is_not_waited_for(monkeypatch: pytest.MonkeyPatch) -> None:
    moves = Moves()
    timing = Timing(computer_delay=(0.0, 0.0), call_wait=0.0, workers=1, think_ms=10, think_grace=0.05)
    scheduler = Scheduler(moves, timing, random.Random(3))
    never: concurrent.futures.Future[Move] = concurrent.futures.Future()
    monkeypatch.setattr(scheduler.pool, "submit", lambda *args: never)
    table = hard_table()
    plan = scheduler.plan_computer_move(table)
    assert plan is not None
    scheduler.after_change(table)
    await asyncio.wait_for(moves.event.wait(), 5)
    assert moves.made == [(plan.seat, plan.move)]
    assert never.cancelled()
    await scheduler.close()


async def test_a_thought_that_ended_during_a_long_pause_is_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """The human-feeling pause (1-2.5 s by default) outlasts the budget and its grace
    (0.3 + 1 s): the thought that ended meanwhile is the move, not the fallback."""
    moves = Moves()
    timing = Timing(computer_delay=(0.3, 0.3), call_wait=0.0, workers=1, think_ms=10, think_grace=0.05)
    scheduler = Scheduler(moves, timing, random.Random(3))
    table = hard_table()
    plan = scheduler.plan_computer_move(table)
    assert plan is not None and plan.think is not None
    searched = next(move for move in plan.think.legal if move != plan.move)
    thought: concurrent.futures.Future[Move] = concurrent.futures.Future()
    thought.set_result(searched)
    monkeypatch.setattr(scheduler.pool, "submit", lambda *args: thought)
    scheduler.after_change(table)
    await asyncio.wait_for(moves.event.wait(), 5)
    assert moves.made == [(plan.seat, searched)]
    await scheduler.close()


async def test_the_pool_thinks_in_another_process_and_returns_a_legal_move() -> None:
    pool = ThinkPool(1, 30, 200)
    game = KadiGame.new(3, seed=11)
    turn = game.turn
    assert turn is not None
    legal = game.legal_moves(turn)
    future = pool.submit("kadi", game.view(turn), legal, 7)
    assert future is not None
    assert pool.submit("kadi", game.view(turn), legal, 8) is None  # its one worker is busy
    assert (pool.submitted, pool.refused) == (1, 1)
    move = await asyncio.wait_for(asyncio.wrap_future(future), 60)
    assert move in legal
    pool.close()


def test_levels_are_looked_up_and_checked() -> None:
    assert computer_player("kadi", "normal") is computer_player("kadi")
    assert computer_player("donkey", "hard") is not computer_player("donkey", "easy")
    with pytest.raises(ValueError):
        computer_player("kadi", "grandmaster")


def test_a_worker_exits_when_its_bot_process_is_killed(tmp_path: object) -> None:
    """A bot killed with SIGKILL cannot shut its pool down: the workers leave by themselves."""
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    root = str(Path(__file__).resolve().parents[2])
    script = (
        "import concurrent.futures, multiprocessing, os, sys, time\n"
        f"sys.path.insert(0, {root!r})\n"
        "from bot.ai.pool import exit_with_parent\n"
        "if __name__ == '__main__':\n"
        "    executor = concurrent.futures.ProcessPoolExecutor(2, mp_context=multiprocessing.get_context('spawn'),\n"
        "        initializer=exit_with_parent, initargs=(os.getpid(),))\n"
        "    pids = {executor.submit(os.getpid).result() for _ in range(8)}\n"
        "    print(' '.join(map(str, pids)), flush=True)\n"
        "    time.sleep(60)\n"
    )
    bot = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert bot.stdout is not None
    workers = [int(pid) for pid in bot.stdout.readline().split()]
    assert workers
    bot.send_signal(signal.SIGKILL)
    bot.wait()
    deadline = time.monotonic() + 30
    alive = workers
    while alive and time.monotonic() < deadline:
        time.sleep(0.2)
        alive = [pid for pid in workers if _running(pid)]
    assert not alive, f"workers {alive} outlived their killed bot process"


def _running(pid: int) -> bool:
    import os

    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie (exited, not yet reaped by init) counts as gone.
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().rsplit(")", 1)[1].split()[0] != "Z"


def test_workers_think_at_a_lower_priority_than_the_bot() -> None:
    """On a machine the workers fill, the bot's event loop is scheduled first."""
    game = KadiGame.new(2, seed=1)
    turn = game.turn
    assert turn is not None
    pool = ThinkPool(1, 5, 10)
    try:
        thought = pool.submit("kadi", game.view(turn), game.legal_moves(turn), 1)
        assert thought is not None
        thought.result(timeout=60)
        executor = pool.executor
        assert executor is not None
        if hasattr(os, "SCHED_IDLE"):
            assert executor.submit(os.sched_getscheduler, 0).result(timeout=60) == os.SCHED_IDLE
        else:
            assert executor.submit(os.nice, 0).result(timeout=60) == min(os.nice(0) + WORKER_NICENESS, 19)
        assert os.nice(0) < WORKER_NICENESS  # the bot itself is untouched
    finally:
        pool.close()
