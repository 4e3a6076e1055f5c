"""SQLite storage through aiosqlite: migrations, table snapshots, the move log, standings.

One connection per process, WAL journal with ``synchronous=FULL``: a commit is on
disk before the bot tells anyone, so not even a power loss takes back a move that
players were told about. Every accepted move is written in one transaction with the
table's new state, and with the round results when the move ended a round, so a crash
never leaves a move without its state or a round recorded twice (``results`` has a
primary key per table, round and seat). The same transaction adds a newly recorded
round to the stored standings and OpenSkill ratings (``rating.py``), so a round is rated
exactly when it is recorded: once. Standings lookups read those stored figures.
A save may be written twice and means the same (``base.py``): a move at a number already
stored replaces it, a round already recorded is skipped.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import aiosqlite

from bot.storage.base import (
    ACTIVE,
    FINISHED,
    LEADERBOARD_ORDER,
    SET_ASIDE,
    STANDING_SELECT,
    ResultRow,
    Standing,
    TableRow,
    standing_of,
    with_positions,
)
from bot.storage.migrations import migrations
from bot.storage.rating import (
    ALL,
    HUMANS,
    MIN_RATED_ROUNDS,
    Figures,
    Placing,
    StoredRating,
    apply_round,
    figure_keys,
    finishing_order,
    ordinal,
)


@dataclass(frozen=True)
class _Write:
    """One table's save, waiting for the next group commit."""

    table: TableRow
    moves: tuple[tuple[int, int, str], ...]
    results: tuple[ResultRow, ...]
    now: float
    done: asyncio.Future[None]


