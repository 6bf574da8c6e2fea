-- 041_tourney_pools.sql: pools then knockout (issue 20). tournaments.pools:
-- the number of pools (groups), 0 in other formats; tournaments.advance: how
-- many of each pool go on to the knockout; tourney_players.pool: the
-- player's pool (1..pools), set at the start. 040 admitted the format.
ALTER TABLE tournaments ADD COLUMN pools INTEGER NOT NULL DEFAULT 0 CHECK (pools >= 0);
ALTER TABLE tournaments ADD COLUMN advance INTEGER NOT NULL DEFAULT 0 CHECK (advance >= 0);
ALTER TABLE tourney_players ADD COLUMN pool INTEGER CHECK (pool IS NULL OR pool >= 1);
