"""PostgreSQL storage through asyncpg, for any number of bot processes sharing one server.

The same promises as SQLite (``base.py``), kept by the server rather than by one process:

- A save is one transaction: the table's row, its new move-log rows and any finished
  round's results with their standings and ratings, committed with
  ``synchronous_commit=on`` (set on every connection, whatever the server's default),
  so the commit is in the server's write-ahead log on disk before the bot tells anyone.
  Saves without results are grouped as on SQLite (``save_table``): the ones that arrive
  while a commit is on its way go together into the next, one statement.
- A round is recorded once: ``results`` has a primary key per table, round and seat and
  rows go in with ``ON CONFLICT DO NOTHING`` (the same round saved by two processes at
  once: the second waits on the key, then inserts nothing); only rows this transaction
  inserted are rated. Rating reads and rewrites the members' ``standings`` and
  ``ratings`` rows, so a transaction that inserted results then takes a
  transaction-level advisory lock for the guild and game: two processes recording
  rounds of the same guild and game take turns (the second sees the first's figures),
  while other guilds and games go on in parallel.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import time
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from typing import Any

import asyncpg

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

POOL_SIZE = 10  # connections per process for reads and rounds' saves (group commits have one more)
MIGRATION_LOCK = 0x4B414449  # advisory lock key ("KADI"): one process migrates at a time
_TABLE_COLUMNS = "id, guild_id, channel_id, game, status, record"
MAX_GROUP = 500  # saves in one group commit, at most: bounds one statement's size


@dataclass(frozen=True)
class _Write:
    """One table's save (no results), waiting for the next group commit."""

    table: TableRow
    moves: tuple[tuple[int, int, str], ...]
    now: float
    done: asyncio.Future[None]


def _settle(write: _Write, failure: Exception | None) -> None:
    if write.done.done():
        return
    if failure is None:
        write.done.set_result(None)
    else:
        write.done.set_exception(failure)


