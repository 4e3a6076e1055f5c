"""Schema migrations, applied in order at start-up (``PRAGMA user_version`` counts them).

Never edit a migration that has shipped: add a new one at the end.
"""

from __future__ import annotations

MIGRATIONS: list[list[str]] = [
    # 1: tables with their runtime record (engine state inside), the move log, round results.
    [
        """CREATE TABLE tables (
            id TEXT PRIMARY KEY,
            guild_id INTEGER NOT NULL,
            channel_id INTEGER NOT NULL,
            game TEXT NOT NULL,
            status TEXT NOT NULL,
            record TEXT NOT NULL,
            updated_at REAL NOT NULL
        )""",
        "CREATE INDEX tables_by_status ON tables (status)",
        """CREATE TABLE moves (
            table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            move TEXT NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (table_id, seq)
        )""",
        """CREATE TABLE results (
            table_id TEXT NOT NULL,
            round_no INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            guild_id INTEGER NOT NULL,
            game TEXT NOT NULL,
            user_id INTEGER,
            rank INTEGER NOT NULL,
            points INTEGER NOT NULL,
            won INTEGER NOT NULL,
            lost INTEGER NOT NULL,
            humans INTEGER NOT NULL,
            computers INTEGER NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (table_id, round_no, seat)
        )""",
        "CREATE INDEX results_by_guild_game ON results (guild_id, game, user_id)",
    ],
    # 2: why a table was set aside (its row could not be restored); it is kept, not retried.
    [
        "ALTER TABLE tables ADD COLUMN problem TEXT",
    ],
]
