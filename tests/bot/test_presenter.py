"""The table message's presenter without Discord: edits of one table message go out
one at a time, each drawing the table as it is when it goes out."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, cast

import discord

from bot.registry import game_uis
from bot.storage.sqlite import SQLiteStorage
from bot.tables.runtime import TableRuntime, Timing
from bot.tables.table import Table, TableOptions
from bot.ui.presenter import DiscordPresenter
from tests.waiting import DEADLINE, eventually, settled

ALICE, BOB = 101, 102


class NoPresenter:
    async def table_changed(self, table: Table, events: object) -> None:
        pass


def labels(fields: dict[str, Any]) -> list[str]:
    view = fields["view"]
    rows = view.to_components() if view is not None else []
    return [button.get("label", "") for row in rows for button in row["components"]]


async def test_an_edit_slow_on_the_wire_never_lands_over_a_newer_table(tmp_path: Path) -> None:
    storage = await SQLiteStorage.open(tmp_path / "kadi.sqlite3")
    runtime = TableRuntime(storage, NoPresenter(), Timing(computer_delay=(0.0, 0.0), call_wait=0.0))
    try:
        table = await runtime.create(1, 10, "kadi", ALICE, "Alice", TableOptions())
        presenter = DiscordPresenter(cast(discord.Client, None), game_uis(), lambda _: table)
        landed: list[list[str]] = []
        on_the_wire, dealt = asyncio.Event(), asyncio.Event()

        async def slow_edit(**fields: Any) -> None:
            on_the_wire.set()
            await dealt.wait()  # Bob's join: its answer reaches Discord only after the deal
            landed.append(labels(fields))

        async def quick_edit(**fields: Any) -> None:
            landed.append(labels(fields))

        await runtime.join(table.id, BOB, "Bob")
        joined = asyncio.create_task(presenter.show_table(table, slow_edit))
        await asyncio.wait_for(on_the_wire.wait(), DEADLINE)  # the join's edit is on the wire...
        await runtime.start(table.id, ALICE, seed=7)  # ...when the host deals
        dealt.set()
        await asyncio.wait_for(presenter.show_table(table, quick_edit), DEADLINE)
        await joined
        assert "Join" in landed[0] and "My hand" in landed[-1]
    finally:
        await runtime.close()
        await storage.close()


class RecordingInteraction:
    """The one method of an interaction a remembered hand message uses."""

    def __init__(self, landed: list[str], name: str) -> None:
        self.landed, self.name = landed, name

    async def edit_original_response(self, **fields: Any) -> None:
        self.landed.append(self.name)


async def test_a_hand_redraw_waits_for_the_answer_on_the_wire(tmp_path: Path) -> None:
    storage = await SQLiteStorage.open(tmp_path / "kadi.sqlite3")
    runtime = TableRuntime(storage, NoPresenter(), Timing(computer_delay=(0.0, 0.0), call_wait=0.0))
    try:
        table = await runtime.create(1, 10, "kadi", ALICE, "Alice", TableOptions())
        await runtime.join(table.id, BOB, "Bob")
        await runtime.start(table.id, ALICE, seed=7)
        presenter = DiscordPresenter(cast(discord.Client, None), game_uis(), lambda _: table, coalesce=0.0)
        landed: list[str] = []
        assert table.game is not None and table.game.turn is not None
        acting = table.seats[table.game.turn].user_id  # a hand that may act is redrawn on every move
        assert acting is not None
        answer = cast(discord.Interaction[Any], RecordingInteraction(landed, "answer"))
        async with presenter.hand_lock(table.id, acting):  # the controller answering a click
            seat = table.seat_of(acting)
            assert seat is not None
            presenter.remember_hand(table, acting, answer, None, presenter.hand_drawn(table, seat))
            table.version += 1  # the table moves on while the answer is on the wire
            await presenter.table_changed(table, [])
            # The coalesced redraw is past its wait and drawing (no longer pending)...
            await eventually(lambda: table.id not in presenter._pending_hands, "the redraw to start")
            assert presenter.pending_redraws == 1
            await asyncio.sleep(0.05)  # (a little time it could use to land over the answer)
            assert landed == []  # ...yet it waits for the answer
            landed.append("answer drawn")
        await settled(presenter)
        assert landed == ["answer drawn", "answer"]  # then redraws the newer table through it
    finally:
        await runtime.close()
        await storage.close()
