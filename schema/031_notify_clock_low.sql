-- 031_notify_clock_low.sql: the event clock_low (bit 8, issue 19) is on by
-- default, as the others are; rows that had every event before it existed
-- get it too (new rows are made with 15 by the store).
UPDATE notify_settings SET events = 15 WHERE events = 7;
