"""Move a SQLite database's tables and standings into PostgreSQL, once, before running
the bot on PostgreSQL (docs/deploy.md):

    python -m bot.storage.copy --from data/kadi.sqlite3 --to postgresql://user:password@host/kadi

Stop the bot first. What is copied: every table row (the ones still going are then
restored by the bot on PostgreSQL) with its move log, every recorded round, and members'
own settings (hand pictures on or off), when each season began, and each server's own
house rules (presets). Rounds are
recorded as the bot records them, in the order SQLite recorded them, through the same
``record_results`` (only rows not there yet are inserted, and only those are rated), so
the standings and ratings come out as SQLite's, and running the command again copies
nothing twice. Rows already in PostgreSQL are left as they are.

What PostgreSQL cannot take is skipped and said, one line each, by id and why, and the
rest is copied: a move whose table row is gone (SQLite's shell does not enforce foreign
keys), a row with a value PostgreSQL refuses. The copy commits as it goes (a few hundred
tables or rounds at a time), so a copy stopped halfway keeps what it copied and running
it again copies the rest. The address is only ever printed without its password.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import asyncpg

from bot.config import hide_password
from bot.storage.base import ResultRow
from bot.storage.postgres import PostgresConnection, PostgresStorage
from bot.storage.sql_storage import record_results
from bot.storage.sqlite import SQLiteStorage

_Item = TypeVar("_Item")

ROUNDS_PER_TRANSACTION = 200  # commits are what cost: many rounds in each, still small
TABLES_PER_TRANSACTION = 200
# What PostgreSQL (or asyncpg, encoding a value) refuses in one row: that row is skipped
# and said, the rest goes on. A lost connection is no such thing: it stops the copy.
_REFUSED = (asyncpg.PostgresError, asyncpg.DataError)


@dataclass
class Copied:
    tables: int = 0  # new in PostgreSQL
    tables_there: int = 0  # already there, left as they were
    moves: int = 0
    rounds: int = 0
    rounds_there: int = 0
    result_rows: int = 0
    settings: int = 0  # members' own settings (hand pictures on or off)
    settings_there: int = 0
    skipped: list[str] = field(default_factory=list)  # one sentence each: what, by id, and why


async def copy_database(source: Path, url: str) -> Copied:
    """Copy ``source``'s tables, moves, rounds and members' settings into the PostgreSQL
    database at ``url``. What PostgreSQL cannot take (a move whose table is gone, a value it
    refuses) is skipped and listed in ``Copied.skipped``; everything else is copied."""
    await (await SQLiteStorage.open(source)).close()  # brings an older file's schema up to date first
    target = await PostgresStorage.open(url)
    copied = Copied()
    try:
        with sqlite3.connect(f"file:{source}?mode=ro", uri=True) as conn:
            await _copy_tables(conn, target, copied)
            await _copy_seasons(conn, target)  # first: each round is rated in the season it was played in
            await _copy_rounds(conn, target, copied)
            await _copy_settings(conn, target, copied)
            await _copy_presets(conn, target)
    finally:
        await target.close()
    return copied


def _why(err: BaseException) -> str:
    return f"PostgreSQL refused it ({type(err).__name__}: {str(err).splitlines()[0] if str(err) else ''})"


async def _in_chunks(target: PostgresStorage, items: Sequence[_Item], size: int,
                     copy_one: Callable[[Any, _Item], Awaitable[None]],
                     refused: Callable[[_Item, BaseException], None]) -> None:
    """Copy ``items`` a chunk per transaction; a chunk PostgreSQL refuses is copied again one
    item per transaction, so only the item it refuses is left out (``refused``)."""
    for start in range(0, len(items), size):
        chunk = items[start:start + size]
        try:
            async with target.transaction() as pg:
                for item in chunk:
                    await copy_one(pg, item)
        except _REFUSED:
            for item in chunk:
                try:
                    async with target.transaction() as pg:
                        await copy_one(pg, item)
                except _REFUSED as err:
                    refused(item, err)


async def _copy_tables(conn: sqlite3.Connection, target: PostgresStorage, copied: Copied) -> None:
    tables = conn.execute(
        "SELECT id, guild_id, channel_id, game, status, record, updated_at, problem, redraw FROM tables"
        " ORDER BY updated_at").fetchall()
    moves: dict[str, list[tuple[int, int, str, float]]] = {}
    for table_id, seq, seat, move, at in conn.execute(
            "SELECT table_id, seq, seat, move, at FROM moves ORDER BY table_id, seq"):
        moves.setdefault(table_id, []).append((seq, seat, move, at))
    ids = {row[0] for row in tables}
    for table_id, log in moves.items():
        if table_id not in ids:  # SQLite's shell does not enforce foreign keys: a table row deleted by hand
            copied.skipped.append(f"skipped the {len(log)} moves of table {table_id}: "
                                  "its table row is not in the SQLite database (deleted by hand?)")
    counts: dict[str, tuple[bool, int]] = {}

    async def copy_one(pg: Any, row: tuple[Any, ...]) -> None:
        new = await pg.fetchval(
            "INSERT INTO tables (id, guild_id, channel_id, game, status, record, updated_at, problem, redraw)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING RETURNING TRUE",
            *row[:8], bool(row[8]))
        log = moves.get(row[0], [])
        added = await pg.fetch(
            "INSERT INTO moves (table_id, seq, seat, move, at)"
            " SELECT $1, * FROM unnest($2::integer[], $3::integer[], $4::text[], $5::double precision[])"
            " ON CONFLICT (table_id, seq) DO NOTHING RETURNING TRUE",
            row[0], *([m[i] for m in log] for i in range(4))) if log else []
        counts[row[0]] = (bool(new), len(added))  # kept only once its transaction commits (below)

    def refused(row: tuple[Any, ...], err: BaseException) -> None:
        counts.pop(row[0], None)
        copied.skipped.append(f"skipped table {row[0]} and its {len(moves.get(row[0], []))} moves: {_why(err)}")

    await _in_chunks(target, tables, TABLES_PER_TRANSACTION, copy_one, refused)
    for new, added in counts.values():
        copied.tables += new
        copied.tables_there += not new
        copied.moves += added


async def _copy_rounds(conn: sqlite3.Connection, target: PostgresStorage, copied: Copied) -> None:
    rounds: dict[tuple[str, int], tuple[int, str, float, list[ResultRow]]] = {}
    for (table_id, round_no, seat, guild_id, game, user_id, rank, points, won, lost, humans, computers,
         level, at) in conn.execute(
            "SELECT table_id, round_no, seat, guild_id, game, user_id, rank, points, won, lost, humans, computers,"
            " computer_level, at FROM results ORDER BY rowid"):
        _, _, _, rows = rounds.setdefault((table_id, round_no), (guild_id, game, at, []))
        rows.append(ResultRow(round_no, seat, user_id, rank, points, bool(won), bool(lost), humans, computers, level))
    counts: dict[tuple[str, int], int] = {}

    async def copy_one(pg: Any, item: tuple[tuple[str, int], tuple[int, str, float, list[ResultRow]]]) -> None:
        (table_id, round_no), (guild_id, game, at, rows) = item
        counts[table_id, round_no] = await record_results(PostgresConnection(pg), table_id, guild_id, game, rows, at)

    def refused(item: tuple[tuple[str, int], Any], err: BaseException) -> None:
        counts.pop(item[0], None)
        copied.skipped.append(f"skipped round {item[0][1]} of table {item[0][0]}: {_why(err)}")

    await _in_chunks(target, list(rounds.items()), ROUNDS_PER_TRANSACTION, copy_one, refused)
    for new_rows in counts.values():
        copied.result_rows += new_rows
        copied.rounds += bool(new_rows)
        copied.rounds_there += not new_rows


async def _copy_seasons(conn: sqlite3.Connection, target: PostgresStorage) -> None:
    """When each guild's seasons began, and whether they turn monthly (issue 32); the
    seasons' figures come from the rounds, recorded again after this."""
    started = conn.execute("SELECT guild_id, game, season, started_at FROM seasons ORDER BY guild_id, game, season")
    plans = conn.execute("SELECT guild_id, game, monthly FROM season_plans ORDER BY guild_id, game")
    async with target.transaction() as pg:
        await pg.executemany("INSERT INTO seasons (guild_id, game, season, started_at) VALUES ($1, $2, $3, $4)"
                             " ON CONFLICT DO NOTHING", started.fetchall())
        await pg.executemany("INSERT INTO season_plans (guild_id, game, monthly) VALUES ($1, $2, $3)"
                             " ON CONFLICT DO NOTHING", [(g, game, bool(m)) for g, game, m in plans.fetchall()])


