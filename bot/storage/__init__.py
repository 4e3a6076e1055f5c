"""Storage: tables, the move log and the standings, in SQLite (one process, the default)
or PostgreSQL (``DATABASE_URL``, any number of processes). The interface both keep is
``base.Storage``; ``open_storage`` opens the one the settings name, migrated."""

from __future__ import annotations

import asyncio

from bot.config import Settings, hide_password
from bot.storage.base import Storage

CONNECT_SECONDS = 30.0  # a server that does not answer by then is reported, not waited for


class StorageUnavailable(RuntimeError):
    """The database the settings name cannot be opened; the message is one sentence for the operator."""


async def open_storage(settings: Settings) -> Storage:
    """PostgreSQL at ``settings.database_url`` when set, else SQLite at ``settings.database_path``."""
    if settings.database_url:
        import asyncpg

        from bot.storage.postgres import PostgresStorage

        try:
            return await asyncio.wait_for(PostgresStorage.open(settings.database_url), CONNECT_SECONDS)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError) as err:
            raise StorageUnavailable(
                f"Could not open the PostgreSQL database at {hide_password(settings.database_url)} "
                f"({type(err).__name__}: {err}): check DATABASE_URL and that the server is running.") from None
    from bot.storage.sqlite import SQLiteStorage

    return await SQLiteStorage.open(settings.database_path)
