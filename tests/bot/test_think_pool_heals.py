"""The hard computers' process pool heals: a worker that cannot start (a fork refused at
a process limit, memory gone) or that hangs (stopped) costs a few decisions their search,
never the table, and hard play comes back by itself; the log says so once per incident.
These use a real ThinkPool with real worker processes, a tiny budget and short waits."""

from __future__ import annotations

import asyncio
import concurrent.futures
import errno
import logging
import os
import random
import signal
import time
from collections.abc import Iterator

import pytest

from bot.ai.pool import ThinkPool
from bot.games.core.moves import Move
from bot.games.kadi import KadiGame
from bot.tables.scheduler import Scheduler, Timing
from tests.bot.test_hard_computers import Moves, hard_table
from tests.waiting import DEADLINE, eventually

RETRY = 0.3  # the back-off after a failed start, short for the test (the bot's: START_RETRY_SECONDS)
MARGIN = 0.4  # how long past its budget a silent worker is taken for hung (the bot's: HUNG_MARGIN_SECONDS)


def decision(seed: int = 11) -> tuple[KadiGame, int]:
    game = KadiGame.new(3, seed=seed)
    assert game.turn is not None
    return game, game.turn


def ask(pool: ThinkPool, seed: int = 7) -> concurrent.futures.Future[Move] | None:
    game, turn = decision()
    return pool.submit("kadi", game.view(turn), game.legal_moves(turn), seed)


def pool_warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]


