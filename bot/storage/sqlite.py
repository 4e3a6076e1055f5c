"""SQLite storage through aiosqlite: migrations, table snapshots, the move log, standings.

One connection per process, WAL journal with ``synchronous=FULL``: a commit is on
disk before the bot tells anyone, so not even a power loss takes back a move that
players were told about. Every accepted move is written in one transaction with the
table's new state, and with the round results when the move ended a round, so a crash
never leaves a move without its state or a round recorded twice (``results`` has a
primary key per table, round and seat).
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

from bot.storage.migrations import MIGRATIONS

SET_ASIDE = "set_aside"  # a table's status once it could not be restored


@dataclass(frozen=True)
class TableRow:
    """A table as stored: everything needed to bring it back after a restart."""

    id: str
    guild_id: int
    channel_id: int
    game: str
    status: str  # lobby, playing, over, cancelled; set_aside when it could not be restored
    # The runtime's own record as JSON text (seats, options, engine state, clock). Kept as
    # text here: the runtime decodes each row on its own, so one bad row stops nothing.
    record: str


@dataclass(frozen=True)
class ResultRow:
    """One seat's outcome of one round, for the standings."""

    round_no: int
    seat: int
    user_id: int | None  # None for a computer seat
    rank: int
    points: int
    won: bool
    lost: bool  # singled out as last (Donkey's Donkey)
    humans: int  # how many humans sat in this round
    computers: int


@dataclass(frozen=True)
class Standing:
    user_id: int
    rounds: int
    wins: int
    average_rank: float
    points: int
    losses: int  # times singled out as last (the Donkey)
    rating: float


