/* store.h — the only door to the database (ARCHITECTURE.md: no SQL outside
 * store/). The SQLite back end is store_open.c (the connection and
 * transactions), store_stmts.c (every statement, prepared once) and one file
 * per family of tables (store_users.c, store_match.c, store_log.c); a
 * PostgreSQL one can sit behind the same functions later.
 *
 * Conventions: functions return 0 on success and -1 on failure with err
 * filled (code "storage" for I/O trouble, or the specific code named below).
 * Rows come back as jansson objects owned by the caller. Times are Unix
 * seconds (int64). Ids are int64 row ids. Strings are UTF-8.
 * Arguments the schema refuses (an unknown status, a bad visibility, a
 * missing member of m) fail with code "bad_argument": a caller's bug.
 * Lists with a limit return at most 1000 rows (larger limits are lowered).
 *
 * Durability: the database runs in WAL mode with synchronous=FULL (NORMAL
 * and tg_store_sync after tg_store_defer_sync) and foreign keys on. Writes
 * between tg_store_begin() and tg_store_commit() form one transaction: the
 * daemon opens one per loop turn and commits it before acknowledging
 * anything written in it (group commit; the daemon's syncer makes it
 * durable first). Outside a begin/commit
 * pair, each write is its own committed transaction.
 */
#ifndef TG_STORE_H
#define TG_STORE_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "games/game.h" /* struct tg_error */
#include "util/hist.h"

struct tg_store;

/* Opens (creating if missing) the database at path and applies every
 * migration in schema_dir (files NNN_name.sql, in order, each once; the
 * applied ones are recorded in table schema_migrations). schema_dir NULL:
 * the build's schema/ folder. A store is used by one thread at a time
 * (the daemon's loop): its connections have no mutex (SQLite's
 * multi-thread mode, issue 17); only the functions marked "any thread"
 * below may be called beside it. */
struct tg_store *tg_store_open(const char *path, const char *schema_dir, struct tg_error *err);
/* The same, with flags (TG_STORE_*, or'ed). With TG_STORE_EXCLUSIVE the
 * database is this process's alone while
 * the store is open (the daemon's store_exclusive): SQLite's "unix-excl"
 * VFS locks the file against other processes once, at the first use, and
 * the store's connections (its own, the checkpointer's) keep the WAL's
 * index in this process's memory instead of the -shm file, its locks taken
 * in memory too. Issue 17: the -shm's fcntl locks were six system calls a
 * transaction, 2.4 an action when turns are small. Another process (an
 * operator's sqlite3 shell) finds the database locked while it is open.
 * Durability is the same: the WAL on disk is what a restart recovers. */
#define TG_STORE_EXCLUSIVE 1u
struct tg_store *tg_store_open_ex(const char *path, const char *schema_dir, unsigned flags,
                                  struct tg_error *err);
void tg_store_close(struct tg_store *s);

int tg_store_begin(struct tg_store *s, struct tg_error *err);
/* Durable on return. On failure the whole transaction is rolled back (also
 * when an earlier I/O error inside it made SQLite roll it back): nothing of
 * it was written, so nothing of it may be acknowledged. */
int tg_store_commit(struct tg_store *s, struct tg_error *err);
void tg_store_rollback(struct tg_store *s);
bool tg_store_in_transaction(const struct tg_store *s);

/* Durability off the committing thread (the daemon's syncer, server/core
 * syncer.c). After tg_store_defer_sync a commit no longer waits for the disk
 * (synchronous=NORMAL: COMMIT writes the WAL's frames without an fsync, and
 * tg_store_commit's "durable on return" no longer holds); tg_store_sync,
 * which any one thread may call while another uses the store, makes every
 * commit that returned before it was called durable (an fdatasync of the WAL
 * file: SQLite replays the WAL's valid commits after a crash). A checkpoint
 * still syncs the WAL before it copies it. 0 once deferred; -1 with err
 * filled if this store cannot (an in-memory database, no WAL file): its
 * commits stay durable on return. */
int tg_store_defer_sync(struct tg_store *s, struct tg_error *err);
bool tg_store_sync_deferred(const struct tg_store *s);
int tg_store_sync(struct tg_store *s, struct tg_error *err);
/* A write made outside begin/commit after tg_store_defer_sync is synced by
 * the store before it returns: only tg_store_commit's commits wait for a
 * tg_store_sync. Once a sync has failed every later one fails too. */
/* The commits not yet known durable (0 for a store whose commits sync
 * themselves). Any thread. */
uint64_t tg_store_unsynced(const struct tg_store *s);

