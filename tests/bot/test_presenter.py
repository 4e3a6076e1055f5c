"""The table message's presenter without Discord: edits of one table message go out
one at a time, each drawing the table as it is when it goes out."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import discord

from bot.registry import game_uis
from bot.storage.sqlite import SQLiteStorage
from bot.tables.runtime import TableRuntime, Timing
from bot.tables.table import Table, TableOptions
from bot.ui.presenter import DiscordPresenter, Pace
from tests.waiting import DEADLINE, eventually, settled

ALICE, BOB = 101, 102


class NoPresenter:
    async def table_changed(self, table: Table, events: object) -> None:
        pass


class OneTable:
    """The runtime as the presenter sees it (TableKeeper), holding one table."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def live(self, table_id: str) -> Table | None:
        return self.table if table_id == self.table.id else None

    async def set_message(self, table_id: str, message_id: int) -> None:
        self.table.message_id = message_id

    async def final_drawn(self, table_id: str) -> None:
        pass

    async def channel_gone(self, table_id: str) -> None:
        pass


class Response:
    """The interaction's first answer: ``answer`` is awaited with the fields sent."""

    def __init__(self, answer: Callable[..., Awaitable[None]]) -> None:
        self.answer = answer
        self.done = False

    def is_done(self) -> bool:
        return self.done

    async def edit_message(self, **fields: Any) -> None:
        self.done = True
        await self.answer(**fields)

    async def send_message(self, *_: Any, **fields: Any) -> SimpleNamespace:
        self.done = True
        await self.answer(**fields)
        return SimpleNamespace(message_id=None)  # Discord's callback answer, naming no message


class FakeInteraction:
    """The few parts of a discord.Interaction the presenter's answers use."""

    def __init__(self, user_id: int, answer: Callable[..., Awaitable[None]],
                 later_edits: list[str] | None = None) -> None:
        self.user = SimpleNamespace(id=user_id)
        self.created_at = discord.utils.utcnow()
        self.response = Response(answer)
        self.later_edits = later_edits if later_edits is not None else []

    async def edit_original_response(self, **fields: Any) -> None:
        self.later_edits.append("redrawn")


def interaction(user_id: int, answer: Callable[..., Awaitable[None]],
                later_edits: list[str] | None = None) -> discord.Interaction[Any]:
    return cast(discord.Interaction[Any], FakeInteraction(user_id, answer, later_edits))


def labels(fields: dict[str, Any]) -> list[str]:
    view = fields["view"]
    rows = view.to_components() if view is not None else []
    return [button.get("label", "") for row in rows for button in row["components"]]


async def test_an_edit_slow_on_the_wire_never_lands_over_a_newer_table(tmp_path: Path) -> None:
    storage = await SQLiteStorage.open(tmp_path / "kadi.sqlite3")
    runtime = TableRuntime(storage, NoPresenter(), Timing(computer_delay=(0.0, 0.0), call_wait=0.0))
    try:
        table = await runtime.create(1, 10, "kadi", ALICE, "Alice", TableOptions())
        presenter = DiscordPresenter(cast(discord.Client, None), game_uis(), OneTable(table))
        landed: list[list[str]] = []
        on_the_wire, dealt = asyncio.Event(), asyncio.Event()

        async def slow_edit(**fields: Any) -> None:
            on_the_wire.set()
            await dealt.wait()  # Bob's join: its answer reaches Discord only after the deal
            landed.append(labels(fields))

        async def quick_edit(**fields: Any) -> None:
            landed.append(labels(fields))

        await runtime.join(table.id, BOB, "Bob")
        joined = asyncio.create_task(presenter.answer_with_table(interaction(BOB, slow_edit), table))
        await asyncio.wait_for(on_the_wire.wait(), DEADLINE)  # the join's edit is on the wire...
        await runtime.start(table.id, ALICE, seed=7)  # ...when the host deals
        dealt.set()
        await asyncio.wait_for(presenter.answer_with_table(interaction(ALICE, quick_edit), table), DEADLINE)
        await joined
        assert "Join" in landed[0] and "My hand" in landed[-1]
        await presenter.close()
    finally:
        await runtime.close()
        await storage.close()


