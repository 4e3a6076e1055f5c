-- Seasons (issue 32): a guild's standings in a game start afresh when a member with Manage
-- Server starts a new season, or each calendar month (UTC) when they chose so. The all-time
-- figures (standings, ratings) go on as before; each season's are kept beside them, by
-- number, and never deleted. A guild and game with no row here is in season 1.
CREATE TABLE seasons (
    guild_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    season INTEGER NOT NULL,
    started_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, game, season)
);
CREATE TABLE season_plans (
    guild_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    monthly BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (guild_id, game)
);
CREATE TABLE season_standings (
    guild_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    season INTEGER NOT NULL,
    scope TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    rounds INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    rank_sum INTEGER NOT NULL,
    points INTEGER NOT NULL,
    losses INTEGER NOT NULL,
    ranks TEXT NOT NULL,
    PRIMARY KEY (guild_id, game, season, scope, user_id)
);
CREATE TABLE season_ratings (
    guild_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    season INTEGER NOT NULL,
    user_id BIGINT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    ordinal DOUBLE PRECISION NOT NULL,
    rounds INTEGER NOT NULL,
    history TEXT NOT NULL,
    PRIMARY KEY (guild_id, game, season, user_id)
);
CREATE INDEX season_ratings_by_ordinal ON season_ratings (guild_id, game, season, ordinal);
-- Every round recorded so far is season 1, which began with the first of them.
INSERT INTO seasons (guild_id, game, season, started_at) SELECT guild_id, game, 1, MIN(at) FROM results GROUP BY guild_id, game;
INSERT INTO season_standings (guild_id, game, season, scope, user_id, rounds, wins, rank_sum, points, losses, ranks)
    SELECT guild_id, game, 1, scope, user_id, rounds, wins, rank_sum, points, losses, ranks FROM standings;
INSERT INTO season_ratings (guild_id, game, season, user_id, mu, sigma, ordinal, rounds, history)
    SELECT guild_id, game, 1, user_id, mu, sigma, ordinal, rounds, history FROM ratings;
