"""Where hard computers think: a process pool, so a search never runs on the event loop.

``ThinkPool.submit(game, view, legal, seed)`` hands one decision to a worker process
(``concurrent.futures.ProcessPoolExecutor``, started on first use, ``workers`` of
them) and returns its future, or ``None`` when the pool cannot take it now: every
worker busy, the pool closed, switched off (``workers`` 0), broken, or unable to start
a worker. The caller then plays the normal player's move. The worker sees only what it
is sent: the seat's view and its legal moves.

The pool heals, so that hard play goes on after a worker fails, and logs each incident
once (a warning), never each decision:

- a worker died: the next decision starts the pool afresh;
- a worker could not start (the fork fails with EAGAIN at a container's process limit,
  memory runs out, a thread cannot start): that decision is the normal player's, and the
  pool tries again ``retry_after`` seconds later, not at every decision;
- a worker hung (stopped, or stuck in a search): a thought still unanswered
  ``hung_margin`` seconds past its budget (and ``start_allowance`` more if it had to
  start its worker) has its pool's processes killed (a
  ``ProcessPoolExecutor`` cannot kill one worker alone; thoughts on the others fall back
  too), is counted off ``busy``, and the next decision starts the pool afresh.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import math
import multiprocessing
import os
import random
import threading
import time
from collections.abc import Sequence
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass

from bot.games.core.game import View
from bot.games.core.moves import Move

log = logging.getLogger(__name__)

PARENT_CHECK_SECONDS = 1.0  # how often a worker looks whether its bot process is still there
# Workers think at the lowest scheduling priority: Linux's SCHED_IDLE, which runs them
# only on a core nothing else wants, elsewhere a niceness of 19. On a machine whose
# cores they would fill, the event loop (everyone's replies) gets the CPU first; a
# thought that gets too little time ends at its deadline with the normal move.
WORKER_NICENESS = 19
# After a worker could not start, the pool waits this long before it forks again. A
# fork refused at a process limit costs little, but at 200 busy tables hard decisions
# come about fifty a second: retrying at each would fork (and, out of memory, maybe
# start a process the kernel then kills) fifty times a second for nothing. Five
# seconds is a few moves of a table: hard play is back soon after the limit lifts.
START_RETRY_SECONDS = 5.0
# A thought unanswered this long past its budget (think_ms) is taken for a hung worker.
# The scheduler stops waiting at the budget plus its 1 s grace; this margin is larger so
# that a worker that is only slow (at SCHED_IDLE on a loaded machine it gets the CPU
# last) is not killed and started again for nothing. A hung worker thus costs its pool
# about five seconds of hard play.
HUNG_MARGIN_SECONDS = 5.0
# A thought that had to start its worker gets this much more: spawning Python and
# importing the engines take 0.6-0.9 s on an idle 2-core machine, several times that on
# a loaded one, and a pool must never kill the workers it is starting.
WORKER_START_SECONDS = 10.0
# Start failures this close together are one incident, logged once: a pool that can start
# one worker but not two (a process limit just reached) would otherwise log at each retry.
INCIDENT_SECONDS = 60.0


def default_workers() -> int:
    return os.cpu_count() or 1


def lower_priority() -> None:
    """Put the calling process at the lowest priority it can have (else leave it be)."""
    with contextlib.suppress(AttributeError, OSError):
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
        return
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICENESS)


def start_worker(parent: int) -> None:
    """Each worker's initializer: the lowest priority, and a watch on the bot's process."""
    lower_priority()
    exit_with_parent(parent)


def exit_with_parent(parent: int) -> None:
    """A worker whose bot process died (killed, say, when it could not shut its pool
    down) exits too, instead of lingering as an orphan."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def think(game: str, view: View, legal: Sequence[Move], seed: int, think_ms: float, max_playouts: int) -> Move:
    """One hard decision, in a worker process."""
    from bot.ai.search import SearchPlayer
    from bot.registry import computer_player, game_class

    searcher = SearchPlayer(game_class(game), computer_player(game), think_ms=think_ms,
                            max_playouts=max_playouts)
    return searcher.choose(view, legal, random.Random(seed))


