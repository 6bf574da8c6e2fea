-- 004_match_clock.sql: the clock of a match with a time control (issue 19),
-- written in the same transaction as the change that moved it. NULL until
-- the match starts, and for matches without a time control. The stored form
-- is server/clock/timecontrol.h's tg_clock_json: {"bank": [seconds left per
-- role at "since"], "since", "awaiting", "running", "flagged"} (role bit
-- masks). Its deadline follows from it; the daemon keeps the deadlines of
-- the live matches in a heap.
ALTER TABLE matches ADD COLUMN clock TEXT CHECK (clock IS NULL OR json_valid(clock));