/* The WAL's figures (docs/OPERATIONS.md, "Watching it"; issue 17's round
 * trip): its checkpoints, by the thread that ran them, with their times (a
 * checkpoint copies the WAL's pages into the database file and fsyncs the
 * WAL and the database: many milliseconds for a thousand pages), and the
 * fsyncs of tg_store_sync by how many commits each made durable. Buckets
 * are upper bounds in ns, the last one +Inf. Any thread. */
#define TG_STORE_CKPT_BUCKETS 16
_Static_assert(TG_STORE_CKPT_BUCKETS <= TG_HIST_BUCKETS_MAX, "util/hist.h holds them");
extern const struct tg_hist_bounds tg_store_ckpt_bounds;
enum tg_store_ckpt_thread {
	TG_STORE_CKPT_COMMIT, /* in the WAL hook, on the committing thread (the loop) */
	TG_STORE_CKPT_THREAD, /* by the checkpointer's thread, on its own connection */
	TG_STORE_CKPT_N
};
#define TG_STORE_FSYNC_COMMITS 5 /* 0, 1, 2, 3, 4 or more */
/* tg_store_sync's fdatasync, timed by whether a checkpoint's pass ran
 * beside it (started, ran or ended during it: a pass fsyncs the WAL and
 * the database, and the disk serves the syncer's fdatasync after their
 * writes). Buckets from 50 us to 25 ms. */
#define TG_STORE_FSYNC_BUCKETS 16
_Static_assert(TG_STORE_FSYNC_BUCKETS <= TG_HIST_BUCKETS_MAX, "util/hist.h holds them");
extern const struct tg_hist_bounds tg_store_fsync_bounds;
enum tg_store_fsync_beside {
	TG_STORE_FSYNC_ALONE,       /* no checkpoint's pass during it */
	TG_STORE_FSYNC_BESIDE_CKPT, /* a pass (either thread's) during it */
	TG_STORE_FSYNC_BESIDE_N
};
struct tg_store_wal_stats {
	struct tg_hist ckpt[TG_STORE_CKPT_N];
	/* The WAL's frames the checkpoints copied into the database, from
	 * SQLite's counts of the frames backfilled (a page written several
	 * times in the WAL is copied once: the database's writes are at most
	 * this many pages). */
	uint64_t ckpt_frames;
	struct tg_hist fsync[TG_STORE_FSYNC_BESIDE_N];
	/* A checkpoint that failed; one that found another connection's
	 * checkpoint running (and did nothing). Each kind is logged: the
	 * first, then one line a minute at most with the count between. */
	uint64_t ckpt_failed;
	uint64_t ckpt_busy;
	/* The WAL hook's requests to the checkpointer's thread, each one pass
	 * (a request made while the previous still waits is the same one). */
	uint64_t ckpt_asked;
	uint64_t wal_frames, wal_frames_max; /* after the last commit; the most seen */
	uint64_t commits;                    /* commits written to the WAL */
	/* tg_store_sync's fdatasyncs, by the commits each newly made durable
	 * (0: an earlier sync had covered them). */
	uint64_t fsyncs[TG_STORE_FSYNC_COMMITS];
};
void tg_store_wal_stats(struct tg_store *s, struct tg_store_wal_stats *out);

/* The WAL's checkpoints off the committing thread (issue 17: on the loop a
 * checkpoint stalled every match's turn for 7 to 50 ms about once a
 * second at 1,000 actions/s). After tg_store_defer_sync: a thread of the
 * store with its own connection runs SQLite's PASSIVE checkpoint when the
 * WAL hook finds 1,000 pages or more in the WAL (tg_store_checkpointer_first
 * sets more); it copies the pages while
 * the committing thread goes on writing (the WAL is appended to, never
 * rewritten under it), syncs the WAL before it copies and the database
 * after, as the hook's checkpoint did. The WAL starts again from its
 * beginning at the first commit after a checkpoint that copied all of it.
 * Under a stream of commits a pass seldom does (a commit lands while it
 * copies), so the hook asks again only once the WAL has grown by
 * TG_STORE_WAL_ASK_PAGES since it last asked (when every commit asked, the
 * thread ran 10-20 passes a second at 1,000 actions/s, each with its
 * fsyncs beside the syncer's); past half the bound it asks at every
 * commit again, so that a pass finds no commit in between and the WAL
 * starts again before the bound; the WAL starting again resets that.
 * What bounds it: if it reaches TG_STORE_WAL_MAX_PAGES all the same (the
 * checkpointer falling behind, held, or failing), the hook checkpoints on
 * the committing thread, as it did before (counted as thread "commit"), so
 * the WAL holds at most that many pages and one commit's more. 0, or -1
 * with err filled (checkpoints stay on the committing thread). Stopped by
 * tg_store_close. */
