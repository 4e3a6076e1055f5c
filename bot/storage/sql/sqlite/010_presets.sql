-- A server's own house rules (issue 32): the options a member with Manage Server saved as
-- the default of a game's new tables, for one channel (scope 'channel', its channel_id) or
-- for the whole server (scope 'server', channel_id 0). A channel's preset replaces the
-- server's there, whole. ``options`` is a JSON object of /<game> new's option words.
CREATE TABLE presets (
    guild_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    scope TEXT NOT NULL,
    channel_id INTEGER NOT NULL,
    options TEXT NOT NULL,
    saved_by INTEGER NOT NULL,
    saved_at REAL NOT NULL,
    PRIMARY KEY (guild_id, game, scope, channel_id)
);
