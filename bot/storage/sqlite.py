"""SQLite storage through aiosqlite: migrations, table snapshots, the move log, standings.

One connection per process, WAL journal with ``synchronous=FULL``: a commit is on
disk before the bot tells anyone, so not even a power loss takes back a move that
players were told about. Every accepted move is written in one transaction with the
table's new state, and with the round results when the move ended a round, so a crash
never leaves a move without its state or a round recorded twice (``results`` has a
primary key per table, round and seat). The same transaction adds a newly recorded
round to the stored standings and OpenSkill ratings (``rating.py``), so a round is rated
exactly when it is recorded: once. Standings lookups read those stored figures.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage.migrations import MIGRATIONS
from bot.storage.rating import ALL, HUMANS, MIN_RATED_ROUNDS, Placing, ordinal, record_round

SET_ASIDE = "set_aside"  # a table's status once it could not be restored
FINISHED = ("over", "cancelled")


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
class _Write:
    """One table's save, waiting for the next group commit."""

    table: TableRow
    moves: tuple[tuple[int, int, str], ...]
    results: tuple[ResultRow, ...]
    now: float
    done: asyncio.Future[None]


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
    computer_level: str | None = None  # a computer seat's level (easy, normal, hard); None for a human


@dataclass(frozen=True)
class Rating:
    """A member's OpenSkill rating in one game of one guild."""

    mu: float
    sigma: float
    rounds: int  # rated rounds (rounds with at least two humans)
    history: tuple[tuple[float, float], ...]  # (μ, σ) after each of the last rated rounds, oldest first

    @property
    def ordinal(self) -> float:
        """What members are ranked by: μ − 3σ."""
        return ordinal(self.mu, self.sigma)


@dataclass(frozen=True)
class Standing:
    user_id: int
    rounds: int
    wins: int
    average_rank: float
    points: int
    losses: int  # times singled out as last (the Donkey)
    ranks: tuple[int, ...]  # ranks[i]: rounds finished in place i + 1
    rating: Rating | None  # None until the member's first rated round
    position: int = 0  # on a leaderboard: 1 is best, ties share a position


class Storage:
    """The repository the runtime and the standings cog talk to."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn
        # One connection serves every table, and writers take turns (the per-table locks
        # only order one table's moves). Saves waiting for the next group commit:
        self._write_lock = asyncio.Lock()
        self._waiting: list[_Write] = []
        self._committer: asyncio.Future[None] | None = None

    @classmethod
    async def open(cls, path: Path | str) -> Storage:
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
        for number, script in enumerate(MIGRATIONS[version:], start=version + 1):
            conn.execute("BEGIN IMMEDIATE")
            try:
                for step in script:
                    if isinstance(step, str):
                        conn.execute(step)
                    else:
                        step(conn)
                conn.execute(f"PRAGMA user_version={number}")
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
        docs/architecture.md, Performance)."""
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
            conn.executemany(
                "INSERT INTO moves (table_id, seq, seat, move, at) VALUES (?, ?, ?, ?, ?)",
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
            " WHERE status IN ('lobby', 'playing') ORDER BY updated_at"
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
            f"{_STANDING_SELECT} WHERE s.guild_id = ? AND s.game = ? AND s.scope = ? AND {enough}"
            " ORDER BY r.ordinal IS NULL, r.ordinal DESC, s.wins DESC, s.rank_sum * 1.0 / s.rounds, s.user_id"
            " LIMIT ?",
            (guild_id, game, scope, MIN_RATED_ROUNDS, limit),
        ) as cur:
            rows = [_standing(r) for r in await cur.fetchall()]
        board: list[Standing] = []
        for i, s in enumerate(rows):
            tied = bool(board) and _shown(board[-1]) == _shown(s)
            board.append(replace(s, position=board[-1].position if tied else i + 1))
        return board

    async def member_stats(self, guild_id: int, user_id: int) -> dict[str, Standing]:
        """One member's standing in every game of this guild (all rounds counted), with
        their rating (from rounds with at least two humans)."""
        async with self._conn.execute(
            f"{_STANDING_SELECT} WHERE s.guild_id = ? AND s.user_id = ? AND s.scope = ? ORDER BY s.game",
            (guild_id, user_id, ALL),
        ) as cur:
            return {str(r[0]): _standing(r) for r in await cur.fetchall()}


_STANDING_SELECT = (
    "SELECT s.game, s.user_id, s.rounds, s.wins, s.rank_sum, s.points, s.losses, s.ranks,"
    " r.mu, r.sigma, r.rounds, r.history"
    " FROM standings s LEFT JOIN ratings r"
    " ON r.guild_id = s.guild_id AND r.game = s.game AND r.user_id = s.user_id"
)


def _shown(s: Standing) -> float | None:
    """A rating as the leaderboard shows it (to a tenth): equal ones share a position."""
    return None if s.rating is None else round(s.rating.ordinal, 1)


def _standing(r: Any) -> Standing:
    _game, user_id, rounds, wins, rank_sum, points, losses, ranks, mu, sigma, rated, history = r
    rating = None if mu is None else Rating(
        float(mu), float(sigma), int(rated), tuple((float(m), float(s)) for m, s in json.loads(history)))
    return Standing(int(user_id), int(rounds), int(wins), int(rank_sum) / int(rounds), int(points),
                    int(losses), tuple(json.loads(ranks)), rating)