class Storage:
    """The repository the runtime and the standings cog talk to."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        # One connection serves every table: a transaction spans several awaits, so
        # writers take turns (the per-table locks only order one table's moves).
        self._write_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str) -> Storage:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        await conn.execute("PRAGMA journal_mode=WAL")
        # FULL: with WAL, NORMAL may lose the last commits on a power loss (not on a crash),
        # and those are moves players were already told about. Measured cost here: about 4k
        # single-row commits/s against 7k, far above what the bot writes.
        await conn.execute("PRAGMA synchronous=FULL")
        await conn.execute("PRAGMA foreign_keys=ON")
        storage = cls(conn)
        await storage._migrate()
        return storage

    async def close(self) -> None:
        await self._conn.close()

    async def _migrate(self) -> None:
        async with self._conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        version = int(row[0]) if row else 0
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                for statement in script:
                    await self._conn.execute(statement)
                await self._conn.execute(f"PRAGMA user_version={number}")
                await self._conn.execute("COMMIT")
            except BaseException:
                await self._conn.execute("ROLLBACK")
                raise

    # ------------------------------------------------------------------ tables
    async def save_table(
        self,
        table: TableRow,
        *,
        moves: Sequence[tuple[int, int, str]] = (),
        results: Sequence[ResultRow] = (),
    ) -> None:
        """Write the table, its new moves (seq, seat, text) and any round results atomically."""
        now = time.time()
        async with self._write_lock:
            await self._write(table, moves, results, now)

    async def _write(self, table: TableRow, moves: Sequence[tuple[int, int, str]],
                     results: Sequence[ResultRow], now: float) -> None:
        # The whole transaction runs as one call on aiosqlite's worker thread: one
        # hand-off instead of five (BEGIN, three writes, COMMIT) on the hot path of every
        # move, and a cancelled caller can never leave a transaction half done.
        # ``_execute`` and ``_conn`` are aiosqlite internals, pinned with the version.
        # The record arrives as JSON text, encoded by the runtime on the event loop: Python
        # work on the worker holds the GIL that the event loop needs between its socket calls.
        await self._conn._execute(  # type: ignore[no-untyped-call]
            self._write_in_thread, table, moves, results, now)

    def _write_in_thread(self, table: TableRow, moves: Sequence[tuple[int, int, str]],
                         results: Sequence[ResultRow], now: float) -> None:
        conn: sqlite3.Connection = self._conn._conn
        conn.execute("BEGIN IMMEDIATE")
        try:
            conn.execute(
                "INSERT INTO tables (id, guild_id, channel_id, game, status, record, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT(id) DO UPDATE SET status=excluded.status, record=excluded.record,"
                " updated_at=excluded.updated_at",
                (table.id, table.guild_id, table.channel_id, table.game, table.status, table.record, now),
            )
            if moves:
                conn.executemany(
                    "INSERT INTO moves (table_id, seq, seat, move, at) VALUES (?, ?, ?, ?, ?)",
                    [(table.id, seq, seat, text, now) for seq, seat, text in moves],
                )
            if results:
                conn.executemany(
                    "INSERT OR IGNORE INTO results (table_id, round_no, seat, guild_id, game,"
                    " user_id, rank, points, won, lost, humans, computers, at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [(table.id, r.round_no, r.seat, table.guild_id, table.game, r.user_id,
                      r.rank, r.points, int(r.won), int(r.lost), r.humans, r.computers, now)
                     for r in results],
                )
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    async def active_tables(self) -> list[TableRow]:
        """Tables in the lobby or in play: the ones to bring back at start-up."""
        async with self._conn.execute(
            "SELECT id, guild_id, channel_id, game, status, record FROM tables"
            " WHERE status IN ('lobby', 'playing') ORDER BY updated_at"
        ) as cur:
            rows = await cur.fetchall()
        return [TableRow(r[0], r[1], r[2], r[3], r[4], r[5]) for r in rows]

    async def set_aside(self, table_id: str, problem: str) -> None:
        """Mark a table that cannot be restored: kept as it is for a person to look at,
        never loaded again (its channel is free for a new table)."""
        async with self._write_lock:
            await self._conn.execute(
                "UPDATE tables SET status = ?, problem = ?, updated_at = ? WHERE id = ?",
                (SET_ASIDE, problem[:1000], time.time(), table_id))

    async def set_aside_tables(self) -> list[tuple[str, str]]:
        """(table id, why) of every table set aside."""
        async with self._conn.execute(
            "SELECT id, COALESCE(problem, '') FROM tables WHERE status = ? ORDER BY updated_at", (SET_ASIDE,)
        ) as cur:
            return [(str(r[0]), str(r[1])) for r in await cur.fetchall()]

    async def moves(self, table_id: str) -> list[tuple[int, str]]:
        async with self._conn.execute(
            "SELECT seat, move FROM moves WHERE table_id = ? ORDER BY seq", (table_id,)
        ) as cur:
            return [(int(r[0]), str(r[1])) for r in await cur.fetchall()]

    async def results_for(self, table_id: str) -> list[tuple[int, int, int | None, int]]:
        """(round, seat, user, rank) rows recorded for one table."""
        async with self._conn.execute(
            "SELECT round_no, seat, user_id, rank FROM results WHERE table_id = ?"
            " ORDER BY round_no, seat", (table_id,)
        ) as cur:
            return [(int(r[0]), int(r[1]), r[2], int(r[3])) for r in await cur.fetchall()]

    # --------------------------------------------------------------- standings
    async def leaderboard(
        self, guild_id: int, game: str, *, humans_only: bool = True, limit: int = 10
    ) -> list[Standing]:
        """The guild's best players of a game. By default only rounds with at least two
        humans count, so nobody climbs by beating computers."""
        minimum_humans = 2 if humans_only else 1
        async with self._conn.execute(
            "SELECT user_id, COUNT(*), SUM(won), AVG(rank), SUM(points), SUM(lost)"
            " FROM results WHERE guild_id = ? AND game = ? AND user_id IS NOT NULL"
            " AND humans >= ? GROUP BY user_id",
            (guild_id, game, minimum_humans),
        ) as cur:
            rows = await cur.fetchall()
        ratings = await self.ratings(guild_id, game, minimum_humans)
        table = [
            Standing(int(r[0]), int(r[1]), int(r[2]), float(r[3]), int(r[4]), int(r[5]),
                     ratings.get(int(r[0]), 1000.0))
            for r in rows
        ]
        table.sort(key=lambda s: (-s.rating, -s.wins, s.average_rank))
        return table[:limit]

    async def member_stats(self, guild_id: int, user_id: int) -> dict[str, Standing]:
        """One member's standing in every game of this guild (all rounds counted)."""
        async with self._conn.execute(
            "SELECT game, COUNT(*), SUM(won), AVG(rank), SUM(points), SUM(lost)"
            " FROM results WHERE guild_id = ? AND user_id = ? GROUP BY game",
            (guild_id, user_id),
        ) as cur:
            rows = await cur.fetchall()
        out: dict[str, Standing] = {}
        for r in rows:
            ratings = await self.ratings(guild_id, str(r[0]), 1)
            out[str(r[0])] = Standing(user_id, int(r[1]), int(r[2]), float(r[3]), int(r[4]),
                                      int(r[5]), ratings.get(user_id, 1000.0))
        return out

    async def ratings(self, guild_id: int, game: str, minimum_humans: int) -> dict[int, float]:
        """A multiplayer Elo over finishing orders, replayed from the results in order."""
        from bot.storage.rating import replay_ratings

        async with self._conn.execute(
            "SELECT table_id, round_no, user_id, rank FROM results"
            " WHERE guild_id = ? AND game = ? AND humans >= ? ORDER BY at, table_id, round_no",
            (guild_id, game, minimum_humans),
        ) as cur:
            rows = await cur.fetchall()
        return replay_ratings([(str(r[0]), int(r[1]), r[2], int(r[3])) for r in rows])
