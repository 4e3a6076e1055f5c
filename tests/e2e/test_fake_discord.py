"""Tests of the fake Discord itself, driven through a small throwaway discord.py bot."""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import discord
import pytest
from discord import app_commands

from sandbox.fake_discord import (
    CommandUsageError,
    FakeDiscord,
    FakeDiscordError,
    FakeGuild,
    FakeMember,
)
from sandbox.fake_discord.interactions import InteractionRecord
from tests.waiting import DEADLINE

HAND = ["QS", "QC", "7H", "AS", "KD"]


class Counter(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"counter:(?P<n>\d+)"):
    """A button whose custom id carries its state, so it survives restarts."""

    def __init__(self, n: int) -> None:
        super().__init__(
            discord.ui.Button(label=f"Count {n}", custom_id=f"counter:{n}", style=discord.ButtonStyle.primary)
        )
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Counter:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(self.n + 1))
        await interaction.response.edit_message(content=f"count is {self.n + 1}", view=view)


class PickView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.select(
        custom_id="pick",
        placeholder="Pick a card",
        options=[discord.SelectOption(label=c, value=c.lower()) for c in HAND],
        max_values=2,
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.send_message(f"you picked {','.join(select.values)}", ephemeral=True)

    @discord.ui.button(label="Secret", custom_id="secret")
    async def secret(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.send_message(f"your hand: {' '.join(HAND)}", ephemeral=True)

    @discord.ui.button(label="Later", custom_id="later")
    async def later(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content="table updated later", view=self)


class BidModal(discord.ui.Modal, title="Place a bid"):
    amount: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Amount", custom_id="amount")
    note: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Note", custom_id="note", required=False)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"bid {self.amount.value} ({self.note.value})", ephemeral=True)


class ToyBot(discord.Client):
    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.tree.add_command(game)
        self.ready_count = 0
        self.table_messages: dict[int, int] = {}  # channel id -> message id

    async def setup_hook(self) -> None:
        self.add_dynamic_items(Counter)
        self.add_view(PickView())
        await self.tree.sync()

    async def on_ready(self) -> None:
        self.ready_count += 1


game = app_commands.Group(name="game", description="Play a game")
admin = app_commands.Group(name="admin", description="Admin tools", parent=game)


async def card_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=c, value=c) for c in HAND if current.upper() in c][:25]


@game.command(name="play", description="Play cards")
@app_commands.autocomplete(cards=card_autocomplete)
async def play(
    interaction: discord.Interaction,
    cards: str,
    times: int = 1,
    loud: bool = False,
    target: discord.Member | None = None,
    weight: float = 1.0,
) -> None:
    who = target.display_name if target else "nobody"
    await interaction.response.send_message(
        f"{interaction.user.display_name} played {cards} x{times} loud={loud} at {who} w={weight}"
    )


@game.command(name="new", description="Open a table")
async def new(interaction: discord.Interaction) -> None:
    view = discord.ui.View(timeout=None)
    view.add_item(Counter(0))
    await interaction.response.send_message("count is 0", view=view)


@game.command(name="table", description="Post a table message with a select menu")
async def table(interaction: discord.Interaction) -> None:
    await interaction.response.send_message(
        embed=discord.Embed(title="Table", description="Top card: 7H").set_footer(text="turn: Ann"),
        view=PickView(),
    )


@game.command(name="hand", description="Show my hand")
async def hand(interaction: discord.Interaction) -> None:
    await interaction.response.send_message(f"your hand: {' '.join(HAND)}", ephemeral=True)


