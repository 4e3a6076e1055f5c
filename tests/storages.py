"""Opening a test's storage on either database, and reaching into it where a test must
(damaging a row on purpose, reading a setting)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from bot.storage.base import Storage
from bot.storage.postgres import PostgresStorage
from bot.storage.sqlite import SQLiteStorage

BACKENDS = ("sqlite", "postgres")
Database = Path | str  # a SQLite file, or a postgresql:// URL

_QUESTION_MARK = re.compile(r"\?")


async def open_at(database: Database) -> Storage:
    if isinstance(database, str) and database.startswith("postgresql://"):
        return await PostgresStorage.open(database)
    return await SQLiteStorage.open(database)


async def fetch(storage: Storage, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    """Run one statement written with ``?`` placeholders straight on the storage's database
    (bypassing the interface, as only a test should); the rows it returns."""
    inner = getattr(storage, "inner", storage)  # a test's wrapper around a storage
    if isinstance(inner, PostgresStorage):
        numbered = iter(range(1, 100))
        statement = _QUESTION_MARK.sub(lambda _: f"${next(numbered)}", sql)
        return [tuple(r) for r in await inner._pool.fetch(statement, *args)]
    assert isinstance(inner, SQLiteStorage)
    async with inner._conn.execute(sql, args) as cur:
        return [tuple(r) for r in await cur.fetchall()]
