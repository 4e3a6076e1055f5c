-- A member's own settings, whatever the server or table: whether their hand messages
-- carry a picture of their cards (the default) or words only.
CREATE TABLE member_settings (
    user_id BIGINT PRIMARY KEY,
    hand_images BOOLEAN NOT NULL DEFAULT TRUE
);
