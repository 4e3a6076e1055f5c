"""A sharded bot process serves only its shards' guilds: it connects only its shards,
restores only their tables (another process's rows are left as they are, not even read
into a table), and refuses any interaction for another shard's guild in one private
sentence, changing nothing. One process on SQLite here; two processes on one PostgreSQL
are in tests/soak/test_two_processes.py."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import discord

from bot.client import KadiBot, ShardedKadiBot, make_bot
from bot.config import Settings
from bot.shards import NOT_SERVED_HERE, Shards
from bot.tables.table import TableError
from bot.ui.components import DYNAMIC_ITEMS
from bot.ui.text.illegal import sentence
from sandbox.fake_discord import FakeDiscord, FakeGuild, FakeMember, FakeMessage
from tests.e2e.botkit import FAST, table_of

ANOTHER_PROCESS = sentence(TableError(NOT_SERVED_HERE))  # what a misrouted interaction is told


def shard_bot(fake: FakeDiscord, db: Path, shards: Shards | None) -> KadiBot:
    settings = Settings(token=fake.token, database_path=db, log_level="DEBUG", computer_call_wait=0.0,
                        shards=shards)
    return make_bot(settings, timing=FAST, coalesce=0.01)


def stored(db: Path) -> dict[str, tuple[int, str, str]]:
    """table id -> (guild id, status, record) as saved."""
    with sqlite3.connect(db) as conn:
        return {r[0]: (r[1], r[2], r[3]) for r in conn.execute("SELECT id, guild_id, status, record FROM tables")}


async def open_lobby(fake: FakeDiscord, host: FakeMember) -> FakeMessage:
    return await (await fake.slash(host, "kadi new")).final()


async def two_shards_of_tables(fake: FakeDiscord, db: Path) -> tuple[FakeGuild, FakeGuild, FakeMember, FakeMember,
                                                                     dict[int, str]]:
    """A guild on each of 2 shards, with a lobby in each, opened by one unsharded bot."""
    fake.shard_count = 2
    zero, one = fake.add_guild("Zero", shard=0), fake.add_guild("One", shard=1)
    ann, uno = fake.add_member(zero, "ann", display_name="Ann"), fake.add_member(one, "uno", display_name="Uno")
    tables: dict[int, str] = {}
    unsharded = shard_bot(fake, db, None)
    async with fake.run_bot(unsharded):
        for host, guild in ((ann, zero), (uno, one)):
            tables[guild.id] = (await table_of(unsharded, await open_lobby(fake, host))).id
    return zero, one, ann, uno, tables


async def test_a_shard_process_connects_restores_and_plays_only_its_guilds(
    fake_discord: FakeDiscord, tmp_path: Path,
) -> None:
    fake, db = fake_discord, tmp_path / "kadi.sqlite3"
    zero, one, ann, uno, tables = await two_shards_of_tables(fake, db)
    before = stored(db)
    bot = shard_bot(fake, db, Shards(2, (0,)))
    assert isinstance(bot, ShardedKadiBot)
    async with fake.run_bot(bot):
        assert bot.shard_count == 2 and list(bot.shards) == [0]
        assert fake.connected_shards() == {0}
        assert [g.id for g in bot.guilds] == [zero.id]
        # Only shard 0's lobby came back; shard 1's is another process's, untouched.
        assert set(bot.runtime.tables) == {tables[zero.id]}
        assert bot.runtime.restored == [tables[zero.id]]
        solo = await (await fake.slash(ann, "kadi solo", channel=fake.add_channel(zero, "solo"))).final()
        assert solo.has_button("My hand")
        # Shard 1's events, were they ever sent here: table work refused, standings answered.
        lobby = fake.last_message(one.text_channels[0])
        assert lobby is not None
        with fake.misrouted(0):
            joined = await fake.click(fake.add_member(one, "guest"), lobby, "Join")
            board = await fake.slash(uno, "leaderboard", options={"game": "kadi"})
        assert joined.ephemeral and joined.content == ANOTHER_PROCESS
        assert not board.ephemeral and board.message is not None
        assert board.message.embeds[0]["title"].startswith("Kadi leaderboard")  # "· season N (current)" follows
    after = stored(db)
    assert after[tables[one.id]] == before[tables[one.id]]  # still in its lobby, as saved
    assert after[tables[one.id]][1] == "lobby"


async def test_a_misrouted_interaction_is_refused_and_changes_nothing(
    fake_discord: FakeDiscord, tmp_path: Path,
) -> None:
    """A process that runs shard 0 of 2 but is reached by shard 1's events (here: the bot
    connects unsharded, as a misconfigured process would) refuses them privately."""
    fake, db = fake_discord, tmp_path / "kadi.sqlite3"
    zero, one, ann, uno, tables = await two_shards_of_tables(fake, db)
    lobby = fake.last_message(one.text_channels[0])
    assert lobby is not None and lobby.has_button("Join")
    guest = fake.add_member(one, "guest", display_name="Guest")
    before = stored(db)
    bot = KadiBot(Settings(token=fake.token, database_path=db, log_level="DEBUG", computer_call_wait=0.0,
                           shards=Shards(2, (0,))), timing=FAST, coalesce=0.01)
    async with fake.run_bot(bot):
        assert fake.sessions[0].shard == (0, 1)  # it hears every guild
        assert set(bot.runtime.tables) == {tables[zero.id]}
        joined = await fake.click(guest, lobby, "Join")
        assert joined.ephemeral and joined.content == ANOTHER_PROCESS
        opened = await fake.slash(uno, "kadi solo", channel=fake.add_channel(one, "solo"))
        assert opened.ephemeral and opened.content == ANOTHER_PROCESS
        assert await fake.autocomplete(uno, "kadi play", "cards", cards="") == []
        # Its own guild is served as ever.
        mine = await fake.slash(ann, "kadi rules")
        assert mine.content != ANOTHER_PROCESS
    assert stored(db) == before
    assert not fake.late_interactions()


def test_every_persistent_component_refuses_another_shards_guild() -> None:
    """A button or menu type added later cannot forget the shard check."""
    for item in DYNAMIC_ITEMS:
        assert item.interaction_check is not discord.ui.DynamicItem.interaction_check, item.__name__