#define TG_STORE_WAL_MAX_PAGES 8000
#define TG_STORE_WAL_ASK_PAGES 1000
int tg_store_checkpointer_start(struct tg_store *s, struct tg_error *err);
/* The WAL's pages at which the hook asks for a cycle's first pass: 1,000
 * (SQLite's threshold) once started; at most half the bound, where every
 * commit asks (TG_STORE_WAL_CKPT_FIRST_MAX: one pass copies the cycle's
 * pages, each page written in the WAL several times copied once, and the
 * short passes after it chase the WAL's start again; session 24: a half
 * to a third of the database writes of four passes of 1,000, so fewer
 * of the syncer's fdatasyncs wait behind a pass's fsync of the database).
 * Any thread; no effect without a checkpointer. */
#define TG_STORE_WAL_CKPT_FIRST_MAX (TG_STORE_WAL_MAX_PAGES / 2)
void tg_store_checkpointer_first(struct tg_store *s, unsigned pages);
/* Tests: while held, the checkpointer starts no checkpoint. */
void tg_store_checkpointer_hold(struct tg_store *s, bool hold);

/* ---- users and sessions ------------------------------------------------ */
/* err code "name_taken" if the name exists (names compare case-insensitively). */
int tg_store_user_create(struct tg_store *s, const char *name, const char *pw_hash, int64_t now,
                         int64_t *user_id, struct tg_error *err);
/* {"id":.., "name":.., "pw_hash":..}; NULL if no such user (err code "no_such_user"). */
json_t *tg_store_user_by_name(struct tg_store *s, const char *name, struct tg_error *err);
json_t *tg_store_user_by_id(struct tg_store *s, int64_t user_id, struct tg_error *err);

/* token_hash is SHA-256 of the session token: the token itself is never stored. */
int tg_store_session_create(struct tg_store *s, const uint8_t token_hash[32], int64_t user_id,
                            int64_t now, int64_t expires, struct tg_error *err);
/* user id, or -1 if unknown/expired (err code "bad_token"). */
int64_t tg_store_session_user(struct tg_store *s, const uint8_t token_hash[32], int64_t now,
                              struct tg_error *err);
/* err code "bad_token" if no such session. */
int tg_store_session_delete(struct tg_store *s, const uint8_t token_hash[32], struct tg_error *err);
/* Records a sign-in with the session (login or resume): when, from which
 * address, with which client program. */
int tg_store_session_touch(struct tg_store *s, const uint8_t token_hash[32], int64_t now,
                           const char *address, const char *client, struct tg_error *err);
/* The user's unexpired sessions, last used first:
 * [{"id" (16 hex digits of the token's hash),"created","last_used","address","client"}]. */
json_t *tg_store_sessions_of(struct tg_store *s, int64_t user_id, int64_t now,
                             struct tg_error *err);
/* Ends the user's session with that id; err code "no_such_session" if he has none. */
int tg_store_session_end(struct tg_store *s, int64_t user_id, const char *id, struct tg_error *err);
/* Ends every session of the user but keep (the one that asked). */
int tg_store_sessions_end_others(struct tg_store *s, int64_t user_id, const uint8_t keep[32],
                                 struct tg_error *err);
/* ---- online backup (store_backup.c) ---- */
struct tg_store_backup;
/* Starts copying the database to path (written as path.part, renamed when
 * whole). NULL on failure. */
struct tg_store_backup *tg_store_backup_begin(struct tg_store *s, const char *path,
                                              struct tg_error *err);
/* Copies up to pages more pages: 1 when the copy is whole (and renamed), 0
 * when more remain, -1 on failure. Call it outside the store's transactions. */
int tg_store_backup_step(struct tg_store_backup *bk, int pages, struct tg_error *err);
void tg_store_backup_progress(const struct tg_store_backup *bk, int *pages, int *remaining);
/* Ends it; a copy not whole is deleted. */
void tg_store_backup_free(struct tg_store_backup *bk);

/* ---- operators (store_admin.c, issue 24) ---- */
/* Deletes what is personal of an account (its name becomes placeholder, its
 * password, sessions and reset codes go); its row stays for the seats. */
int tg_store_user_erase(struct tg_store *s, int64_t user_id, const char *placeholder,
                        struct tg_error *err);
