"""The overload signal: the event loop's lateness, and what the presenter leaves out
while the bot is overloaded."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import cast

import discord

from bot.registry import game_uis
from bot.storage.sqlite import SQLiteStorage
from bot.tables.runtime import TableRuntime, Timing
from bot.tables.table import TableOptions
from bot.ui.load import BUSY_FROM_SECONDS, CALM_BELOW_SECONDS, DRAWING, HOLD_SECONDS, LONGEST_HOLD_SECONDS, Load
from bot.ui.presenter import DiscordPresenter, Pace
from bot.ui.presenter.table_message import BUSY_STRETCH
from tests.bot.test_presenter import ALICE, NoPresenter, OneTable
from tests.waiting import eventually


def test_busy_from_a_second_of_waiting_and_calm_again_below_the_lower_mark_after_the_hold() -> None:
    load = Load(window=1.0, hold=HOLD_SECONDS)
    for _ in range(10):
        load.note(BUSY_FROM_SECONDS / 2, now=0.0)
    assert not load.busy
    for _ in range(30):
        load.note(2 * BUSY_FROM_SECONDS, now=2.0)
    assert load.busy
    for _ in range(10):  # between the marks: still busy (no flapping)
        load.note((BUSY_FROM_SECONDS + CALM_BELOW_SECONDS) / 2, now=3.5)
    assert load.busy
    for _ in range(10):  # calm, but within the hold: what was left out made it calm
        load.note(0.0, now=2.0 + HOLD_SECONDS / 2)
    assert load.busy
    load.note(0.0, now=2.0 + HOLD_SECONDS)
    assert not load.busy


def test_busy_again_soon_after_catching_up_holds_twice_as_long_up_to_a_limit() -> None:
    """A load the bot cannot carry with pictures makes it busy again as soon as they come
    back: each relapse doubles the hold, so the replies slow every few minutes at most,
    not every half minute; a relapse after a long calm starts from the usual hold."""
    load = Load(window=1.0, hold=HOLD_SECONDS)
    now = 0.0

    def spell(holding: float) -> None:
        nonlocal now
        load.note(2 * BUSY_FROM_SECONDS, now=now)
        assert load.busy and load.holding == holding
        load.note(0.0, now=now + holding - 1)  # calm, but within the hold
        assert load.busy
        now += holding
        load.note(0.0, now=now)
        assert not load.busy
        now += 2.0  # busy again two seconds after catching up

    for holding in (HOLD_SECONDS, 2 * HOLD_SECONDS, 4 * HOLD_SECONDS):
        spell(holding)
    load.holding = LONGEST_HOLD_SECONDS
    spell(LONGEST_HOLD_SECONDS)  # no longer than the limit
    now += HOLD_SECONDS  # a long calm: the usual hold again
    spell(HOLD_SECONDS)


def test_pictures_waiting_for_the_drawing_thread_count_and_stop_counting_once_drawn() -> None:
    """The loop may keep up while the drawing thread does not (an answer with a picture
    waits for it); once pictures pause, that line has no recent waits and counts as calm."""
    load = Load(window=1.0, hold=0.0)
    load.note(0.0, now=0.0)
    for _ in range(5):
        load.note(3 * BUSY_FROM_SECONDS, DRAWING, now=0.5)
    assert load.busy
    load.note(0.0, now=1.2)  # the drawing waits (at 0.5) are still within the last second
    assert load.busy
    load.note(0.0, now=1.6)  # now they are not, and the loop is calm
    assert not load.busy


async def test_a_blocked_event_loop_counts_as_busy() -> None:
    load = Load(sample=0.01, window=0.05, hold=0.0)
    load.start()
    try:
        async def block() -> bool:
            time.sleep(0.05)  # work hogging the loop: every timer behind it fires late
            await asyncio.sleep(0)
            return load.busy

        await eventually(block, "the blocked loop counted as busy")
        await eventually(lambda: not load.busy, "the free loop counted as calm again")
    finally:
        await load.stop()


async def test_while_busy_a_table_message_waits_longer_for_its_next_edit(tmp_path: Path) -> None:
    storage = await SQLiteStorage.open(tmp_path / "kadi.sqlite3")
    runtime = TableRuntime(storage, NoPresenter(), Timing(computer_delay=(0.0, 0.0), call_wait=0.0))
    try:
        table = await runtime.create(1, 10, "kadi", ALICE, "Alice", TableOptions())
        presenter = DiscordPresenter(cast(discord.Client, None), game_uis(), OneTable(table),
                                     pace=Pace(coalesce=0.25))
        messages = presenter.tables
        calm = messages.edit_wait(table.id, since=0.0)  # just edited
        presenter.load.busy = True
        busy = messages.edit_wait(table.id, since=0.0)
        assert 0.25 <= calm <= messages.pace.table_interval
        assert busy > (BUSY_STRETCH - 1) * messages.pace.table_interval
    finally:
        await runtime.close()
        await storage.close()


async def test_drawing_waits_count_only_while_the_watch_is_started() -> None:
    load = Load(hold=0.0)
    load.note_drawing(1.0)  # a bot without the watch (the e2e tests): no effect
    assert not load.busy
    load.start()
    try:
        load.note_drawing(1.0)
        assert load.busy
    finally:
        await load.stop()
