"""discord.py objects that refer to each other, let go of as soon as the bot is done with them.

An ``Interaction`` and its ``InteractionResponse`` point at each other, and so do a
``View`` and each of its items. Once the bot is done with one, reference counting
cannot free it: it waits for the garbage collector, with everything it holds (the
clicked message, the member, the buttons, a future). At 1,000 tables that was about 50
objects per interaction, 450,000–580,000 in a 30-second run, freed in collections that
paused the event loop for up to 90–160 ms (``bench/bot.py``, docs/architecture.md,
Performance).
Breaking each cycle when the work is over lets reference counting free it at once.

"Done" is when the asyncio task that handled the interaction, or that drew the view,
ends: discord.py runs every command and every component callback in a task of its own,
and the presenter draws and sends each message within one task.

This reaches into two of discord.py's private attributes (pinned at 2.7.1);
``tests/e2e/test_cycles.py`` fails if an upgrade brings the cycles back.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

import discord


def let_go_when_handled(interaction: discord.Interaction[Any], view: discord.ui.View | None = None) -> None:
    """When the task handling ``interaction`` ends, break its cycles, and empty ``view``
    (the one discord.py built from the clicked message to dispatch a component).

    A hand message's interaction is kept for 14 minutes after that, to edit the hand with
    its token: ``edit_original_response`` and ``followup`` need neither the response
    object nor the cached original message, so nothing it still does is lost."""
    _when_this_task_ends(lambda: _break_interaction_cycles(interaction, view))


def clear_when_drawn(view: discord.ui.View) -> None:
    """When the task that draws and sends ``view`` ends, empty it: the message has been sent
    (or failed) by then, and a layout is never sent twice."""
    _when_this_task_ends(view.clear_items)


def _when_this_task_ends(callback: Callable[[], object]) -> None:
    try:
        task = asyncio.current_task()
    except RuntimeError:  # no event loop (a script drawing a layout): the collector frees it
        return
    if task is not None:
        task.add_done_callback(lambda _: callback())


def _break_interaction_cycles(interaction: discord.Interaction[Any], view: discord.ui.View | None) -> None:
    with contextlib.suppress(AttributeError):  # never asked for: no response object, no cycle
        del interaction._cs_response  # type: ignore[attr-defined]
    # Set by original_response(): an InteractionMessage whose state points back at the interaction.
    interaction._original_response = None
    if view is not None:
        view.clear_items()
