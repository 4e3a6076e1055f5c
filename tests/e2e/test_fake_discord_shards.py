"""The fake Discord's shards: ``GET /gateway/bot`` recommends ``shard_count`` shards, IDENTIFY
names one, and each connection gets READY, GUILD_CREATE and INTERACTION_CREATE only for the
guilds on its shard (``(guild_id >> 22) % shard_count``), as Discord does. Driven through
throwaway discord.py clients (no Kadi bot)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands

from sandbox.fake_discord import FakeDiscord, FakeDiscordError
from tests.e2e.botkit import serving
from tests.waiting import DEADLINE, eventually


class ShardClient(discord.AutoShardedClient):
    """Answers ``/where`` with the shard its interaction arrived on."""

    def __init__(self, **shards: Any) -> None:
        super().__init__(intents=discord.Intents.default(), **shards)
        self.tree = app_commands.CommandTree(self)
        self.tree.add_command(app_commands.Command(name="where", description="Which shard?", callback=self.where))

    async def where(self, interaction: discord.Interaction) -> None:
        guild = interaction.guild
        assert guild is not None
        await interaction.response.send_message(f"shard {guild.shard_id} of client {id(self)}")

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        return None  # discord.py waits 5 s before each shard's IDENTIFY after the first


@pytest.fixture
async def sharded() -> AsyncIterator[FakeDiscord]:
    async for fake in serving(FakeDiscord(shard_count=2)):
        yield fake


def test_a_guild_can_be_placed_on_a_shard() -> None:
    fake = FakeDiscord(shard_count=3)
    for shard in (2, 0, 1, 1, 2):
        guild = fake.add_guild(shard=shard)
        assert (guild.id >> 22) % 3 == shard == fake.shard_of(guild)
    ids = list(fake.guilds)
    assert ids == sorted(ids)  # still increasing snowflakes
    with pytest.raises(FakeDiscordError):
        fake.add_guild(shard=3)


async def test_one_client_runs_the_recommended_shards_each_with_its_guilds(sharded: FakeDiscord) -> None:
    guilds = [sharded.add_guild(f"g{i}", shard=i % 2) for i in range(4)]
    members = [sharded.add_member(g, f"m{i}") for i, g in enumerate(guilds)]
    client = ShardClient()  # no shard_count: it asks GET /gateway/bot
    async with sharded.run_bot(client):
        assert client.shard_count == 2 and sorted(client.shards) == [0, 1]
        assert sharded.identify_count == 2 and sharded.connected_shards() == {0, 1}
        assert {s.shard for s in sharded.sessions} == {(0, 2), (1, 2)}
        for guild in guilds:
            mine = client.get_guild(guild.id)
            assert mine is not None and mine.shard_id == sharded.shard_of(guild)
        for member, guild in zip(members, guilds, strict=True):
            answer = await sharded.slash(member, "where")
            assert answer.content.startswith(f"shard {sharded.shard_of(guild)} ")


async def test_each_process_gets_only_its_shards_guilds_and_interactions(sharded: FakeDiscord) -> None:
    on_zero, on_one = sharded.add_guild("zero", shard=0), sharded.add_guild("one", shard=1)
    zed, uno = sharded.add_member(on_zero, "zed"), sharded.add_member(on_one, "uno")
    first, second = ShardClient(shard_count=2, shard_ids=[0]), ShardClient(shard_count=2, shard_ids=[1])
    async with sharded.run_bot(first), sharded.run_bot(second):
        await sharded.wait_until_connected(shards={0, 1})
        # READY and GUILD_CREATE: each connection only its own shard's guilds.
        assert [g.id for g in first.guilds] == [on_zero.id]
        assert [g.id for g in second.guilds] == [on_one.id]
        # INTERACTION_CREATE goes to the connection that owns the guild.
        assert (await sharded.slash(zed, "where")).content == f"shard 0 of client {id(first)}"
        assert (await sharded.slash(uno, "where")).content == f"shard 1 of client {id(second)}"
        # A guild added later: GUILD_CREATE to its shard's connection only.
        late = sharded.add_guild("late", shard=1)
        await eventually(lambda: second.get_guild(late.id), "the late guild's GUILD_CREATE on shard 1")
        assert first.get_guild(late.id) is None
        # A shard that is down: its guilds' interactions wait for it, never go to another shard.
        await second.close()
        await sharded.wait_for(lambda: sharded.connected_shards() == {0})
        with pytest.raises(TimeoutError):
            await sharded.slash(uno, "where", timeout=0.5)
        assert [r.member for r in sharded.interaction_log].count(uno) == 1  # the second was never sent


async def test_an_invalid_shard_is_refused_with_4010(sharded: FakeDiscord) -> None:
    async with aiohttp.ClientSession() as http, http.ws_connect(sharded.gateway_url) as ws:
        hello = await ws.receive_json(timeout=DEADLINE)
        assert hello["op"] == 10
        await ws.send_json({"op": 2, "d": {"token": sharded.token, "intents": 1, "shard": [2, 2],
                                           "properties": {}}})
        closed = await ws.receive(timeout=DEADLINE)
        assert closed.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
        assert ws.close_code == 4010
    assert sharded.identify_count == 0 and not sharded.connected


async def test_direct_message_events_go_to_shard_zero_only(sharded: FakeDiscord) -> None:
    sharded.add_guild("zero", shard=0)
    client = ShardClient()  # both shards in one client; Intents.default() asks for DM events
    async with sharded.run_bot(client):
        sessions = {s.shard[0]: s for s in sharded.sessions}
        before = {shard: session.seq for shard, session in sessions.items()}
        user = await client.fetch_user(sharded.app_owner.id)
        await user.send("psst")  # the fake dispatches MESSAGE_CREATE before it answers the POST
        assert sessions[0].seq == before[0] + 1
        assert sessions[1].seq == before[1]
