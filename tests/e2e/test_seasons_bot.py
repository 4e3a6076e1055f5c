"""Seasons through the fake Discord (issue 32): a member without Manage Server is refused
privately in one sentence and nothing changes; a new season's leaderboard starts afresh
while the old season and all time stay viewable; a season that is not there is one private
sentence; anyone lists the seasons privately. On both databases (the ``database`` fixture)."""

from __future__ import annotations

import re

from bot.storage.rating import MIN_RATED_ROUNDS
from bot.ui.text import seasons
from sandbox.fake_discord import FakeDiscord
from tests.e2e.botkit import make_bot
from tests.e2e.test_standings_bot import record, shows_line
from tests.storages import Database


async def test_a_new_season_starts_the_leaderboard_afresh_and_keeps_the_old_one(
        fake_discord: FakeDiscord, database: Database) -> None:
    fake = fake_discord
    guild = fake.add_guild("Nairobi")
    alice = fake.add_member(guild, "alice", display_name="Alice")
    bob = fake.add_member(guild, "bob", display_name="Bob")
    boss = fake.add_member(guild, "boss", display_name="Boss", manage_guild=True)
    bot = make_bot(fake, database)
    async with fake.run_bot(bot):
        for n in range(MIN_RATED_ROUNDS):
            await record(bot, f"a{n:07d}", guild.id, "kadi", [alice, bob], [1, 2])

        refused = await fake.slash(bob, "standings season new", game="kadi")
        assert refused.ephemeral and refused.text == seasons.NOT_MANAGER
        refused = await fake.slash(bob, "standings season monthly", game="kadi", monthly="on")
        assert refused.ephemeral and refused.text == seasons.NOT_MANAGER
        assert (await bot.storage.seasons(guild.id, "kadi")).current == 1  # nothing changed

        started = await fake.slash(boss, "standings season new", game="kadi")
        assert started.ephemeral and started.text == seasons.season_started("Kadi", 2), started.text
        empty = await fake.slash(alice, "leaderboard", game="kadi")
        assert "season 2 (current)" in empty.text and "Nobody has played" in empty.text, empty.text

        # Season 2: Bob wins every round, and leads, his rating begun afresh.
        for n in range(MIN_RATED_ROUNDS):
            await record(bot, f"b{n:07d}", guild.id, "kadi", [alice, bob], [2, 1])
        now = (await fake.slash(alice, "leaderboard", game="kadi")).text.split("\n")
        assert shows_line(now[1], bob) and now[1].startswith("**1.**"), now
        assert f"{MIN_RATED_ROUNDS} wins in {MIN_RATED_ROUNDS} rounds" in now[1], now
        old = (await fake.slash(alice, "leaderboard", game="kadi", season="1")).text.split("\n")
        assert "season 1" in old[0] and "(current)" not in old[0], old
        assert shows_line(old[1], alice) and f"{MIN_RATED_ROUNDS} wins in {MIN_RATED_ROUNDS} rounds" in old[1], old
        ever = (await fake.slash(alice, "leaderboard", game="kadi", season="all")).text.split("\n")
        assert "all time" in ever[0] and f"in {2 * MIN_RATED_ROUNDS} rounds" in ever[1], ever

        missing = await fake.slash(alice, "leaderboard", game="kadi", season="7")
        assert missing.ephemeral and missing.text == seasons.unknown_season("7", "Kadi", 2), missing.text

        monthly = await fake.slash(boss, "standings season monthly", game="kadi", monthly="on")
        assert monthly.ephemeral and monthly.text == seasons.monthly_set("Kadi", True)
        assert (await bot.storage.seasons(guild.id, "kadi")).monthly

        # Anyone may list the seasons, privately, newest first, each with when it began.
        listed = await fake.slash(bob, "standings season list", game="kadi")
        assert listed.ephemeral, listed
        lines = listed.text.split("\n")
        assert lines[0] == "**Seasons of Kadi**", lines
        assert re.fullmatch(r"Season 2 \(current\): since <t:\d+:D>", lines[1]), lines
        assert re.fullmatch(r"Season 1: from <t:\d+:D> to <t:\d+:D>", lines[2]), lines
        assert lines[3].startswith("A new season begins with the first round of each month"), lines
        assert len(lines) == 4, lines
        fresh = await fake.slash(bob, "standings season list", game="donkey")
        assert fresh.text.split("\n")[1:] == ["Season 1 (current): every round so far",
                                               "A new season begins only when a member with Manage Server starts one."]
    assert not fake.late_interactions(), "every interaction must be answered within 3 seconds"
