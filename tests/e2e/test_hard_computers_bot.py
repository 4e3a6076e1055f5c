"""A solo table with hard computers plays to the end through the fake Discord: the
computers think in the process pool (a tiny budget here), the table shows their
level, and the standings keep it."""

from __future__ import annotations

import concurrent.futures
import errno
import logging
import os
import signal
import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from bot.client import KadiBot
from bot.tables.table import Table
from sandbox.fake_discord import FakeDiscord, FakeMember
from tests.e2e.botkit import FAST, MOVES, LeakWatch, make_bot, players_move, table_of, turn_or_over
from tests.waiting import eventually

HARD_FAST = replace(FAST, think_ms=20.0, workers=2, max_playouts=200)
ONE_WORKER = replace(HARD_FAST, workers=1)


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
        garbage = await fake.send_interaction(  # what a tampered client could send
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


async def solo_hard_table(fake: FakeDiscord, bot: KadiBot, member: FakeMember, after: Table | None = None) -> Table:
    """A solo Kadi table against two hard computers; ``after`` a finished one in the same
    channel, once the runtime has let that channel go (just after the table is over)."""
    if after is not None:
        await eventually(lambda: bot.runtime.table_in(after.channel_id) is None, "the channel free again")
    opened = await fake.slash(member, "kadi solo", opponents=2, level="hard")
    assert opened.message is not None
    return await table_of(bot, opened.message)


async def play_round(fake: FakeDiscord, member: FakeMember, table: Table) -> None:
    """``member`` plays seat 0 until the round is over (the hard computers move in
    between: a table whose computer stopped would fail the wait in ``turn_or_over``)."""
    for _ in range(MOVES):
        if not await turn_or_over(table, 0):
            return
        await play_one(fake, member, table)


async def play_one(fake: FakeDiscord, member: FakeMember, table: Table) -> None:
    """``member``'s move at seat 0, as a slash command (it is their turn)."""
    game = table.game
    assert game is not None
    move = players_move(game.legal_moves(0))
    if move.kind == "play":
        result = await fake.slash(member, "kadi play", cards=move.text()[len("play "):])
    else:
        result = await fake.slash(member, "kadi niko" if move.kind == "call" else "kadi draw")
    await result.final()


def pool_warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "bot.ai.pool" and r.levelno >= logging.WARNING]


def died(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if "background task died" in r.getMessage()]


async def test_a_hard_table_keeps_moving_when_a_worker_cannot_start(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
) -> None:
    """The container's process limit refuses the first forks (EAGAIN): the hard computers
    play normal moves meanwhile, the round goes to its end, and once a fork succeeds they
    think in the pool again; the log says it once."""
    caplog.set_level(logging.INFO)
    real_spawn = concurrent.futures.ProcessPoolExecutor._spawn_process  # type: ignore[attr-defined]
    forks: list[int] = []

    def spawn(executor: concurrent.futures.ProcessPoolExecutor) -> None:
        forks.append(1)
        if len(forks) <= 2:
            raise BlockingIOError(errno.EAGAIN, os.strerror(errno.EAGAIN))
        real_spawn(executor)

    monkeypatch.setattr(concurrent.futures.ProcessPoolExecutor, "_spawn_process", spawn)
    fake = fake_discord
    alice = fake.add_member(fake.add_guild("Limits"), "alice", display_name="Alice")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3", ONE_WORKER)
    async with fake.run_bot(bot):
        bot.runtime.scheduler.pool.retry_after = 0.1  # the bot's START_RETRY_SECONDS is 5
        pool = bot.runtime.scheduler.pool
        table = None
        for _ in range(5):  # round after round (a short one may end within the back-off)
            table = await solo_hard_table(fake, bot, alice, after=table)
            await play_round(fake, alice, table)  # moves on, whatever the pool does
            assert table.status == "over"
            if pool.submitted > 0:
                break
        assert len(forks) > 2 and pool.submitted > 0  # refused twice, then it thought again
    assert not died(caplog)
    warnings = pool_warnings(caplog)
    assert len(warnings) == 1 and "could not start" in warnings[0], warnings


async def test_a_hard_table_keeps_moving_when_its_worker_hangs(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture,
) -> None:
    """The one worker is stopped (SIGSTOP) mid-game: that decision is a normal move at its
    deadline, the pool kills and replaces the worker, and later hard decisions are thought
    in the pool again, with nothing left counted busy; the log says why."""
    caplog.set_level(logging.INFO)
    fake = fake_discord
    alice = fake.add_member(fake.add_guild("Hangs"), "alice", display_name="Alice")
    bot = make_bot(fake, tmp_path / "kadi.sqlite3", ONE_WORKER)
    async with fake.run_bot(bot):
        pool = bot.runtime.scheduler.pool
        pool.hung_margin = 2.0  # the bot's HUNG_MARGIN_SECONDS is 5
        table = await solo_hard_table(fake, bot, alice)

        def worker() -> int | None:
            processes = pool.worker_pids
            return processes[0] if processes and pool.busy == 0 else None

        # Play until the worker has thought once and is idle (a round may end first: deal another).
        while (stopped := worker()) is None:
            if await turn_or_over(table, 0):
                await play_one(fake, alice, table)
            else:
                table = await solo_hard_table(fake, bot, alice, after=table)
        os.kill(stopped, signal.SIGSTOP)
        submitted = pool.submitted
        for _ in range(5):  # play on, round after round, until a fresh worker has thought
            await play_round(fake, alice, table)
            assert table.status == "over"
            if pool.submitted > submitted + 1 and pool.busy == 0:
                break
            table = await solo_hard_table(fake, bot, alice, after=table)
        assert pool.submitted > submitted + 1  # the stopped worker's decision, then a fresh one's
        assert stopped not in pool.worker_pids
    assert not died(caplog)
    # The stopped worker's hang is said. Workers think at SCHED_IDLE, so on a machine whose
    # cores are all taken (the suite beside CPU burners) a sound one may be starved past
    # the margin too and is then rightly taken for hung: every warning is a hang, none else.
    warnings = pool_warnings(caplog)
    assert warnings and all("did not answer" in warning for warning in warnings), warnings
