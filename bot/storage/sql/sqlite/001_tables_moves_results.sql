-- Tables with their runtime record (engine state inside), the move log, round results.
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    status TEXT NOT NULL,
    record TEXT NOT NULL,
    updated_at REAL NOT NULL
);
CREATE INDEX tables_by_status ON tables (status);
CREATE TABLE moves (
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, seq)
);
CREATE TABLE results (
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
);
CREATE INDEX results_by_guild_game ON results (guild_id, game, user_id);
