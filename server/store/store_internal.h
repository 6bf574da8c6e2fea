/* store_internal.h — what the SQLite back end's files share: the handle, the
 * prepared-statement cache and small helpers. Nothing outside store/ includes
 * this file. */
#ifndef TG_STORE_INTERNAL_H
#define TG_STORE_INTERNAL_H

#include <pthread.h>
#include <sqlite3.h>
#include <stdatomic.h>

#include "json_compact.h"
#include "store.h"

#define TG_STORE_E_STORAGE "storage"
#define TG_STORE_E_BAD_ARGUMENT "bad_argument"

/* Lists are bounded: a limit above this is lowered to it. */
#define TG_STORE_LIST_MAX 1000

/* Every statement the store runs, prepared once at open (store_stmts.c). */
enum store_stmt {
	ST_BEGIN_IMMEDIATE, /* every loop turn that writes: no SQL parsed per turn */
	ST_COMMIT,
	ST_USER_INSERT,
	ST_USER_BY_NAME,
	ST_USER_BY_ID,
	ST_SESSION_INSERT,
	ST_SESSION_USER,
	ST_SESSION_DELETE,
	ST_SESSION_TOUCH,
	ST_SESSIONS_OF,
	ST_SESSION_END,
	ST_SESSIONS_END_OTHERS,
	ST_USER_SET_PASSWORD,
	ST_USERS_SEARCH,
	ST_USER_SET_BANNED,
	ST_USER_SESSIONS_END_ALL,
	ST_AUDIT_ADD,
	ST_AUDIT_LIST,
	ST_RESET_ADD,
	ST_RESET_TAKE,
	ST_MATCH_COUNTS,
	ST_OUTBOX_COUNTS,
	ST_OUTBOX_DUE,
	ST_USER_ERASE,
	ST_USER_RESETS_DELETE,
	ST_BLOCK_ADD,
	ST_BLOCK_DELETE,
	ST_BLOCKED,
	ST_BLOCKS_OF,
	ST_MATCH_INSERT,
	ST_MATCH_GET,
	ST_MATCH_EXISTS,
	ST_MATCH_SEATS,
	ST_MATCH_SET_STATUS,
	ST_MATCH_SET_CLOCK,
	ST_MATCH_SET_RULES,
	ST_MATCH_RULES_COUNTS,
	ST_MATCH_RULES_IDS,
	ST_MATCH_LIST_OPEN,
	ST_MATCH_LIST_USER,
	ST_MATCH_LIST_LIVE,
	ST_MATCH_LIST_FINISHED,
	ST_MATCH_LIST_ACTIVE,
	ST_MATCH_BY_INVITE,
	ST_SEAT_INSERT,
	ST_SEAT_DELETE,
	ST_ACTION_INSERT,
	ST_ACTION_TOUCH,
	ST_ACTION_COUNT_LIVE,
	ST_ACTION_MARK_UNDONE,
	ST_ACTION_LIST,
	ST_SNAPSHOT_PUT,
	ST_SNAPSHOT_LATEST,
	ST_SNAPSHOT_DROP_FROM,
	ST_CHAT_INSERT,
	ST_CHAT_LIST,

	ST_VACATION_INSERT,
	ST_VACATION_CURRENT,
	ST_VACATION_END,
	ST_VACATION_DAYS,
	ST_MATCH_SET_RATED,
	ST_RATING_GET,
	ST_RATING_PUT,
	ST_RATING_LEADERBOARD,
	ST_RATING_OF_USER,
	ST_TOURNEY_INSERT,
	ST_TOURNEY_GET,
	ST_TOURNEY_LIST,
	ST_TOURNEY_PLAYERS,
	ST_TOURNEY_GAMES,
	ST_TOURNEY_PLAYER_INSERT,
	ST_TOURNEY_PLAYER_DELETE,
	ST_TOURNEY_PLAYER_WITHDRAW,
	ST_TOURNEY_SET_STATE,
	ST_TOURNEY_GAME_INSERT,
	ST_TOURNEY_GAME_RESULT,
	ST_TOURNEY_GAME_BY_MATCH,
	ST_TOURNEY_PLAYER_SEED,
	ST_TOURNEY_PLAYER_POOL,
	ST_TOURNEY_DUE,
	ST_TOURNEY_NEXT_START,
	ST_TOURNEY_SET_START_AT,
	ST_TOURNEY_SET_PAUSED,
	ST_TOURNEY_ROUND_DELETE,
	ST_TOURNEY_LOG_INSERT,
	ST_TOURNEY_LOG_LIST,
	ST__COUNT
};

/* The slots of tg_store's touched (a power of two). */
#define STORE_TOUCHED_SLOTS 1024