/* Blocks (a player's own, store_admin.c). */
int tg_store_block(struct tg_store *s, int64_t user_id, int64_t blocked_id, int64_t now,
                   struct tg_error *err);
/* err "not_blocked" if there was no such block. */
int tg_store_unblock(struct tg_store *s, int64_t user_id, int64_t blocked_id, struct tg_error *err);
/* 1 if user_id blocked blocked_id, 0 if not, -1 on failure. */
int tg_store_blocked(struct tg_store *s, int64_t user_id, int64_t blocked_id, struct tg_error *err);
/* [{"user" (name),"since"}], by name. */
json_t *tg_store_blocks_of(struct tg_store *s, int64_t user_id, struct tg_error *err);
/* {"open":n,"active":n,"finished":n,"aborted":n}. */
json_t *tg_store_match_counts(struct tg_store *s, struct tg_error *err);
/* Notifications waiting to go: {"pending":n,"parked":n} (issue 24). */
json_t *tg_store_outbox_counts(struct tg_store *s, struct tg_error *err);
/* Users whose name starts with prefix (any case), by name:
 * [{"id","name","created","banned" (reason or null)}]. */
json_t *tg_store_users_search(struct tg_store *s, const char *prefix, int limit,
                              struct tg_error *err);
/* reason NULL: unbanned. */
int tg_store_user_set_banned(struct tg_store *s, int64_t user_id, const char *reason,
                             struct tg_error *err);
int tg_store_user_sessions_end_all(struct tg_store *s, int64_t user_id, struct tg_error *err);
int tg_store_audit_add(struct tg_store *s, int64_t now, int64_t operator_id, const char *action,
                       const char *target, const char *reason, struct tg_error *err);
/* Newest first: [{"id","time","operator" (name),"action","target","reason"}]. */
json_t *tg_store_audit_list(struct tg_store *s, int limit, struct tg_error *err);
/* A one-time password reset code, stored as its SHA-256. */
int tg_store_reset_add(struct tg_store *s, const uint8_t code_hash[32], int64_t user_id,
                       int64_t now, int64_t expires, struct tg_error *err);
/* Marks the user's unused, unexpired code used; err "bad_reset_code" if there is none. */
int tg_store_reset_take(struct tg_store *s, const uint8_t code_hash[32], int64_t user_id,
                        int64_t now, struct tg_error *err);

int tg_store_user_set_password(struct tg_store *s, int64_t user_id, const char *pw_hash,
                               struct tg_error *err);

/* ---- matches ---------------------------------------------------------- */
/* m: {"game","scenario","options"(object),"visibility":"public"|"private",
 *     "invite_code"(string|null),"spectators"(bool),"creator"(user id),
 *     "secret"(hex, server's secret seed part),"commitment"(hex SHA-256 of it),
 *     "created"(time), "time_control"(object|null|absent: no clock),
 *     "rules_version"(the game module's, >= 1)} -> new id. Status starts
 * "open". err code "no_such_user" if creator is unknown, "invite_taken" if the invite code is in
 * use (draw another). */
int tg_store_match_create(struct tg_store *s, const json_t *m, int64_t *match_id,
                          struct tg_error *err);
/* The match row plus "seats": [{"role","user_id","user_name","entropy","joined"}]
 * and "status" ("open"|"active"|"finished"|"aborted"), "seed"(hex|null),
 * "result"(object|null), "seq" (last action seq, 0 if none), "time_control"
 * (object|null), "clock" (object|null: tg_clock_json's stored form), "rated"
 * (bool), "rules_version" and "rules_since" (schema 106: the rules the log
 * after action rules_since was played under). NULL if absent
 * (err code "no_such_match"). */
json_t *tg_store_match_get(struct tg_store *s, int64_t match_id, struct tg_error *err);
/* err code "seat_taken" if that role already has a user, "already_seated" if
 * the user has another seat in it, "no_such_match"/"no_such_user". */
int tg_store_seat_add(struct tg_store *s, int64_t match_id, const char *role, int64_t user_id,
                      const char *entropy_hex, int64_t now, struct tg_error *err);
/* err code "not_a_participant" if the user has no seat there. */
int tg_store_seat_remove(struct tg_store *s, int64_t match_id, int64_t user_id,
                         struct tg_error *err);
/* Sets status, and seed/result when not NULL. */
int tg_store_match_set_status(struct tg_store *s, int64_t match_id, const char *status,
                              const char *seed_hex, const json_t *result, struct tg_error *err);
/* Records that the match's actions after seq `since` are played under rules
 * `version` (game.h, "Rules versions"). */
