"""SQLite storage through aiosqlite: what only SQLite does. The statements, the reads and
the group commit are ``SQLStorage``'s (sql_storage.py).

One connection per process, WAL journal with ``synchronous=FULL``: a commit is on
disk before the bot tells anyone, so not even a power loss takes back a move that
players were told about. A group commit's transaction runs as one call on aiosqlite's
worker thread (no other statement comes between its writes), each save in a savepoint
of its own, so a save the database refuses is rolled back alone. The schema's version is
``PRAGMA user_version``; migration 3 is followed by rating the rounds recorded before
ratings existed (``AFTER_MIGRATION``).
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable, Coroutine, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from bot.storage.migrations import migrations
from bot.storage.rating import Placing
from bot.storage.sql_storage import SAVE_RESULT, Save, SQLStorage, record_round, write_save

_T = TypeVar("_T")


class SQLiteConnection:
    """The worker thread's ``sqlite3`` connection, as the shared code speaks to it
    (``sql_storage.Connection``). Its calls never wait, so a shared coroutine given it
    runs to its end within one call on the thread (``at_once``)."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    async def fetch(self, sql: str, *args: Any) -> list[Any]:
        return self.conn.execute(sql, args).fetchall()

    async def execute(self, sql: str, *args: Any) -> None:
        self.conn.execute(sql, args)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self.conn.executemany(sql, rows)

    async def insert_results(self, rows: Sequence[Sequence[Any]]) -> set[tuple[int, int]]:
        # Row by row, told by each insert's row count: RETURNING needs SQLite 3.35, and
        # on this thread a statement costs no round trip.
        return {(row[1], row[2]) for row in rows if self.conn.execute(SAVE_RESULT, row).rowcount}

    async def lock_standings(self, guild_id: int, game: str) -> None:
        """Nothing to take: the write transaction began IMMEDIATE, so it holds the database's one write lock."""


def at_once(work: Coroutine[Any, Any, _T]) -> _T:
    """Run a shared coroutine on a ``SQLiteConnection`` to its end, here and now (on the
    worker thread, where there is no event loop to wait with)."""
    try:
        work.send(None)
    except StopIteration as finished:
        return finished.value  # type: ignore[no-any-return]
    work.close()
    raise RuntimeError("a SQLite write waited for something: only SQLiteConnection's calls may be awaited there")


class SQLiteStorage(SQLStorage):
    """``Storage`` (bot/storage/base.py) in one SQLite file, for one bot process."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        super().__init__()
        self._conn = conn
        # One connection serves every table, and writers take turns (the per-table locks
        # only order one table's moves).
        self._write_lock = asyncio.Lock()

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
        await self._saves_finished()  # saves on their way reach the disk first
        await self._conn.close()

    async def _fetch(self, sql: str, *args: Any) -> list[Any]:
        async with self._conn.execute(sql, args) as cur:
            return list(await cur.fetchall())

    async def _execute(self, sql: str, *args: Any) -> None:
        async with self._write_lock:
            await self._conn.execute(sql, args)

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

    # ------------------------------------------------------------ group commit
    async def _commit_group(self, group: Sequence[Save]) -> None:
        async with self._write_lock:
            # The whole transaction runs as one call on aiosqlite's worker thread, so no
            # other statement can come between its writes. ``_execute`` and ``_conn`` are
            # aiosqlite internals, pinned with the version.
            failures = await self._conn._execute(self._write_in_thread, group)  # type: ignore[no-untyped-call]
        for save, failure in zip(group, failures, strict=True):
            save.settle(failure)

    def _write_in_thread(self, group: Sequence[Save]) -> list[Exception | None]:
        # The record arrives as JSON text, encoded by the runtime on the event loop: Python
        # work on the worker holds the GIL that the event loop needs between its socket calls.
        conn: sqlite3.Connection = self._conn._conn
        shared = SQLiteConnection(conn)
        failures: list[Exception | None] = []
        conn.execute("BEGIN IMMEDIATE")
        try:
            for save in group:
                conn.execute("SAVEPOINT one_save")
                try:
                    at_once(write_save(shared, save))
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
    shared = SQLiteConnection(conn)
    for guild_id, game, placings in rounds.values():
        at_once(record_round(shared, guild_id, game, placings))


# Steps in Python run after a migration's SQL, in its transaction (migrations.py).
AFTER_MIGRATION: dict[int, Callable[[sqlite3.Connection], None]] = {
    3: rebuild,  # rate the rounds recorded before ratings existed
}
