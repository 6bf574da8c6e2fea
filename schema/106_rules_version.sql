-- 106_rules_version.sql: the rules version a match is played under
-- (server/games/game.h, "Rules versions"). A match is its seed and its
-- action log; a log made under older rules may replay differently, so the
-- daemon compares this with the module's version before it replays one.
-- Matches stored before this migration read version 1: each module's
-- first version, which covers every rule up to session 14.
-- rules_since is the action seq after which rules_version applies: 0 for a
-- match played under one version from its setup, or the seq of the saved
-- state from which a match was resumed under a newer version (its earlier
-- actions were played under the older rules and are not replayed).
ALTER TABLE matches ADD COLUMN rules_version INTEGER NOT NULL DEFAULT 1
	CHECK (rules_version >= 1);
ALTER TABLE matches ADD COLUMN rules_since INTEGER NOT NULL DEFAULT 0
	CHECK (rules_since >= 0);
