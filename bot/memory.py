"""How a long-running bot process looks after its memory: the garbage collector tuned once
start-up is done, and memory the process freed handed back to the system.

Both are for the bot that runs for real (``run``) and its benchmarks; tests, which start
many bots in one process, leave the process as it is. Measured with bench/bot.py
(docs/performance.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import gc
import logging
from collections.abc import Callable

log = logging.getLogger(__name__)

GC_YOUNG_THRESHOLD = 20_000  # allocations between young collections (Python's default: 700)
GC_OLDER_THRESHOLD = 20  # young collections per older one (default: 10)
# How often freed memory goes back to the system. Between two trims the heap's churn
# brings freed pages back into use (and into resident memory), so the interval sets how
# far above what is live the process sits: at 1,000 tables, 41 KiB a table at 2 s, 64-65
# KiB at 5-10 s, 72-74 KiB never. A trim takes 1-6 ms of a worker thread there.
RETURN_MEMORY_SECONDS = 2.0


def tune_garbage_collector() -> None:
    """What start-up built (modules, discord.py's state, restored tables) is moved out of
    the collector's sight with ``gc.freeze()``, so a full collection no longer walks it, and
    the youngest generation is collected less often (each move makes a few thousand
    short-lived objects)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG_THRESHOLD, GC_OLDER_THRESHOLD, GC_OLDER_THRESHOLD)


def system_trim() -> Callable[[], object] | None:
    """glibc's ``malloc_trim(0)``, or None where the C library has none (musl, macOS).

    Why: every answer parses and builds payloads of a few kilobytes, which Python allocates
    with the C library's ``malloc`` (pymalloc takes only objects up to 512 bytes). glibc keeps
    the pages such blocks are freed from, and at 1,000 tables what it keeps free in the
    middle of its heaps is about 30 KiB a table, 40% of the process's resident memory
    (bench/bot.py: 72 KiB a table without trimming, 42 KiB with). Only ``malloc_trim`` hands
    those pages back; its thresholds (``mallopt``) trim only the heap's top, and made no
    difference here."""
    try:
        trim = ctypes.CDLL(None).malloc_trim  # the C library the interpreter runs on
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return lambda: trim(0)


class MemoryReturner:
    """Hands freed memory back to the system every ``every`` seconds, while started.

    The trim runs in a worker thread: ctypes lets go of the GIL for the call, so the event
    loop answers on meanwhile (only its own calls to ``malloc`` wait on the heap being
    trimmed, for a millisecond or so)."""

    def __init__(self, every: float = RETURN_MEMORY_SECONDS, trim: Callable[[], object] | None = None) -> None:
        """``trim``: what hands memory back (tests pass their own); by default the C
        library's, looked up when started."""
        self.every = every
        self.trim = trim
        self.trims = 0
        self._task: asyncio.Task[None] | None = None

    @property
    def running(self) -> bool:
        """Whether its task runs: for tests that check a C library without a trim starts none."""
        return self._task is not None

    def start(self) -> None:
        if self.trim is None:
            self.trim = system_trim()
        if self.trim is None:
            log.info("this C library cannot hand freed memory back; the bot runs without")
            return
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run(), name="return-freed-memory")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        assert self.trim is not None
        while True:
            await asyncio.sleep(self.every)
            await asyncio.to_thread(self.trim)
            self.trims += 1
