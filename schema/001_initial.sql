-- 001_initial.sql: users, sessions, matches and their seats, the action log,
-- snapshots and chat. Applied once by tg_store_open() in one transaction.
-- Tables are STRICT so that a wrong type is refused instead of stored.
-- Times are Unix seconds; JSON columns hold compact JSON text.

CREATE TABLE users (
	id INTEGER PRIMARY KEY,
	-- NOCASE folds ASCII letters only: "Grant" and "grant" are one name.
	name TEXT NOT NULL UNIQUE COLLATE NOCASE,
	pw_hash TEXT NOT NULL,
	created INTEGER NOT NULL
) STRICT;

-- Only the SHA-256 of a session token is stored, never the token.
CREATE TABLE sessions (
	token_hash BLOB PRIMARY KEY CHECK (length(token_hash) = 32),
	user_id INTEGER NOT NULL REFERENCES users(id),
	created INTEGER NOT NULL,
	expires INTEGER NOT NULL
) STRICT, WITHOUT ROWID;
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE matches (
	id INTEGER PRIMARY KEY,
	game TEXT NOT NULL,
	scenario TEXT NOT NULL,
	options TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
	visibility TEXT NOT NULL CHECK (visibility IN ('public', 'private')),
	invite_code TEXT UNIQUE,
	spectators INTEGER NOT NULL DEFAULT 0 CHECK (spectators IN (0, 1)),
	creator INTEGER NOT NULL REFERENCES users(id),
	status TEXT NOT NULL DEFAULT 'open'
		CHECK (status IN ('open', 'active', 'finished', 'aborted')),
	-- Seed commitment: the server's secret part (hex), published as its
	-- SHA-256 (commitment) at creation; the seed is set when play starts.
	secret TEXT NOT NULL,
	commitment TEXT NOT NULL,
	seed TEXT,
	result TEXT CHECK (result IS NULL OR json_valid(result)),
	created INTEGER NOT NULL,
	updated INTEGER NOT NULL
) STRICT;
-- Serves the lobby (open public matches, newest first) and the restart scan
-- of active matches.
CREATE INDEX matches_status ON matches(status, visibility, created);
CREATE INDEX matches_creator ON matches(creator);

CREATE TABLE match_seats (
	match_id INTEGER NOT NULL REFERENCES matches(id),
	role TEXT NOT NULL,
	user_id INTEGER NOT NULL REFERENCES users(id),
	entropy TEXT, -- the player's contribution to the seed (hex)
	joined INTEGER NOT NULL,
	PRIMARY KEY (match_id, role),
	UNIQUE (match_id, user_id)
) STRICT, WITHOUT ROWID;
-- Serves "a user's matches".
CREATE INDEX match_seats_user ON match_seats(user_id, match_id);

-- The action log. Undone actions stay (undone = 1) so records still verify.
CREATE TABLE actions (
	match_id INTEGER NOT NULL REFERENCES matches(id),
	seq INTEGER NOT NULL CHECK (seq >= 1),
	role TEXT NOT NULL,
	action TEXT NOT NULL CHECK (json_valid(action)),
	barrier INTEGER NOT NULL DEFAULT 0 CHECK (barrier IN (0, 1)),
	undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
	time INTEGER NOT NULL,
	PRIMARY KEY (match_id, seq)
) STRICT, WITHOUT ROWID;

-- The primary key also finds the latest snapshot of a match quickly.
CREATE TABLE snapshots (
	match_id INTEGER NOT NULL REFERENCES matches(id),
	seq INTEGER NOT NULL CHECK (seq >= 0),
	state TEXT NOT NULL CHECK (json_valid(state)),
	PRIMARY KEY (match_id, seq)
) STRICT, WITHOUT ROWID;

CREATE TABLE chat (
	id INTEGER PRIMARY KEY,
	match_id INTEGER NOT NULL REFERENCES matches(id),
	user_id INTEGER NOT NULL REFERENCES users(id),
	role TEXT NOT NULL,
	text TEXT NOT NULL,
	time INTEGER NOT NULL
) STRICT;
CREATE INDEX chat_match ON chat(match_id, id);
CREATE INDEX chat_user ON chat(user_id);

-- matches.updated follows seats and actions inside the same statement, so it
-- never needs a second write that could fail on its own.
CREATE TRIGGER match_seats_touch AFTER INSERT ON match_seats BEGIN
	UPDATE matches SET updated = max(updated, NEW.joined) WHERE id = NEW.match_id;
END;
CREATE TRIGGER actions_touch AFTER INSERT ON actions BEGIN
	UPDATE matches SET updated = max(updated, NEW.time) WHERE id = NEW.match_id;
END;