class SQLiteStorage:
    """``Storage`` (bot/storage/base.py) in one SQLite file, for one bot process."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        # One connection serves every table, and writers take turns (the per-table locks
        # only order one table's moves). Saves waiting for the next group commit:
        self._write_lock = asyncio.Lock()
        self._waiting: list[_Write] = []
        self._committer: asyncio.Future[None] | None = None

    @classmethod
    async def open(cls, path: Path | str) -> SQLiteStorage:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        await conn.execute("PRAGMA journal_mode=WAL")
        # FULL: with WAL, NORMAL may lose the last commits on a power loss (not on a crash),
        # and those are moves players were already told about. Each commit then waits for
        # the disk, which group commit (save_table) shares among the tables saving at once.
        await conn.execute("PRAGMA synchronous=FULL")
        await conn.execute("PRAGMA foreign_keys=ON")
        storage = cls(conn)
        await storage._migrate()
        return storage

    async def close(self) -> None:
        if self._committer is not None and not self._committer.done():
            await asyncio.wait([self._committer])  # saves on their way reach the disk first
        await self._conn.close()

    async def _migrate(self) -> None:
        await self._conn._execute(self._migrate_in_thread)  # type: ignore[no-untyped-call]

    def _migrate_in_thread(self) -> None:
        conn: sqlite3.Connection = self._conn._conn
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        for migration in migrations("sqlite")[version:]:
            conn.execute("BEGIN IMMEDIATE")
            try:
                for statement in migration.statements():
                    conn.execute(statement)
                if migration.version in AFTER_MIGRATION:
                    AFTER_MIGRATION[migration.version](conn)
                conn.execute(f"PRAGMA user_version={migration.version}")
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise

    # ------------------------------------------------------------------ tables
    async def save_table(
        self,
        table: TableRow,
        *,
        moves: Sequence[tuple[int, int, str]] = (),
        results: Sequence[ResultRow] = (),
    ) -> None:
        """Write the table, its new moves (seq, seat, text) and any round results atomically,
        and return once they are on disk.

        Group commit: saves that arrive while a commit is on its way wait for it, then go
        to disk together in the next transaction, one after another, each inside its own
        savepoint (a save that fails is rolled back alone). With ``synchronous=FULL`` a
        commit waits for the disk; one wait now serves every table that saved meanwhile,
        instead of each table queueing for its own (at 1,000 tables, p99 0.96 s -> see
        docs/performance.md)."""
        write = _Write(table, tuple(moves), tuple(results), time.time(),
                       asyncio.get_running_loop().create_future())
        self._waiting.append(write)
        if self._committer is None or self._committer.done():
            self._committer = asyncio.ensure_future(self._commit_waiting())
        # A caller that gives up (cancelled) must not undo a save already on its way.
        await asyncio.shield(write.done)

    async def _commit_waiting(self) -> None:
        async with self._write_lock:
            while self._waiting:
                batch, self._waiting = self._waiting, []
                try:
                    # The whole transaction runs as one call on aiosqlite's worker thread, so
                    # no other statement can come between its writes. ``_execute`` and ``_conn``
                    # are aiosqlite internals, pinned with the version.
                    failures = await self._conn._execute(  # type: ignore[no-untyped-call]
                        self._write_in_thread, batch)
                except BaseException as err:  # the commit itself failed: none of them is saved
                    for write in batch:
                        if not write.done.done():
                            write.done.set_exception(err)
                    if isinstance(err, asyncio.CancelledError):
                        raise
                    continue
                for write, failure in zip(batch, failures, strict=True):
                    if write.done.done():
                        continue
                    if failure is None:
                        write.done.set_result(None)
                    else:
                        write.done.set_exception(failure)

    def _write_in_thread(self, batch: Sequence[_Write]) -> list[Exception | None]:
        # The record arrives as JSON text, encoded by the runtime on the event loop: Python
        # work on the worker holds the GIL that the event loop needs between its socket calls.
        conn: sqlite3.Connection = self._conn._conn
        failures: list[Exception | None] = []
        conn.execute("BEGIN IMMEDIATE")
        try:
            for write in batch:
                conn.execute("SAVEPOINT one_save")
                try:
                    self._write_one(conn, write)
                except Exception as err:
                    conn.execute("ROLLBACK TO one_save")
                    failures.append(err)
                else:
                    failures.append(None)
                conn.execute("RELEASE one_save")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        return failures

    def _write_one(self, conn: sqlite3.Connection, write: _Write) -> None:
        table, now = write.table, write.now
        conn.execute(
            "INSERT INTO tables (id, guild_id, channel_id, game, status, record, updated_at, redraw)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT(id) DO UPDATE SET status=excluded.status, record=excluded.record,"
            " updated_at=excluded.updated_at, redraw=excluded.redraw",
            (table.id, table.guild_id, table.channel_id, table.game, table.status, table.record, now,
             int(table.status in FINISHED)),
        )
        if write.moves:
            # A move at a number already stored replaces it, as on PostgreSQL: the same save
            # written again changes nothing, and a move made in place of one that was said
            # not saved takes its number, so the log is what the runtime holds.
            conn.executemany(
                "INSERT INTO moves (table_id, seq, seat, move, at) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (table_id, seq) DO UPDATE SET seat = excluded.seat, move = excluded.move,"
                " at = excluded.at",
                [(table.id, seq, seat, text, now) for seq, seat, text in write.moves],
            )
        if write.results:
            self._record_results(conn, table, write.results, now)

    @staticmethod
    def _record_results(conn: sqlite3.Connection, table: TableRow, results: Sequence[ResultRow],
                        now: float) -> None:
        """Insert the result rows not recorded yet, then add each newly recorded round to
        the standings and ratings. A row already there (a round saved again) is ignored,
        so it is never counted twice."""
        rounds: dict[int, list[Placing]] = {}
        for r in results:
            inserted = conn.execute(
                "INSERT OR IGNORE INTO results (table_id, round_no, seat, guild_id, game,"
                " user_id, rank, points, won, lost, humans, computers, computer_level, at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (table.id, r.round_no, r.seat, table.guild_id, table.game, r.user_id,
                 r.rank, r.points, int(r.won), int(r.lost), r.humans, r.computers, r.computer_level, now),
            ).rowcount
            if inserted:
                rounds.setdefault(r.round_no, []).append(
                    Placing(r.user_id, r.rank, r.points, r.won, r.lost, r.humans))
        for placings in rounds.values():
            record_round(conn, table.guild_id, table.game, placings)

    async def active_tables(self) -> list[TableRow]:
        """Tables in the lobby or in play: the ones to bring back at start-up."""
        async with self._conn.execute(
            "SELECT id, guild_id, channel_id, game, status, record FROM tables"
            " WHERE status IN (?, ?) ORDER BY updated_at", ACTIVE
        ) as cur:
            rows = await cur.fetchall()
        return [TableRow(r[0], r[1], r[2], r[3], r[4], r[5]) for r in rows]

    async def finished_to_redraw(self) -> list[TableRow]:
        """Finished tables whose last state may not have reached their message."""
        async with self._conn.execute(
            "SELECT id, guild_id, channel_id, game, status, record FROM tables WHERE redraw = 1 ORDER BY updated_at"
        ) as cur:
            rows = await cur.fetchall()
        return [TableRow(r[0], r[1], r[2], r[3], r[4], r[5]) for r in rows]

    async def final_drawn(self, table_id: str) -> None:
        """A finished table's message shows its end: nothing to redraw at the next start."""
        async with self._write_lock:
            await self._conn.execute("UPDATE tables SET redraw = 0 WHERE id = ?", (table_id,))

    async def hand_images(self, user_id: int) -> bool:
        """Whether ``user_id``'s hand messages carry a picture (on unless they turned it off)."""
        async with self._conn.execute("SELECT hand_images FROM member_settings WHERE user_id = ?",
                                      (user_id,)) as cur:
            row = await cur.fetchone()
        return True if row is None else bool(row[0])

    async def set_hand_images(self, user_id: int, on: bool) -> None:
        async with self._write_lock:
            await self._conn.execute(
                "INSERT INTO member_settings (user_id, hand_images) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET hand_images = excluded.hand_images", (user_id, int(on)))

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
        """The guild's best players of a game, from stored figures, best first; equal
        ratings (as shown, to a tenth) share a position. By default only rounds with at
        least two humans count, so nobody climbs by beating computers, and a member needs
        ``MIN_RATED_ROUNDS`` of them to be listed. ``humans_only=False`` counts every round
        (a member needs that many rounds of any kind) and lists the unrated after the rated."""
        scope = HUMANS if humans_only else ALL
        enough = "r.rounds >= ?" if humans_only else "s.rounds >= ?"
        async with self._conn.execute(
            f"{STANDING_SELECT} WHERE s.guild_id = ? AND s.game = ? AND s.scope = ? AND {enough}"
            f"{LEADERBOARD_ORDER} LIMIT ?",
            (guild_id, game, scope, MIN_RATED_ROUNDS, limit),
        ) as cur:
            return with_positions([standing_of(r) for r in await cur.fetchall()])

    async def member_stats(self, guild_id: int, user_id: int) -> dict[str, Standing]:
        """One member's standing in every game of this guild (all rounds counted), with
        their rating (from rounds with at least two humans)."""
        async with self._conn.execute(
            f"{STANDING_SELECT} WHERE s.guild_id = ? AND s.user_id = ? AND s.scope = ? ORDER BY s.game",
            (guild_id, user_id, ALL),
        ) as cur:
            return {str(r[0]): standing_of(r) for r in await cur.fetchall()}


