"""Storage: tables, the move log and the standings, in SQLite (one process, the default)
or PostgreSQL (``DATABASE_URL``, any number of processes). The interface both keep is
``base.Storage``; ``open_storage`` opens the one the settings name, migrated, or says in
one sentence (``StorageUnavailable``) why it cannot."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from bot.config import Settings, hide_password
from bot.storage.base import Storage

CONNECT_SECONDS = 30.0  # a server that does not answer by then is reported, not waited for
SQLITE_HEADER = b"SQLite format 3\x00"  # the first 16 bytes of every SQLite database file


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

    path = settings.database_path
    if str(path) != ":memory:":
        check_sqlite_path(path)
    try:
        return await SQLiteStorage.open(path)
    except (OSError, sqlite3.Error) as err:
        raise StorageUnavailable(_sqlite_sentence(path, _reason(err))) from None


def check_sqlite_path(path: Path) -> None:
    """Refuse, in one sentence, a ``DATABASE_PATH`` SQLite cannot use, before SQLite is
    asked: a folder, a folder that cannot be made, a file that is not a database. (Asked
    first, SQLite's own errors come as chained tracebacks from its worker thread.)"""
    if path.is_dir():
        raise StorageUnavailable(_sqlite_sentence(path, "it is a folder, not a file"))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise StorageUnavailable(_sqlite_sentence(path, f"its folder cannot be made: {_reason(err)}")) from None
    if not path.parent.is_dir():
        raise StorageUnavailable(_sqlite_sentence(path, f"{str(path.parent)!r} is not a folder"))
    try:
        with path.open("rb") as file:
            header = file.read(len(SQLITE_HEADER))
    except FileNotFoundError:
        return  # a new database: SQLite makes it
    except OSError as err:
        raise StorageUnavailable(_sqlite_sentence(path, f"it cannot be read: {_reason(err)}")) from None
    if header and header != SQLITE_HEADER:
        raise StorageUnavailable(_sqlite_sentence(path, "the file there is not a SQLite database"))


def _reason(err: BaseException) -> str:
    if isinstance(err, OSError) and err.strerror:
        return err.strerror.lower()
    return str(err) or type(err).__name__


def _sqlite_sentence(path: Path, why: str) -> str:
    return (f"Could not use DATABASE_PATH={str(path)!r} ({why}): set DATABASE_PATH in .env to a file in a folder "
            "the bot may write to, such as data/kadi.sqlite3.")
