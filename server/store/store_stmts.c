/* store_stmts.c — every SQL statement the store runs, prepared once when the
 * database opens and reset after each use. */
#include "store_internal.h"

#include <stdio.h>

/* The columns store_match.c turns into a match object, in this order. */
#define MATCH_COLUMNS                                                                              \
	"m.id, m.game, m.scenario, m.options, m.visibility, m.invite_code, m.spectators, "         \
	"m.creator, m.status, m.secret, m.commitment, m.seed, m.result, m.created, m.updated, "    \
	"(SELECT coalesce(max(a.seq), 0) FROM actions a WHERE a.match_id = m.id), "                \
	"m.time_control, m.clock, m.rated, m.rules_version, m.rules_since"

/* The columns store_tourney.c turns into a tournament object, in this order. */
#define TOURNEY_COLUMNS                                                                            \
	"t.id, t.name, t.game, t.scenario, t.options, t.format, t.rounds, t.max_players, "         \
	"t.invite_code, t.rated, t.director, (SELECT name FROM users WHERE id = t.director), "     \
	"t.status, t.round, t.created, t.updated, "                                                \
	"(SELECT count(*) FROM tourney_players p WHERE p.tourney_id = t.id AND p.withdrawn = 0), " \
	"t.paused, t.time_control, t.start_at, t.pools, t.advance"

