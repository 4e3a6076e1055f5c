"""The presenter's own tasks (a table's edit after its coalescing wait, a hand's redraw, a
watcher's): each kept until it ends, so that closing the presenter cancels and awaits
every one, the ones already drawing included, before discord.py closes its HTTP session.
(Keeping only the ones still waiting let a redraw under way meet "Session is closed" at
shutdown: the soak's two-process test saw it.)"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any


class Background:
    """Tasks started with ``start``, each referenced until it ends (asyncio keeps only a
    weak reference to a running task)."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[None]] = set()

    def start(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def close(self) -> None:
        """Cancel every task still running and wait until each has ended."""
        while self._tasks:  # a task being cancelled may start another (a retry): that one too
            tasks = list(self._tasks)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
