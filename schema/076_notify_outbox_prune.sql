-- 076_notify_outbox_prune.sql: the outbox forgets finished rows (issue 19):
-- sent, parked and dropped rows older than notify_outbox_keep_days go, a
-- batch at a time (tg_store_outbox_prune). This index finds them by age
-- without reading the table; pending rows are never in it (never pruned).
CREATE INDEX notify_outbox_finished ON notify_outbox(created) WHERE state <> 'pending';
