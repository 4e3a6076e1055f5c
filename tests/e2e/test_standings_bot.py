"""/leaderboard and /stats through the fake Discord: each guild sees only its own members,
ratings from stored figures, and /stats carries its rating chart as an attachment.

Rounds are recorded through the running bot's storage (the same call the table runtime
makes when a round ends; the game e2e tests play rounds to the standings themselves).
"""

from __future__ import annotations

import json

from bot.client import KadiBot
from bot.storage.base import ResultRow, TableRow
from bot.storage.rating import MIN_RATED_ROUNDS
from cogs.standings import CHART
from sandbox.fake_discord import FakeDiscord, FakeMember, InteractionResult
from tests.e2e.botkit import make_bot
from tests.storages import Database


async def record(bot: KadiBot, table_id: str, guild_id: int, game: str, members: list[FakeMember | None],
                 ranks: list[int], *, loser: int | None = None) -> None:
    """One finished round of a table, saved as the runtime saves it (None: a computer seat)."""
    humans = len([m for m in members if m is not None])
    rows = [ResultRow(1, seat, m.id if m else None, rank, 4 * (rank - 1), rank == 1, seat == loser,
                      humans, len(members) - humans)
            for seat, (m, rank) in enumerate(zip(members, ranks, strict=True))]
    table = TableRow(table_id, guild_id, 10, game, "over", json.dumps({"state": {}}))
    await bot.storage.save_table(table, results=rows)


def shows(result: InteractionResult, member: FakeMember) -> bool:
    """The member's name or mention (Discord shows a mention as the name) is in the answer."""
    return f"<@{member.id}>" in result.text or member.display_name in result.text


def chart_of(result: InteractionResult) -> dict[str, object]:
    message = result.message
    assert message is not None
    attachments = message.data.get("attachments") or []
    assert [a["filename"] for a in attachments] == [CHART], message.data
    # As Discord does, the fake resolves the embed's attachment://rating.png to the file's url.
    assert message.embeds[0]["image"]["url"] == attachments[0]["url"]
    chart: dict[str, object] = attachments[0]
    return chart


async def test_each_guild_sees_only_its_own_standings_with_the_chart(fake_discord: FakeDiscord,
                                                                    database: Database) -> None:
    """On both databases (the ``database`` fixture)."""
    fake = fake_discord
    nairobi, mombasa = fake.add_guild("Nairobi"), fake.add_guild("Mombasa")
    alice = fake.add_member(nairobi, "alice", display_name="Alice")
    bob = fake.add_member(nairobi, "bob", display_name="Bob")
    carol = fake.add_member(nairobi, "carol", display_name="Carol")
    dan = fake.add_member(mombasa, "dan", display_name="Dan")
    eve = fake.add_member(mombasa, "eve", display_name="Eve")
    # Sam is a member of both servers and plays in both.
    sam = fake.add_member(nairobi, "sam", display_name="Sam")
    sam_in_mombasa = FakeMember(sam.user, mombasa)
    mombasa.members[sam.id] = sam_in_mombasa
    bot = make_bot(fake, database)
    async with fake.run_bot(bot):
        for n in range(MIN_RATED_ROUNDS):
            await record(bot, f"n{n:07d}", nairobi.id, "kadi", [alice, bob, carol, sam], [1, 2, 2, 4])
            await record(bot, f"m{n:07d}", mombasa.id, "kadi", [dan, eve, sam_in_mombasa], [2, 1, 3])
            await record(bot, f"d{n:07d}", mombasa.id, "donkey", [dan, sam_in_mombasa, None], [1, 3, 2], loser=1)
        # Alice also played a round with only computers: counted in her figures, not rated.
        await record(bot, "n0000099", nairobi.id, "kadi", [alice, None, None], [1, 2, 3])

        board = await fake.slash(alice, "leaderboard", game="kadi")
        assert not board.ephemeral
        lines = board.text.split("\n")
        assert lines[1].startswith("**1.**") and shows_line(lines[1], alice), board.text
        tied = [line for line in lines if shows_line(line, bob) or shows_line(line, carol)]
        assert len(tied) == 2 and all(line.startswith("**2.**") for line in tied), board.text  # a tie shares a rank
        assert f"{MIN_RATED_ROUNDS} wins in {MIN_RATED_ROUNDS} rounds" in lines[1], board.text  # solo round left out
        assert all(shows(board, m) for m in (alice, bob, carol, sam))
        assert not any(shows(board, m) for m in (dan, eve))

        other = await fake.slash(eve, "leaderboard", game="kadi")
        assert shows_line(other.text.split("\n")[1], eve), other.text
        assert all(shows(other, m) for m in (dan, eve, sam_in_mombasa))
        assert not any(shows(other, m) for m in (alice, bob, carol))
        donkey = await fake.slash(dan, "leaderboard", game="donkey")
        sam_line = next(line for line in donkey.text.split("\n") if shows_line(line, sam))
        assert f"Donkey {MIN_RATED_ROUNDS}×" in sam_line, donkey.text
        nothing = await fake.slash(alice, "leaderboard", game="donkey")
        assert "Nobody has played" in nothing.text and not shows(nothing, sam)

        stats = await fake.slash(alice, "stats", member=bob)
        assert "Kadi" in stats.text and "Rating" in stats.text and "±" in stats.text, stats.text
        assert f"0 wins in {MIN_RATED_ROUNDS} rounds" in stats.text and f"2nd ×{MIN_RATED_ROUNDS}" in stats.text
        assert int(str(chart_of(stats)["size"])) > 500  # a drawn PNG, not an empty file

        alice_stats = await fake.slash(alice, "stats")
        assert f"{MIN_RATED_ROUNDS + 1} wins in {MIN_RATED_ROUNDS + 1} rounds" in alice_stats.text
        assert f"{MIN_RATED_ROUNDS} rated rounds" in alice_stats.text, alice_stats.text

        # The member of both servers: each server's /stats shows that server's games only.
        here = await fake.slash(alice, "stats", member=sam)
        there = await fake.slash(sam_in_mombasa, "stats")
        assert "Kadi" in here.text and "Donkey" not in here.text, here.text
        assert "Kadi" in there.text and "Donkey" in there.text and "Donkey 3×" in there.text, there.text
        assert "4th ×" in here.text and "4th ×" not in there.text
        chart_of(here)
        chart_of(there)

        newcomer = fake.add_member(nairobi, "newcomer", display_name="Newcomer")
        empty = await fake.slash(alice, "stats", member=newcomer)
        assert "No rounds played" in empty.text
        assert empty.message is not None and not empty.message.data.get("attachments")
    assert not fake.late_interactions(), "every interaction must be answered within 3 seconds"


def shows_line(line: str, member: FakeMember) -> bool:
    return f"<@{member.id}>" in line or member.display_name in line
