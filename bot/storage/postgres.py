"""PostgreSQL storage through asyncpg, for any number of bot processes sharing one server:
what only PostgreSQL does. The statements, the reads and the group-commit queue are
``SQLStorage``'s (sql_storage.py). The same promises as SQLite (``base.py``), kept by the
server rather than by one process:

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
import itertools
import re
import socket
import struct
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import asyncpg

from bot.storage.base import FINISHED, TableRow
from bot.storage.migrations import migrations
from bot.storage.sql_storage import (
    MOVE_CONFLICT,
    MOVE_INSERT,
    RESULT_CONFLICT,
    RESULT_INSERT,
    RESULT_VALUES,
    TABLE_CONFLICT,
    TABLE_INSERT,
    Save,
    SQLStorage,
    write_save,
)

_T = TypeVar("_T")

POOL_SIZE = 10  # connections per process for reads and rounds' saves (group commits have one more)
MIGRATION_LOCK = 0x4B414449  # advisory lock key ("KADI"): one process migrates at a time
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


async def _with(write_all: Callable[[Any, Sequence[Save]], Awaitable[None]], writes: Sequence[Save],
                conn: Any) -> None:
    await write_all(conn, writes)


_QUOTED_OR_PLACEHOLDER = re.compile(r"'(?:[^']|'')*'|\?")


@functools.lru_cache(maxsize=256)
def numbered(sql: str) -> str:
    """A shared statement in PostgreSQL's words: its ``?`` placeholders numbered $1, $2...
    (a ``?`` inside a quoted string is left as it is)."""
    count = itertools.count(1)
    return _QUOTED_OR_PLACEHOLDER.sub(lambda m: f"${next(count)}" if m.group() == "?" else m.group(), sql)


class PostgresConnection:
    """An asyncpg connection, as the shared code speaks to it (``sql_storage.Connection``)."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    async def fetch(self, sql: str, *args: Any) -> list[Any]:
        return list(await self.conn.fetch(numbered(sql), *args))

    async def execute(self, sql: str, *args: Any) -> None:
        await self.conn.execute(numbered(sql), *args)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        await self.conn.executemany(numbered(sql), rows)

    async def insert_results(self, rows: Sequence[Sequence[Any]]) -> set[tuple[int, int]]:
        # One statement, however many rows: one round trip.
        inserted = await self.fetch(
            f"{RESULT_INSERT} VALUES {', '.join([RESULT_VALUES] * len(rows))} {RESULT_CONFLICT}"
            " RETURNING round_no, seat", *itertools.chain.from_iterable(rows))
        return {(int(r[0]), int(r[1])) for r in inserted}

    async def lock_standings(self, guild_id: int, game: str) -> None:
        """Two processes recording rounds of the same guild and game take turns (the second
        sees the first's figures); other guilds and games go on in parallel."""
        await self.conn.execute("SELECT pg_advisory_xact_lock($1)", standings_lock(guild_id, game))


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