int tg_store_match_set_rules(struct tg_store *s, int64_t match_id, unsigned version, int64_t since,
                             struct tg_error *err);
/* Active matches by game and recorded rules version:
 * [{"game","rules_version","count"}]. */
json_t *tg_store_match_rules_counts(struct tg_store *s, struct tg_error *err);
/* The ids of the active matches of game recorded under rules `version`, by
 * id, at most limit: [id, ...]. */
json_t *tg_store_match_rules_ids(struct tg_store *s, const char *game, unsigned version, int limit,
                                 struct tg_error *err);
/* Stores the match's clock (NULL: none). */
int tg_store_match_set_clock(struct tg_store *s, int64_t match_id, const json_t *clock,
                             struct tg_error *err);
/* Public matches with status "open" (with their seats), newest first, at most limit. */
json_t *tg_store_match_list_open(struct tg_store *s, int limit, struct tg_error *err);
/* Public active matches that allow spectators (what `watch` may follow),
 * newest first, at most limit, with seats. */
json_t *tg_store_match_list_live(struct tg_store *s, int limit, struct tg_error *err);
/* Public finished matches (what anyone may `export`), newest first. */
json_t *tg_store_match_list_finished(struct tg_store *s, int limit, struct tg_error *err);
/* Every match the user sits in (any status), newest first, with seats. */
json_t *tg_store_match_list_user(struct tg_store *s, int64_t user_id, int limit,
                                 struct tg_error *err);
/* Ids of matches whose status is "active" (loaded again after a restart). */
json_t *tg_store_match_list_active(struct tg_store *s, struct tg_error *err);
/* Match id for an invite code, or -1 (err code "no_such_match"). */
int64_t tg_store_match_by_invite(struct tg_store *s, const char *code, struct tg_error *err);

/* ---- action log ------------------------------------------------------- */
/* Appends action number seq (1, 2, ...; err code "stale_seq" if taken). */
int tg_store_action_append(struct tg_store *s, int64_t match_id, int64_t seq, const char *role,
                           const json_t *action, bool barrier, int64_t now, struct tg_error *err);
/* The same, with the action's compact text (tg_json_compact_append's, as
 * the protocol's reader kept it: net/message.h tg_net_message_text) stored
 * as it is; text NULL: serialised from action (issue 17, session 31). */
int tg_store_action_append_text(struct tg_store *s, int64_t match_id, int64_t seq, const char *role,
                                const json_t *action, const char *text, size_t text_len,
                                bool barrier, int64_t now, struct tg_error *err);
/* Marks actions first..last (inclusive) undone; they stay in the log. err
 * code "stale_seq" (nothing changed) unless every one of them is logged and
 * not undone yet. Snapshots with seq >= first are deleted in the same write:
 * they contain the undone actions. */
int tg_store_action_mark_undone(struct tg_store *s, int64_t match_id, int64_t first, int64_t last,
                                struct tg_error *err);
/* Actions with seq > after, in order: [{"seq","role","action","barrier","undone","time"}]. */
json_t *tg_store_action_list(struct tg_store *s, int64_t match_id, int64_t after,
                             struct tg_error *err);

/* ---- snapshots -------------------------------------------------------- */
/* The full saved game state after action seq (module save() output). */
int tg_store_snapshot_put(struct tg_store *s, int64_t match_id, int64_t seq, const json_t *state,
                          struct tg_error *err);
/* The same with the state already written as compact JSON text, len bytes
 * (the module's save_text; the bytes stored as given, not checked: 260). */
int tg_store_snapshot_put_text(struct tg_store *s, int64_t match_id, int64_t seq, const char *text,
                               size_t len, struct tg_error *err);
/* Latest snapshot: {"seq", "state"}, or NULL with err code "no_snapshot",
 * or "bad_snapshot" when its text does not parse (a snapshot is a cache:
 * the caller rebuilds the match from its seed and log). */
json_t *tg_store_snapshot_latest(struct tg_store *s, int64_t match_id, struct tg_error *err);

/* ---- chat ------------------------------------------------------------- */
int tg_store_chat_add(struct tg_store *s, int64_t match_id, int64_t user_id, const char *role,
                      const char *text, int64_t now, int64_t *chat_id, struct tg_error *err);
/* Messages with id > after: [{"id","role","user","text","time"}], at most
 * 1000 (ask again after the last id); "user" is the sender's name and
 * "user_id" his id. */
json_t *tg_store_chat_list(struct tg_store *s, int64_t match_id, int64_t after,
                           struct tg_error *err);

