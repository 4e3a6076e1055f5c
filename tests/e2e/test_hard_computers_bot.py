"""A solo table with hard computers plays to the end through the fake Discord: the
computers think in the process pool (a tiny budget here), the table shows their
level, and the standings keep it."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

from tests.e2e.botkit import FAST, MOVES, LeakWatch, make_bot, players_move, table_of, turn_or_over
from tests.e2e.fake_discord import FakeDiscord

HARD_FAST = replace(FAST, think_ms=20.0, workers=2, max_playouts=200)


async def test_a_solo_kadi_round_against_hard_computers_runs_to_the_end(
    fake_discord: FakeDiscord, tmp_path: Path,
) -> None:
    fake = fake_discord
    guild = fake.add_guild("Solo")
    alice = fake.add_member(guild, "alice", display_name="Alice")
    database = tmp_path / "kadi.sqlite3"
    bot = make_bot(fake, database, HARD_FAST)
    watch = LeakWatch(fake)
    async with fake.run_bot(bot):
        opened = await fake.slash(alice, "kadi solo", opponents=2, level="hard")
        assert opened.message is not None
        table = await table_of(bot, opened.message)
        assert table.status == "playing" and [s.level for s in table.seats[1:]] == ["hard", "hard"]
        await fake.wait_for(lambda: "Computer 1** (hard)" in opened.message.text(),
                            channel=opened.message.channel_id)
        for _ in range(MOVES):
            if not await turn_or_over(table, 0):  # the hard computers play until she may act
                break
            game = table.game
            assert game is not None
            legal = game.legal_moves(0)
            move = players_move(legal)
            if move.kind == "play":
                result = await fake.slash(alice, "kadi play", cards=move.text()[len("play "):])
            else:
                result = await fake.slash(alice, "kadi niko" if move.kind == "call" else "kadi draw")
            assert result.ephemeral
            await result.final()
            await watch.check(bot)
        assert table.status == "over"
        assert bot.runtime.scheduler.pool.submitted > 0  # they did think in the pool
        await fake.wait_for(lambda: "won" in opened.message.text(), channel=opened.message.channel_id)
        await watch.check(bot)
        table_id = table.id
    assert not fake.late_interactions()
    with sqlite3.connect(database) as conn:
        levels = conn.execute("SELECT seat, computer_level FROM results WHERE table_id = ? ORDER BY seat",
                              (table_id,)).fetchall()
    assert levels == [(0, None), (1, "hard"), (2, "hard")]


async def test_the_lobby_menu_adds_a_computer_at_the_level_chosen(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """The lobby's "Add a computer…" menu seats a computer at the chosen level (the table
    shows it, the seat keeps it); a stranger, a garbage level and a full table are refused
    privately and change nothing."""
    fake = fake_discord
    guild = fake.add_guild("Lobby")
    alice = fake.add_member(guild, "alice", display_name="Alice")
    stranger = fake.add_member(guild, "sam", display_name="Sam")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3", HARD_FAST)
    async with fake.run_bot(bot):
        opened = await fake.slash(alice, "kadi new", options={"turn_timer": 0})
        lobby = opened.message
        assert lobby is not None
        menu = lobby.select("Add a computer…")
        assert menu.option_values == ["normal", "easy", "hard"]  # the table's own level first

        await fake.select(alice, lobby, "Hard computer", menu)
        table = await table_of(bot, lobby)
        await fake.wait_for(lambda: "Computer 1** (hard)" in lobby.text() or "Computer 1 (hard)" in lobby.text(),
                            channel=lobby.channel_id)
        assert [(s.name, s.level) for s in table.seats[1:]] == [("Computer 1", "hard")]

        refused = await fake.select(stranger, lobby, "easy", lobby.select("Add a computer…"))
        assert refused.ephemeral and "Only players at the table" in refused.text
        garbage = await fake._send_interaction(  # what a tampered client could send
            3, alice, fake.channels[lobby.channel_id],
            {"custom_id": menu.custom_id, "component_type": 3, "values": ["grandmaster"]}, message=lobby)
        assert garbage.ephemeral and "level" in garbage.text
        assert len(table.seats) == 2

        while len(table.seats) < table.max_seats:
            seated = len(table.seats)
            await fake.select(alice, lobby, "easy", lobby.select("Add a computer…"))
            await fake.wait_for(lambda: len(table.seats) == seated + 1)  # noqa: B023 (awaited here)
        assert [s.level for s in table.seats[1:]] == ["hard"] + ["easy"] * (table.max_seats - 2)
        await fake.wait_for(lambda: not lobby.selects(), channel=lobby.channel_id)  # full: the menu goes
        await fake.click(alice, lobby, "Start")
        await fake.wait_for(lambda: table.status == "playing")
        assert [s.level for s in table.seats[1:3]] == ["hard", "easy"]
