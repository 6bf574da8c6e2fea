-- 006_tourney_pause.sql: a director may pause a tournament (issue 20): its
-- games go on, but the next round is not paired until he resumes it.
ALTER TABLE tournaments ADD COLUMN paused INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1));
