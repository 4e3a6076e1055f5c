"""``python -m bot.storage.copy``, end to end: a SQLite database made by the old code, with
more rounds, tables still going and their moves, moved into a real PostgreSQL database
by the command itself; run twice, nothing doubled; the standings come out as SQLite's."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from bot.storage.base import Storage
from bot.storage.postgres import PostgresStorage
from bot.storage.sqlite import SQLiteStorage
from tests.bot.test_storage import GUILD, HISTORY, LEGACY, OTHER_GUILD, row, stored
from tests.postgres_server import PostgresServer

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
            await storage.member_stats(GUILD, 11), await stored(storage))


async def test_the_copy_command_moves_tables_and_standings_once(
    tmp_path: Path, postgres_server: PostgresServer,
) -> None:
    source = tmp_path / "kadi.sqlite3"
    shutil.copy(LEGACY, source)
    sqlite = await SQLiteStorage.open(source)
    for table_id, guild, game, rows in HISTORY:
        await sqlite.save_table(row(table_id, guild, game=game), results=rows)
    expected = await everything(sqlite)
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