static const char *const stmt_sql[ST__COUNT] = {
    /* store_open.c: IMMEDIATE takes the write lock at once */
    [ST_BEGIN_IMMEDIATE] = "BEGIN IMMEDIATE",
    [ST_COMMIT] = "COMMIT",
    [ST_USER_INSERT] = "INSERT INTO users (name, pw_hash, created) VALUES (?1, ?2, ?3)",
    [ST_USER_BY_NAME] = "SELECT id, name, pw_hash, created, banned FROM users WHERE name = ?1",
    [ST_USER_BY_ID] = "SELECT id, name, pw_hash, created, banned FROM users WHERE id = ?1",
    /* store_admin.c */
    [ST_USERS_SEARCH] = "SELECT id, name, created, banned FROM users "
                        "WHERE name LIKE ?1 ESCAPE '\\' ORDER BY name LIMIT ?2",
    [ST_USER_SET_BANNED] = "UPDATE users SET banned = ?2 WHERE id = ?1",
    [ST_USER_SESSIONS_END_ALL] = "DELETE FROM sessions WHERE user_id = ?1",
    [ST_AUDIT_ADD] = "INSERT INTO audit_log (time, operator, action, target, reason) "
                     "VALUES (?1, ?2, ?3, ?4, ?5)",
    [ST_AUDIT_LIST] = "SELECT a.id, a.time, u.name, a.action, a.target, a.reason "
                      "FROM audit_log a JOIN users u ON u.id = a.operator "
                      "ORDER BY a.id DESC LIMIT ?1",
    /* A deleted account keeps its row (seats and records point to it) under a
     * name no registration can take; no password matches '!'. */
    [ST_USER_ERASE] = "UPDATE users SET name = ?2, pw_hash = '!', banned = NULL WHERE id = ?1",
    [ST_USER_RESETS_DELETE] = "DELETE FROM password_resets WHERE user_id = ?1",
    [ST_BLOCK_ADD] = "INSERT OR IGNORE INTO blocks (user_id, blocked_id, created) "
                     "VALUES (?1, ?2, ?3)",
    [ST_BLOCK_DELETE] = "DELETE FROM blocks WHERE user_id = ?1 AND blocked_id = ?2",
    [ST_BLOCKED] = "SELECT 1 FROM blocks WHERE user_id = ?1 AND blocked_id = ?2",
    [ST_BLOCKS_OF] = "SELECT u.name, b.created FROM blocks b JOIN users u ON u.id = b.blocked_id "
                     "WHERE b.user_id = ?1 ORDER BY u.name",
    [ST_MATCH_COUNTS] = "SELECT status, count(*) FROM matches GROUP BY status",
    /* Only the states a host watches: the index (state, next_at) keeps it a
     * range scan however many sent rows the outbox keeps. */
    [ST_OUTBOX_COUNTS] = "SELECT state, count(*) FROM notify_outbox "
                         "WHERE state IN ('pending', 'parked') GROUP BY state",
    /* store_notify.c's tg_store_outbox_due: the sender's poll, about once a
     * second and after each send (the index (state, next_at) again). */
    [ST_OUTBOX_DUE] = "SELECT id, idem_key, user_id, channel, address, event, subject, "
                      "body, attempts, reply_to FROM notify_outbox WHERE state = 'pending' "
                      "AND next_at <= ?1 AND id > ?2 ORDER BY id LIMIT ?3",
    [ST_RESET_ADD] = "INSERT INTO password_resets (code_hash, user_id, created, expires) "
                     "VALUES (?1, ?2, ?3, ?4)",
    [ST_RESET_TAKE] = "UPDATE password_resets SET used = ?3 WHERE code_hash = ?1 AND "
                      "user_id = ?2 AND used IS NULL AND expires > ?3",

    [ST_SESSION_INSERT] = "INSERT INTO sessions (token_hash, user_id, created, expires) "
                          "VALUES (?1, ?2, ?3, ?4)",
    [ST_SESSION_USER] = "SELECT user_id FROM sessions WHERE token_hash = ?1 AND expires > ?2",
    [ST_SESSION_DELETE] = "DELETE FROM sessions WHERE token_hash = ?1",
    [ST_SESSION_TOUCH] = "UPDATE sessions SET last_used = ?2, address = ?3, client = ?4 "
                         "WHERE token_hash = ?1",
    /* A session's id: the first 16 hex digits of its token's hash. */
    [ST_SESSIONS_OF] = "SELECT lower(substr(hex(token_hash), 1, 16)), created, last_used, "
                       "address, client FROM sessions WHERE user_id = ?1 AND expires > ?2 "
                       "ORDER BY last_used DESC, created DESC",
    [ST_SESSION_END] = "DELETE FROM sessions WHERE user_id = ?1 AND "
                       "lower(substr(hex(token_hash), 1, 16)) = ?2",
    [ST_SESSIONS_END_OTHERS] = "DELETE FROM sessions WHERE user_id = ?1 AND token_hash <> ?2",
    [ST_USER_SET_PASSWORD] = "UPDATE users SET pw_hash = ?2 WHERE id = ?1",

    [ST_MATCH_INSERT] = "INSERT INTO matches (game, scenario, options, visibility, invite_code, "
                        "spectators, creator, secret, commitment, created, updated, "
                        "time_control, rules_version) "
                        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?10, ?11, ?12)",
    [ST_MATCH_GET] = "SELECT " MATCH_COLUMNS " FROM matches m WHERE m.id = ?1",
    [ST_MATCH_EXISTS] = "SELECT 1 FROM matches WHERE id = ?1",
    [ST_MATCH_SEATS] = "SELECT s.role, s.user_id, u.name, s.entropy, s.joined "
                       "FROM match_seats s JOIN users u ON u.id = s.user_id "
                       "WHERE s.match_id = ?1 ORDER BY s.joined, s.role",
    /* Times come only from callers: a status change keeps "updated", which
     * follows the seat or action that caused it. */
    [ST_MATCH_SET_STATUS] = "UPDATE matches SET status = ?2, seed = coalesce(?3, seed), "
                            "result = coalesce(?4, result) WHERE id = ?1",
    [ST_MATCH_SET_CLOCK] = "UPDATE matches SET clock = ?2 WHERE id = ?1",
    [ST_MATCH_RULES_COUNTS] = "SELECT game, rules_version, count(*) FROM matches "
                              "WHERE status = 'active' GROUP BY game, rules_version",
    [ST_MATCH_RULES_IDS] = "SELECT id FROM matches WHERE status = 'active' AND game = ?1 "
                           "AND rules_version = ?2 ORDER BY id LIMIT ?3",
    [ST_MATCH_SET_RULES] = "UPDATE matches SET rules_version = ?2, rules_since = ?3 WHERE id = ?1",
    [ST_MATCH_LIST_OPEN] = "SELECT " MATCH_COLUMNS " FROM matches m "
                           "WHERE m.status = 'open' AND m.visibility = 'public' "
                           "ORDER BY m.created DESC, m.id DESC LIMIT ?1",
    /* what a stranger may follow: public, and for a live one spectators
     * allowed (watch); any public finished one may be exported */
    [ST_MATCH_LIST_LIVE] = "SELECT " MATCH_COLUMNS " FROM matches m "
                           "WHERE m.status = 'active' AND m.visibility = 'public' "
                           "AND m.spectators = 1 "
                           "ORDER BY m.created DESC, m.id DESC LIMIT ?1",
    [ST_MATCH_LIST_FINISHED] = "SELECT " MATCH_COLUMNS " FROM matches m "
                               "WHERE m.status = 'finished' AND m.visibility = 'public' "
                               "ORDER BY m.created DESC, m.id DESC LIMIT ?1",
    [ST_MATCH_LIST_USER] = "SELECT " MATCH_COLUMNS " FROM matches m "
                           "JOIN match_seats s ON s.match_id = m.id WHERE s.user_id = ?1 "
                           "ORDER BY m.created DESC, m.id DESC LIMIT ?2",
    [ST_MATCH_LIST_ACTIVE] = "SELECT id FROM matches WHERE status = 'active' ORDER BY id",
    [ST_MATCH_BY_INVITE] = "SELECT id FROM matches WHERE invite_code = ?1",

    [ST_SEAT_INSERT] = "INSERT INTO match_seats (match_id, role, user_id, entropy, joined) "
                       "VALUES (?1, ?2, ?3, ?4, ?5)",
    [ST_SEAT_DELETE] = "DELETE FROM match_seats WHERE match_id = ?1 AND user_id = ?2",

    [ST_ACTION_INSERT] = "INSERT INTO actions (match_id, seq, role, action, barrier, time) "
                         "VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    /* matches.updated follows the log (265_actions_touch.sql): written only
     * when the action's time is later, which at several actions a second
     * leaves the match's row alone. */
    [ST_ACTION_TOUCH] = "UPDATE matches SET updated = ?2 WHERE id = ?1 AND updated < ?2",
    [ST_ACTION_COUNT_LIVE] = "SELECT count(*) FROM actions "
                             "WHERE match_id = ?1 AND seq BETWEEN ?2 AND ?3 AND undone = 0",
    [ST_ACTION_MARK_UNDONE] = "UPDATE actions SET undone = 1 "
                              "WHERE match_id = ?1 AND seq BETWEEN ?2 AND ?3",
    [ST_ACTION_LIST] = "SELECT seq, role, action, barrier, undone, time FROM actions "
                       "WHERE match_id = ?1 AND seq > ?2 ORDER BY seq",

    [ST_SNAPSHOT_PUT] = "INSERT INTO snapshots (match_id, seq, state) VALUES (?1, ?2, ?3) "
                        "ON CONFLICT (match_id, seq) DO UPDATE SET state = excluded.state",
    [ST_SNAPSHOT_LATEST] = "SELECT seq, state FROM snapshots WHERE match_id = ?1 "
                           "ORDER BY seq DESC LIMIT 1",
    [ST_SNAPSHOT_DROP_FROM] = "DELETE FROM snapshots WHERE match_id = ?1 AND seq >= ?2",

    [ST_CHAT_INSERT] = "INSERT INTO chat (match_id, user_id, role, text, time) "
                       "VALUES (?1, ?2, ?3, ?4, ?5)",
    [ST_CHAT_LIST] = "SELECT c.id, c.role, c.user_id, u.name, c.text, c.time "
                     "FROM chat c JOIN users u ON u.id = c.user_id "
                     "WHERE c.match_id = ?1 AND c.id > ?2 ORDER BY c.id LIMIT ?3",

    /* store_tourney.c */
    [ST_MATCH_SET_RATED] = "UPDATE matches SET rated = ?2 WHERE id = ?1",
    [ST_RATING_GET] = "SELECT rating, deviation, volatility, games FROM ratings "
                      "WHERE user_id = ?1 AND game = ?2",
    [ST_RATING_PUT] = "INSERT INTO ratings (user_id, game, rating, deviation, volatility, games, "
                      "updated) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) "
                      "ON CONFLICT (user_id, game) DO UPDATE SET rating = excluded.rating, "
                      "deviation = excluded.deviation, volatility = excluded.volatility, "
                      "games = excluded.games, updated = excluded.updated",
    [ST_RATING_LEADERBOARD] = "SELECT u.name, r.rating, r.deviation, r.volatility, r.games "
                              "FROM ratings r JOIN users u ON u.id = r.user_id WHERE r.game = ?1 "
                              "ORDER BY r.rating DESC, u.name LIMIT ?2",
    [ST_RATING_OF_USER] = "SELECT game, rating, deviation, volatility, games FROM ratings "
                          "WHERE user_id = ?1 ORDER BY game",

    [ST_TOURNEY_INSERT] = "INSERT INTO tournaments (name, game, scenario, options, format, rounds, "
                          "max_players, invite_code, rated, director, created, updated, "
                          "time_control, start_at, pools, advance) "
                          "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?11, ?12, ?13, "
                          "?14, ?15)",
    [ST_TOURNEY_GET] = "SELECT " TOURNEY_COLUMNS " FROM tournaments t WHERE t.id = ?1",
    [ST_TOURNEY_LIST] = "SELECT " TOURNEY_COLUMNS " FROM tournaments t "
                        "ORDER BY t.created DESC, t.id DESC LIMIT ?1",
    [ST_TOURNEY_PLAYERS] =
        "SELECT p.user_id, u.name, p.seq, p.withdrawn, p.registered, p.seed, p.pool "
        "FROM tourney_players p JOIN users u ON u.id = p.user_id "
        "WHERE p.tourney_id = ?1 ORDER BY p.seq",
    [ST_TOURNEY_GAMES] = "SELECT round, board, side0, side1, match_id, result FROM tourney_games "
                         "WHERE tourney_id = ?1 ORDER BY round, board",
    [ST_TOURNEY_PLAYER_INSERT] =
        "INSERT INTO tourney_players (tourney_id, user_id, seq, registered) VALUES (?1, ?2, "
        "(SELECT coalesce(max(seq), 0) + 1 FROM tourney_players WHERE tourney_id = ?1), ?3)",
    [ST_TOURNEY_PLAYER_DELETE] =
        "DELETE FROM tourney_players WHERE tourney_id = ?1 AND user_id = ?2",
    [ST_TOURNEY_PLAYER_WITHDRAW] = "UPDATE tourney_players SET withdrawn = 1 "
                                   "WHERE tourney_id = ?1 AND user_id = ?2 AND withdrawn = 0",
    [ST_TOURNEY_SET_STATE] = "UPDATE tournaments SET status = ?2, round = ?3, rounds = ?4, "
                             "updated = max(updated, ?5) WHERE id = ?1",
    [ST_TOURNEY_GAME_INSERT] = "INSERT INTO tourney_games (tourney_id, round, board, side0, side1, "
                               "match_id, result) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    [ST_TOURNEY_GAME_RESULT] = "UPDATE tourney_games SET result = ?4 "
                               "WHERE tourney_id = ?1 AND round = ?2 AND board = ?3",
    [ST_TOURNEY_GAME_BY_MATCH] = "SELECT tourney_id, round, board, side0, side1, result "
                                 "FROM tourney_games WHERE match_id = ?1",
    [ST_TOURNEY_PLAYER_SEED] = "UPDATE tourney_players SET seed = ?3 "
                               "WHERE tourney_id = ?1 AND user_id = ?2",
    [ST_TOURNEY_PLAYER_POOL] = "UPDATE tourney_players SET pool = ?3 "
                               "WHERE tourney_id = ?1 AND user_id = ?2",
    [ST_TOURNEY_DUE] = "SELECT id FROM tournaments WHERE status = 'registration' AND "
                       "start_at IS NOT NULL AND start_at <= ?1 ORDER BY start_at, id",
    [ST_TOURNEY_SET_START_AT] = "UPDATE tournaments SET start_at = ?2 WHERE id = ?1",
    [ST_TOURNEY_NEXT_START] = "SELECT min(start_at) FROM tournaments "
                              "WHERE status = 'registration'",
    [ST_TOURNEY_SET_PAUSED] = "UPDATE tournaments SET paused = ?2 WHERE id = ?1",
    [ST_TOURNEY_ROUND_DELETE] = "DELETE FROM tourney_games WHERE tourney_id = ?1 AND round = ?2",
    [ST_TOURNEY_LOG_INSERT] = "INSERT INTO tourney_log (tourney_id, user_id, text, time) "
                              "VALUES (?1, ?2, ?3, ?4)",
    [ST_TOURNEY_LOG_LIST] = "SELECT l.id, u.name, l.text, l.time FROM tourney_log l "
                            "LEFT JOIN users u ON u.id = l.user_id WHERE l.tourney_id = ?1 "
                            "ORDER BY l.id LIMIT 1000",

    [ST_VACATION_INSERT] = "INSERT INTO vacations (user_id, start, until, days) "
                           "VALUES (?1, ?2, ?3, ?4)",
    [ST_VACATION_CURRENT] = "SELECT id, start, until, days FROM vacations WHERE user_id = ?1 "
                            "AND start <= ?2 AND ended IS NULL AND until > ?2 "
                            "ORDER BY start DESC LIMIT 1",
    [ST_VACATION_END] = "UPDATE vacations SET ended = ?2, days = ?3 "
                        "WHERE id = ?1 AND ended IS NULL",
    [ST_VACATION_DAYS] = "SELECT coalesce(sum(days), 0) FROM vacations "
                         "WHERE user_id = ?1 AND start >= ?2 AND start < ?3",
};

int store_stmts_prepare(struct tg_store *s, struct tg_error *err)
{
	for (int i = 0; i < ST__COUNT; i++) {
		int rc = sqlite3_prepare_v3(s->db, stmt_sql[i], -1, SQLITE_PREPARE_PERSISTENT,
		                            &s->stmt[i], NULL);
		if (rc != SQLITE_OK) {
			char what[48];
			snprintf(what, sizeof what, "preparing statement %d", i);
			return store_fail_db(s, err, what);
		}
	}
	return 0;
}

void store_stmts_finalize(struct tg_store *s)
{
	for (int i = 0; i < ST__COUNT; i++) {
		sqlite3_finalize(s->stmt[i]);
		s->stmt[i] = NULL;
	}
}

sqlite3_stmt *store_stmt(struct tg_store *s, enum store_stmt id)
{
	return s->stmt[id];
}

void store_stmt_done(sqlite3_stmt *st)
{
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
}

void store_stmt_rebound(sqlite3_stmt *st)
{
	sqlite3_reset(st);
}
