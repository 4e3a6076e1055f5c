-- A member's deck for their own hand pictures: four colours (TRUE: ♠ black, ♥ red,
-- ♦ blue, ♣ green) or the usual two (FALSE, the default). Public pictures are always
-- two-colour.
ALTER TABLE member_settings ADD COLUMN four_colour_deck BOOLEAN NOT NULL DEFAULT FALSE;
