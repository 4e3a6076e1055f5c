"""Waiting in tests: on state, up to a generous deadline, never for a count of sleeps.

A loop of N short sleeps is a deadline that shrinks as the machine gets busier: every
sleep lasts longer than asked when the CPU is shared, and whatever the test waits for
(a computer's move, a redraw) takes longer too. A deadline measured on the clock only
costs time when a test is failing, so it can be generous; ``DEADLINE`` is the default
for every wait in the suite (``TEST_DEADLINE=120`` in the environment stretches it).

    await eventually(lambda: table.status == "over")
    await eventually(lambda: not bot.presenter.pending_redraws, what="redraws to land")
"""

from __future__ import annotations

import asyncio
import inspect
import os
from collections.abc import Awaitable, Callable
from typing import Protocol, TypeVar

T = TypeVar("T")

DEADLINE = float(os.environ.get("TEST_DEADLINE", "60"))
POLL = 0.01


async def eventually(
    predicate: Callable[[], T | Awaitable[T | None] | None],
    what: str | None = None,
    *,
    timeout: float = DEADLINE,
    interval: float = POLL,
) -> T:
    """Poll ``predicate`` (a plain or async callable) until it returns something truthy,
    and return that; fail with ``what`` once ``timeout`` seconds of the loop's clock
    (monotonic) have passed. The predicate is checked once more at the deadline, so a
    slow machine that got there just in time still passes."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        value = predicate()
        if inspect.isawaitable(value):
            value = await value
        if value:
            return value
        if loop.time() >= deadline:
            raise AssertionError(f"not within {timeout:g} s: {what or getattr(predicate, '__name__', predicate)}")
        await asyncio.sleep(interval)


class Redrawing(Protocol):
    @property
    def pending_redraws(self) -> int: ...


async def settled(presenter: Redrawing, timeout: float = DEADLINE) -> None:
    """Until a presenter has no redraw waiting or on its way (``pending_redraws == 0``)."""
    await eventually(lambda: presenter.pending_redraws == 0, "every redraw landed", timeout=timeout)