async def test_a_hand_redraw_waits_for_the_answer_on_the_wire(tmp_path: Path) -> None:
    storage = await SQLiteStorage.open(tmp_path / "kadi.sqlite3")
    runtime = TableRuntime(storage, NoPresenter(), Timing(computer_delay=(0.0, 0.0), call_wait=0.0))
    try:
        table = await runtime.create(1, 10, "kadi", ALICE, "Alice", TableOptions())
        await runtime.join(table.id, BOB, "Bob")
        await runtime.start(table.id, ALICE, seed=7)
        presenter = DiscordPresenter(cast(discord.Client, None), game_uis(), OneTable(table), pace=Pace(0.0, 0.0))
        assert table.game is not None and table.game.turn is not None
        acting = table.seats[table.game.turn].user_id  # a hand that may act is redrawn on every move
        seat = table.seat_of(acting or 0)
        assert acting is not None and seat is not None
        landed: list[str] = []
        on_the_wire, moved_on = asyncio.Event(), asyncio.Event()

        async def quick_answer(**fields: Any) -> None:
            landed.append("first hand")

        async def slow_answer(**fields: Any) -> None:
            on_the_wire.set()
            await moved_on.wait()
            landed.append("answer")

        await presenter.answer_with_hand(interaction(acting, quick_answer, landed), table, seat)  # remembered
        answering = asyncio.create_task(presenter.answer_with_hand(interaction(acting, slow_answer, landed),
                                                                   table, seat))  # a click's answer...
        await asyncio.wait_for(on_the_wire.wait(), DEADLINE)
        table.version += 1  # ...on the wire when the table moves on
        await presenter.table_changed(table, [])
        # The coalesced redraw is past its wait and drawing (no longer pending)...
        await eventually(lambda: presenter.hands.drawing == 1, "the redraw to start")
        await asyncio.sleep(0.05)  # (a little time it could use to land over the answer)
        assert landed == ["first hand"]  # ...yet it waits for the answer
        moved_on.set()
        await answering
        await settled(presenter)
        assert landed == ["first hand", "answer", "redrawn"]  # then redraws the newer table through it
        await presenter.close()
    finally:
        await runtime.close()
        await storage.close()


class Channel:
    """A channel of one table message, whose edits are recorded as (started, landed) on
    the loop's clock; each takes ``on_the_wire`` seconds to land."""

    def __init__(self, on_the_wire: float) -> None:
        self.on_the_wire = on_the_wire
        self.edits: list[tuple[float, float]] = []

    def get_partial_messageable(self, channel_id: int) -> Channel:
        return self

    def get_partial_message(self, message_id: int) -> Channel:
        return self

    def get_guild(self, guild_id: int) -> None:
        return None  # no guild known: its Discord locale is not read

    async def edit(self, **fields: Any) -> None:
        loop = asyncio.get_running_loop()
        started = loop.time()
        await asyncio.sleep(self.on_the_wire)
        self.edits.append((started, loop.time()))


async def test_an_edit_scheduled_while_another_is_on_the_wire_still_keeps_the_pace(tmp_path: Path) -> None:
    """Discord allows a channel about five edits in five seconds: a change made while an
    edit is on the wire is drawn a whole interval after that edit landed, not right after it."""
    storage = await SQLiteStorage.open(tmp_path / "kadi.sqlite3")
    runtime = TableRuntime(storage, NoPresenter(), Timing(computer_delay=(0.0, 0.0), call_wait=0.0))
    interval = 0.5
    try:
        table = await runtime.create(1, 10, "kadi", ALICE, "Alice", TableOptions())
        await runtime.join(table.id, BOB, "Bob")
        await runtime.start(table.id, ALICE, seed=7)
        table.message_id = discord.utils.time_snowflake(discord.utils.utcnow())
        channel = Channel(on_the_wire=0.2)
        presenter = DiscordPresenter(cast(discord.Client, channel), game_uis(), OneTable(table),
                                     pace=Pace(coalesce=0.01, table_interval=interval))
        presenter.tables.changed(table)
        await eventually(lambda: presenter.tables.drawing == 1, "the first edit to start")
        await asyncio.sleep(0.1)  # on the wire...
        table.version += 1  # ...when the table moves on
        presenter.tables.changed(table)
        await settled(presenter)
        assert len(channel.edits) == 2, channel.edits
        (_, first_landed), (second_started, _) = channel.edits
        assert second_started - first_landed >= interval - 0.01, channel.edits
        await presenter.close()
    finally:
        await runtime.close()
        await storage.close()