/* ---- ratings (store_ratings.c) ----------------------------------------- */
/* A Glicko-2 rating as stored; games -1 from tg_store_rating_get: the user
 * has no rating in that game yet (the other members are then unset). */
struct tg_store_rating {
	double rating, deviation, volatility;
	int64_t games;
};
/* Whether the match counts for ratings (rated unless its creator said not). */
int tg_store_match_set_rated(struct tg_store *s, int64_t match_id, bool rated,
                             struct tg_error *err);
int tg_store_rating_get(struct tg_store *s, int64_t user_id, const char *game,
                        struct tg_store_rating *out, struct tg_error *err);
int tg_store_rating_put(struct tg_store *s, int64_t user_id, const char *game,
                        const struct tg_store_rating *r, int64_t now, struct tg_error *err);
/* [{"user","rating","deviation","volatility","games"}], best first, at most limit. */
json_t *tg_store_leaderboard(struct tg_store *s, const char *game, int limit, struct tg_error *err);
/* [{"game","rating","deviation","volatility","games"}] of one user, by game. */
json_t *tg_store_ratings_of_user(struct tg_store *s, int64_t user_id, struct tg_error *err);

/* ---- tournaments (store_tourney.c) -------------------------------------- */
/* t: {"name","game","scenario","options"(object),"format","rounds",
 *     "max_players","invite_code"(string|null),"rated"(bool),"director"(user
 *     id),"created","time_control"(object|null, optional),"start_at"(Unix
 *     seconds|null, optional),"pools","advance"(optional, 0)} -> new id; status starts
 * "registration", round 0. err code "invite_taken" if the code is in use (draw another). */
int tg_store_tourney_create(struct tg_store *s, const json_t *t, int64_t *tourney_id,
                            struct tg_error *err);
/* The row ("id","name","game","scenario","options","format","rounds",
 * "max_players","invite_code","rated","director","director_name","status",
 * "round","created","updated","nplayers" (not
 * withdrawn),"paused","time_control","start_at"(null|time),"pools","advance") plus "players"
 * [{"user_id","name","seq","withdrawn","registered","seed"(null|1..), "pool"(null|1..)}] in
 * registration order and "games" [{"round","board","side0","side1"(id|null),"match"(id|null),
 * "result"(string|null)}] by round and board. NULL with err code
 * "no_such_tourney" if absent. */
json_t *tg_store_tourney_get(struct tg_store *s, int64_t tourney_id, struct tg_error *err);
/* Rows (without players and games), newest first, at most limit. */
json_t *tg_store_tourney_list(struct tg_store *s, int limit, struct tg_error *err);
/* Registers a player last in order; err code "already_registered". */
int tg_store_tourney_player_add(struct tg_store *s, int64_t tourney_id, int64_t user_id,
                                int64_t now, struct tg_error *err);
/* Before the start: deletes the registration (err code "not_registered"). */
int tg_store_tourney_player_remove(struct tg_store *s, int64_t tourney_id, int64_t user_id,
                                   struct tg_error *err);
/* After the start: marks him withdrawn (err code "not_registered" if he is
 * not a player still in). */
int tg_store_tourney_player_withdraw(struct tg_store *s, int64_t tourney_id, int64_t user_id,
                                     struct tg_error *err);
/* status "registration"|"active"|"finished", the round being played and
 * the rounds planned. */
int tg_store_tourney_set_state(struct tg_store *s, int64_t tourney_id, const char *status,
                               int round, int rounds, int64_t now, struct tg_error *err);
/* One game of a round; side1 0 for a bye, match_id 0 for none, result NULL
 * while it is played ("1-0","0-1","1/2-1/2","+-","-+","bye"). */
int tg_store_tourney_game_add(struct tg_store *s, int64_t tourney_id, int round, int board,
                              int64_t side0, int64_t side1, int64_t match_id, const char *result,
                              struct tg_error *err);
/* Sets (NULL: clears) a game's result; err code "no_such_game". */
int tg_store_tourney_game_result(struct tg_store *s, int64_t tourney_id, int round, int board,
                                 const char *result, struct tg_error *err);
/* The tournament game a match is: {"tourney","round","board","side0","side1",
 * "result"}; NULL with err code "no_such_game" if it is in none. */
json_t *tg_store_tourney_game_by_match(struct tg_store *s, int64_t match_id, struct tg_error *err);
/* A single elimination's seed (1 = best), set at the start. */
int tg_store_tourney_player_seed(struct tg_store *s, int64_t tourney_id, int64_t user_id, int seed,
                                 struct tg_error *err);
