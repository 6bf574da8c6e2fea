-- 010_session_details.sql: what a player sees of his sessions (issue 24):
-- when each was last used to sign in (login or resume), from which address
-- and with which client program (as its hello named it). Older rows read
-- their creation time as last use.
ALTER TABLE sessions ADD COLUMN last_used INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sessions ADD COLUMN address TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN client TEXT NOT NULL DEFAULT '';
UPDATE sessions SET last_used = created;
