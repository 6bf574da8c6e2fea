-- 032_notify_vacation.sql: the event opponent_vacation (bit 16, issue 19)
-- is on by default, as the others are; rows that had every event before it
-- existed get it too (new rows are made with 31 by the store).
UPDATE notify_settings SET events = 31 WHERE events = 15;