class Forks:
    """ProcessPoolExecutor's worker start (``_spawn_process``, where it forks) refused
    with EAGAIN for the first ``failures`` tries, as at a container's process limit."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, failures: int) -> None:
        self.failures = failures
        self.tries = 0
        real = concurrent.futures.ProcessPoolExecutor._spawn_process  # type: ignore[attr-defined]

        def spawn(executor: concurrent.futures.ProcessPoolExecutor) -> None:
            self.tries += 1
            if self.tries <= self.failures:
                raise BlockingIOError(errno.EAGAIN, os.strerror(errno.EAGAIN))
            real(executor)

        monkeypatch.setattr(concurrent.futures.ProcessPoolExecutor, "_spawn_process", spawn)


@pytest.fixture
def pools() -> Iterator[list[ThinkPool]]:
    """Pools a test made, closed however it ends (a stopped worker is killed by close)."""
    made: list[ThinkPool] = []
    yield made
    for pool in made:
        pool.close()


async def test_a_refused_fork_means_a_normal_move_and_the_pool_serves_again_after_the_back_off(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, pools: list[ThinkPool],
) -> None:
    caplog.set_level(logging.INFO)
    forks = Forks(monkeypatch, failures=2)
    pool = ThinkPool(1, 20, 100, retry_after=RETRY)
    pools.append(pool)

    assert ask(pool) is None  # the fork failed: no exception, the caller plays the normal move
    assert ask(pool) is None  # within the back-off the pool does not even try
    assert (forks.tries, pool.busy, pool.refused) == (1, 0, 2)
    time.sleep(RETRY)
    assert ask(pool) is None  # still refused after the back-off: it tried once more
    assert forks.tries == 2
    time.sleep(RETRY)
    thought = ask(pool)  # the limit lifted: a worker starts and thinks
    assert thought is not None
    game, turn = decision()
    assert await asyncio.wait_for(asyncio.wrap_future(thought), DEADLINE) in game.legal_moves(turn)
    assert pool.busy == 0 and pool.submitted == 1
    warnings = pool_warnings(caplog)
    assert len(warnings) == 1, warnings  # one incident, one line, however many decisions it cost
    assert "could not start" in warnings[0] and "BlockingIOError" in warnings[0]


@pytest.mark.parametrize("failure", [MemoryError(), OSError(errno.ENOMEM, "Cannot allocate memory")])
async def test_a_pool_that_cannot_even_be_made_means_normal_moves_until_it_can(
    failure: Exception, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
    pools: list[ThinkPool],
) -> None:
    real = concurrent.futures.ProcessPoolExecutor
    tries: list[int] = []

    def make(*args: object, **kwargs: object) -> concurrent.futures.ProcessPoolExecutor:
        tries.append(1)
        if len(tries) == 1:
            raise failure
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", make)
    pool = ThinkPool(1, 20, 100, retry_after=RETRY)
    pools.append(pool)
    assert ask(pool) is None
    assert ask(pool) is None and len(tries) == 1  # the back-off: not made again at once
    time.sleep(RETRY)
    thought = ask(pool)
    assert thought is not None
    await asyncio.wait_for(asyncio.wrap_future(thought), DEADLINE)
    assert len(pool_warnings(caplog)) == 1


async def test_a_second_worker_that_cannot_start_leaves_nothing_busy_and_later_thinks(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, pools: list[ThinkPool],
) -> None:
    """Two workers, the second's fork refused while the first thinks: that decision is a
    normal move, the first thought still comes, and both think again after the back-off."""
    pool = ThinkPool(2, 20, 100, retry_after=RETRY)
    pools.append(pool)
    first = ask(pool)
    assert first is not None
    forks = Forks(monkeypatch, failures=1)
    assert ask(pool, seed=8) is None  # no worker idle: the pool had to start one, and could not
    assert forks.tries == 1
    await asyncio.wait_for(asyncio.wrap_future(first), DEADLINE)
    await eventually(lambda: pool.busy == 0, "the first thought counted off")
    time.sleep(RETRY)
    again = [ask(pool, seed=9), ask(pool, seed=10)]
    assert all(again)
    for thought in again:
        assert thought is not None
        await asyncio.wait_for(asyncio.wrap_future(thought), DEADLINE)
    assert pool.busy == 0 and len(pool_warnings(caplog)) == 1


async def test_a_stopped_worker_is_killed_and_replaced_and_hard_play_goes_on(
    caplog: pytest.LogCaptureFixture, pools: list[ThinkPool],
) -> None:
    caplog.set_level(logging.INFO)
    pool = ThinkPool(1, 20, 100, hung_margin=MARGIN)
    pools.append(pool)
    warm = ask(pool)
    assert warm is not None
    await asyncio.wait_for(asyncio.wrap_future(warm), DEADLINE)
    (stopped,) = pool.worker_pids
    os.kill(stopped, signal.SIGSTOP)

    hung = ask(pool)
    assert hung is not None and pool.busy == 1
    assert ask(pool) is None  # its one worker is taken, as before the fix...
    # ...until the budget and margin have passed: killed, counted off, the future failed
    # (a caller still waiting would play the normal move).
    await eventually(lambda: pool.busy == 0, "the stopped worker counted off", timeout=MARGIN + DEADLINE)
    with pytest.raises(concurrent.futures.process.BrokenProcessPool):
        await asyncio.wait_for(asyncio.wrap_future(hung), DEADLINE)
    await eventually(lambda: not _alive(stopped), f"the stopped worker {stopped} killed")

    later = ask(pool, seed=9)  # a fresh worker thinks the next decision
    assert later is not None
    game, turn = decision()
    assert await asyncio.wait_for(asyncio.wrap_future(later), DEADLINE) in game.legal_moves(turn)
    assert pool.executor is not None and stopped not in pool.worker_pids
    assert pool.busy == 0
    warnings = pool_warnings(caplog)
    assert len(warnings) == 1, warnings
    assert "did not answer" in warnings[0]


async def test_a_hard_table_whose_worker_stopped_moves_at_its_deadline_and_thinks_again(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Through the scheduler: the stopped worker's decision is the normal move, made at
    the budget and its grace; a later decision is searched by a fresh worker; one warning."""
    caplog.set_level(logging.INFO)
    timing = Timing(computer_delay=(0.0, 0.0), call_wait=0.0, workers=1, think_ms=20, think_grace=0.2,
                    max_playouts=100)
    moves = Moves()
    scheduler = Scheduler(moves, timing, random.Random(3))
    scheduler.pool.hung_margin = MARGIN
    try:
        warm = ask(scheduler.pool)
        assert warm is not None
        await asyncio.wait_for(asyncio.wrap_future(warm), DEADLINE)
        (stopped,) = scheduler.pool.worker_pids
        os.kill(stopped, signal.SIGSTOP)

        table = hard_table()
        plan = scheduler.plan_computer_move(table)
        assert plan is not None and plan.think is not None
        started = time.monotonic()
        scheduler.after_change(table)
        await asyncio.wait_for(moves.event.wait(), DEADLINE)
        assert moves.made == [(plan.seat, plan.move)]  # the normal player's move...
        assert time.monotonic() - started < 0.02 + 0.2 + MARGIN  # ...at the caller's deadline

        await eventually(lambda: scheduler.pool.busy == 0, "the stopped worker counted off")
        submitted = scheduler.pool.submitted
        moves.event.clear()
        scheduler.after_change(hard_table(seed=6))
        await asyncio.wait_for(moves.event.wait(), DEADLINE)
        assert scheduler.pool.submitted == submitted + 1  # thought in the pool again
        await eventually(lambda: scheduler.pool.busy == 0, "the fresh worker's thought done")
        assert not _alive(stopped)
    finally:
        await scheduler.close()
    assert len(pool_warnings(caplog)) == 1, pool_warnings(caplog)


def _alive(pid: int) -> bool:
    """A process still there (a zombie, killed but not yet reaped, counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):  # gone before, or while, it was read
        return False
