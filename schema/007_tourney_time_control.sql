-- 007_tourney_time_control.sql: the time control every match of a
-- tournament is created with (issue 20 with issue 19's clocks): the control
-- as the match object shows it (server/clock/timecontrol.h, tg_tc_json), or
-- NULL for none. A game lost on time counts as a loss in the event.
ALTER TABLE tournaments ADD COLUMN time_control TEXT
	CHECK (time_control IS NULL OR json_valid(time_control));
