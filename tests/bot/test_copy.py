"""``python -m bot.storage.copy``, end to end: a SQLite database made by the old code, with
more rounds, tables still going and their moves, moved into a real PostgreSQL database
by the command itself; run twice, nothing doubled; the standings come out as SQLite's;
members' settings come too, and what PostgreSQL cannot take is skipped and said by id."""

from __future__ import annotations

import os
import shutil
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

from bot.storage.base import PresetScope, Storage
from bot.storage.postgres import PostgresStorage
from bot.storage.sqlite import SQLiteStorage
from sandbox.postgres_server import PostgresServer
from tests.bot.test_storage import GUILD, HISTORY, LEGACY, OTHER_GUILD, row, stored
from tests.storages import fetch

ROOT = Path(__file__).resolve().parents[2]


def run_copy(source: Path, url: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot.storage.copy", "--from", str(source), "--to", url],
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
                          timeout=120)


async def everything(storage: Storage) -> tuple[object, ...]:
    """What the bot reads back, and the stored figures."""
    tables = await storage.active_tables()
    return (tables, [await storage.moves(t.id) for t in tables], await storage.finished_to_redraw(),
            await storage.set_aside_tables(), [await storage.results_for(t) for t in ("a", "b", "f0000001")],
            await storage.leaderboard(GUILD, "kadi"), await storage.leaderboard(GUILD, "kadi", humans_only=False),
            await storage.leaderboard(OTHER_GUILD, "donkey", humans_only=False),
            await storage.member_stats(GUILD, 11), await stored(storage),
            # Seasons (issue 32): when each began, and each one's own board, rated afresh.
            await storage.seasons(GUILD, "kadi"),
            *[await storage.leaderboard(GUILD, "kadi", humans_only=False, season=n) for n in (1, 2)],
            await fetch(storage, "SELECT * FROM season_standings ORDER BY guild_id, game, season, scope, user_id"),
            # A server's own house rules (issue 32, item 4).
            await storage.presets_here(GUILD, "kadi", 10), await storage.presets_here(GUILD, "karata", 12))


async def test_the_copy_command_moves_tables_and_standings_once(
    tmp_path: Path, postgres_server: PostgresServer,
) -> None:
    source = tmp_path / "kadi.sqlite3"
    shutil.copy(LEGACY, source)
    sqlite = await SQLiteStorage.open(source)
    for n, (table_id, guild, game, rows) in enumerate(HISTORY):
        if n == len(HISTORY) // 2:
            await sqlite.new_season(GUILD, "kadi")  # the later rounds count in season 2
        await sqlite.save_table(row(table_id, guild, game=game), results=rows)
    await sqlite.save_preset(GUILD, "kadi", PresetScope.SERVER, 10, {"deal": 5, "no_jokers": True}, 99, 1.5)
    await sqlite.save_preset(GUILD, "kadi", PresetScope.CHANNEL, 10, {"deal": 3}, 99, 2.5)
    await sqlite.save_preset(GUILD, "karata", PresetScope.CHANNEL, 12, {"preset": "kadi-moja"}, 98, 3.5)
    expected = await everything(sqlite)
    assert expected[-6].current == 2 and expected[-3], expected[-6]
    assert len(expected[-2]) == 2 and len(expected[-1]) == 1
    await sqlite.close()
    url = postgres_server.new_database()
    try:
        first = run_copy(source, url)
        assert first.returncode == 0, first.stderr
        assert "tables: 13 copied, 0 already there (11 moves copied)" in first.stdout, first.stdout
        assert "rounds: 13 copied" in first.stdout and ", 0 already there" in first.stdout, first.stdout
        again = run_copy(source, url)  # run twice: nothing doubled, nothing rated again
        assert again.returncode == 0, again.stderr
        assert "tables: 0 copied, 13 already there (0 moves copied)" in again.stdout, again.stdout
        assert "rounds: 0 copied (0 result rows, rated as they went in), 13 already there" in again.stdout

        postgres = await PostgresStorage.open(url)
        try:
            assert await everything(postgres) == expected
            standings, ratings = await stored(postgres)
            assert len(ratings) == 13 and len(standings) > len(ratings)
        finally:
            await postgres.close()
    finally:
        postgres_server.drop_database(url)


def test_the_copy_command_refuses_bad_arguments_in_one_sentence(tmp_path: Path) -> None:
    missing = run_copy(tmp_path / "nothing.sqlite3", "postgresql://kadi@127.0.0.1:1/kadi")
    assert missing.returncode == 2 and "There is no SQLite database at" in missing.stderr
    shutil.copy(LEGACY, tmp_path / "kadi.sqlite3")
    wrong = run_copy(tmp_path / "kadi.sqlite3", "mysql://kadi:hunter2@db/kadi")
    assert wrong.returncode == 2 and "--to must be a PostgreSQL address" in wrong.stderr
    assert "hunter2" not in wrong.stderr and "Traceback" not in wrong.stderr


