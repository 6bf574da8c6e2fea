-- 003_tournaments.sql: tournaments (issue 20), their players, the games of
-- their rounds and the director's log. The pairing and standings
-- mathematics is server/tourney/; the daemon's side is server/core/tourney*.c.

CREATE TABLE tournaments (
	id INTEGER PRIMARY KEY,
	name TEXT NOT NULL,
	game TEXT NOT NULL,
	scenario TEXT NOT NULL,
	options TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
	format TEXT NOT NULL CHECK (format IN ('round_robin', 'double_round_robin', 'swiss')),
	-- Swiss: the rounds to play; round robins: set at the start from the
	-- number of players.
	rounds INTEGER NOT NULL DEFAULT 0 CHECK (rounds >= 0),
	max_players INTEGER NOT NULL CHECK (max_players >= 2),
	-- Invite-only events: registration needs this code. NULL: open to all.
	invite_code TEXT UNIQUE,
	rated INTEGER NOT NULL DEFAULT 1 CHECK (rated IN (0, 1)),
	director INTEGER NOT NULL REFERENCES users(id),
	status TEXT NOT NULL DEFAULT 'registration'
		CHECK (status IN ('registration', 'active', 'finished')),
	round INTEGER NOT NULL DEFAULT 0 CHECK (round >= 0), -- the round being played
	created INTEGER NOT NULL,
	updated INTEGER NOT NULL
) STRICT;
CREATE INDEX tournaments_status ON tournaments(status, created);

-- seq is the registration order: it ranks players of equal score and
-- rating, and fixes a round robin's schedule at the start.
CREATE TABLE tourney_players (
	tourney_id INTEGER NOT NULL REFERENCES tournaments(id),
	user_id INTEGER NOT NULL REFERENCES users(id),
	seq INTEGER NOT NULL,
	withdrawn INTEGER NOT NULL DEFAULT 0 CHECK (withdrawn IN (0, 1)),
	registered INTEGER NOT NULL,
	PRIMARY KEY (tourney_id, user_id),
	UNIQUE (tourney_id, seq)
) STRICT, WITHOUT ROWID;
CREATE INDEX tourney_players_user ON tourney_players(user_id);

-- One game of a round: side0 plays the game's first role. A bye has no
-- side1 and no match; a game forfeited before it was created has no match.
-- result: '1-0', '0-1', '1/2-1/2' over the board; '+-', '-+' by forfeit
-- (the plus side wins); 'bye'; NULL while it is being played.
CREATE TABLE tourney_games (
	tourney_id INTEGER NOT NULL REFERENCES tournaments(id),
	round INTEGER NOT NULL CHECK (round >= 1),
	board INTEGER NOT NULL CHECK (board >= 1),
	side0 INTEGER NOT NULL REFERENCES users(id),
	side1 INTEGER REFERENCES users(id),
	match_id INTEGER UNIQUE REFERENCES matches(id),
	result TEXT CHECK (result IS NULL OR result IN ('1-0', '0-1', '1/2-1/2', '+-', '-+', 'bye')),
	PRIMARY KEY (tourney_id, round, board)
) STRICT, WITHOUT ROWID;

CREATE TABLE tourney_log (
	id INTEGER PRIMARY KEY,
	tourney_id INTEGER NOT NULL REFERENCES tournaments(id),
	user_id INTEGER REFERENCES users(id), -- NULL: the server itself
	text TEXT NOT NULL,
	time INTEGER NOT NULL
) STRICT;
CREATE INDEX tourney_log_tourney ON tourney_log(tourney_id, id);
