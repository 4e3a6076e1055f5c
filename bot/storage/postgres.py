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
- A save may be written twice and means the same: a move at a number already stored
  replaces it, a round already recorded is skipped. So a save whose answer was lost (the
  connection dropped after the server committed) is looked up, never reported lost when
  it landed, and never frozen on a duplicate key when it is written again.
- Nothing waits for ever (``Deadlines``): each statement, each connection and each save or
  read has a deadline, and a connection that fails or goes silent is cut, so the pool
  opens a fresh one.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import json
import socket
import struct
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

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

_T = TypeVar("_T")
# A move at a number already stored is replaced (the same save written again changes
# nothing; a move made in place of one whose save was lost, or not known to have landed,
# takes its place), so the move log converges to what the runtime holds.
_MOVES_CONFLICT = ("ON CONFLICT (table_id, seq) DO UPDATE"
                   " SET seat = excluded.seat, move = excluded.move, at = excluded.at")

POOL_SIZE = 10  # connections per process for reads and rounds' saves (group commits have one more)
MIGRATION_LOCK = 0x4B414449  # advisory lock key ("KADI"): one process migrates at a time
_TABLE_COLUMNS = "id, guild_id, channel_id, game, status, record"
MAX_GROUP = 500  # saves in one group commit, at most: bounds one statement's size
MIGRATION_SECONDS = 600.0  # a migration may rewrite a big table: it is not a member's wait
SAVE_TRIES = 3  # a save is written at most this often (it is known not saved before each retry)
FIND_OUT_TRIES = 3  # checks of whether a save whose answer was lost landed
RETRY_PAUSE = 0.2  # before trying again when no connection could be had (a server restarting)


@dataclass(frozen=True)
class Deadlines:
    """How long the bot waits for PostgreSQL, in seconds. Discord fails an interaction left
    unanswered for 3 s, so the bot defers whatever takes longer than 2 s and then has 15
    minutes; a member should still hear within seconds, and a stuck connection (packets
    dropped, no reset) must be noticed long before TCP gives up on it, about 15 minutes."""

    # One statement (asyncpg's command_timeout). A healthy server answers a save in
    # milliseconds; one 3 s slow answers a statement's first use on a connection (prepare,
    # then run: two round trips) in 6 s. Past 8 s the connection is taken for stuck: cut,
    # and replaced by a fresh one.
    statement: float = 8.0
    # Opening a connection (TCP, start-up, a password exchange: up to three round trips),
    # or waiting for a free one in the pool.
    connect: float = 10.0
    # A save or a read from call to answer, everything included: the first try, a fresh
    # connection, finding out whether a save whose answer was lost landed, a second try.
    # Past it the member is told the move was not saved (the runtime's one sentence).
    save: float = 20.0


# A connection that failed this way may have carried a commit the bot never heard of: the
# outcome of a write sent on it is unknown. Any other server error rolled the write back.
_GONE = (OSError, TimeoutError, asyncpg.InterfaceError, asyncpg.PostgresConnectionError,
         asyncpg.AdminShutdownError, asyncpg.CrashShutdownError, asyncpg.CannotConnectNowError)


class _Unsent(Exception):
    """No connection could be had: nothing was sent, so nothing was saved."""

    def __init__(self, cause: BaseException) -> None:
        super().__init__(str(cause))
        self.cause = cause


class _InDoubt(Exception):
    """The connection failed (or went silent) after the work was sent on it."""

    def __init__(self, cause: BaseException, server_pid: int) -> None:
        super().__init__(str(cause))
        self.cause = cause
        self.server_pid = server_pid  # the server process that was running it


class SaveInDoubt(TimeoutError):
    """The answer to a save was lost and the database could not be asked in time whether it
    landed. Raised to the runtime as any failed save is; the table's next save is written
    over whatever this one left (a move at the same number replaces it)."""


@dataclass(frozen=True)
class _Write:
    """One table's save, waiting for the next group commit (or, with results, alone)."""

    table: TableRow
    moves: tuple[tuple[int, int, str], ...]
    results: tuple[ResultRow, ...]
    now: float
    until: float  # the loop's clock: past it the save is given up, said not saved
    done: asyncio.Future[None]


def _settle(write: _Write, failure: BaseException | None) -> None:
    if write.done.done():
        return
    if failure is None:
        write.done.set_result(None)
    else:
        write.done.set_exception(failure)


