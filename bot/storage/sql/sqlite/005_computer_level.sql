-- The level of a computer seat ("easy", "normal", "hard") in each round it played; NULL
-- for a human's seat and for the rounds recorded before levels.
ALTER TABLE results ADD COLUMN computer_level TEXT;
