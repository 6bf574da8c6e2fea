-- 057_notify_digest.sql: digest mode (issue 19): at most one notification
-- email per digest_hours hours; what happens meanwhile is gathered into the
-- next one (an outbox row of group "digest", 056). 0: every event at once.
ALTER TABLE notify_settings ADD COLUMN digest_hours INTEGER NOT NULL DEFAULT 0
	CHECK (digest_hours BETWEEN 0 AND 168);
