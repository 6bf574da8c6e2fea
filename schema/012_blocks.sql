-- 012_blocks.sql: a player blocks another (issue 24): the blocked player's
-- chat no longer reaches him, and neither joins the other's open matches.
CREATE TABLE blocks (
	user_id INTEGER NOT NULL REFERENCES users(id),
	blocked_id INTEGER NOT NULL REFERENCES users(id),
	created INTEGER NOT NULL,
	PRIMARY KEY (user_id, blocked_id)
) STRICT, WITHOUT ROWID;
