"""The picture settings: a table's (saved with it; older records read as on) and a
member's (saved in member_settings: pictures on until they turn them off, and the deck
they are drawn in, two colours until they choose four)."""

from __future__ import annotations

from bot.games.kadi import KadiRules
from bot.storage.migrations import migrations
from bot.tables.table import TableOptions
from tests.storages import Database, open_at


def test_a_tables_picture_setting_is_saved_and_old_records_read_as_on() -> None:
    assert TableOptions.from_dict({"rules": {}, "turn_seconds": 60}, KadiRules).images is True
    off = TableOptions(images=False)
    assert TableOptions.from_dict(off.to_dict(), KadiRules).images is False


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


async def test_a_members_deck_is_two_colours_until_they_choose_four_and_kept(database: Database) -> None:
    """Saved on either database: four colours kept across a reopen, two again when chosen,
    and a member's other setting (hand pictures off) untouched by it, and it by that."""
    storage = await open_at(database)
    try:
        assert await storage.four_colour_deck(42) is False
        await storage.set_hand_images(42, False)
        await storage.set_four_colour_deck(42, True)
        await storage.set_four_colour_deck(42, True)  # again: still one row, still four
        await storage.set_four_colour_deck(43, True)  # a new row: the other setting's default
        assert await storage.four_colour_deck(42) is True and await storage.hand_images(42) is False
        assert await storage.hand_images(43) is True and await storage.four_colour_deck(44) is False
    finally:
        await storage.close()
    storage = await open_at(database)
    try:
        assert await storage.four_colour_deck(42) is True and await storage.four_colour_deck(43) is True
        await storage.set_hand_images(42, True)
        assert await storage.four_colour_deck(42) is True, "turning pictures on kept the deck"
        await storage.set_four_colour_deck(42, False)
        assert await storage.four_colour_deck(42) is False and await storage.hand_images(42) is True
    finally:
        await storage.close()


def test_member_settings_migrations_on_both_databases() -> None:
    """The table, then its deck column, each in its own migration on both databases (the
    numbers differ: PostgreSQL's first migration is SQLite's 1 to 5)."""
    names = {backend: [m.name for m in migrations(backend)] for backend in ("sqlite", "postgres")}
    assert names["sqlite"][5:7] == ["006_member_settings.sql", "007_four_colour_deck.sql"]
    assert names["postgres"][1:3] == ["002_member_settings.sql", "003_four_colour_deck.sql"]
    for backend in ("sqlite", "postgres"):
        sql = {m.name[4:]: m.sql for m in migrations(backend)}
        assert "CREATE TABLE member_settings" in sql["member_settings.sql"]
        assert "ADD COLUMN four_colour_deck" in sql["four_colour_deck.sql"]
