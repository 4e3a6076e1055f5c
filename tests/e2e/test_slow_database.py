"""Issue 26, defect 8: with every database reply 3 s late, every interaction is still
answered within Discord's 3 seconds (deferred at 2 s), then gets its real answer:
/leaderboard, /stats, /cards images and a member's first My hand, as moves already did."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.client import KadiBot
from bot.config import Settings
from bot.storage.sqlite import SQLiteStorage
from tests.e2e.botkit import FAST, table_of
from tests.e2e.fake_discord import FakeDiscord

DATABASE_DELAY = 3.0  # what the issue measured: past the 2 s budget, and past Discord's 3 s on its own


class SlowStorage:
    """A storage whose every call answers ``delay`` seconds late (0 until the test says)."""

    def __init__(self, storage: SQLiteStorage) -> None:
        self._storage = storage
        self.delay = 0.0

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._storage, name)
        if not asyncio.iscoroutinefunction(found):
            return found

        async def late(*args: Any, **kwargs: Any) -> Any:
            await asyncio.sleep(self.delay)
            return await found(*args, **kwargs)

        return late


@pytest.fixture
async def strict_discord() -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord(enforce_deadline=True)  # a callback after 3 s fails, as on Discord
    await fake.start()
    try:
        with fake.patched_discord():
            yield fake
    finally:
        await fake.stop()
    assert not fake.errors, f"the fake Discord crashed: {fake.errors}"


async def test_a_slow_database_never_makes_an_answer_late(strict_discord: FakeDiscord, tmp_path: Path) -> None:
    fake = strict_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    slow = SlowStorage(await SQLiteStorage.open(tmp_path / "kadi.sqlite3"))
    settings = Settings(token=fake.token, database_path=tmp_path / "kadi.sqlite3", computer_call_wait=0.0)
    bot = KadiBot(settings, timing=FAST, coalesce=0.01, watch_load=False, storage=slow)  # type: ignore[arg-type]
    async with fake.run_bot(bot):
        opened = await fake.slash(alice, "kadi new", options={"turn_timer": 0})
        message = await opened.final()
        await fake.click(bob, message, "Join")
        await fake.click(alice, message, "Start")
        await table_of(bot, message)
        slow.delay = DATABASE_DELAY

        async def answered(ask: Callable[[], Awaitable[Any]], what: str) -> Any:
            result = await ask()
            assert not result.record.late, f"{what}: answered {result.record.latency} s after the click"
            return result

        hand = await answered(lambda: fake.click(alice, message, "My hand"), "a first My hand")
        assert hand.deferred and (await hand.final()).visible_to == alice.id

        board = await answered(lambda: fake.slash(alice, "leaderboard", options={"game": "kadi"}), "/leaderboard")
        assert board.deferred
        shown = await board.final(timeout=15)
        assert "leaderboard" in shown.text().lower()

        stats = await answered(lambda: fake.slash(bob, "stats"), "/stats")
        assert "standing" in (await stats.final(timeout=15)).text()

        setting = await answered(lambda: fake.slash(bob, "cards images", options={"show": "off"}), "/cards images")
        assert "words only" in (await setting.final(timeout=15)).text()
        assert not await slow.hand_images(bob.id), "Bob's setting was saved, however slowly"
        assert all(not record.late for record in fake.interactions.values()), "none missed Discord's 3 s"
