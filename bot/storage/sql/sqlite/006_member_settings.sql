-- A member's own settings, whatever the server or table: whether their hand messages
-- carry a picture of their cards (1, the default) or words only (0).
CREATE TABLE member_settings (
    user_id INTEGER PRIMARY KEY,
    hand_images INTEGER NOT NULL DEFAULT 1
);
