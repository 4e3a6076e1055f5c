"""Move a SQLite database's tables and standings into PostgreSQL, once, before running
the bot on PostgreSQL (docs/deploy.md):

    python -m bot.storage.copy --from data/kadi.sqlite3 --to postgresql://user:password@host/kadi

Stop the bot first. What is copied: every table row (the ones still going are then
restored by the bot on PostgreSQL) with its move log, and every recorded round. Rounds are
recorded as the bot records them, in the order SQLite recorded them, through the same
``record_results`` (only rows not there yet are inserted, and only those are rated), so
the standings and ratings come out as SQLite's, and running the command again copies
nothing twice. Rows already in PostgreSQL are left as they are.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import asyncpg

from bot.config import hide_password
from bot.storage.base import ResultRow
from bot.storage.postgres import PostgresStorage, record_results
from bot.storage.sqlite import SQLiteStorage

ROUNDS_PER_TRANSACTION = 200  # commits are what cost: many rounds in each, still small


@dataclass
class Copied:
    tables: int = 0  # new in PostgreSQL
    tables_there: int = 0  # already there, left as they were
    moves: int = 0
    rounds: int = 0
    rounds_there: int = 0
    result_rows: int = 0


async def copy_database(source: Path, url: str) -> Copied:
    """Copy ``source``'s tables, moves and rounds into the PostgreSQL database at ``url``."""
    await (await SQLiteStorage.open(source)).close()  # brings an older file's schema up to date first
    target = await PostgresStorage.open(url)
    copied = Copied()
    try:
        with sqlite3.connect(f"file:{source}?mode=ro", uri=True) as conn:
            await _copy_tables(conn, target, copied)
            await _copy_rounds(conn, target, copied)
    finally:
        await target.close()
    return copied


async def _copy_tables(conn: sqlite3.Connection, target: PostgresStorage, copied: Copied) -> None:
    tables = conn.execute(
        "SELECT id, guild_id, channel_id, game, status, record, updated_at, problem, redraw FROM tables"
        " ORDER BY updated_at").fetchall()
    moves = conn.execute("SELECT table_id, seq, seat, move, at FROM moves ORDER BY table_id, seq").fetchall()
    async with target.transaction() as pg:
        for row in tables:
            new = await pg.fetchval(
                "INSERT INTO tables (id, guild_id, channel_id, game, status, record, updated_at, problem, redraw)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING RETURNING TRUE",
                *row[:8], bool(row[8]))
            copied.tables += bool(new)
            copied.tables_there += not new
        for table_id, seq, seat, move, at in moves:
            new = await pg.fetchval(
                "INSERT INTO moves (table_id, seq, seat, move, at) VALUES ($1, $2, $3, $4, $5)"
                " ON CONFLICT (table_id, seq) DO NOTHING RETURNING TRUE", table_id, seq, seat, move, at)
            copied.moves += bool(new)


async def _copy_rounds(conn: sqlite3.Connection, target: PostgresStorage, copied: Copied) -> None:
    rounds: dict[tuple[str, int], tuple[int, str, float, list[ResultRow]]] = {}
    for (table_id, round_no, seat, guild_id, game, user_id, rank, points, won, lost, humans, computers,
         level, at) in conn.execute(
            "SELECT table_id, round_no, seat, guild_id, game, user_id, rank, points, won, lost, humans, computers,"
            " computer_level, at FROM results ORDER BY rowid"):
        _, _, _, rows = rounds.setdefault((table_id, round_no), (guild_id, game, at, []))
        rows.append(ResultRow(round_no, seat, user_id, rank, points, bool(won), bool(lost), humans, computers, level))
    in_order = list(rounds.items())
    for start in range(0, len(in_order), ROUNDS_PER_TRANSACTION):
        async with target.transaction() as pg:
            for (table_id, _), (guild_id, game, at, rows) in in_order[start:start + ROUNDS_PER_TRANSACTION]:
                new_rows = await record_results(pg, table_id, guild_id, game, rows, at)
                copied.result_rows += new_rows
                copied.rounds += bool(new_rows)
                copied.rounds_there += not new_rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.storage.copy",
        description="Copy a SQLite database's tables and standings into PostgreSQL (safe to run again).")
    parser.add_argument("--from", dest="source", required=True, type=Path, help="the SQLite file (DATABASE_PATH)")
    parser.add_argument("--to", dest="url", required=True, help="postgresql://user:password@host:port/database")
    args = parser.parse_args(argv)
    if not args.source.is_file():
        print(f"There is no SQLite database at {args.source}: give the file DATABASE_PATH names.", file=sys.stderr)
        return 2
    if not args.url.startswith(("postgresql://", "postgres://")):
        print(f"--to must be a PostgreSQL address such as postgresql://kadi:secret@localhost/kadi, "
              f"not {hide_password(args.url)!r}.", file=sys.stderr)
        return 2
    try:
        copied = asyncio.run(copy_database(args.source, args.url))
    except (OSError, sqlite3.Error, asyncpg.PostgresError) as err:
        print(f"Copying stopped ({type(err).__name__}: {err}); what was copied is whole and kept, "
              "and running the command again copies the rest.", file=sys.stderr)
        return 1
    print(f"tables: {copied.tables} copied, {copied.tables_there} already there ({copied.moves} moves copied)")
    print(f"rounds: {copied.rounds} copied ({copied.result_rows} result rows, rated as they went in), "
          f"{copied.rounds_there} already there")
    print(f"into {hide_password(args.url)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