class PostgresStorage:
    """``Storage`` (bot/storage/base.py) in a PostgreSQL database, shared by every process."""

    def __init__(self, pool: asyncpg.Pool, group_pool: asyncpg.Pool) -> None:
        self._pool = pool
        # The group commits' own connection: a move's save never queues for the pool behind
        # rounds' transactions waiting for their guild's lock (a pool of one, which
        # reconnects by itself after a lost connection).
        self._group_pool = group_pool
        self._saving: set[asyncio.Task[None]] = set()  # saves with results on their way
        self._waiting: list[_Write] = []  # saves waiting for the next group commit
        self._committer: asyncio.Future[None] | None = None

    @classmethod
    async def open(cls, url: str, *, pool_size: int = POOL_SIZE) -> PostgresStorage:
        """Connect to ``url`` (postgresql://user:password@host:port/database) and bring the
        schema up to date; raises if the server cannot be reached."""
        settings = {"synchronous_commit": "on", "application_name": "kadi-bot"}
        pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size, reset=_nothing_to_reset,
                                         server_settings=settings)
        try:
            await migrate(pool)
            group_pool = await asyncpg.create_pool(url, min_size=1, max_size=1, reset=_nothing_to_reset,
                                                   server_settings=settings)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, group_pool)

    async def close(self) -> None:
        on_their_way = [*self._saving, *([self._committer] if self._committer else [])]
        if on_their_way:
            await asyncio.wait(on_their_way)  # saves on their way are committed first
        await self._group_pool.close()
        await self._pool.close()

    # ------------------------------------------------------------------ tables
    async def save_table(
        self,
        table: TableRow,
        *,
        moves: Sequence[tuple[int, int, str]] = (),
        results: Sequence[ResultRow] = (),
    ) -> None:
        """Save the table with its moves and results in one transaction, durably.

        A save with results (a round ended, a few per minute) is a transaction of its own.
        The others (a move) wait for the next group commit, as on SQLite: every save that
        arrives while a commit is on its way goes into the next one, a single statement
        (so one round trip and one flush for the whole group). Should that statement
        fail, each of its saves is written alone, so only a bad one fails. A caller that
        gives up (cancelled) must not undo a save already on its way."""
        now = time.time()
        if results:
            task = asyncio.ensure_future(self._save_with_results(table, tuple(moves), tuple(results), now))
            self._saving.add(task)
            task.add_done_callback(self._saving.discard)
            await asyncio.shield(task)
            return
        write = _Write(table, tuple(moves), now, asyncio.get_running_loop().create_future())
        self._waiting.append(write)
        if self._committer is None or self._committer.done():
            self._committer = asyncio.ensure_future(self._commit_waiting())
        await asyncio.shield(write.done)

    async def _commit_waiting(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting[:MAX_GROUP], self._waiting[MAX_GROUP:]
            try:
                await self._write_group(batch)
            except asyncio.CancelledError:
                for write in [*batch, *self._waiting]:
                    if not write.done.done():
                        write.done.set_exception(RuntimeError("storage closed before the save"))
                raise
            except Exception as err:
                if len(batch) == 1:
                    _settle(batch[0], err)
                    continue
                for write in batch:  # which one failed? each alone: only that one fails
                    try:
                        await self._write_group([write])
                    except Exception as alone:
                        _settle(write, alone)
                    else:
                        _settle(write, None)
                continue
            for write in batch:
                _settle(write, None)

    async def _write_group(self, group: Sequence[_Write]) -> None:
        """The tables' rows and their new moves, in one statement: its own transaction."""
        moves = [(w.table.id, seq, seat, text, w.now) for w in group for seq, seat, text in w.moves]
        await self._group_pool.execute(
            "WITH saved AS (INSERT INTO tables (id, guild_id, channel_id, game, status, record, updated_at, redraw)"
            " SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::text[],"
            " $7::double precision[], $8::boolean[])"
            " ON CONFLICT (id) DO UPDATE SET status = excluded.status, record = excluded.record,"
            " updated_at = excluded.updated_at, redraw = excluded.redraw)"
            " INSERT INTO moves (table_id, seq, seat, move, at)"
            " SELECT * FROM unnest($9::text[], $10::integer[], $11::integer[], $12::text[], $13::double precision[])",
            [w.table.id for w in group], [w.table.guild_id for w in group], [w.table.channel_id for w in group],
            [w.table.game for w in group], [w.table.status for w in group], [w.table.record for w in group],
            [w.now for w in group], [w.table.status in FINISHED for w in group],
            *([m[i] for m in moves] for i in range(5)))

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Any]:
        """A pooled connection inside a transaction, committed when the block ends
        (rolled back if it raises)."""
        async with self._pool.acquire() as conn, conn.transaction():
            yield conn

    async def _save_with_results(self, table: TableRow, moves: Sequence[tuple[int, int, str]],
                                 results: Sequence[ResultRow], now: float) -> None:
        async with self.transaction() as conn:
            await conn.execute(
                "INSERT INTO tables (id, guild_id, channel_id, game, status, record, updated_at, redraw)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
                " ON CONFLICT (id) DO UPDATE SET status = excluded.status, record = excluded.record,"
                " updated_at = excluded.updated_at, redraw = excluded.redraw",
                table.id, table.guild_id, table.channel_id, table.game, table.status, table.record, now,
                table.status in FINISHED)
            if moves:
                await conn.executemany(
                    "INSERT INTO moves (table_id, seq, seat, move, at) VALUES ($1, $2, $3, $4, $5)",
                    [(table.id, seq, seat, text, now) for seq, seat, text in moves])
            await record_results(conn, table.id, table.guild_id, table.game, results, now)

    async def active_tables(self) -> list[TableRow]:
        """Tables in the lobby or in play: the ones to bring back at start-up."""
        rows = await self._pool.fetch(
            f"SELECT {_TABLE_COLUMNS} FROM tables WHERE status = ANY($1::text[]) ORDER BY updated_at", list(ACTIVE))
        return [TableRow(*r) for r in rows]

    async def finished_to_redraw(self) -> list[TableRow]:
        """Finished tables whose last state may not have reached their message."""
        rows = await self._pool.fetch(f"SELECT {_TABLE_COLUMNS} FROM tables WHERE redraw ORDER BY updated_at")
        return [TableRow(*r) for r in rows]

    async def final_drawn(self, table_id: str) -> None:
        await self._pool.execute("UPDATE tables SET redraw = FALSE WHERE id = $1", table_id)

    async def set_aside(self, table_id: str, problem: str) -> None:
        await self._pool.execute(
            "UPDATE tables SET status = $1, problem = $2, updated_at = $3 WHERE id = $4",
            SET_ASIDE, problem[:1000], time.time(), table_id)

    async def set_aside_tables(self) -> list[tuple[str, str]]:
        rows = await self._pool.fetch(
            "SELECT id, COALESCE(problem, '') FROM tables WHERE status = $1 ORDER BY updated_at", SET_ASIDE)
        return [(str(r[0]), str(r[1])) for r in rows]

    async def moves(self, table_id: str) -> list[tuple[int, str]]:
        rows = await self._pool.fetch("SELECT seat, move FROM moves WHERE table_id = $1 ORDER BY seq", table_id)
        return [(int(r[0]), str(r[1])) for r in rows]

    async def results_for(self, table_id: str) -> list[tuple[int, int, int | None, int]]:
        rows = await self._pool.fetch(
            "SELECT round_no, seat, user_id, rank FROM results WHERE table_id = $1 ORDER BY round_no, seat", table_id)
        return [(int(r[0]), int(r[1]), r[2], int(r[3])) for r in rows]

    # --------------------------------------------------------------- standings
    async def leaderboard(
        self, guild_id: int, game: str, *, humans_only: bool = True, limit: int = 10
    ) -> list[Standing]:
        """As ``SQLiteStorage.leaderboard``, with the same query and order."""
        scope = HUMANS if humans_only else ALL
        enough = "r.rounds >= $4" if humans_only else "s.rounds >= $4"
        rows = await self._pool.fetch(
            f"{STANDING_SELECT} WHERE s.guild_id = $1 AND s.game = $2 AND s.scope = $3 AND {enough}"
            f"{LEADERBOARD_ORDER} LIMIT $5",
            guild_id, game, scope, MIN_RATED_ROUNDS, limit)
        return with_positions([standing_of(r) for r in rows])

    async def member_stats(self, guild_id: int, user_id: int) -> dict[str, Standing]:
        rows = await self._pool.fetch(
            f"{STANDING_SELECT} WHERE s.guild_id = $1 AND s.user_id = $2 AND s.scope = $3 ORDER BY s.game",
            guild_id, user_id, ALL)
        return {str(r[0]): standing_of(r) for r in rows}


