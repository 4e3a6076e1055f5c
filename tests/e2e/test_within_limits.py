"""Issue 28: the bot within Discord's real limits, against the fake that enforces them
(50 bound requests a second, 5 messages per 5 s in a channel, 3 edits per 6 s of an
hour-old message, 429s as Discord sends them). A 429 or an invalid request is a defect."""

from __future__ import annotations

import asyncio
from pathlib import Path

import aiohttp

from bot.client import KadiBot
from bot.config import Settings
from bot.tables.runtime import Timing
from sandbox.fake_discord import FakeDiscord
from sandbox.fake_discord.members import table_actions
from sandbox.fake_discord.model import FakeMessage
from tests.e2e.botkit import FAST, started_kadi_table
from tests.waiting import eventually, settled

BUDGET = 40  # DISCORD_REST_RATE's default


def bot_on(fake: FakeDiscord, tmp_path: Path, timing: Timing = FAST, **kwargs: object) -> KadiBot:
    settings = Settings(token=fake.token, database_path=tmp_path / "kadi.sqlite3", computer_call_wait=0.0)
    return KadiBot(settings, timing=timing, coalesce=0.01, watch_load=False, **kwargs)  # type: ignore[arg-type]


def table_messages(fake: FakeDiscord, message: FakeMessage, table_id: str) -> list[FakeMessage]:
    """The bot's public messages in the table's channel carrying this table's buttons."""
    return [m for m in fake.channel_messages.get(message.channel_id, [])
            if m.public and not m.deleted and table_actions(m, table_id)]


async def test_a_table_message_is_posted_afresh_before_it_is_an_hour_old(
        limited_discord: FakeDiscord, tmp_path: Path) -> None:
    """A two-hour game on the fake's clock: each hour the table is posted anew, so no edit
    ever meets Discord's limit on hour-old messages (30046); the old message's buttons
    still answer."""
    fake = limited_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    bot = bot_on(fake, tmp_path, clock=fake.clock.wall)  # the bot's wall clock moves with the fake's
    async with fake.run_bot(bot):
        first, table = await started_kadi_table(fake, bot, alice, bob)
        for hour in (1, 2):
            fake.clock.advance(3700)  # the message is over an hour old for Discord and the bot
            for _ in range(6):  # more edits than an hour-old message may have in 6 s
                assert table.game is not None and table.game.turn is not None
                seat = table.game.turn
                user = table.seats[seat].user_id
                assert user is not None
                await bot.runtime.act(table.id, user, "draw" if table.game.legal_moves(seat) else "pass")
                await settled(bot.presenter)
            shown = table_messages(fake, first, table.id)
            assert len(shown) == 1 + hour, "one fresh message each hour"
            assert table.message_id == shown[-1].id
            await eventually(lambda: bot.presenter.tables.shown_version(table.id) == table.version)
        assert not [r for r in fake.counters.refusals if r.code == 30046]
        assert fake.counters.too_many() == 0 and fake.counters.invalid_requests == 0
        old_hand = await fake.click(bob, first, "My hand")  # the first message's buttons still answer
        assert old_hand.ephemeral


async def test_five_hundred_tables_starting_at_once_stay_within_the_budget(
        limited_discord: FakeDiscord, tmp_path: Path) -> None:
    """500 solo tables opened in one burst: every table message is a bound edit once the
    computers move, and the bot spends at most its budget a second on them: no 429 of any
    scope, no invalid request, every member answered."""
    fake = limited_discord
    guild = fake.add_guild()
    members = [fake.add_member(guild, f"p{i}") for i in range(500)]
    channels = [fake.add_channel(guild, f"t{i}") for i in range(500)]
    bot = bot_on(fake, tmp_path, Timing(computer_delay=(0.2, 0.6), call_wait=0.0))
    async with fake.run_bot(bot):
        opened = await asyncio.gather(*(
            fake.slash(member, "kadi solo", channel=channel, options={"images": False, "opponents": 2},
                       timeout=120)
            for member, channel in zip(members, channels, strict=True)))
        assert all(not o.ephemeral for o in opened)
        await eventually(lambda: len(bot.runtime.tables) == 500, "every table open")
        await settled(bot.presenter, timeout=180)
        behind = [t.id for t in bot.runtime.tables.values()
                  if bot.presenter.tables.shown_version(t.id) not in (None, t.version)]
        assert behind == [], "every table message caught up with its table"
    counters = fake.counters
    assert counters.too_many() == 0, counters.summary()
    assert counters.invalid_requests == 0
    assert counters.max_bound_in(1.0) <= BUDGET, counters.summary()
    assert counters.bound_requests > 3 * BUDGET  # the edits went out over seconds: spent, not skipped
    # (In time, too, on a quiet machine; the 3 s deadline is measured by bench/bot.py, not
    # asserted here: 500 commands at once on a shared test machine say more about the machine.)


async def test_a_429_from_another_process_is_waited_out_and_the_table_catches_up(
        limited_discord: FakeDiscord, tmp_path: Path) -> None:
    """Another process on the same token spends the global limit: the bot's table edit
    meets a 429, waits as Discord says, counts it, and the message catches up; no move
    is lost and every interaction is answered."""
    fake = limited_discord
    guild = fake.add_guild()
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    bot = bot_on(fake, tmp_path)
    async with fake.run_bot(bot):
        message, table = await started_kadi_table(fake, bot, alice, bob)
        await settled(bot.presenter)
        fake.clock.freeze()  # "one second" for as long as the other process takes
        try:
            async with aiohttp.ClientSession(headers={"Authorization": f"Bot {fake.token}"}) as other:
                url = f"{fake.api_base}/channels/{message.channel_id}"
                for _ in range(60):  # what is left of the second's limit, spent by the other process
                    async with other.get(url) as answer:
                        if answer.status == 429:
                            break
                else:
                    raise AssertionError("the fake's global limit never refused the other process")
                refused_before = fake.counters.too_many("global")
                assert table.game is not None and table.game.turn is not None
                seat = table.game.turn
                user = table.seats[seat].user_id
                assert user is not None
                await bot.runtime.act(table.id, user, "draw")
                await eventually(lambda: fake.counters.too_many("global") > refused_before, "the bot's edit refused")
        finally:
            fake.clock.thaw()
        await eventually(lambda: bot.presenter.tables.shown_version(table.id) == table.version,
                         "the table message caught up")
        assert bot.rest_budget.rate_limited["global"] >= 1
        await settled(bot.presenter)
