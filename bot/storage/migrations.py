"""Schema migrations as plain SQL, one file per migration and per database:
``bot/storage/sql/<backend>/NNN_name.sql``, applied in order at start-up, each in its own
transaction with the version it brings the schema to (SQLite: ``PRAGMA user_version``;
PostgreSQL: the ``schema_migrations`` table).

Adding one: write the next number's file for each backend (``sqlite/006_x.sql`` and
``postgres/002_x.sql``); never edit a file that has shipped. Statements end with ``;`` at
the end of a line. SQLite's migration 3 is followed, in its transaction, by one step in
Python (``sqlite.AFTER_MIGRATION``): rating the rounds recorded before ratings existed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

SQL_FOLDER = Path(__file__).parent / "sql"
_FILE_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")
_STATEMENT_END = re.compile(r";[ \t]*(?:\n|$)")


@dataclass(frozen=True)
class Migration:
    version: int  # the schema's version once applied: 1, 2, 3...
    name: str  # the file's name
    sql: str  # the whole file

    def statements(self) -> list[str]:
        """The file's statements, one by one (comments kept: both databases ignore them)."""
        chunks = (chunk.strip() for chunk in _STATEMENT_END.split(self.sql))
        return [chunk for chunk in chunks if _has_code(chunk)]


def migrations(backend: str) -> list[Migration]:
    """Every migration of ``backend`` ("sqlite" or "postgres"), in order. The files must be
    numbered 1, 2, 3... without gaps, so that a missing or misnamed file stops start-up
    instead of being skipped."""
    found: list[Migration] = []
    for path in sorted((SQL_FOLDER / backend).glob("*.sql")):
        match = _FILE_NAME.match(path.name)
        if match is None:
            raise ValueError(f"{path} is not named NNN_name.sql (three digits, lowercase words).")
        found.append(Migration(int(match.group(1)), path.name, path.read_text(encoding="utf-8")))
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise ValueError(f"{backend} migration {expected} is missing (found {migration.name}).")
    return found


def _has_code(chunk: str) -> bool:
    return any(line.strip() and not line.strip().startswith("--") for line in chunk.splitlines())
