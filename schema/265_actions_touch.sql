-- 265_actions_touch.sql: matches.updated follows the action log from the
-- store's code (tg_store_action_append, in the same transaction as the
-- action's INSERT), not from a trigger (issue 17: the trigger's program,
-- run for every action, cost about 17 K instructions of the action's 33 K
-- INSERT; the store's own UPDATE, skipped when the time is not later,
-- costs 4 K to 13 K). The value is the same: max(updated, the action's time).
DROP TRIGGER actions_touch;