async def _nothing_to_reset(conn: Any) -> None:
    """A connection goes back to the pool as it came: the bot never changes a session's
    settings, never LISTENs, keeps no cursor and takes only transaction-level locks, so
    asyncpg's reset query (an extra round trip on every release) has nothing to undo."""


async def migrate(pool: asyncpg.Pool) -> None:
    """Apply the migrations not applied yet (bot/storage/sql/postgres/), each in its own
    transaction with its row in ``schema_migrations``. Processes starting together take
    turns (an advisory lock): the first migrates, the others find nothing left to do."""
    async with pool.acquire() as conn:
        for migration in migrations("postgres"):
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                await conn.execute(
                    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY,"
                    " name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())")
                if await conn.fetchval("SELECT 1 FROM schema_migrations WHERE version = $1", migration.version):
                    continue
                await conn.execute(migration.sql)
                await conn.execute("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)",
                                   migration.version, migration.name)


def standings_lock(guild_id: int, game: str) -> int:
    """The advisory lock key of one guild's standings in one game (a signed 64-bit number;
    two pairs sharing a key only take turns, nothing worse)."""
    digest = hashlib.blake2b(f"standings:{guild_id}:{game}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


async def record_results(conn: Any, table_id: str, guild_id: int, game: str, results: Sequence[ResultRow],
                         now: float) -> int:
    """Insert the result rows not recorded yet, then add each newly recorded round to the
    standings and ratings; inside the caller's transaction. Returns how many rows were new.

    The insert comes first and needs no lock: the same round recorded by another
    transaction at the same time waits on the primary key, then inserts nothing and
    rates nothing. Only a transaction with new rows takes its guild and game's lock to
    read and rewrite the figures; holding one such lock at a time, it cannot deadlock."""
    inserted = await conn.fetch(
        "INSERT INTO results (table_id, round_no, seat, guild_id, game, user_id, rank, points, won, lost,"
        " humans, computers, computer_level, at)"
        " SELECT $1, r.round_no, r.seat, $2, $3, r.user_id, r.rank, r.points, r.won, r.lost, r.humans, r.computers,"
        " r.computer_level, $4 FROM unnest($5::integer[], $6::integer[], $7::bigint[], $8::integer[],"
        " $9::integer[], $10::boolean[], $11::boolean[], $12::integer[], $13::integer[], $14::text[])"
        " AS r (round_no, seat, user_id, rank, points, won, lost, humans, computers, computer_level)"
        " ON CONFLICT (table_id, round_no, seat) DO NOTHING RETURNING round_no, seat",
        table_id, guild_id, game, now, [r.round_no for r in results], [r.seat for r in results],
        [r.user_id for r in results], [r.rank for r in results], [r.points for r in results],
        [bool(r.won) for r in results], [bool(r.lost) for r in results], [r.humans for r in results],
        [r.computers for r in results], [r.computer_level for r in results])
    new = {(row[0], row[1]) for row in inserted}
    if not new:
        return 0
    await conn.execute("SELECT pg_advisory_xact_lock($1)", standings_lock(guild_id, game))
    rounds: dict[int, list[Placing]] = {}
    for r in results:  # in the caller's order, as SQLite rates them
        if (r.round_no, r.seat) in new:
            rounds.setdefault(r.round_no, []).append(Placing(r.user_id, r.rank, r.points, r.won, r.lost, r.humans))
    for placings in rounds.values():
        await record_round(conn, guild_id, game, placings)
    return len(new)


async def record_round(conn: Any, guild_id: int, game: str, placings: Sequence[Placing]) -> None:
    """Add one newly recorded round to the stored figures and ratings (``rating.apply_round``),
    under the caller's ``standings_lock``."""
    keys = set(figure_keys(placings))
    users = sorted({user for _, user in keys})
    figures: dict[tuple[str, int], Figures] = {}
    for scope, user_id, rounds, wins, rank_sum, points, losses, ranks in await conn.fetch(
        "SELECT scope, user_id, rounds, wins, rank_sum, points, losses, ranks FROM standings"
        " WHERE guild_id = $1 AND game = $2 AND user_id = ANY($3::bigint[])", guild_id, game, users):
        if (scope, user_id) in keys:
            figures[scope, user_id] = Figures(rounds, wins, rank_sum, points, losses, json.loads(ranks))
    ratings: dict[int, StoredRating] = {}
    for user_id, mu, sigma, rounds, history in await conn.fetch(
        "SELECT user_id, mu, sigma, rounds, history FROM ratings"
        " WHERE guild_id = $1 AND game = $2 AND user_id = ANY($3::bigint[])",
        guild_id, game, list(finishing_order(placings))):
        ratings[user_id] = StoredRating(mu, sigma, rounds, json.loads(history))
    apply_round(placings, figures, ratings)
    await conn.executemany(
        "INSERT INTO standings (guild_id, game, scope, user_id, rounds, wins, rank_sum, points, losses, ranks)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (guild_id, game, scope, user_id) DO UPDATE"
        " SET rounds = excluded.rounds, wins = excluded.wins, rank_sum = excluded.rank_sum,"
        " points = excluded.points, losses = excluded.losses, ranks = excluded.ranks",
        [(guild_id, game, scope, user_id, f.rounds, f.wins, f.rank_sum, f.points, f.losses, json.dumps(f.ranks))
         for (scope, user_id), f in figures.items()])
    if ratings:
        await conn.executemany(
            "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, ordinal, rounds, history)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (guild_id, game, user_id) DO UPDATE"
            " SET mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal,"
            " rounds = excluded.rounds, history = excluded.history",
            [(guild_id, game, user_id, r.mu, r.sigma, ordinal(r.mu, r.sigma), r.rounds, json.dumps(r.history))
             for user_id, r in ratings.items()])
