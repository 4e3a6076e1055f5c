-- A member's deck for their own hand pictures: four colours (1: ♠ black, ♥ red, ♦ blue,
-- ♣ green) or the usual two (0, the default). Public pictures are always two-colour.
ALTER TABLE member_settings ADD COLUMN four_colour_deck INTEGER NOT NULL DEFAULT 0;
