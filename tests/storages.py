"""Opening a test's storage on either database, and reaching into it where a test must
(damaging a row on purpose, reading a setting)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.storage.base import Storage
from bot.storage.postgres import PostgresStorage
from bot.storage.sql_storage import SQLStorage
from bot.storage.sqlite import SQLiteStorage

BACKENDS = ("sqlite", "postgres")
Database = Path | str  # a SQLite file, or a postgresql:// URL


async def open_at(database: Database) -> Storage:
    if isinstance(database, str) and database.startswith("postgresql://"):
        return await PostgresStorage.open(database)
    return await SQLiteStorage.open(database)


async def fetch(storage: Storage, sql: str, *args: Any) -> list[tuple[Any, ...]]:
    """Run one statement written with ``?`` placeholders straight on the storage's database
    (bypassing the interface, as only a test should); the rows it returns."""
    inner = getattr(storage, "inner", storage)  # a test's wrapper around a storage
    assert isinstance(inner, SQLStorage)
    return [tuple(r) for r in await inner.raw_fetch(sql, *args)]  # PostgreSQL's placeholders numbered as the bot's are
