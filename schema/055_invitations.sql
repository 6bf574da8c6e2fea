-- 055_invitations.sql: a host invites a named user to his private match
-- (issue 24: "no invitations from" a blocked user; issue 19: the "invited to
-- a private match" notification). One row per (match, invitee); a declined
-- invitation stays, so that the host cannot send it again and again.
CREATE TABLE invitations (
	match_id INTEGER NOT NULL REFERENCES matches(id),
	user_id INTEGER NOT NULL REFERENCES users(id),
	host_id INTEGER NOT NULL REFERENCES users(id),
	state TEXT NOT NULL DEFAULT 'pending'
		CHECK (state IN ('pending', 'accepted', 'declined')),
	created INTEGER NOT NULL,
	answered INTEGER,
	PRIMARY KEY (match_id, user_id)
) STRICT, WITHOUT ROWID;
-- Serves "my invitations" and "the invitations I sent".
CREATE INDEX invitations_user ON invitations(user_id, state);
CREATE INDEX invitations_host ON invitations(host_id, created);

-- The event "invited" (32, notify.h) joins the notification set: who had
-- every event on keeps every event.
UPDATE notify_settings SET events = events | 32 WHERE events = 31;