async def _with(write_all: Callable[[Any, Sequence[_Write]], Awaitable[None]], writes: Sequence[_Write],
                conn: Any) -> None:
    await write_all(conn, writes)


def _cut(conn: Any) -> None:
    """Drop a connection that failed or went silent, so the pool opens a fresh one. The
    socket is reset (SO_LINGER 0), not closed: bytes the kernel still holds for the server
    are thrown away, so a statement that never reached it never will, late."""
    raw = getattr(conn, "_con", conn)  # behind a pool's proxy (None once asyncpg let go of it)
    if raw is None or raw.is_closed():
        return
    with contextlib.suppress(Exception):  # asyncpg internals (pinned version): a nicety, not a need
        sock = raw._transport.get_extra_info("socket")
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    raw.terminate()


class PostgresStorage:
    """``Storage`` (bot/storage/base.py) in a PostgreSQL database, shared by every process.

    Every call has a deadline (``Deadlines``): a statement, a connection, a whole save or
    read. A connection that fails or outlives its statement's deadline is cut and the pool
    opens a fresh one; a read is then asked once more, and a save whose answer was lost is
    looked up before anyone is told (``_find_out``)."""

    def __init__(self, pool: asyncpg.Pool, group_pool: asyncpg.Pool, deadlines: Deadlines = Deadlines()) -> None:
        self._pool = pool
        # The group commits' own connection: a move's save never queues for the pool behind
        # rounds' transactions waiting for their guild's lock (a pool of one, which
        # reconnects by itself after a lost connection).
        self._group_pool = group_pool
        self._deadlines = deadlines
        self._saving: set[asyncio.Task[None]] = set()  # saves with results on their way
        self._waiting: list[_Write] = []  # saves waiting for the next group commit
        self._committer: asyncio.Future[None] | None = None

    @classmethod
    async def open(cls, url: str, *, pool_size: int = POOL_SIZE, deadlines: Deadlines = Deadlines()) -> PostgresStorage:
        """Connect to ``url`` (postgresql://user:password@host:port/database) and bring the
        schema up to date; raises if the server cannot be reached."""
        settings = {"synchronous_commit": "on", "application_name": "kadi-bot"}
        # command_timeout: no statement waits longer, whichever way it is called;
        # timeout: opening a connection, the first one and every replacement.
        limits: dict[str, Any] = {"command_timeout": deadlines.statement, "timeout": deadlines.connect}
        pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size, reset=_nothing_to_reset,
                                         server_settings=settings, **limits)
        try:
            await migrate(pool)
            group_pool = await asyncpg.create_pool(url, min_size=1, max_size=1, reset=_nothing_to_reset,
                                                   server_settings=settings, **limits)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, group_pool, deadlines)

    async def close(self) -> None:
        on_their_way = [*self._saving, *([self._committer] if self._committer else [])]
        if on_their_way:
            await asyncio.wait(on_their_way)  # saves on their way are committed first (within their deadline)
        for pool in (self._group_pool, self._pool):
            try:  # a polite goodbye to the server, unless a connection has gone silent
                await asyncio.wait_for(pool.close(), self._deadlines.statement)
            except (*_GONE, asyncpg.PostgresError):
                pool.terminate()

    # ------------------------------------------------------------ connections
    async def _on_connection(self, pool: asyncpg.Pool, work: Callable[[Any], Awaitable[_T]], until: float) -> _T:
        """``work(connection)`` on a pooled connection, by the loop's time ``until``. A
        connection that fails, or is still busy at the deadline, is cut (the pool opens a
        fresh one) and ``_InDoubt`` says the work may or may not have been done; no
        connection at all is ``_Unsent``. A server's refusal (a constraint, say) is raised as
        it is: the server rolled that work back, and the connection is fine."""
        loop = asyncio.get_running_loop()
        left = until - loop.time()
        if left <= 0:
            raise _Unsent(TimeoutError("the database's deadline passed"))
        try:
            conn = await pool.acquire(timeout=min(left, self._deadlines.connect))
        except _GONE as err:
            raise _Unsent(err) from err
        server_pid = conn.get_server_pid()
        try:
            async with asyncio.timeout_at(until):
                return await work(conn)
        except asyncpg.PostgresError as err:
            if isinstance(err, _GONE):
                _cut(conn)
                raise _InDoubt(err, server_pid) from err
            raise
        except _GONE as err:
            _cut(conn)
            raise _InDoubt(err, server_pid) from err
        except BaseException:  # cancelled mid-statement: its state is unknown, so is the connection's
            _cut(conn)
            raise
        finally:
            await pool.release(conn)

    async def _call(self, work: Callable[[Any], Awaitable[_T]]) -> _T:
        """A read, or a write that may safely run twice: asked once more, on a fresh
        connection, when the first connection fails; within one save deadline."""
        until = asyncio.get_running_loop().time() + self._deadlines.save
        try:
            return await self._on_connection(self._pool, work, until)
        except _Unsent:
            await asyncio.sleep(RETRY_PAUSE)
        except _InDoubt:
            pass
        try:
            return await self._on_connection(self._pool, work, until)
        except (_Unsent, _InDoubt) as err:
            raise err.cause from None

    async def _find_out(self, pool: asyncpg.Pool, lost: _InDoubt, tables: Sequence[TableRow],
                        until: float) -> dict[str, str]:
        """The stored records of ``tables``, read once the server process that ran the lost
        write has ended (``pg_terminate_backend``, waited for): then its transaction has
        committed or never will, and the rows say which. Raises ``SaveInDoubt`` when the
        database cannot be asked by ``until``."""
        ids = [t.id for t in tables]

        async def look(conn: Any) -> dict[str, str] | None:
            if conn.get_server_pid() != lost.server_pid:
                with contextlib.suppress(asyncpg.InsufficientPrivilegeError):  # then only wait for it
                    wait_ms = max(1, int(min(self._deadlines.statement, until - loop.time()) * 1000) - 100)
                    await conn.fetchval("SELECT pg_terminate_backend($1, $2)", lost.server_pid, wait_ms)
                if await conn.fetchval("SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = $1)",
                                       lost.server_pid):
                    return None  # still running: it may yet commit
            rows = await conn.fetch("SELECT id, record FROM tables WHERE id = ANY($1::text[])", ids)
            return {str(r[0]): str(r[1]) for r in rows}

        loop = asyncio.get_running_loop()
        for _ in range(FIND_OUT_TRIES):
            try:
                found = await self._on_connection(pool, look, until)
            except (_Unsent, _InDoubt, asyncpg.PostgresError):
                found = None
            if found is not None:
                return found
            if loop.time() + RETRY_PAUSE >= until:
                break
            await asyncio.sleep(RETRY_PAUSE)
        raise SaveInDoubt(f"the answer to a save was lost ({type(lost.cause).__name__}: {lost.cause}) "
                          "and the database could not be asked in time whether it landed") from lost.cause

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
        (so one round trip and one flush for the whole group). Should the server refuse
        that statement, each of its saves is written alone, so only a bad one fails.

        Saves are idempotent (a move at a number already stored replaces it, a round
        already recorded is skipped), so a save may be written again. When a connection
        fails after a save was sent, whether it committed is looked up before returning:
        landed, it returns; not landed, it is written again (``SAVE_TRIES``); not known by
        the deadline, it raises. A caller that gives up (cancelled) does not undo a save
        already on its way."""
        loop = asyncio.get_running_loop()
        write = _Write(table, tuple(moves), tuple(results), time.time(), loop.time() + self._deadlines.save,
                       loop.create_future())
        if results:
            task = asyncio.ensure_future(self._save(self._pool, [write], self._write_with_results))
            self._saving.add(task)
            task.add_done_callback(self._saving.discard)
            await asyncio.shield(write.done)
            return
        self._waiting.append(write)
        if self._committer is None or self._committer.done():
            self._committer = asyncio.ensure_future(self._commit_waiting())
        await asyncio.shield(write.done)

    async def _commit_waiting(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting[:MAX_GROUP], self._waiting[MAX_GROUP:]
            try:
                await self._save(self._group_pool, batch, self._write_group)
            except asyncio.CancelledError:
                for write in [*batch, *self._waiting]:
                    _settle(write, RuntimeError("storage closed before the save"))
                raise

    async def _save(self, pool: asyncpg.Pool, batch: Sequence[_Write],
                    write_all: Callable[[Any, Sequence[_Write]], Awaitable[None]]) -> None:
        try:
            await self._save_batch(pool, batch, write_all)
        except Exception as err:  # a fault of the bot's own: its saves fail, none waits for ever
            for write in batch:
                _settle(write, err)

    async def _save_batch(self, pool: asyncpg.Pool, batch: Sequence[_Write],
                          write_all: Callable[[Any, Sequence[_Write]], Awaitable[None]]) -> None:
        """Write ``batch`` with ``write_all`` (one transaction) and settle each of its saves:
        saved, refused by the server, or not saved in time. Never a save reported lost that
        landed: after a lost answer the database is asked first."""
        loop = asyncio.get_running_loop()
        pending = [w for w in batch if not w.done.done()]
        failure: BaseException = TimeoutError("the database's deadline passed")
        for _ in range(SAVE_TRIES):
            for write in pending:  # never sent, and out of time: truly not saved
                if write.until <= loop.time():
                    _settle(write, failure)
            pending = [w for w in pending if not w.done.done()]
            if not pending:
                return
            until = min(w.until for w in pending)
            try:
                await self._on_connection(pool, functools.partial(_with, write_all, tuple(pending)), until)
            except _Unsent as err:
                failure = err.cause
                await asyncio.sleep(min(RETRY_PAUSE, max(0.0, until - loop.time())))
            except _InDoubt as lost:
                failure = lost.cause
                try:
                    stored = await self._find_out(pool, lost, [w.table for w in pending], until)
                except SaveInDoubt as unknown:
                    for write in pending:
                        _settle(write, unknown)
                    return
                for write in pending:
                    if stored.get(write.table.id) == write.table.record:  # landed: its record is the one stored
                        _settle(write, None)
                pending = [w for w in pending if not w.done.done()]  # known not saved: write them again
            except asyncpg.PostgresError as refused:  # rolled back by the server
                if len(pending) == 1:
                    _settle(pending[0], refused)
                    return
                for write in pending:  # which one failed? each alone: only that one fails
                    await self._save_batch(pool, [write], write_all)
                return
            else:
                for write in pending:
                    _settle(write, None)
                return
        for write in pending:
            _settle(write, failure)

    @staticmethod
    async def _write_group(conn: Any, group: Sequence[_Write]) -> None:
        """The tables' rows and their new moves, in one statement: its own transaction. A
        move at a number already stored replaces it: written again, the same save changes
        nothing, and a move made in place of one whose save was lost takes its place."""
        moves = [(w.table.id, seq, seat, text, w.now) for w in group for seq, seat, text in w.moves]
        await conn.execute(
            "WITH saved AS (INSERT INTO tables (id, guild_id, channel_id, game, status, record, updated_at, redraw)"
            " SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::text[],"
            " $7::double precision[], $8::boolean[])"
            " ON CONFLICT (id) DO UPDATE SET status = excluded.status, record = excluded.record,"
            " updated_at = excluded.updated_at, redraw = excluded.redraw)"
            " INSERT INTO moves (table_id, seq, seat, move, at)"
            " SELECT * FROM unnest($9::text[], $10::integer[], $11::integer[], $12::text[], $13::double precision[])"
            f" {_MOVES_CONFLICT}",
            [w.table.id for w in group], [w.table.guild_id for w in group], [w.table.channel_id for w in group],
            [w.table.game for w in group], [w.table.status for w in group], [w.table.record for w in group],
            [w.now for w in group], [w.table.status in FINISHED for w in group],
            *([m[i] for m in moves] for i in range(5)))

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Any]:
        """A pooled connection inside a transaction, committed when the block ends
        (rolled back if it raises)."""
        async with self._pool.acquire(timeout=self._deadlines.connect) as conn, conn.transaction():
            yield conn

    @staticmethod
    async def _write_with_results(conn: Any, writes: Sequence[_Write]) -> None:
        (write,) = writes
        table, now = write.table, write.now
        async with conn.transaction():
            await conn.execute(
                "INSERT INTO tables (id, guild_id, channel_id, game, status, record, updated_at, redraw)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"
                " ON CONFLICT (id) DO UPDATE SET status = excluded.status, record = excluded.record,"
                " updated_at = excluded.updated_at, redraw = excluded.redraw",
                table.id, table.guild_id, table.channel_id, table.game, table.status, table.record, now,
                table.status in FINISHED)
            if write.moves:
                await conn.executemany(
                    f"INSERT INTO moves (table_id, seq, seat, move, at) VALUES ($1, $2, $3, $4, $5) {_MOVES_CONFLICT}",
                    [(table.id, seq, seat, text, now) for seq, seat, text in write.moves])
            await record_results(conn, table.id, table.guild_id, table.game, write.results, now)

    async def active_tables(self) -> list[TableRow]:
        """Tables in the lobby or in play: the ones to bring back at start-up."""
        rows = await self._call(lambda conn: conn.fetch(
            f"SELECT {_TABLE_COLUMNS} FROM tables WHERE status = ANY($1::text[]) ORDER BY updated_at", list(ACTIVE)))
        return [TableRow(*r) for r in rows]

    async def finished_to_redraw(self) -> list[TableRow]:
        """Finished tables whose last state may not have reached their message."""
        rows = await self._call(lambda conn: conn.fetch(
            f"SELECT {_TABLE_COLUMNS} FROM tables WHERE redraw ORDER BY updated_at"))
        return [TableRow(*r) for r in rows]

    async def final_drawn(self, table_id: str) -> None:
        await self._call(lambda conn: conn.execute("UPDATE tables SET redraw = FALSE WHERE id = $1", table_id))

    async def hand_images(self, user_id: int) -> bool:
        value = await self._call(lambda conn: conn.fetchval(
            "SELECT hand_images FROM member_settings WHERE user_id = $1", user_id))
        return True if value is None else bool(value)

    async def set_hand_images(self, user_id: int, on: bool) -> None:
        await self._call(lambda conn: conn.execute(
            "INSERT INTO member_settings (user_id, hand_images) VALUES ($1, $2)"
            " ON CONFLICT (user_id) DO UPDATE SET hand_images = excluded.hand_images", user_id, on))

    async def set_aside(self, table_id: str, problem: str) -> None:
        await self._call(lambda conn: conn.execute(
            "UPDATE tables SET status = $1, problem = $2, updated_at = $3 WHERE id = $4",
            SET_ASIDE, problem[:1000], time.time(), table_id))

    async def set_aside_tables(self) -> list[tuple[str, str]]:
        rows = await self._call(lambda conn: conn.fetch(
            "SELECT id, COALESCE(problem, '') FROM tables WHERE status = $1 ORDER BY updated_at", SET_ASIDE))
        return [(str(r[0]), str(r[1])) for r in rows]

    async def moves(self, table_id: str) -> list[tuple[int, str]]:
        rows = await self._call(lambda conn: conn.fetch(
            "SELECT seat, move FROM moves WHERE table_id = $1 ORDER BY seq", table_id))
        return [(int(r[0]), str(r[1])) for r in rows]

    async def results_for(self, table_id: str) -> list[tuple[int, int, int | None, int]]:
        rows = await self._call(lambda conn: conn.fetch(
            "SELECT round_no, seat, user_id, rank FROM results WHERE table_id = $1 ORDER BY round_no, seat", table_id))
        return [(int(r[0]), int(r[1]), r[2], int(r[3])) for r in rows]

    # --------------------------------------------------------------- standings
    async def leaderboard(
        self, guild_id: int, game: str, *, humans_only: bool = True, limit: int = 10
    ) -> list[Standing]:
        """As ``SQLiteStorage.leaderboard``, with the same query and order."""
        scope = HUMANS if humans_only else ALL
        enough = "r.rounds >= $4" if humans_only else "s.rounds >= $4"
        rows = await self._call(lambda conn: conn.fetch(
            f"{STANDING_SELECT} WHERE s.guild_id = $1 AND s.game = $2 AND s.scope = $3 AND {enough}"
            f"{LEADERBOARD_ORDER} LIMIT $5",
            guild_id, game, scope, MIN_RATED_ROUNDS, limit))
        return with_positions([standing_of(r) for r in rows])

    async def member_stats(self, guild_id: int, user_id: int) -> dict[str, Standing]:
        rows = await self._call(lambda conn: conn.fetch(
            f"{STANDING_SELECT} WHERE s.guild_id = $1 AND s.user_id = $2 AND s.scope = $3 ORDER BY s.game",
            guild_id, user_id, ALL))
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
                # Not the statement deadline: another process may be migrating, and a
                # migration may rewrite a big table (no member waits on start-up).
                await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK, timeout=MIGRATION_SECONDS)
                await conn.execute(
                    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY,"
                    " name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())")
                if await conn.fetchval("SELECT 1 FROM schema_migrations WHERE version = $1", migration.version):
                    continue
                await conn.execute(migration.sql, timeout=MIGRATION_SECONDS)
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
