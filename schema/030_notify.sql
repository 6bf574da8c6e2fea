-- 030_notify.sql: notifications (issue 19) and the email path of the
-- forgotten password (issue 24).
--
-- notify_settings: one row per user who set anything. An address is used
-- only once verified (email_verified = 1), except for the verification code
-- itself; the code is kept as its SHA-256. events is a bit set (notify.h).
-- A channel that kept failing is parked (the time) until the user sets it
-- again; the settings op shows it.
CREATE TABLE notify_settings (
	user_id INTEGER PRIMARY KEY REFERENCES users(id),
	email TEXT,
	email_verified INTEGER NOT NULL DEFAULT 0 CHECK (email_verified IN (0, 1)),
	verify_hash BLOB CHECK (verify_hash IS NULL OR length(verify_hash) = 32),
	verify_expires INTEGER,
	verify_tries INTEGER NOT NULL DEFAULT 0,
	events INTEGER NOT NULL DEFAULT 7,
	webhook_url TEXT,
	webhook_format TEXT NOT NULL DEFAULT 'json'
		CHECK (webhook_format IN ('json', 'discord', 'slack')),
	webhook_secret TEXT,
	email_parked INTEGER,
	webhook_parked INTEGER
) STRICT;

-- notify_outbox: written in the same transaction as the change that causes
-- the notification, sent after the commit. idem_key (event, subject,
-- recipient, channel) makes a second write of one notification a no-op and
-- goes out as the mail's Message-ID and the webhook's Idempotency-Key.
-- state: pending (next_at: when to try), sent, parked (gave up after
-- notify_max_attempts), dropped (its channel was changed or removed).
CREATE TABLE notify_outbox (
	id INTEGER PRIMARY KEY,
	idem_key TEXT NOT NULL UNIQUE,
	user_id INTEGER NOT NULL REFERENCES users(id),
	channel TEXT NOT NULL CHECK (channel IN ('email', 'webhook')),
	address TEXT NOT NULL,
	event TEXT NOT NULL,
	subject TEXT NOT NULL,
	body TEXT NOT NULL,
	created INTEGER NOT NULL,
	next_at INTEGER NOT NULL,
	attempts INTEGER NOT NULL DEFAULT 0,
	state TEXT NOT NULL DEFAULT 'pending'
		CHECK (state IN ('pending', 'sent', 'parked', 'dropped')),
	last_error TEXT,
	sent INTEGER
) STRICT;
CREATE INDEX notify_outbox_due ON notify_outbox(state, next_at);
CREATE INDEX notify_outbox_user ON notify_outbox(user_id, created);

-- The key of the unsubscribe links (HMAC-SHA256 of the user id), made once.
CREATE TABLE notify_key (
	k INTEGER PRIMARY KEY CHECK (k = 1),
	secret BLOB NOT NULL CHECK (length(secret) = 32)
) STRICT;
INSERT INTO notify_key VALUES (1, randomblob(32));