/* A player's pool (1..pools), set at the start of a pools event. */
int tg_store_tourney_player_pool(struct tg_store *s, int64_t tourney_id, int64_t user_id, int pool,
                                 struct tg_error *err);
/* Ids of the events in registration whose start_at is at or before now,
 * earliest first (a JSON array of integers). */
json_t *tg_store_tourney_due(struct tg_store *s, int64_t now, struct tg_error *err);
/* Sets start_at (0: clears it). */
int tg_store_tourney_set_start_at(struct tg_store *s, int64_t tourney_id, int64_t start_at,
                                  struct tg_error *err);
/* The earliest start_at of an event in registration, 0 if none. */
int tg_store_tourney_next_start(struct tg_store *s, int64_t *start_at, struct tg_error *err);
/* Paused: the next round is not paired until it is resumed. */
int tg_store_tourney_set_paused(struct tg_store *s, int64_t tourney_id, bool paused,
                                struct tg_error *err);
/* Deletes the games of a round (before it is paired again). */
int tg_store_tourney_round_delete(struct tg_store *s, int64_t tourney_id, int round,
                                  struct tg_error *err);
/* The director's log: user_id 0 for the server itself. */
int tg_store_tourney_log_add(struct tg_store *s, int64_t tourney_id, int64_t user_id,
                             const char *text, int64_t now, struct tg_error *err);
/* [{"id","user"(name|null),"text","time"}], oldest first, at most 1000. */
json_t *tg_store_tourney_log_list(struct tg_store *s, int64_t tourney_id, struct tg_error *err);

/* ---- vacations (issue 19) -------------------------------------------- */
/* A vacation from start to until, charging `days` to the allowance. */
int tg_store_vacation_add(struct tg_store *s, int64_t user_id, int64_t start, int64_t until,
                          int days, struct tg_error *err);
/* The user's vacation running at now: {"id","start","until","days"}, or
 * NULL (err code "no_vacation"). */
json_t *tg_store_vacation_current(struct tg_store *s, int64_t user_id, int64_t now,
                                  struct tg_error *err);
/* Ends vacation id at now, its charge becoming `days`. */
int tg_store_vacation_end(struct tg_store *s, int64_t id, int64_t now, int days,
                          struct tg_error *err);
/* Days charged by the user's vacations starting in [from, to); -1 on error. */
int tg_store_vacation_days_used(struct tg_store *s, int64_t user_id, int64_t from, int64_t to,
                                struct tg_error *err);

/* ---- notifications (store_notify.c, issue 19; schema 030) ---- */
/* The user's settings: {"email","email_verified","events","webhook_url",
 * "webhook_format","webhook_secret","email_parked","webhook_parked",
 * "verify_hash" (hex), "verify_expires","verify_tries","digest_hours"}, nulls
 * where unset;
 * every member null/defaults (every event: 127) for a user who set nothing. */
json_t *tg_store_notify_settings(struct tg_store *s, int64_t user_id, struct tg_error *err);
/* Sets columns of the user's settings row (made if missing): each member of
 * set named as a column above (a JSON null clears it; verify_hash as hex). */
int tg_store_notify_settings_set(struct tg_store *s, int64_t user_id, const json_t *set,
                                 struct tg_error *err);
/* Queues a notification: row {"idem_key","user_id","channel","address","event",
 * "subject","body"} due at now, or at its "next_at" if later; "grp" (may be
 * absent) names the group it gathers (schema 056); "reply_to" (may be absent)
 * is an email's Reply-To. 1 if queued, 0 if its idem_key was queued before
 * (nothing written). */
int tg_store_outbox_add(struct tg_store *s, const json_t *row, int64_t now, struct tg_error *err);
/* Up to limit pending rows due at now, oldest first, id above after_id:
 * [{"id","idem_key","user_id","channel","address","event","subject","body","attempts",
 *   "reply_to"}]. */
json_t *tg_store_outbox_due(struct tg_store *s, int64_t now, int64_t after_id, int limit,
                            struct tg_error *err);
/* A send's outcome: state "sent", "pending" (again at next_at) or "parked",
 * with the error (NULL for sent). */
int tg_store_outbox_done(struct tg_store *s, int64_t id, const char *state, int64_t now,
                         int64_t next_at, const char *error, struct tg_error *err);
/* Pending rows of the user's channel are dropped (its address changed). */
int tg_store_outbox_drop(struct tg_store *s, int64_t user_id, const char *channel,
                         struct tg_error *err);
