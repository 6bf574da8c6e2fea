-- 011_operators.sql: what a host needs to run a club's server (issue 24).
-- A ban keeps its reason on the user (NULL: not banned); every operator
-- action is written to audit_log; a password reset is a one-time code,
-- stored only as its SHA-256, used at most once, before it expires.
ALTER TABLE users ADD COLUMN banned TEXT;

CREATE TABLE audit_log (
	id INTEGER PRIMARY KEY,
	time INTEGER NOT NULL,
	operator INTEGER NOT NULL REFERENCES users(id),
	action TEXT NOT NULL,
	target TEXT NOT NULL,
	reason TEXT NOT NULL
) STRICT;

CREATE TABLE password_resets (
	code_hash BLOB PRIMARY KEY CHECK (length(code_hash) = 32),
	user_id INTEGER NOT NULL REFERENCES users(id),
	created INTEGER NOT NULL,
	expires INTEGER NOT NULL,
	used INTEGER -- when it was redeemed; NULL: not yet
) STRICT, WITHOUT ROWID;
CREATE INDEX password_resets_user ON password_resets(user_id);