def record_round(conn: sqlite3.Connection, guild_id: int, game: str, placings: Sequence[Placing]) -> None:
    """Add one newly recorded round to the stored figures and ratings (``rating.apply_round``).
    Call it inside the transaction that inserted the round's result rows, with those rows only."""
    figures: dict[tuple[str, int], Figures] = {}
    for scope, user_id in figure_keys(placings):
        row = conn.execute(
            "SELECT rounds, wins, rank_sum, points, losses, ranks FROM standings"
            " WHERE guild_id = ? AND game = ? AND scope = ? AND user_id = ?",
            (guild_id, game, scope, user_id)).fetchone()
        if row is not None:
            rounds, wins, rank_sum, points, losses, ranks = row
            figures[scope, user_id] = Figures(rounds, wins, rank_sum, points, losses, json.loads(ranks))
    ratings: dict[int, StoredRating] = {}
    for user_id in finishing_order(placings):
        row = conn.execute(
            "SELECT mu, sigma, rounds, history FROM ratings WHERE guild_id = ? AND game = ? AND user_id = ?",
            (guild_id, game, user_id)).fetchone()
        if row is not None:
            ratings[user_id] = StoredRating(float(row[0]), float(row[1]), int(row[2]), json.loads(row[3]))
    apply_round(placings, figures, ratings)
    conn.executemany(
        "INSERT OR REPLACE INTO standings (guild_id, game, scope, user_id, rounds, wins, rank_sum, points,"
        " losses, ranks) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(guild_id, game, scope, user_id, f.rounds, f.wins, f.rank_sum, f.points, f.losses, json.dumps(f.ranks))
         for (scope, user_id), f in figures.items()])
    conn.executemany(
        "INSERT OR REPLACE INTO ratings (guild_id, game, user_id, mu, sigma, ordinal, rounds, history)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [(guild_id, game, user_id, r.mu, r.sigma, ordinal(r.mu, r.sigma), r.rounds, json.dumps(r.history))
         for user_id, r in ratings.items()])


def rebuild(conn: sqlite3.Connection) -> None:
    """Build the figures and ratings from every recorded round, in the order they were
    recorded (``results``' rowid): the same steps, in the same order, as live."""
    conn.execute("DELETE FROM standings")
    conn.execute("DELETE FROM ratings")
    rounds: dict[tuple[str, int], tuple[int, str, list[Placing]]] = {}
    for table_id, round_no, guild_id, game, user_id, rank, points, won, lost, humans in conn.execute(
        "SELECT table_id, round_no, guild_id, game, user_id, rank, points, won, lost, humans"
        " FROM results ORDER BY rowid"
    ).fetchall():
        _, _, placings = rounds.setdefault((table_id, round_no), (guild_id, game, []))
        placings.append(Placing(user_id, rank, points, bool(won), bool(lost), humans))
    for guild_id, game, placings in rounds.values():
        record_round(conn, guild_id, game, placings)


# Steps in Python run after a migration's SQL, in its transaction (migrations.py).
AFTER_MIGRATION: dict[int, Callable[[sqlite3.Connection], None]] = {
    3: rebuild,  # rate the rounds recorded before ratings existed
}
