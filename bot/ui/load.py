"""Whether the bot is overloaded, read from how late its event loop runs a timer.

Every answer, move and redraw runs on one event loop. When work arrives faster than
the loop gets through it, everything waits in line, and a timer due in 100 ms fires
late by as long as the line is. That lateness is the one figure that says "players are
waiting" whatever the cause (a burst of moves, a slow machine, a long garbage
collection), so the presenter reads it to decide what to leave out while it lasts
(see DiscordPresenter: the public table messages are edited less often; answers and
the hands of players who may act are never held back).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque

log = logging.getLogger(__name__)

SAMPLE_SECONDS = 0.1  # one timer every tenth of a second: a negligible cost when idle
WINDOW = 10  # the busy figure is the mean lateness over the last second
BUSY_FROM_SECONDS = 0.020  # mean lateness at which the bot counts as busy...
CALM_BELOW_SECONDS = 0.005  # ...until it falls below this (hysteresis: no flapping)


class LoopLoad:
    """Samples the event loop's lateness while started; ``busy`` says whether players are
    waiting in line now. Logged once when the bot becomes busy and once when it recovers,
    so a server admin reading the logs sees overload without a line per move."""

    def __init__(self, sample: float = SAMPLE_SECONDS, window: int = WINDOW) -> None:
        self.sample = sample
        self.lateness: deque[float] = deque(maxlen=window)
        self.busy = False
        self.busy_spells = 0  # how many times it became busy (the benchmarks print it)
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._watch())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    def note(self, late: float) -> None:
        """One sample: the timer fired ``late`` seconds after it was due."""
        self.lateness.append(max(0.0, late))
        mean = sum(self.lateness) / len(self.lateness)
        if not self.busy and mean >= BUSY_FROM_SECONDS:
            self.busy = True
            self.busy_spells += 1
            log.warning("the bot is overloaded (its answers wait %.0f ms in line): table messages are "
                        "edited less often until it catches up", 1000 * mean)
        elif self.busy and mean < CALM_BELOW_SECONDS:
            self.busy = False
            log.warning("the bot has caught up: table messages are edited as usual again")

    async def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + self.sample
            await asyncio.sleep(self.sample)
            self.note(loop.time() - due)