async def test_the_copy_keeps_members_settings_and_skips_only_what_postgresql_cannot_take(
    tmp_path: Path, postgres_server: PostgresServer,
) -> None:
    """A member who turned hand pictures off keeps them off (and one who chose four colours,
    those); a move whose table row was
    deleted by hand, and a table PostgreSQL refuses, are each said on a line of their own,
    by id and why, and everything else is copied; running it again is safe."""
    source = tmp_path / "kadi.sqlite3"
    shutil.copy(LEGACY, source)
    sqlite = await SQLiteStorage.open(source)
    for n in range(4):
        await sqlite.save_table(row(f"t{n:07d}"), moves=[(1, 0, "draw"), (2, 1, "pass")])
    await sqlite.set_hand_images(11, False)
    await sqlite.set_hand_images(12, True)
    await sqlite.set_four_colour_deck(12, True)
    await sqlite.set_language(12, "sw")
    await sqlite.set_guild_language(GUILD, "sw")
    await sqlite.close()
    with sqlite3.connect(source) as raw:  # what an operator's sqlite3 shell can do: no foreign keys there
        raw.execute("DELETE FROM tables WHERE id = 't0000001'")
        raw.execute("UPDATE tables SET record = ? WHERE id = 't0000002'", ('{"state": "\x00"}',))
    url = postgres_server.new_database()
    try:
        first = run_copy(source, url)
        assert first.returncode == 0, first.stderr
        lines = first.stdout.splitlines()
        # The old file's 8 tables (11 moves) and 2 of the 4 saved here (4 moves).
        assert "tables: 10 copied, 0 already there (15 moves copied)" in lines, first.stdout
        assert "member settings: 2 copied, 0 already there" in lines, first.stdout
        skipped = [line for line in lines if line.startswith("skipped")]
        assert len(skipped) == 2, first.stdout
        assert skipped[0].startswith("skipped the 2 moves of table t0000001: its table row is not in"), skipped
        assert skipped[1].startswith("skipped table t0000002 and its 2 moves: PostgreSQL refused it"), skipped
        assert "2 skipped (above); everything else was copied" in lines
        again = run_copy(source, url)
        assert again.returncode == 0, again.stderr
        assert "tables: 0 copied, 10 already there (0 moves copied)" in again.stdout, again.stdout
        assert len([line for line in again.stdout.splitlines() if line.startswith("skipped")]) == 2
        assert "member settings: 0 copied, 2 already there" in again.stdout, again.stdout

        postgres = await PostgresStorage.open(url)
        try:
            assert await postgres.hand_images(11) is False and await postgres.hand_images(12) is True
            assert await postgres.four_colour_deck(11) is False and await postgres.four_colour_deck(12) is True
            assert await postgres.language(11) is None and await postgres.language(12) == "sw"
            assert await postgres.guild_language(GUILD) == "sw"
            ours = sorted(t.id for t in await postgres.active_tables() if t.id.startswith("t000000"))
            assert ours == ["t0000000", "t0000003"]
            assert await postgres.moves("t0000003") == [(0, "draw"), (1, "pass")]
        finally:
            await postgres.close()
    finally:
        postgres_server.drop_database(url)


def test_the_copy_command_never_prints_the_databases_password(
    tmp_path: Path, postgres_server: PostgresServer,
) -> None:
    """asyncpg takes a password in the query string too: neither the last line of a copy
    nor the sentence of a failed one shows it."""
    shutil.copy(LEGACY, tmp_path / "kadi.sqlite3")
    url = postgres_server.new_database()
    try:
        done = run_copy(tmp_path / "kadi.sqlite3", f"{url}?password=hunter2")
        assert done.returncode == 0, done.stderr
        assert "into " in done.stdout and "hunter2" not in done.stdout + done.stderr, done.stdout
    finally:
        postgres_server.drop_database(url)
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    for address in (f"postgresql://kadi@127.0.0.1:{port}/kadi?password=hunter2",
                    f"postgresql://kadi:hunter2@127.0.0.1:{port}/kadi?sslmode=disable"):
        failed = run_copy(tmp_path / "kadi.sqlite3", address)
        assert failed.returncode == 1 and "Copying stopped" in failed.stderr, failed.stderr
        assert "hunter2" not in failed.stdout + failed.stderr and "Traceback" not in failed.stderr, failed.stderr