async def _copy_presets(conn: sqlite3.Connection, target: PostgresStorage) -> None:
    """Each server's own house rules (issue 32), as saved; a preset already in PostgreSQL
    is left as it is."""
    rows = conn.execute("SELECT guild_id, game, scope, channel_id, options, saved_by, saved_at FROM presets"
                        " ORDER BY guild_id, game, scope, channel_id").fetchall()
    async with target.transaction() as pg:
        await pg.executemany("INSERT INTO presets (guild_id, game, scope, channel_id, options, saved_by, saved_at)"
                             " VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING", rows)


async def _copy_settings(conn: sqlite3.Connection, target: PostgresStorage, copied: Copied) -> None:
    """Members' own settings: whoever turned their hand pictures off keeps them off,
    whoever chose the four-colour deck keeps it, and whoever chose a language keeps it;
    servers keep the language they chose."""
    rows = conn.execute(
        "SELECT user_id, hand_images, four_colour_deck, language FROM member_settings ORDER BY user_id").fetchall()
    counts: dict[int, bool] = {}

    async def copy_one(pg: Any, row: tuple[Any, ...]) -> None:
        counts[row[0]] = bool(await pg.fetchval(
            "INSERT INTO member_settings (user_id, hand_images, four_colour_deck, language) VALUES ($1, $2, $3, $4)"
            " ON CONFLICT (user_id) DO NOTHING RETURNING TRUE", row[0], bool(row[1]), bool(row[2]), row[3]))

    def refused(row: tuple[Any, ...], err: BaseException) -> None:
        counts.pop(row[0], None)
        copied.skipped.append(f"skipped the settings of member {row[0]}: {_why(err)}")

    await _in_chunks(target, rows, TABLES_PER_TRANSACTION, copy_one, refused)
    copied.settings = sum(counts.values())
    copied.settings_there = len(counts) - copied.settings
    guilds = conn.execute("SELECT guild_id, language FROM guild_settings ORDER BY guild_id").fetchall()
    async with target.transaction() as pg:
        await pg.executemany("INSERT INTO guild_settings (guild_id, language) VALUES ($1, $2)"
                             " ON CONFLICT DO NOTHING", guilds)


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
    shown = hide_password(args.url) or ""
    try:
        copied = asyncio.run(copy_database(args.source, args.url))
    except (OSError, TimeoutError, sqlite3.Error, asyncpg.PostgresError, asyncpg.InterfaceError) as err:
        # The error's own words may quote the address: only ever the one without its password.
        why = f"{type(err).__name__}: {err}".replace(args.url, shown)
        print(f"Copying stopped ({why}); what was copied is whole and kept, "
              "and running the command again copies the rest.", file=sys.stderr)
        return 1
    print(f"tables: {copied.tables} copied, {copied.tables_there} already there ({copied.moves} moves copied)")
    print(f"rounds: {copied.rounds} copied ({copied.result_rows} result rows, rated as they went in), "
          f"{copied.rounds_there} already there")
    print(f"member settings: {copied.settings} copied, {copied.settings_there} already there")
    for line in copied.skipped:
        print(line)
    if copied.skipped:
        print(f"{len(copied.skipped)} skipped (above); everything else was copied")
    print(f"into {shown}")
    return 0

if __name__ == "__main__":
    sys.exit(main())
