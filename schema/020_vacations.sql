-- 020_vacations.sql: players' vacations (issue 19). While one runs, the
-- player's clocks stand still. `days` is what it costs the allowance of the
-- UTC year in which it starts (vacation_days_per_year): the days asked for,
-- or, once ended early (`ended`), the whole days begun.
CREATE TABLE vacations (
	id INTEGER PRIMARY KEY,
	user_id INTEGER NOT NULL REFERENCES users(id),
	start INTEGER NOT NULL,
	until INTEGER NOT NULL CHECK (until > start),
	days INTEGER NOT NULL CHECK (days >= 1),
	ended INTEGER CHECK (ended IS NULL OR (ended >= start AND ended <= until))
) STRICT;
CREATE INDEX vacations_user ON vacations(user_id, start);
