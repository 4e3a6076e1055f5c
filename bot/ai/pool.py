"""Where hard computers think: a process pool, so a search never runs on the event loop.

``ThinkPool.submit(game, view, legal, seed)`` hands one decision to a worker process
(``concurrent.futures.ProcessPoolExecutor``, started on first use, ``workers`` of
them) and returns its future, or ``None`` when the pool cannot take it now: every
worker busy, the pool closed, switched off (``workers`` 0) or broken. The caller
then plays the normal player's move; a broken pool is started afresh for the next
decision. The worker sees only what it is sent: the seat's view and its legal moves.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import logging
import multiprocessing
import os
import random
import threading
import time
from collections.abc import Sequence
from concurrent.futures.process import BrokenProcessPool

from bot.games.core.game import View
from bot.games.core.moves import Move

log = logging.getLogger(__name__)

PARENT_CHECK_SECONDS = 1.0  # how often a worker looks whether its bot process is still there
# Workers think at the lowest scheduling priority: Linux's SCHED_IDLE, which runs them
# only on a core nothing else wants, elsewhere a niceness of 19. On a machine whose
# cores they would fill, the event loop (everyone's replies) gets the CPU first; a
# thought that gets too little time ends at its deadline with the normal move.
WORKER_NICENESS = 19


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


class ThinkPool:
    def __init__(self, workers: int, think_ms: float, max_playouts: int) -> None:
        self.workers = workers
        self.think_ms = think_ms
        self.max_playouts = max_playouts
        self._executor: concurrent.futures.ProcessPoolExecutor | None = None
        self._busy = 0
        self._closed = False
        self._broken = False
        self.submitted = 0  # decisions handed to a worker since start
        self.refused = 0  # decisions not taken (every worker busy, closed, off): normal moves

    @property
    def busy(self) -> int:
        """Decisions handed out and not finished."""
        return self._busy

    def submit(self, game: str, view: View, legal: Sequence[Move], seed: int) -> concurrent.futures.Future[Move] | None:
        if self._closed or self.workers <= 0 or self._busy >= self.workers:
            self.refused += 1
            return None
        if self._broken:
            self._broken = False
            log.warning("a computer players' worker died; starting the process pool afresh")
            self._restart()
        try:
            if self._executor is None:
                # Spawned, not forked: the bot's process holds threads (SQLite, the loop).
                self._executor = concurrent.futures.ProcessPoolExecutor(
                    self.workers, mp_context=multiprocessing.get_context("spawn"),
                    initializer=start_worker, initargs=(os.getpid(),))
            future = self._executor.submit(think, game, view, list(legal), seed, self.think_ms, self.max_playouts)
        except (BrokenProcessPool, RuntimeError):
            log.warning("the computer players' process pool is broken; starting it afresh")
            self._restart()
            self.refused += 1
            return None
        self._busy += 1
        self.submitted += 1
        future.add_done_callback(self._done)
        return future

    def _done(self, future: concurrent.futures.Future[Move]) -> None:
        # May run in the executor's own thread: only note what the next submit must do.
        self._busy -= 1
        if not future.cancelled() and isinstance(future.exception(), BrokenProcessPool):
            self._broken = True

    def _restart(self) -> None:
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers (a thought in progress is dropped, never waited for)."""
        self._closed = True
        self._restart()
