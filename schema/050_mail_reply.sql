-- 050_mail_reply.sql: moves by email reply (issue 19).
--
-- mail_reply_tokens: one row per "your move" email that carries a reply
-- address. The address's local part holds a token of 128 random bits; only
-- its SHA-256 is kept (hash), so a copy of the database cannot answer an
-- email. A token is bound to its user, match, role and the match's seq when
-- the email was made, and expires; used is when a reply consumed it, in the
-- transaction of the move it made (NULL: still unused). log_tail is the
-- last lines (JSON array) of the recipient's own view's log that the email
-- showed, so the next email says what changed since then.
CREATE TABLE mail_reply_tokens (
	hash BLOB PRIMARY KEY CHECK (length(hash) = 32),
	user_id INTEGER NOT NULL REFERENCES users(id),
	match_id INTEGER NOT NULL,
	role TEXT NOT NULL,
	seq INTEGER NOT NULL,
	created INTEGER NOT NULL,
	expires INTEGER NOT NULL,
	used INTEGER,
	log_tail TEXT NOT NULL DEFAULT '[]'
) STRICT;
CREATE INDEX mail_reply_tokens_seat ON mail_reply_tokens(match_id, role, created);

-- The Reply-To of an outbox email (the reply address, token and all), or
-- NULL. It is kept only while the email is pending (a restart must still
-- send it) and cleared once the row is sent, parked or dropped.
ALTER TABLE notify_outbox ADD COLUMN reply_to TEXT;