class PostgresStorage(SQLStorage):
    """``Storage`` (bot/storage/base.py) in a PostgreSQL database, shared by every process.

    Every call has a deadline (``Deadlines``): a statement, a connection, a whole save or
    read. A connection that fails or outlives its statement's deadline is cut and the pool
    opens a fresh one; a read is then asked once more, and a save whose answer was lost is
    looked up before anyone is told (``_find_out``)."""

    group_most = MAX_GROUP
    rounds_in_group = False  # a round's save waits for its guild's lock: not in the group, on the pool

    def __init__(self, pool: asyncpg.Pool, group_pool: asyncpg.Pool, deadlines: Deadlines = Deadlines()) -> None:
        super().__init__(deadlines.save)
        self._pool = pool
        # The group commits' own connection: a move's save never queues for the pool behind
        # rounds' transactions waiting for their guild's lock (a pool of one, which
        # reconnects by itself after a lost connection).
        self._group_pool = group_pool
        self._deadlines = deadlines

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
        await self._saves_finished()  # saves on their way are committed first (within their deadline)
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

    async def _fetch(self, sql: str, *args: Any) -> list[Any]:
        return list(await self._call(lambda conn: conn.fetch(numbered(sql), *args)))

    async def _execute(self, sql: str, *args: Any) -> None:
        await self._call(lambda conn: conn.execute(numbered(sql), *args))

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

    # ------------------------------------------------------------ saves
    async def _commit_group(self, group: Sequence[Save]) -> None:
        """Every save of the group in one statement, on the group commits' own connection
        (one round trip and one flush for the whole group). Should the server refuse that
        statement, each of its saves is written alone, so only a bad one fails."""
        await self._save_batch(self._group_pool, group, self._write_group)

    async def _commit_alone(self, save: Save) -> None:
        """A save with results (a round ended, a few per minute): a transaction of its own."""
        await self._save_batch(self._pool, [save], self._write_with_results)

    async def _save_batch(self, pool: asyncpg.Pool, batch: Sequence[Save],
                          write_all: Callable[[Any, Sequence[Save]], Awaitable[None]]) -> None:
        """Write ``batch`` with ``write_all`` (one transaction) and settle each of its saves:
        saved, refused by the server, or not saved in time. Never a save reported lost that
        landed: after a lost answer the database is asked first. Saves are idempotent, so
        one known not to have landed is written again (``SAVE_TRIES``); one not known by
        its deadline fails with ``SaveInDoubt``."""
        loop = asyncio.get_running_loop()
        pending = [w for w in batch if not w.done.done()]
        failure: BaseException = TimeoutError("the database's deadline passed")
        for _ in range(SAVE_TRIES):
            for write in pending:  # never sent, and out of time: truly not saved
                if write.until <= loop.time():
                    write.settle(failure)
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
                        write.settle(unknown)
                    return
                for write in pending:
                    if stored.get(write.table.id) == write.table.record:  # landed: its record is the one stored
                        write.settle(None)
                pending = [w for w in pending if not w.done.done()]  # known not saved: write them again
            except asyncpg.PostgresError as refused:  # rolled back by the server
                if len(pending) == 1:
                    pending[0].settle(refused)
                    return
                for write in pending:  # which one failed? each alone: only that one fails
                    await self._save_batch(pool, [write], write_all)
                return
            else:
                for write in pending:
                    write.settle(None)
                return
        for write in pending:
            write.settle(failure)

    @staticmethod
    async def _write_group(conn: Any, group: Sequence[Save]) -> None:
        """The tables' rows and their new moves, in one statement: its own transaction."""
        moves = [(w.table.id, seq, seat, text, w.now) for w in group for seq, seat, text in w.moves]
        await conn.execute(
            f"WITH saved AS ({TABLE_INSERT}"
            " SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::text[],"
            f" $7::double precision[], $8::boolean[]) {TABLE_CONFLICT})"
            f" {MOVE_INSERT}"
            " SELECT * FROM unnest($9::text[], $10::integer[], $11::integer[], $12::text[], $13::double precision[])"
            f" {MOVE_CONFLICT}",
            [w.table.id for w in group], [w.table.guild_id for w in group], [w.table.channel_id for w in group],
            [w.table.game for w in group], [w.table.status for w in group], [w.table.record for w in group],
            [w.now for w in group], [w.table.status in FINISHED for w in group],
            *([m[i] for m in moves] for i in range(5)))

    @staticmethod
    async def _write_with_results(conn: Any, saves: Sequence[Save]) -> None:
        (save,) = saves
        async with conn.transaction():
            await write_save(PostgresConnection(conn), save)

    @contextlib.asynccontextmanager
    async def transaction(self) -> AsyncIterator[Any]:
        """A pooled connection inside a transaction, committed when the block ends
        (rolled back if it raises)."""
        async with self._pool.acquire(timeout=self._deadlines.connect) as conn, conn.transaction():
            yield conn


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
