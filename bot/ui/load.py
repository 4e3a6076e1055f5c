"""Whether the bot is overloaded, read from how long its work waits in line.

Every answer, move and redraw runs on one event loop, and every card picture is drawn
in one drawing thread. When work arrives faster than either gets through it, it waits
in line: a timer due in 100 ms fires late by as long as the loop's line is, and a
picture starts to be drawn as late as the drawing thread's line is (an answer that
carries a picture waits for it). That waiting is the one figure that says "players are
waiting" whatever the cause (a burst of moves, a slow machine, a long garbage
collection), so the presenter reads it to decide what to leave out while it lasts
(see DiscordPresenter: the card pictures pause, the text naming every card stays, and
the public table messages are edited less often; answers and the hands of players who
may act are never held back).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque

log = logging.getLogger(__name__)

SAMPLE_SECONDS = 0.1  # the loop is timed ten times a second: a negligible cost when idle
WINDOW_SECONDS = 1.0  # the busy figure is each line's mean wait over the last second
BUSY_FROM_SECONDS = 0.020  # a mean wait at which the bot counts as busy...
CALM_BELOW_SECONDS = 0.005  # ...until every line's falls below this (hysteresis: no flapping)
HOLD_SECONDS = 30.0  # and for at least this long: what is left out while busy makes it calm, and
# pictures that come and go every few seconds would be worse to look at than a longer pause
LONGEST_HOLD_SECONDS = 600.0  # a bot busy again within HOLD_SECONDS of catching up holds twice
# as long each time, up to this: at a load it cannot carry with pictures, every catching up
# brings the pictures back for a moment and the replies slow while they are drawn
LOOP, DRAWING = "the event loop", "the drawing thread"


class Load:
    """How long work waits in each line (the event loop's, sampled while started; the
    drawing thread's, noted by the picture cache); ``busy`` says whether players are
    waiting now. Logged once when the bot becomes busy and once when it recovers, so a
    server admin reading the logs sees overload without a line per move."""

    def __init__(self, sample: float = SAMPLE_SECONDS, window: float = WINDOW_SECONDS,
                 hold: float = HOLD_SECONDS) -> None:
        self.sample = sample
        self.window = window
        self.hold = hold
        self.waits: dict[str, deque[tuple[float, float]]] = {LOOP: deque(), DRAWING: deque()}
        self.busy = False
        self.busy_since = 0.0
        self.holding = hold  # how long this spell of being busy lasts at least
        self.calm_since: float | None = None  # when it last caught up
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

    def note(self, waited: float, line: str = LOOP, now: float | None = None) -> None:
        """Work in ``line`` started ``waited`` seconds after it could have (at ``now``, the
        monotonic clock)."""
        now = time.monotonic() if now is None else now
        self.waits[line].append((now, max(0.0, waited)))
        means = {name: self._mean(samples, now) for name, samples in self.waits.items()}
        slowest, worst = max(means.items(), key=lambda item: item[1])
        if not self.busy and worst >= BUSY_FROM_SECONDS:
            relapsed = self.calm_since is not None and now - self.calm_since < self.hold
            self.holding = min(2 * self.holding, LONGEST_HOLD_SECONDS) if relapsed else self.hold
            self.busy, self.busy_since = True, now
            log.warning("the bot is overloaded (work waits %.0f ms in %s's line): card pictures pause and "
                        "table messages are edited less often for at least %.0f s, until it catches up",
                        1000 * worst, slowest, self.holding)
        elif self.busy and worst < CALM_BELOW_SECONDS and now - self.busy_since >= self.holding:
            self.busy, self.calm_since = False, now
            log.warning("the bot has caught up: card pictures and table messages are as usual again")

    def note_drawing(self, waited: float) -> None:
        """A picture waited ``waited`` seconds for the drawing thread (the picture cache
        calls this); counted only while the watch is started, as the loop's samples are."""
        if self._task is not None:
            self.note(waited, DRAWING)

    def _mean(self, samples: deque[tuple[float, float]], now: float) -> float:
        """The mean wait over the last window (a line with no recent work is not waiting)."""
        while samples and samples[0][0] < now - self.window:
            samples.popleft()
        return sum(wait for _, wait in samples) / len(samples) if samples else 0.0

    async def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            due = loop.time() + self.sample
            await asyncio.sleep(self.sample)
            self.note(loop.time() - due)