/* The 32-byte key of the unsubscribe links. */
int tg_store_notify_key(struct tg_store *s, uint8_t key[32], struct tg_error *err);
/* The user's row of group grp on channel that may still gather more text
 * (pending, never tried, due after now): {"id","subject","body","next_at"}, else JSON
 * null; NULL on failure. */
json_t *tg_store_outbox_gathering(struct tg_store *s, int64_t user_id, const char *channel,
                                  const char *grp, int64_t now, struct tg_error *err);
/* When the group's latest row went or goes out (sent, else due); 0 if none;
 * -1 on failure. */
int64_t tg_store_outbox_group_last(struct tg_store *s, int64_t user_id, const char *channel,
                                   const char *grp, struct tg_error *err);
/* How many rows of event were queued for the user since then (any state);
 * -1 on failure. */
int64_t tg_store_outbox_recent(struct tg_store *s, int64_t user_id, const char *event,
                               int64_t since, struct tg_error *err);
/* Deletes up to limit rows finished (sent, parked, dropped) before `before`
 * (created and sent both earlier), oldest first; pending rows never. The
 * count deleted; -1 on failure. */
int64_t tg_store_outbox_prune(struct tg_store *s, int64_t before, int limit, struct tg_error *err);
/* A gathering row's new subject and body. */
int tg_store_outbox_rewrite(struct tg_store *s, int64_t id, const char *subject, const char *body,
                            struct tg_error *err);
/* Erases the user's settings, queued notifications and reply tokens
 * (account deleted). */
int tg_store_notify_forget(struct tg_store *s, int64_t user_id, struct tg_error *err);

/* ---- invitations (store_invite.c, issues 19 and 24; schema 055) ---- */
/* A pending invitation of user_id to match_id by host_id. err
 * "already_invited" if the pair has a row (pending, accepted or declined). */
int tg_store_invite_add(struct tg_store *s, int64_t match_id, int64_t user_id, int64_t host_id,
                        int64_t now, struct tg_error *err);
/* The state of the pair's invitation ("pending", "accepted", "declined") in
 * out (at least 9 bytes); err "no_such_invitation" if it has none. */
int tg_store_invite_state(struct tg_store *s, int64_t match_id, int64_t user_id, char *out,
                          size_t n, struct tg_error *err);
/* A pending invitation answered: state "accepted" or "declined". err
 * "no_such_invitation" if none was pending. */
int tg_store_invite_answer(struct tg_store *s, int64_t match_id, int64_t user_id, const char *state,
                           int64_t now, struct tg_error *err);
/* Pending invitations of a match (to cap them); -1 on failure. */
int tg_store_invite_count(struct tg_store *s, int64_t match_id, struct tg_error *err);
/* The user's pending invitations to open matches, from hosts he has not
 * blocked, newest first: [{"match_id","host","since"}]. */
json_t *tg_store_invites_to(struct tg_store *s, int64_t user_id, int limit, struct tg_error *err);
/* The invitations a host sent to his open matches, newest first:
 * [{"match_id","user","state","since"}]. */
json_t *tg_store_invites_by(struct tg_store *s, int64_t host_id, int limit, struct tg_error *err);

/* ---- reply tokens of moves by email (store_mail.c, issue 19; schema 050) ---- */
/* Stores a token's hash with what it is bound to: row {"user_id","match_id",
 * "role","seq","expires","log_tail" (a JSON array)}, made at now. */
int tg_store_mail_token_add(struct tg_store *s, const uint8_t hash[32], const json_t *row,
                            int64_t now, struct tg_error *err);
/* The token's row {"user_id","match_id","role","seq","created","expires",
 * "used" (null or a time)}; a JSON null if no token has that hash; NULL on
 * error. */
json_t *tg_store_mail_token_get(struct tg_store *s, const uint8_t hash[32], struct tg_error *err);
/* Consumes the token at now: 1 if it was unused, 0 if it was used already. */
int tg_store_mail_token_use(struct tg_store *s, const uint8_t hash[32], int64_t now,
                            struct tg_error *err);
/* The log_tail of the latest token made for (match, role), as a JSON array
 * ([] if none); NULL on error. */
json_t *tg_store_mail_log_tail(struct tg_store *s, int64_t match_id, const char *role,
                               struct tg_error *err);
/* The latest token made for (match, role): {"user_id","seq","expires","used"
 * (null or a time)}; a JSON null if none; NULL on error. */
json_t *tg_store_mail_token_last(struct tg_store *s, int64_t match_id, const char *role,
                                 struct tg_error *err);

#endif
