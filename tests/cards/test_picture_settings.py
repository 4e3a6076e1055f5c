"""The picture settings: a table's (saved with it; older records read as on) and a
member's (saved in member_settings; on until they turn it off)."""

from __future__ import annotations

from bot.storage.migrations import migrations
from bot.tables.table import TableOptions
from tests.storages import Database, open_at


def test_a_tables_picture_setting_is_saved_and_old_records_read_as_on() -> None:
    assert TableOptions.from_dict({"rules": {}, "turn_seconds": 60}).images is True
    off = TableOptions(images=False)
    assert TableOptions.from_dict(off.to_dict()).images is False


async def test_a_members_picture_setting_is_on_until_turned_off_and_kept(database: Database) -> None:
    storage = await open_at(database)
    try:
        assert await storage.hand_images(42) is True
        await storage.set_hand_images(42, False)
        await storage.set_hand_images(42, False)  # again: still one row, still off
        assert await storage.hand_images(42) is False
        assert await storage.hand_images(43) is True
    finally:
        await storage.close()
    storage = await open_at(database)
    try:
        assert await storage.hand_images(42) is False
        await storage.set_hand_images(42, True)
        assert await storage.hand_images(42) is True
    finally:
        await storage.close()


def test_member_settings_is_the_last_migration_on_both_databases() -> None:
    assert [m.name for m in migrations("sqlite")][-1] == "006_member_settings.sql"
    assert [m.name for m in migrations("postgres")][-1] == "002_member_settings.sql"
    for backend in ("sqlite", "postgres"):
        assert "CREATE TABLE member_settings" in migrations(backend)[-1].sql