@dataclass(frozen=True)
class _Thinking:
    """A decision handed to a worker and not finished."""

    deadline: float  # time.monotonic() past which its worker is taken for hung
    executor: concurrent.futures.ProcessPoolExecutor  # the pool it went to


class ThinkPool:
    def __init__(self, workers: int, think_ms: float, max_playouts: int, *,
                 retry_after: float = START_RETRY_SECONDS, hung_margin: float = HUNG_MARGIN_SECONDS,
                 start_allowance: float = WORKER_START_SECONDS) -> None:
        self.workers = workers
        self.think_ms = think_ms
        self.max_playouts = max_playouts
        self.retry_after = retry_after  # seconds before forking again after a worker could not start
        self.hung_margin = hung_margin  # seconds past think_ms before a silent worker is killed
        self.start_allowance = start_allowance  # and more for a thought whose worker had to start
        self._executor: concurrent.futures.ProcessPoolExecutor | None = None
        # Decisions in flight; the executor's thread finishes them (_done), hence the lock.
        self._thinking: dict[concurrent.futures.Future[Move], _Thinking] = {}
        self._lock = threading.Lock()
        self._closed = False
        self._broken = False
        self._start_after = 0.0  # time.monotonic() before which no worker is started again
        self._last_start_failure = -math.inf
        self.submitted = 0  # decisions handed to a worker since start
        self.refused = 0  # decisions not taken (every worker busy, closed, off, not starting): normal moves

    @property
    def executor(self) -> concurrent.futures.ProcessPoolExecutor | None:
        """The process pool now (None before the first decision and after a restart): for
        tests that ask its workers something besides a decision (their scheduling class)."""
        return self._executor

    @property
    def worker_pids(self) -> list[int]:
        """The process ids of the workers started now: for tests that stop one (SIGSTOP) to
        see the pool kill it and think on with a fresh one."""
        if self._executor is None:
            return []
        return list(self._executor._processes)  # the stdlib names them nowhere else

    @property
    def busy(self) -> int:
        """Decisions handed out and not finished (a hung worker's are counted off when it is killed)."""
        with self._lock:
            return len(self._thinking)

    def submit(self, game: str, view: View, legal: Sequence[Move], seed: int) -> concurrent.futures.Future[Move] | None:
        self._reap_hung()
        if self._closed or self.workers <= 0 or self.busy >= self.workers:
            self.refused += 1
            return None
        if self._broken:
            self._broken = False
            log.warning("a computer players' worker died; starting the process pool afresh")
            self._restart()
        if self._executor is None and time.monotonic() < self._start_after:
            self.refused += 1  # a worker could not start a moment ago: not every decision forks
            return None
        try:
            if self._executor is None:
                # Spawned, not forked: the bot's process holds threads (SQLite, the loop).
                self._executor = concurrent.futures.ProcessPoolExecutor(
                    self.workers, mp_context=multiprocessing.get_context("spawn"),
                    initializer=start_worker, initargs=(os.getpid(),))
            workers_before = _started(self._executor)
            # Starts a worker when none is idle: where a fork fails.
            future = self._executor.submit(think, game, view, list(legal), seed, self.think_ms, self.max_playouts)
        except BrokenProcessPool:
            log.warning("the computer players' process pool is broken; starting it afresh")
            self._restart()
            self.refused += 1
            return None
        except (OSError, MemoryError, RuntimeError) as error:
            # OSError: the fork or a pipe (EAGAIN, ENOMEM, EMFILE); RuntimeError: the
            # executor's thread ("can't start new thread").
            self._could_not_start(error)
            self.refused += 1
            return None
        deadline = time.monotonic() + self.think_ms / 1000.0 + self.hung_margin
        if _started(self._executor) > workers_before:
            deadline += self.start_allowance  # its worker is still starting
        with self._lock:
            self._thinking[future] = _Thinking(deadline, self._executor)
        self.submitted += 1
        future.add_done_callback(self._done)
        self._watch(deadline)
        return future

    def _done(self, future: concurrent.futures.Future[Move]) -> None:
        # May run in the executor's own thread: only note what the next submit must do.
        with self._lock:
            thinking = self._thinking.pop(future, None)
        if thinking is None:
            return  # its workers were killed as hung: already counted off
        if (thinking.executor is self._executor and not future.cancelled()
                and isinstance(future.exception(), BrokenProcessPool)):
            self._broken = True

    def _could_not_start(self, error: BaseException) -> None:
        """A worker (or the executor) could not start: drop the half-started executor
        and start afresh ``retry_after`` seconds from now."""
        executor, self._executor = self._executor, None
        if executor is not None:
            # Its workers that did start finish their thoughts and exit; the decision
            # whose worker failed to start was queued in it and is dropped with it.
            with contextlib.suppress(Exception):
                executor.shutdown(wait=False, cancel_futures=True)
        now = time.monotonic()
        self._start_after = now + self.retry_after
        if now - self._last_start_failure > INCIDENT_SECONDS:
            log.warning("a computer players' worker could not start (%s: %s); hard computers play "
                        "normal moves, and the pool tries again every %g s",
                        type(error).__name__, error, self.retry_after)
        self._last_start_failure = now

    def _watch(self, deadline: float) -> None:
        """Look for a hung worker at this thought's deadline, on the event loop that
        submitted it (a timer, not a thread: at a process limit a thread may not start
        either). Called off any loop (a script), the next submit looks instead."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        # A hair late, so the deadline has passed when it fires.
        loop.call_later(max(deadline - time.monotonic(), 0.0) + 0.01, self._reap_hung)

    def _reap_hung(self) -> None:
        """Kill the pool of any thought past its deadline, and count its thoughts off."""
        now = time.monotonic()
        with self._lock:
            hung = {t.executor for t in self._thinking.values() if t.deadline <= now}
            if not hung:
                return
            given_up = [future for future, t in self._thinking.items() if t.executor in hung]
            for future in given_up:
                del self._thinking[future]
        log.warning("a computer players' worker did not answer %g s past its %g ms budget (hung); "
                    "the pool's workers are killed and it starts afresh", self.hung_margin, self.think_ms)
        for executor in hung:
            if executor is self._executor:
                self._executor = None
                self._broken = False  # this is the restart
            _kill(executor)

    def _restart(self) -> None:
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers (a thought in progress is dropped, never waited for)."""
        self._closed = True
        executor, self._executor = self._executor, None
        if executor is None:
            return
        with self._lock:
            in_flight = [future for future, t in self._thinking.items() if t.executor is executor]
            for future in in_flight:
                del self._thinking[future]
        if in_flight:
            # Killed, not waited for: a hung worker would hold the process's exit for ever
            # (the executor's thread, joined at exit, waits for its workers).
            _kill(executor)
        else:
            executor.shutdown(wait=False, cancel_futures=True)


def _started(executor: concurrent.futures.ProcessPoolExecutor) -> int:
    """How many workers an executor has started (and not seen exit)."""
    return len(getattr(executor, "_processes", None) or ())


def _kill(executor: concurrent.futures.ProcessPoolExecutor) -> None:
    """Kill an executor's workers and let it go. SIGKILL, as a stopped process keeps a
    SIGTERM pending until it is continued; the executor's thread then finds its workers
    dead, fails their futures (BrokenProcessPool) and joins them."""
    processes = getattr(executor, "_processes", None) or {}
    for process in list(processes.copy().values()):
        with contextlib.suppress(Exception):  # already gone, or closed
            process.kill()
    with contextlib.suppress(Exception):
        executor.shutdown(wait=False, cancel_futures=True)
