-- The language a member reads the bot in (a catalogue's name, bot/ui/text/locales/<lang>;
-- NULL: chosen for them, from Discord's language then the server's), and the language a
-- server's public messages are written in (no row, or NULL: its Discord locale, else English).
ALTER TABLE member_settings ADD COLUMN language TEXT;
CREATE TABLE guild_settings (
    guild_id BIGINT PRIMARY KEY,
    language TEXT
);
