-- A finished table whose last state may not be on its message yet (a crash between the
-- save and the redraw): redrawn at the next start, then cleared.
ALTER TABLE tables ADD COLUMN redraw INTEGER NOT NULL DEFAULT 0;
