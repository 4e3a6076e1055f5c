"""Schema migrations, applied in order at start-up (``PRAGMA user_version`` counts them).

Never edit a migration that has shipped: add a new one at the end. A step is an SQL
statement, or a function given the ``sqlite3`` connection, run in the migration's
transaction.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from bot.storage.rating import rebuild

Step = str | Callable[[sqlite3.Connection], None]

MIGRATIONS: list[list[Step]] = [
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
    # 3: stored standings and OpenSkill ratings (bot/storage/rating.py), kept up to date in
    # the transaction that records each round, built here once from the rounds recorded so far.
    [
        """CREATE TABLE standings (
            guild_id INTEGER NOT NULL,
            game TEXT NOT NULL,
            scope TEXT NOT NULL,
            user_id INTEGER NOT NULL,
            rounds INTEGER NOT NULL,
            wins INTEGER NOT NULL,
            rank_sum INTEGER NOT NULL,
            points INTEGER NOT NULL,
            losses INTEGER NOT NULL,
            ranks TEXT NOT NULL,
            PRIMARY KEY (guild_id, game, scope, user_id)
        )""",
        """CREATE TABLE ratings (
            guild_id INTEGER NOT NULL,
            game TEXT NOT NULL,
            user_id INTEGER NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            ordinal REAL NOT NULL,
            rounds INTEGER NOT NULL,
            history TEXT NOT NULL,
            PRIMARY KEY (guild_id, game, user_id)
        )""",
        "CREATE INDEX ratings_by_ordinal ON ratings (guild_id, game, ordinal)",
        rebuild,
    ],
    # 4: a finished table whose last state may not be on its message yet (a crash between
    # the save and the redraw): redrawn at the next start, then cleared.
    [
        "ALTER TABLE tables ADD COLUMN redraw INTEGER NOT NULL DEFAULT 0",
    ],
    # 5: the level of a computer seat ("easy", "normal", "hard") in each round it played;
    # NULL for a human's seat and for the rounds recorded before levels.
    [
        "ALTER TABLE results ADD COLUMN computer_level TEXT",
    ],
    # 6: a member's own settings, whatever the server or table: whether their hand
    # messages carry a picture of their cards (1, the default) or words only (0).
    [
        """CREATE TABLE member_settings (
            user_id INTEGER PRIMARY KEY,
            hand_images INTEGER NOT NULL DEFAULT 1
        )""",
    ],
]
