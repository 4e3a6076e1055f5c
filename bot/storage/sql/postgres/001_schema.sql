-- The schema of SQLite's migrations 1 to 5 (bot/storage/sql/sqlite/), in PostgreSQL's types:
-- Discord ids are BIGINT (snowflakes fit in 63 bits), times are seconds since the epoch.
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    status TEXT NOT NULL,
    record TEXT NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL,
    problem TEXT,
    redraw BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX tables_by_status ON tables (status);
-- Finished tables still to redraw are few among many: a partial index finds them.
CREATE INDEX tables_to_redraw ON tables (updated_at) WHERE redraw;
CREATE TABLE moves (
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, seq)
);
-- A round's rows: the primary key is what records a round at most once (INSERT ... ON
-- CONFLICT DO NOTHING), whichever process records it. ``recorded`` keeps the order rounds
-- were recorded in (SQLite's rowid), in which the ratings were computed.
CREATE TABLE results (
    recorded BIGINT GENERATED ALWAYS AS IDENTITY,
    table_id TEXT NOT NULL,
    round_no INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    guild_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    user_id BIGINT,
    rank INTEGER NOT NULL,
    points INTEGER NOT NULL,
    won BOOLEAN NOT NULL,
    lost BOOLEAN NOT NULL,
    humans INTEGER NOT NULL,
    computers INTEGER NOT NULL,
    computer_level TEXT,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (table_id, round_no, seat)
);
CREATE INDEX results_by_guild_game ON results (guild_id, game, user_id);
CREATE TABLE standings (
    guild_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    scope TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    rounds INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    rank_sum INTEGER NOT NULL,
    points INTEGER NOT NULL,
    losses INTEGER NOT NULL,
    ranks TEXT NOT NULL,
    PRIMARY KEY (guild_id, game, scope, user_id)
);
CREATE TABLE ratings (
    guild_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    ordinal DOUBLE PRECISION NOT NULL,
    rounds INTEGER NOT NULL,
    history TEXT NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
CREATE INDEX ratings_by_ordinal ON ratings (guild_id, game, ordinal);
