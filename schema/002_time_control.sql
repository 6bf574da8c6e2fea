-- 002_time_control.sql: a match's time control (issue 19), chosen at create.
-- NULL: no clock. Otherwise the control as the match object shows it
-- (server/clock/timecontrol.h, tg_tc_json): {"kind", "preset", and the
-- kind's seconds}.
ALTER TABLE matches ADD COLUMN time_control TEXT
	CHECK (time_control IS NULL OR json_valid(time_control));
