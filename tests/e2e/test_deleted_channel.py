"""Issue 26, defect 9: a table whose channel was deleted is finished, as cancelled, the
first time Discord says the channel is gone (404 Unknown Channel); it is saved so, its
round is not recorded, it is not brought back at the next start, and the log says it once."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import pytest

from bot.storage.sqlite import SQLiteStorage
from bot.tables.table import Table, TableStatus
from sandbox.fake_discord import FakeDiscord
from tests.e2e.botkit import make_bot, started_kadi_table
from tests.waiting import eventually, settled

GONE = "was deleted; the table is finished as cancelled"


async def stored_status(db: Path, table_id: str) -> tuple[str, int, int]:
    """(its status, rounds recorded, tables to restore or redraw) as the database has them."""
    storage = await SQLiteStorage.open(db)
    try:
        waiting = len(await storage.finished_to_redraw() + await storage.active_tables())
        recorded = len(await storage.results_for(table_id))
    finally:
        await storage.close()
    with sqlite3.connect(db) as conn:
        status = conn.execute("SELECT status FROM tables WHERE id = ?", (table_id,)).fetchone()[0]
    return str(status), recorded, waiting


def done_with(db: Path, table_id: str) -> bool:
    """Whether the table is stored as cancelled, with no redraw owed at the next start."""
    with sqlite3.connect(db) as conn:
        row = conn.execute("SELECT status, redraw FROM tables WHERE id = ?", (table_id,)).fetchone()
    return tuple(row) == (TableStatus.CANCELLED, 0)


def first_to_move(table: Table) -> int:
    assert table.game is not None
    return next(seat for seat in range(len(table.seats)) if table.game.legal_moves(seat))


async def test_a_table_in_a_deleted_channel_is_cancelled_at_its_next_change(
        fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    db = tmp_path / "kadi.sqlite3"
    caplog.set_level(logging.WARNING)
    bot = make_bot(fake, db)
    async with fake.run_bot(bot):
        message, table = await started_kadi_table(fake, bot, alice, bob)
        fake.delete_channel(fake.channels[message.channel_id])
        to_move = alice if table.seat_of(alice.id) == first_to_move(table) else bob
        await bot.runtime.act(table.id, to_move.id, "draw")  # the table changes; its message's edit meets a 404
        await eventually(lambda: table.status == TableStatus.CANCELLED, "the table finished as cancelled")
        await eventually(lambda: done_with(db, table.id), "its end saved, with nothing left to redraw")
        await settled(bot.presenter)
        await bot.runtime.close()  # nothing left on its way
    status, recorded, to_restore = await stored_status(db, table.id)
    assert (status, to_restore, recorded) == (TableStatus.CANCELLED, 0, 0)
    assert sum(GONE in r.getMessage() for r in caplog.records) == 1


async def test_a_table_whose_channel_went_while_the_bot_was_down_is_not_restored_again(
        fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    fake = fake_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    db = tmp_path / "kadi.sqlite3"
    bot = make_bot(fake, db)
    async with fake.run_bot(bot):
        message, table = await started_kadi_table(fake, bot, alice, bob)
        await settled(bot.presenter)
    fake.delete_channel(fake.channels[message.channel_id])  # while the bot is stopped

    caplog.set_level(logging.WARNING)
    caplog.clear()
    restarted = make_bot(fake, db)
    async with fake.run_bot(restarted):
        await eventually(lambda: restarted.runtime.tables[table.id].status == TableStatus.CANCELLED,
                         "the restored table finished as cancelled")
        await eventually(lambda: done_with(db, table.id), "its end saved, with nothing left to redraw")
        await settled(restarted.presenter)
    status, recorded, to_restore = await stored_status(db, table.id)
    assert (status, to_restore, recorded) == (TableStatus.CANCELLED, 0, 0), (
        "cancelled: not restored again, no round recorded")
    lines = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING and table.id in r.getMessage()]
    assert len(lines) == 1 and GONE in lines[0], lines

    caplog.clear()
    again = make_bot(fake, db)
    async with fake.run_bot(again):
        assert table.id not in again.runtime.tables, "not brought back"
    assert not [r for r in caplog.records if table.id in r.getMessage()], "the third start says nothing of it"
