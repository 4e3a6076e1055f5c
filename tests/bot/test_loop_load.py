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
from bot.ui.load import BUSY_FROM_SECONDS, CALM_BELOW_SECONDS, LoopLoad
from bot.ui.presenter import BUSY_STRETCH, DiscordPresenter
from tests.bot.test_presenter import ALICE, NoPresenter
from tests.waiting import eventually


def test_busy_from_a_second_of_lateness_and_calm_again_below_the_lower_mark() -> None:
    load = LoopLoad(window=10)
    for _ in range(10):
        load.note(BUSY_FROM_SECONDS / 2)
    assert not load.busy
    for _ in range(10):
        load.note(2 * BUSY_FROM_SECONDS)
    assert load.busy and load.busy_spells == 1
    for _ in range(10):  # between the marks: still busy (no flapping)
        load.note((BUSY_FROM_SECONDS + CALM_BELOW_SECONDS) / 2)
    assert load.busy
    for _ in range(10):
        load.note(0.0)
    assert not load.busy


async def test_a_blocked_event_loop_counts_as_busy() -> None:
    load = LoopLoad(sample=0.01, window=5)
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
        presenter = DiscordPresenter(cast(discord.Client, None), game_uis(), lambda _: table, coalesce=0.25)
        waits: list[float] = []

        async def fake_flush(table_id: str, wait: float, *_: object) -> None:
            waits.append(wait)

        presenter._flush_table_later = fake_flush  # type: ignore[method-assign]
        presenter._table_drawn_at[table.id] = time.monotonic()  # just edited
        presenter._schedule_table(table.id)
        await presenter._pending_table.pop(table.id)
        presenter.load.busy = True
        presenter._schedule_table(table.id)
        await presenter._pending_table.pop(table.id)
        calm, busy = waits
        assert 0.25 <= calm <= presenter.table_interval
        assert busy > (BUSY_STRETCH - 1) * presenter.table_interval
    finally:
        await runtime.close()
        await storage.close()