class HandView(discord.ui.View):
    def __init__(self, n: int) -> None:
        super().__init__(timeout=60)
        self.n = n

    @discord.ui.button(label="Refresh")
    async def refresh(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        self.n += 1
        await interaction.response.edit_message(content=f"hand v{self.n}", view=self)


HAND_TOKENS: dict[int, discord.Interaction] = {}


@game.command(name="myhand", description="A private hand message that is refreshed later")
async def myhand(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("hand v0", view=HandView(0), ephemeral=True)
    HAND_TOKENS[interaction.user.id] = interaction


@game.command(name="poke", description="Refresh someone's stored hand message")
async def poke(interaction: discord.Interaction, member: discord.Member) -> None:
    stored = HAND_TOKENS[member.id]
    try:
        await stored.edit_original_response(content="hand after a move")
    except discord.HTTPException as e:
        await interaction.response.send_message(f"token dead: {e.status}", ephemeral=True)
    else:
        await interaction.response.send_message("poked", ephemeral=True)


@game.command(name="slow", description="Defer then follow up")
@app_commands.describe(private="answer privately")
async def slow(interaction: discord.Interaction, private: bool = False) -> None:
    await interaction.response.defer(ephemeral=private, thinking=True)
    await asyncio.sleep(0)  # "work"
    await interaction.followup.send("done thinking", ephemeral=private)
    await interaction.followup.send("and one more thing", ephemeral=private)


@game.command(name="announce", description="Post and edit a plain channel message")
async def announce(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("posting", ephemeral=True)
    assert isinstance(interaction.channel, discord.TextChannel)
    msg = await interaction.channel.send("Round 1 starts")
    await msg.edit(content="Round 1 started")
    partial = interaction.channel.get_partial_message(msg.id)
    await partial.edit(content="Round 1 running", embed=discord.Embed(title="Scores", description="Ann 0"))
    fetched = await interaction.channel.fetch_message(msg.id)
    await interaction.followup.send(f"fetched: {fetched.content}", ephemeral=True)


@game.command(name="bid", description="Open a modal")
async def bid(interaction: discord.Interaction) -> None:
    await interaction.response.send_modal(BidModal())


@admin.command(name="reset", description="Manage Server only")
async def reset(interaction: discord.Interaction) -> None:
    perms = interaction.permissions
    assert isinstance(interaction.user, discord.Member)
    allowed = perms.manage_guild and interaction.user.guild_permissions.manage_guild
    await interaction.response.send_message("reset done" if allowed else "not allowed", ephemeral=True)


# --------------------------------------------------------------------------- fixtures


@pytest.fixture
def guild(fake_discord: FakeDiscord) -> FakeGuild:
    return fake_discord.add_guild("Kadi Club", channels=("general", "tables"))


@pytest.fixture
def ann(fake_discord: FakeDiscord, guild: FakeGuild) -> FakeMember:
    return fake_discord.add_member(guild, "ann", display_name="Ann")


@pytest.fixture
def bob(fake_discord: FakeDiscord, guild: FakeGuild) -> FakeMember:
    return fake_discord.add_member(guild, "bob", display_name="Bob")


@pytest.fixture
async def bot(fake_discord: FakeDiscord, guild: FakeGuild) -> Any:
    async with fake_discord.run_bot(ToyBot()) as client:
        yield client


# --------------------------------------------------------------------------- tests


async def test_ready_guilds_and_synced_commands(fake_discord: FakeDiscord, guild: FakeGuild, bot: ToyBot) -> None:
    assert bot.ready_count == 1
    assert bot.user is not None and bot.user.id == fake_discord.application_id
    g = bot.get_guild(guild.id)
    assert g is not None and g.name == "Kadi Club"
    assert [c.name for c in g.text_channels] == ["general", "tables"]
    assert g.me.guild_permissions.send_messages
    commands = fake_discord.all_commands()
    assert [c["name"] for c in commands] == ["game"]
    assert commands[0]["id"].isdigit()
    fetched = await bot.tree.fetch_commands()
    assert fetched[0].id == int(commands[0]["id"])
    # discord.py asks for zstd-stream if it can import zstandard, else zlib-stream.
    asked = discord.utils._ActiveDecompressionContext.COMPRESSION_TYPE
    assert fake_discord.sessions[0].compression in (asked, "none")
    if asked == "zlib-stream":
        assert fake_discord.sessions[0].compression == "zlib-stream"


async def test_slash_subcommand_with_options(
    fake_discord: FakeDiscord, bot: ToyBot, ann: FakeMember, bob: FakeMember
) -> None:
    resp = await fake_discord.slash(ann, "game play", cards="QS QC", times=2, loud=True, target=bob, weight=0.5)
    assert resp.type == 4
    assert not resp.ephemeral
    assert resp.content == "Ann played QS QC x2 loud=True at Bob w=0.5"
    record = resp.record
    assert record.latency is not None and not record.late
    assert record.payload["data"]["options"][0]["name"] == "play"
    assert record.name == "game play"


async def test_slash_usage_errors(fake_discord: FakeDiscord, bot: ToyBot, ann: FakeMember) -> None:
    with pytest.raises(CommandUsageError, match="required option 'cards'"):
        await fake_discord.slash(ann, "game play")
    with pytest.raises(CommandUsageError, match="needs an integer"):
        await fake_discord.slash(ann, "game play", cards="QS", times="two")
    with pytest.raises(CommandUsageError, match="no subcommand"):
        await fake_discord.slash(ann, "game fly")
    with pytest.raises(CommandUsageError, match="needs a subcommand"):
        await fake_discord.slash(ann, "game admin")


async def test_autocomplete(fake_discord: FakeDiscord, bot: ToyBot, ann: FakeMember) -> None:
    choices = await fake_discord.autocomplete(ann, "game play", "cards", cards="q")
    assert [c["value"] for c in choices] == ["QS", "QC"]


async def test_ephemeral_reply_is_private(
    fake_discord: FakeDiscord, bot: ToyBot, ann: FakeMember, bob: FakeMember
) -> None:
    resp = await fake_discord.slash(ann, "game hand")
    assert resp.ephemeral and resp.message is not None
    assert resp.message.visible_to == ann.id
    assert "QS" in resp.text
    assert resp.message in fake_discord.visible_to(ann)
    assert resp.message not in fake_discord.visible_to(bob)
    assert not any("QS" in text for text in fake_discord.public_texts())


async def test_defer_and_followups(fake_discord: FakeDiscord, bot: ToyBot, ann: FakeMember) -> None:
    resp = await fake_discord.slash(ann, "game slow")
    assert resp.type == 5 and resp.deferred and not resp.ephemeral
    final = await resp.final()
    assert final.content == "done thinking"
    second = await resp.wait_followup(2)
    assert second.content == "and one more thing" and second.public
    assert final.versions[0]["flags"] & 128  # it was a "thinking..." placeholder first

    private = await fake_discord.slash(ann, "game slow", private=True)
    assert private.ephemeral
    assert (await private.final()).content == "done thinking"
    assert (await private.wait_followup(2)).visible_to == ann.id


async def test_dynamic_item_button_and_edit_message(
    fake_discord: FakeDiscord, bot: ToyBot, ann: FakeMember, bob: FakeMember
) -> None:
    resp = await fake_discord.slash(ann, "game new")
    table_msg = resp.message
    assert table_msg is not None and table_msg.button("Count 0").custom_id == "counter:0"
    click = await fake_discord.click(bob, table_msg, "counter:")
    assert click.type == 7 and click.message is table_msg
    assert table_msg.content == "count is 1"
    assert table_msg.button("counter:").label == "Count 1"
    await fake_discord.click(ann, table_msg, "Count 1")
    assert table_msg.content == "count is 2"
    assert [v["content"] for v in table_msg.versions] == ["count is 0", "count is 1", "count is 2"]
    assert click.record.payload["message"]["id"] == str(table_msg.id)


async def test_select_menu_and_buttons_on_persistent_view(
    fake_discord: FakeDiscord, bot: ToyBot, ann: FakeMember, bob: FakeMember
) -> None:
    resp = await fake_discord.slash(ann, "game table")
    table_msg = resp.message
    assert table_msg is not None
    assert "Top card: 7H" in table_msg.text() and "turn: Ann" in table_msg.text()
    assert table_msg.select().placeholder == "Pick a card"
    picked = await fake_discord.select(bob, table_msg, ["QS", "7h"])
    assert picked.ephemeral and picked.content == "you picked qs,7h"
    assert picked.message is not None and picked.message.visible_to == bob.id
    with pytest.raises(FakeDiscordError, match=r"takes 1\.\.2 values"):
        await fake_discord.select(bob, table_msg, ["qs", "qc", "as"])

    secret = await fake_discord.click(ann, table_msg, "Secret")
    assert secret.ephemeral
    later = await fake_discord.click(ann, table_msg, "Later")
    assert later.type == 6 and later.message is table_msg
    await later.wait_edit(lambda m: m.content == "table updated later")
    with pytest.raises(FakeDiscordError, match="cannot see"):
        await fake_discord.click(bob, secret.message, "x")  # type: ignore[arg-type]
    assert not any("your hand" in t for t in fake_discord.public_texts())
    assert any("Pick a card" in t for t in fake_discord.public_texts())


async def test_channel_messages_sent_edited_fetched(
    fake_discord: FakeDiscord, guild: FakeGuild, bot: ToyBot, ann: FakeMember
) -> None:
    tables = guild.text_channels[1]
    resp = await fake_discord.slash(ann, "game announce", channel=tables)
    fetched = await resp.wait_followup()
    assert fetched.content == "fetched: Round 1 running" and fetched.visible_to == ann.id
    msg = fake_discord.last_message(tables)
    assert msg is not None and msg.public and msg.interaction_id is None
    assert [v["content"] for v in msg.versions] == ["Round 1 starts", "Round 1 started", "Round 1 running"]
    assert msg.embeds[0]["title"] == "Scores"
    assert "Ann 0" in list(fake_discord.public_texts())


async def test_permissions(fake_discord: FakeDiscord, guild: FakeGuild, bot: ToyBot, ann: FakeMember) -> None:
    boss = fake_discord.add_member(guild, "boss", manage_guild=True)
    assert (await fake_discord.slash(ann, "game admin reset")).content == "not allowed"
    assert (await fake_discord.slash(boss, "game admin reset")).content == "reset done"
    owner = fake_discord.owner(guild)
    assert (await fake_discord.slash(owner, "game admin reset")).content == "reset done"


async def test_wait_for_and_no_answer(
    fake_discord: FakeDiscord, guild: FakeGuild, bot: ToyBot, ann: FakeMember
) -> None:
    channel = guild.text_channels[0]
    assert bot.get_channel(channel.id) is not None

    async def post() -> None:
        ch = bot.get_channel(channel.id)
        assert isinstance(ch, discord.TextChannel)
        await ch.send("hello from the bot")

    task = asyncio.create_task(post())
    msg = await fake_discord.wait_for_message(lambda m: m.content.startswith("hello"), channel=channel)
    await task
    assert msg.public
    with pytest.raises(TimeoutError):
        await fake_discord.wait_for(lambda: False, timeout=0.05)


async def test_late_interaction_record() -> None:
    loop = asyncio.get_running_loop()
    fake = FakeDiscord()
    guild = fake.add_guild()
    member = fake.owner(guild)
    rec = InteractionRecord(
        id=1,
        token="t",
        type=2,
        member=member,
        channel=guild.text_channels[0],
        payload={},
        received_at=10.0,
        acked=loop.create_future(),
    )
    assert rec.late
    rec.first_callback_at = 12.5
    assert not rec.late
    rec.first_callback_at = 13.5
    assert rec.late


async def test_restart_keeps_state_and_dynamic_buttons(
    fake_discord: FakeDiscord, guild: FakeGuild, ann: FakeMember
) -> None:
    async with fake_discord.run_bot(ToyBot()):
        resp = await fake_discord.slash(ann, "game new")
        table_msg = resp.message
        assert table_msg is not None
        await fake_discord.click(ann, table_msg, "counter:")
    assert not fake_discord.connected
    async with fake_discord.run_bot(ToyBot()) as second:
        assert isinstance(second, ToyBot) and second.ready_count == 1
        assert fake_discord.identify_count == 2
        await fake_discord.click(ann, table_msg, "counter:")
        assert table_msg.content == "count is 2"
        assert len(fake_discord.all_commands()) == 1


async def test_server_side_disconnect_resumes(fake_discord: FakeDiscord, bot: ToyBot, ann: FakeMember) -> None:
    resumed = asyncio.Event()

    async def on_resumed() -> None:
        resumed.set()

    bot.on_resumed = on_resumed  # type: ignore[attr-defined]
    await fake_discord.disconnect(4000)
    await fake_discord.wait_until_connected()
    await asyncio.wait_for(resumed.wait(), DEADLINE)
    resp = await fake_discord.slash(ann, "game hand")
    assert resp.ephemeral


async def test_invalidated_session_reidentifies(fake_discord: FakeDiscord, bot: ToyBot, ann: FakeMember) -> None:
    async def no_wait(shard_id: int | None, *, initial: bool = False) -> None:
        return None  # discord.py sleeps 5 s before every non-initial IDENTIFY

    bot.before_identify_hook = no_wait  # type: ignore[method-assign]
    fake_discord.invalidate_sessions()
    await fake_discord.disconnect(4000)
    await fake_discord.wait_for(lambda: fake_discord.identify_count == 2 and fake_discord.connected)
    resp = await fake_discord.slash(ann, "game hand")
    assert resp.ephemeral


async def test_expired_token_and_double_ack(fake_discord: FakeDiscord, bot: ToyBot, ann: FakeMember) -> None:
    resp = await fake_discord.slash(ann, "game hand")
    fake_discord.expire_interaction_tokens()
    # The bot's own handle on the interaction is gone; talk to the fake's REST directly.
    import aiohttp

    url = f"{fake_discord.api_base}/webhooks/{fake_discord.application_id}/{resp.record.token}/messages/@original"
    async with aiohttp.ClientSession() as http:
        async with http.patch(url, json={"content": "x"}) as r:
            assert r.status == 401
        cb = f"{fake_discord.api_base}/interactions/{resp.record.id}/{resp.record.token}/callback"
        async with http.post(cb, json={"type": 4, "data": {"content": "again"}}) as r:
            assert r.status == 400 and (await r.json())["code"] == 40060


async def test_unknown_route_is_reported(fake_discord: FakeDiscord, bot: ToyBot) -> None:
    with pytest.raises(discord.NotFound):
        await bot.http.request(discord.http.Route("GET", "/no/such/route"))
    assert fake_discord.unknown_routes == ["GET /api/v10/no/such/route"]
    fake_discord.unknown_routes.clear()  # so the fixture's teardown check passes


async def test_plain_gateway(guild: FakeGuild) -> None:
    fake = FakeDiscord(plain_gateway=True)
    g = fake.add_guild()
    member = fake.add_member(g, "zed")
    await fake.start()
    try:
        with fake.patched_discord():
            async with fake.run_bot(ToyBot()):
                assert fake.sessions[0].compression == "none"
                assert (await fake.slash(member, "game hand")).ephemeral
    finally:
        await fake.stop()


async def test_files_threads_dms_and_reactions(
    fake_discord: FakeDiscord, guild: FakeGuild, bot: ToyBot, ann: FakeMember
) -> None:
    channel = bot.get_channel(guild.text_channels[0].id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("scores", file=discord.File(io.BytesIO(b"a,b\n1,2\n"), "scores.csv"))
    assert sent.attachments[0].filename == "scores.csv" and sent.attachments[0].size == 8
    await sent.add_reaction("✅")
    assert fake_discord.messages[sent.id].reactions == ["✅"]
    thread = await channel.create_thread(name="table-1", type=discord.ChannelType.public_thread)
    in_thread = await thread.send("hello thread")
    assert fake_discord.channels[thread.id].parent_id == channel.id
    assert fake_discord.messages[in_thread.id].public
    user = await bot.fetch_user(ann.id)
    dm = await user.send("psst")
    assert fake_discord.messages[dm.id].visible_to == ann.id
    assert fake_discord.private_messages(ann)[-1].content == "psst"
    with pytest.raises(discord.HTTPException):
        await channel.send("")
    await sent.delete()
    assert fake_discord.messages[sent.id].deleted
    with pytest.raises(discord.NotFound):
        await channel.fetch_message(sent.id)


async def test_bad_token_is_refused(fake_discord: FakeDiscord, guild: FakeGuild) -> None:
    client = discord.Client(intents=discord.Intents.default())
    with pytest.raises(discord.LoginFailure):
        await client.login("wrong-token")
    await client.close()


async def test_enforced_deadline(fake_discord: FakeDiscord, bot: ToyBot, ann: FakeMember) -> None:
    fake_discord.deadline = 0.0  # every callback is "late": Discord answers 404 Unknown interaction
    with pytest.raises(FakeDiscordError, match="did not answer"):
        await fake_discord.slash(ann, "game hand", timeout=0.3)
    record = fake_discord.interaction_log[-1]
    assert record.callback_type is None and record.late
    assert fake_discord.late_interactions() == [record]


async def test_ephemeral_view_and_stored_token(
    fake_discord: FakeDiscord, bot: ToyBot, ann: FakeMember, bob: FakeMember
) -> None:
    resp = await fake_discord.slash(ann, "game myhand")
    hand_msg = resp.message
    assert hand_msg is not None and hand_msg.visible_to == ann.id
    click = await fake_discord.click(ann, hand_msg, "Refresh")
    assert click.type == 7 and hand_msg.content == "hand v1" and click.ephemeral
    await fake_discord.slash(bob, "game poke", member=ann)
    assert hand_msg.content == "hand after a move"
    assert [v["content"] for v in hand_msg.versions] == ["hand v0", "hand v1", "hand after a move"]
    assert not fake_discord.public_leaks("hand v", "hand after")
    fake_discord.expire_interaction_tokens()
    poke = await fake_discord.slash(bob, "game poke", member=ann)  # the stored token is dead now
    assert poke.content == "token dead: 401"


async def test_modal_submit(fake_discord: FakeDiscord, bot: ToyBot, ann: FakeMember, bob: FakeMember) -> None:
    opened = await fake_discord.slash(ann, "game bid")
    assert opened.type == 9 and opened.modal is not None and opened.modal["title"] == "Place a bid"
    with pytest.raises(FakeDiscordError, match="required"):
        await fake_discord.submit_modal(ann, opened, {"note": "x"})
    with pytest.raises(FakeDiscordError, match="only the member"):
        await fake_discord.submit_modal(bob, opened, {"amount": "5"})
    done = await fake_discord.submit_modal(ann, opened, {"amount": "5", "note": "cheap"})
    assert done.ephemeral and done.content == "bid 5 (cheap)"


async def test_patching_restores_addresses(fake_discord: FakeDiscord) -> None:
    assert fake_discord.api_base == discord.http.Route.BASE
    assert str(discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY) == fake_discord.gateway_url
    other = FakeDiscord()
    with other.patched_discord():
        assert other.api_base == discord.http.Route.BASE
    assert fake_discord.api_base == discord.http.Route.BASE
    assert fake_discord.base_url.startswith("http://127.0.0.1:") and fake_discord.port > 0
