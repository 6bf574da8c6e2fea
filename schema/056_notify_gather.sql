-- 056_notify_gather.sql: notifications that gather (issue 19): "chat while
-- you were away" collects a match's messages into one mail per window, and
-- the digest (057) a user's events. grp names what a row gathers (e.g.
-- "chat:m12"); a row of a group that is pending, never tried and not yet due
-- takes further text in the transaction of the event that brings it.
ALTER TABLE notify_outbox ADD COLUMN grp TEXT;
CREATE INDEX notify_outbox_grp ON notify_outbox(user_id, grp, channel, next_at)
	WHERE grp IS NOT NULL;

-- The event "chat" (64, notify.h) joins the set: who had every event keeps
-- every event.
UPDATE notify_settings SET events = events | 64 WHERE events = 63;
