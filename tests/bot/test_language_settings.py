"""The languages chosen, on both databases: a member's own (in member_settings, beside
their picture settings, None until chosen and again when they clear it) and a server's
(guild_settings), each kept across a reopen."""

from __future__ import annotations

from tests.storages import Database, open_at


async def test_a_members_language_is_none_until_chosen_kept_and_cleared(database: Database) -> None:
    storage = await open_at(database)
    try:
        assert await storage.language(42) is None
        await storage.set_four_colour_deck(42, True)
        await storage.set_language(42, "sw")
        await storage.set_language(42, "sw")  # again: still one row
        await storage.set_language(43, "en")  # a new row: the other settings' defaults
        assert await storage.language(42) == "sw" and await storage.four_colour_deck(42) is True
        assert await storage.language(43) == "en" and await storage.hand_images(43) is True
        await storage.set_hand_images(42, False)
        assert await storage.language(42) == "sw", "turning pictures off kept the language"
    finally:
        await storage.close()
    storage = await open_at(database)
    try:
        assert await storage.language(42) == "sw"
        await storage.set_language(42, None)  # "automatic": chosen for them again
        assert await storage.language(42) is None and await storage.hand_images(42) is False
    finally:
        await storage.close()


async def test_a_servers_language_is_none_until_chosen_kept_per_server_and_cleared(database: Database) -> None:
    storage = await open_at(database)
    try:
        assert await storage.guild_language(1) is None
        await storage.set_guild_language(1, "sw")
        await storage.set_guild_language(2, "en")
        await storage.set_guild_language(1, "sw")
        assert await storage.guild_language(1) == "sw" and await storage.guild_language(2) == "en"
        assert await storage.guild_language(3) is None
    finally:
        await storage.close()
    storage = await open_at(database)
    try:
        assert await storage.guild_language(1) == "sw"
        await storage.set_guild_language(1, None)
        assert await storage.guild_language(1) is None and await storage.guild_language(2) == "en"
    finally:
        await storage.close()
