-- Stored standings and OpenSkill ratings (bot/storage/rating.py), kept up to date in the
-- transaction that records each round. After these statements, in the same transaction,
-- sqlite.py's AFTER_MIGRATION[3] builds them once from the rounds recorded so far.
CREATE TABLE standings (
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
);
CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    ordinal REAL NOT NULL,
    rounds INTEGER NOT NULL,
    history TEXT NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
CREATE INDEX ratings_by_ordinal ON ratings (guild_id, game, ordinal);
