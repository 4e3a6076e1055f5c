"""Storage: tables, the move log and the standings, in SQLite (one process, the default)
or PostgreSQL (``DATABASE_URL``, any number of processes). The interface both keep is
``base.Storage``; ``open_storage`` opens the one the settings name, migrated."""

from __future__ import annotations

from bot.config import Settings
from bot.storage.base import Storage


async def open_storage(settings: Settings) -> Storage:
    """PostgreSQL at ``settings.database_url`` when set, else SQLite at ``settings.database_path``."""
    if settings.database_url:
        from bot.storage.postgres import PostgresStorage

        return await PostgresStorage.open(settings.database_url)
    from bot.storage.sqlite import SQLiteStorage

    return await SQLiteStorage.open(settings.database_path)
