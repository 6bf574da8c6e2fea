-- 005_ratings.sql: Glicko-2 ratings per user and game (issue 20), and
-- whether a match is rated (its creator says; rated by default).
-- server/tourney/glicko2.c does the arithmetic; a rated match is applied
-- when it ends, as a one-game rating period.

CREATE TABLE ratings (
	user_id INTEGER NOT NULL REFERENCES users(id),
	game TEXT NOT NULL,
	rating REAL NOT NULL,
	deviation REAL NOT NULL CHECK (deviation > 0),
	volatility REAL NOT NULL CHECK (volatility > 0),
	games INTEGER NOT NULL CHECK (games >= 0), -- rated games played
	updated INTEGER NOT NULL,
	PRIMARY KEY (user_id, game)
) STRICT, WITHOUT ROWID;
-- Serves the leaderboard of a game.
CREATE INDEX ratings_game ON ratings(game, rating DESC);

ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 1 CHECK (rated IN (0, 1));