struct tg_store {
	sqlite3 *db;
	/* The VFS both connections open with: NULL (SQLite's default, "unix")
	 * or "unix-excl" (tg_store_open_ex's TG_STORE_EXCLUSIVE). */
	const char *vfs;
	sqlite3_stmt *stmt[ST__COUNT];
	bool in_transaction;
	/* The WAL file, opened by tg_store_defer_sync (-1: commits sync
	 * themselves); set before the syncer's thread starts, then only read. */
	int wal_fd;
	/* With wal_fd: the commits written to the WAL (its hook counts them),
	 * and how many of them an fdatasync has made durable (tg_store_sync,
	 * any thread); a failed sync is final (the page cache's state is
	 * unknown after it: nothing later may be called durable). */
	_Atomic uint64_t commits, synced;
	_Atomic bool sync_failed;
	/* The WAL's figures (tg_store_wal_stats), under their mutex: the
	 * committing thread and the syncer write them, /metrics reads them. */
	pthread_mutex_t stats_mu;
	struct tg_store_wal_stats stats;
	/* The checkpointer's thread (tg_store_checkpointer_start), or NULL. */
	struct store_ckpt *ckpt;
	/* The checkpoints' passes started and running now (either thread's),
	 * for tg_store_sync's fsync beside one (tg_store_wal_stats' fsync). */
	_Atomic uint64_t ckpt_started;
	_Atomic unsigned ckpt_running;
	/* Under stats_mu: the WAL's starts again (its hook sees fewer frames
	 * than at the commit before), and the last pass's WAL and frames
	 * backfilled, so that each pass counts only the frames it copied. */
	uint64_t wal_restarts, ckpt_last_restarts, ckpt_last_backfill;
	/* The log lines of the checkpoints that were busy or failed
	 * (store_checkpoint), under stats_mu: the first of each kind, then one
	 * a minute at most, saying how many were not logged. */
	struct store_log_gate {
		uint64_t last_ns, unlogged;
		bool logged;
	} ckpt_busy_log, ckpt_failed_log;
	/* The action's JSON text (tg_store_action_append), kept for its room
	 * from one append to the next and bound SQLITE_STATIC (the next
	 * append binds it again before its step). Issue 17: a new buffer of 4 KB
	 * for every action's hundred bytes made glibc consolidate its fast
	 * bins on the loop. The appending thread's only; freed at close. */
	struct tg_text action_text;
	/* What the store knows of matches.updated (tg_store_action_append):
	 * a slot per match id modulo its count, holding a time the match's
	 * row is known to hold or pass, written or found by the action's touch
	 * in this connection. An append no later than it skips the touch, which
	 * would change nothing (issue 17: its step was 3.2 K instructions of
	 * an action's 19 K at several actions a second). The row's time only
	 * grows (the touch, a seat's trigger), so a slot stays true until a
	 * rollback takes a write back: every rollback empties them all
	 * (store_touched_forget). A slot another match took only costs a
	 * touch. The appending thread's only. */
	struct store_touched {
		int64_t match_id; /* 0: empty (ids start at 1) */
		int64_t updated;
	} touched[STORE_TOUCHED_SLOTS];
};

/* store_stmts.c */
int store_stmts_prepare(struct tg_store *s, struct tg_error *err);
void store_stmts_finalize(struct tg_store *s);
/* The cached statement, ready to bind (it was reset after its last use). */
sqlite3_stmt *store_stmt(struct tg_store *s, enum store_stmt id);
/* Resets a statement and clears its bindings after use. */
void store_stmt_done(sqlite3_stmt *st);
/* Resets a statement after use and leaves its bindings: only for one whose
 * every parameter its callers bind before each step (the act path's BEGIN,
 * COMMIT, the action's INSERT and touch, the snapshot's put; issue 17:
 * sqlite3_clear_bindings was about 0.2 K instructions a statement). A text
 * bound SQLITE_STATIC then still points at the caller's memory after the
 * call, which nothing reads: the next step's binds replace it first. */
void store_stmt_rebound(sqlite3_stmt *st);

/* store_log.c: forgets every time the touched slots remember (a rollback,
 * whole or of a savepoint, may have taken any of them back). */
void store_touched_forget(struct tg_store *s);

/* store_util.c */
/* Fills err with code "storage", naming what failed and SQLite's message;
 * returns -1. Call before store_stmt_done() so the message is still there. */
int store_fail_db(struct tg_store *s, struct tg_error *err, const char *what);
/* A row of a statement as a JSON value, NULL with err filled; arg is
 * store_rows' caller's. */
typedef json_t *store_row_fn(sqlite3_stmt *st, const void *arg, struct tg_error *err);
/* Every row of a prepared, bound statement through row(), as an array;
 * the statement done after. NULL with err: row()'s, SQLite's (named by
 * what), or no memory. */
json_t *store_rows(struct tg_store *s, sqlite3_stmt *st, store_row_fn *row, const void *arg,
                   const char *what, struct tg_error *err);
/* Binds a JSON value as compact text; SQLITE_OK or an SQLite error code. */
int store_bind_json(sqlite3_stmt *st, int idx, const json_t *value);
/* The same written into t (emptied first; its room kept for the next
 * call) and bound SQLITE_STATIC: t must outlive the step, and the
 * statement must not be stepped again before its parameter is bound anew
 * (or store_stmt_done has cleared it). */
int store_bind_json_kept(sqlite3_stmt *st, int idx, const json_t *value, struct tg_text *t);
/* Parses a JSON text column; json_null() for SQL NULL, NULL (err filled) if
 * the stored text is not JSON. */
json_t *store_column_json(sqlite3_stmt *st, int col, const char *what, struct tg_error *err);
/* A text column as a JSON string, or json_null() for SQL NULL. */
json_t *store_column_string(sqlite3_stmt *st, int col);
/* 1 if a match with this id exists, 0 if not, -1 on error (store_match.c:
 * a statement of store_stmts.c, which uses store_fail_db above). */
int store_match_exists(struct tg_store *s, int64_t match_id, struct tg_error *err);
/* Clamps a list limit to 1..TG_STORE_LIST_MAX; -1 (err filled) if below 1. */
int store_list_limit(int limit, struct tg_error *err);

/* Several statements as one write, inside a transaction or not: a savepoint
 * starts one when none is open. */
int store_op_begin(struct tg_store *s, struct tg_error *err);
int store_op_end(struct tg_store *s, struct tg_error *err);
void store_op_cancel(struct tg_store *s);

/* migrate.c: applies the migrations in dir that db has not recorded. */
int store_migrate(sqlite3 *db, const char *dir, struct tg_error *err);

#endif
