/* server_internal.h — what the protocol engine's files share: sessions,
 * live matches, the per-loop-turn transaction and outbox. Not for use
 * outside server/core (tests may use engine.h). */
#ifndef TG_CORE_SERVER_INTERNAL_H
#define TG_CORE_SERVER_INTERNAL_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <uv.h>

#include "clock/deadline_heap.h"
#include "clock/timecontrol.h"
#include "core/engine.h"
#include "core/latency.h"
#include "core/notify.h"
#include "core/ratelimit.h"
#include "core/server.h"
#include "kit/view_sections.h"
#include "tourney/pair.h"
#include "util/build_info.h" /* TG_VERSION */
#include "util/byte_runs.h"

#define TG_MATCH_BUCKETS 1024
#define TG_SESSION_SUBS_MAX 256 /* matches one connection may follow at once */
#define TG_LIST_LIMIT 100
#define TG_CHAT_REPLAY_MAX 200
#define TG_NAME_MAX 32
#define TG_RATELIMIT_ENTRIES 4096
#define TG_WAITING_MAX 64 /* requests held while a password is checked */

#define TG_CLIENT_NAME_MAX 64

/* One client connection (or a test's fake one). Reference counted: thread
 * pool work and queued replies hold references, so a connection may close
 * while they are pending. */
struct tg_replay_cursor;

struct tg_session {
	struct tg_server *srv;
	struct tg_conn *conn; /* NULL for engine sessions and once closed */
	tg_engine_sink sink;  /* engine sessions: where lines go */
	void *sink_ud;
	uint64_t id;
	int refs;
	bool closed;
	bool hello;
	bool busy;       /* a login/register is being hashed: later requests wait */
	json_t *waiting; /* requests that arrived while busy, in order (bounded) */
	int64_t user_id; /* 0: not logged in */
	char user_name[TG_NAME_MAX + 1];
	bool has_token;
	uint8_t token_hash[32];
	char peer[64];
	char peer_group[64];               /* as the limits count it: IPv4 address or IPv6 /64 */
	int64_t subs[TG_SESSION_SUBS_MAX]; /* ids of the matches it follows */
	unsigned nsubs;
	char client[TG_CLIENT_NAME_MAX + 1]; /* as hello named it, printable ASCII */
	/* srv->live: every session not yet closed (account_sessions.c ends
	 * some of them when their stored session is ended). */
	struct tg_session *live_prev, *live_next;
	struct tg_replay_cursor *replay; /* replay.c: the match it steps through */
};

struct tg_kdf_slot {
	char group[64];
	unsigned n; /* 0: free */
};

struct tg_sub {
	struct tg_session *s;
	int role; /* index into the game's roles, or nroles for "observer" */
};

/* Kept patch messages of one role (a ring buffer): entry for seq k. At most
 * cfg.patch_history of them, and no more bytes than twice a full view: past
 * that, a fresh view is the cheaper way to catch up. */
struct tg_patch_ring {
	char **line;
	size_t *len;
	int64_t *seq;
	unsigned cap, start, count;
	size_t bytes; /* of the lines kept */
	/* The byte cap's yardstick: the full view's size when last measured,
	 * and the patch bytes sent since. A patch changes the view's size by
	 * at most its own size, so the yardstick is re-measured only once the
	 * patches since add up to it (views_fanout). */
	size_t view_bytes, drift;
};

struct tg_match {
	struct tg_match *next; /* hash bucket chain */
	int64_t id;
	const struct game_module *mod;
	int nroles;
	json_t *row;    /* the store's match object (with seats), refreshed after writes */
	struct game *g; /* NULL until the match starts */
	int64_t seq;    /* accepted state changes so far */
	struct game_status st;
	/* st.summary is "": the last act asked the game's status_brief (the
	 * line is made when read: match_summary) */
	bool summary_unmade;
	unsigned since_snapshot; /* actions since the last snapshot */
	/* The undo base (undo_base.c): the state right after the latest
	 * barrier, taken lazily before the next action; no undo reaches behind
	 * it, so undo rebuilds from it by replaying the few actions since. A
	 * flat game's (game.h flat_size) is base_runs, the bytes in which it
	 * differs from g, brought up to date after each action (base_flat);
	 * another game's a copy (game.h copy). Neither: undo falls back to the
	 * store. */
	struct game *base;
	struct tg_byte_runs base_runs;
	bool base_flat;
	int64_t base_seq;
	bool take_base;
	bool dirty;                  /* written in the open transaction (match_touch) */
	struct tg_match *dirty_next; /* the turn's list of dirty matches */
	int64_t used;                /* srv_now() when a request last named it (eviction) */
	/* Per role (and observer, index nroles): the last view sent, as its
	 * text (with its sections' places and stamps: only the sections that
	 * moved are rebuilt; those built item by item as their elements'
	 * stamps, made again from g to send a full view), the kept patches. */
	struct tg_view_kept view[TG_ROLE_MAX + 1];
	struct tg_patch_ring ring[TG_ROLE_MAX + 1];
	/* srv_now() when the kept views were last brought to the state; the
	 * roles (bits) whose kept views the idle sweep dropped while their
	 * rings still lead to the state (views_wake rebuilds them). */
	int64_t views_at;
	unsigned views_asleep;
	struct tg_sub *subs;
	unsigned nsubs, capsubs;
	/* row's seats, in its order: each user id and the role index of its
	 * role name, read once each time row is set (match_set_row), not for
	 * every line sent to a follower (views.c sub_valid: 2.2 % of the loop
	 * in session 21). seats_n > TG_ROLE_MAX: the row holds more seats
	 * than fit, and match_seat_of reads the row. */
	struct {
		int64_t user_id;
		int role;
	} seat_uid[TG_ROLE_MAX];
	unsigned seats_n;
	/* row's visibility is "private", read with the seats (it is set when
	 * the match is made and never changes): only such a row is asked
	 * again whether a request may see it (req_match_by_id), not at every
	 * act (issue 17, session 30: 1.9 % of the loop saturated). */
	bool row_private;
	/* row's "status", read with the seats: a new status always comes with
	 * a new row (no code sets it in place), and match_status is asked at
	 * every act, where the row's JSON is cold memory at 400 matches (issue
	 * 17, session 30). NULL: none, "open". */
	const char *row_status;
	/* Its time control and clock (clocks.c); has_clock once started. */
	struct tg_time_control tc;
	struct tg_clock clock;
	bool has_clock;
	size_t heap_slot; /* in srv->deadlines, or TG_HEAP_NONE */
	/* "on_timeout": "auto": not ended before this (a restart's grace; memory only) */
	int64_t auto_not_before;
	/* Per role: when his player's vacation ends (0: not on one; vacation.c) */
	int64_t vac_until[TG_ROLE_MAX];
	/* Roles told their clock runs low in this run of it (notify.c's
	 * clock_low; cleared by clock_sync when the match moves). */
	unsigned low_warned;
	/* Its fan-out in a worker's hands (fanout.c), or NULL. While set, the
	 * worker owns g, view[] and ring[]: the loop waits for it
	 * (fanout_join, done by match_find) before it reads or changes them. */
	struct tg_fanout_job *job;
	/* What its seats play (game.h seat_text), as last told its players:
	 * a hash, 0 while every seat reads its role's title (views.c). */
	uint64_t seat_stamp;
};

enum tg_out_kind { TG_OUT_OK, TG_OUT_ERROR, TG_OUT_PUSH };

/* A message held until the loop turn's transaction commits (and, with a
 * syncer, until that commit is on disk). */
struct tg_out {
	struct tg_out *next;
	struct tg_session *s;
	enum tg_out_kind kind;
	json_t *id;          /* the request id, to turn an ok into a storage error */
	bool logout_on_fail; /* the request logged the session in */
	char *line;
	size_t len;
	/* The ok of an act: when its bytes were read, its handling started and
	 * its ok was queued (core/latency.h; 0 for every other line). */
	uint64_t t_read, t_act, t_queued;
};

/* The lines of a turn, or sent since, that wait for commit generation gen
 * to be durable (syncer.c), in the order sent. */
struct tg_out_batch {
	struct tg_out_batch *next;
	uint64_t gen;
	/* uv_hrtime() when its turn's commit began and when COMMIT returned
	 * (latency.h; the commit stage's parts). */
	uint64_t t_commit, t_committed;
	struct tg_out *head, *tail;
};

/* One fsync that made commit generations up to gen durable: when it started
 * and ended (uv_hrtime(), any thread). The syncer stamps each of its own;
 * the loop reads them with the generation (latency.h's commit parts). */
struct tg_sync_stamp {
	uint64_t gen, start_ns, end_ns;
};

struct tg_server {
	uv_loop_t *loop;
	struct tg_store *store;
	const struct game_module *const *games;
	struct tg_config cfg;
	uv_check_t *check; /* its own allocation: it closes after the server is freed */
	uv_timer_t *evict; /* match_evict_idle every so often; the same */
	bool tx_open, tx_failed;
	bool shutting_down;
	bool fail_next_turn; /* tg_engine_fail_next_turn */
	struct tg_out *out_head, *out_tail;
	struct tg_match *matches[TG_MATCH_BUCKETS];
	struct tg_match *dirty_head; /* matches written in this turn (match_touch) */
	/* Login attempts (accounts.c): per (address, name) and per address. */
	struct tg_ratelimit login_pair, login_addr;
	/* Accounts made per address (accounts.c) and matches made per user
	 * (lobby.c), per hour: the volume a stranger can write to the disk. */
	struct tg_ratelimit register_addr, create_user;
	struct tg_session *live;  /* sessions not yet closed, newest first */
	struct tg_backup *backup; /* the operators' backup under way (backup.c) */
	struct {                  /* status.c */
		int64_t started;  /* srv_now() at tg_server_new */
		uint64_t actions; /* accepted since */
		int64_t minute;   /* srv_now() / 60 of minute_actions */
		uint64_t minute_actions, last_minute_actions;
	} stats;
	uint64_t next_session_id;
	unsigned pending_work; /* scrypt jobs in the thread pool */
	/* Those jobs per peer group: at most cfg.kdf_max_inflight slots in use,
	 * since every job holds one (accounts.c). */
	struct tg_kdf_slot *kdf_slots;
	void (*shutdown_done)(void *);
	void *shutdown_ud;
	json_t *games_json; /* the "games" list of welcome */
	/* The live matches whose clocks run, by deadline, and the one timer set
	 * for the earliest (its own allocation, like check). */
	struct tg_deadline_heap deadlines;
	uv_timer_t *clock_timer;
	/* The earliest start_at of a tournament in registration, 0 if none
	 * (tourney_sched.c). */
	int64_t tourney_next_start;
	/* Notifications (notify_send.c); notify_queued: this turn wrote to the outbox. */
	struct tg_notify *notify;
	bool notify_queued;
	/* Turns ended so far (srv_turn_commit): a fan-out job made in an
	 * earlier turn than this one belongs to a committed action. */
	uint64_t turn;
	struct tg_fanout_pool *fanout; /* NULL: fan-outs inline (workers = 0) */
	/* The commit's fsync off the loop (syncer.c; NULL: each commit syncs
	 * itself). commit_gen counts the turns committed, durable_gen the
	 * newest of them known on disk; held: the lines waiting for theirs. */
	struct tg_syncer *syncer;
	uint64_t commit_gen, durable_gen;
	/* Set while fanout.c sends the lines of jobs whose own commits are
	 * durable: they leave at once, not behind a newer commit's fsync. */
	bool lines_durable;
	struct tg_out_batch *held_head, *held_tail;
	/* Where the undo base's runs of the match acting are rebuilt after
	 * its action (undo_base.c, tg_byte_runs_update): the loop thread's. */
	struct tg_byte_runs base_scratch;
	struct tg_latency lat; /* the round trip's stages (latency.c) */
};

/* ---- server.c: sending, the loop turn's transaction --------------------- */
int64_t srv_now(void);
/* The error rate_limited, with retry_after: wait seconds. */
void srv_rate_limited(struct tg_session *s, const json_t *req, int64_t wait, const char *msg);
/* Opens the loop turn's transaction if needed; -1 (err filled) on failure. */
int srv_tx(struct tg_server *srv, struct tg_error *err);
/* Notes that a store write failed: the whole turn is rolled back. */
void srv_tx_fail(struct tg_server *srv);
/* Sends (or queues until the commit) a message; steals msg. */
void srv_send(struct tg_session *s, json_t *msg, enum tg_out_kind kind, const json_t *id);
void srv_send_line(struct tg_session *s, const char *line, size_t len);
/* Sends now, never held: a line of an action whose turn has committed. */
void srv_send_line_now(struct tg_session *s, const char *line, size_t len);
/* srv_send_line (srv_send_line_now if now) of a malloc'd line handed over:
 * queued or held as it is, not copied, freed once sent (issue 17: the
 * fan-out's line to a role's follower was copied on the loop). */
void srv_send_line_take(struct tg_session *s, char *line, size_t len, bool now);
/* An ok reply; members (stolen, may be NULL) are added to it. */
void srv_ok(struct tg_session *s, const json_t *req, json_t *members);
/* srv_ok(s, req, {"match":match,"seq":seq}) written as text (the act's ok,
 * issue 17): the same bytes. */
void srv_ok_seq(struct tg_session *s, const json_t *req, int64_t match, int64_t seq);
/* The ok of a login or registration: if its turn fails to commit, the
 * session is logged out again. */
void srv_ok_login(struct tg_session *s, const json_t *req, json_t *members);
void srv_error(struct tg_session *s, const json_t *req, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void srv_error_err(struct tg_session *s, const json_t *req, const struct tg_error *err);
void session_ref(struct tg_session *s);
void session_unref(struct tg_session *s);
/* After a login/register finished: handles the requests that waited. */
void session_drain(struct tg_session *s);
/* A thread-pool job ended (password hashing, a notification's send): ends
 * a shutdown that waited for the last one. */
void srv_work_done(struct tg_server *srv);
/* Commits the loop turn and waits until it is durable: then sends what was
 * queued. False if the commit failed and the turn was rolled back. */
bool srv_turn_commit(struct tg_server *srv);
/* The loop's turn end (its uv_check): the same, but with a syncer the lines
 * wait for the syncer's fsync while the loop goes on. */
bool srv_turn_commit_async(struct tg_server *srv);
/* The fsyncs syncs[0..n) are done, oldest first (their gens ascending):
 * every commit generation up to syncs[n - 1].gen is on disk; sends the
 * lines that waited for them. */
void srv_durable(struct tg_server *srv, const struct tg_sync_stamp *syncs, size_t n);
/* The same without mail's look at the outbox (the turn's end does it). */
void srv_release_durable(struct tg_server *srv, const struct tg_sync_stamp *syncs, size_t n);

/* ---- syncer.c: the commit's fsync on a thread of its own ---------------- */
/* Defers the store's syncs and starts the thread; 0 also when the store
 * cannot defer (commits then sync themselves), -1 out of memory. */
int syncer_start(struct tg_server *srv);
void syncer_stop(struct tg_server *srv);
/* Asks for every commit up to generation gen to be made durable. */
void syncer_request(struct tg_server *srv, uint64_t gen);
/* The loop's own look at the syncer (the turn's end): sends the lines of
 * the fsyncs done since its last wake-up, without waiting for its wake-up. */
void syncer_poll(struct tg_server *srv);
/* Tests: while held the thread starts no sync. */
void syncer_hold(struct tg_server *srv, bool hold);
/* Tests: the newest generation the thread has made durable. */
uint64_t syncer_synced(struct tg_server *srv);
/* Tests: while stalled, a sync the thread has started waits before its
 * fsync; syncer_busy: one has started and not ended. */
void syncer_stall(struct tg_server *srv, bool stall);
bool syncer_busy(struct tg_server *srv);
/* Tests: the fsyncs started and not ended (wal_syncs_in_flight at most);
 * syncer_release_newest lets the newest stalled one run its fsync. */
int syncer_in_flight(struct tg_server *srv);
void syncer_release_newest(struct tg_server *srv);
/* Whether the loop's turn may commit while an earlier commit is not yet
 * durable: yes while no other commit waits behind the fsync in flight (and
 * when none is in flight and the thread is not held); no: the turn's
 * transaction goes on, and the next fsync waits for its commit. */
bool syncer_may_commit(struct tg_server *srv);
/* A failed fsync: logs and ends the process, nothing held sent. */
_Noreturn void srv_sync_failed(const char *message);
/* Marks m as written in the open transaction: the turn's commit releases it
 * if idle, and a failed commit reloads it. Only the matches so marked are
 * visited then, not every match in memory. */
void match_touch(struct tg_server *srv, struct tg_match *m);

/* ---- accounts.c ------------------------------------------------------ */
void op_register(struct tg_session *s, const json_t *req);
void op_login(struct tg_session *s, const json_t *req);
void op_resume(struct tg_session *s, const json_t *req);
void op_logout(struct tg_session *s, const json_t *req);
void op_change_password(struct tg_session *s, const json_t *req);

/* ---- account_sessions.c ---- */
#define TG_SESSION_ID_LEN 16
void session_id_of(const uint8_t hash[32], char out[TG_SESSION_ID_LEN + 1]);
/* Ends the live sessions of user_id (only the one with that id, when id is
 * not NULL; never keep): each is told session_ended and its connection
 * closed. The stored sessions are the caller's to delete. */
void sessions_end_live(struct tg_server *srv, int64_t user_id, const char *id,
                       const struct tg_session *keep);
void op_sessions(struct tg_session *s, const json_t *req);
void op_redeem_reset(struct tg_session *s, const json_t *req);
void op_delete_account(struct tg_session *s, const json_t *req);

/* ---- operators.c ---- */
/* Whether name is in list (comma-separated names, any case). */
bool srv_name_listed(const char *list, const char *name);
void op_users(struct tg_session *s, const json_t *req);
void op_ban(struct tg_session *s, const json_t *req);
void op_unban(struct tg_session *s, const json_t *req);
void op_reset_password(struct tg_session *s, const json_t *req);
void op_end_user_sessions(struct tg_session *s, const json_t *req);
void op_abort_match(struct tg_session *s, const json_t *req);
void op_audit(struct tg_session *s, const json_t *req);
/* Ends the user's open matches (aborted) and active ones (resigned for him,
 * the result's summary "<name> (<role>) <why>", "banned": true if banned),
 * in the open transaction; -1 after failing it. */
int matches_end_for_user(struct tg_server *srv, int64_t uid, const char *name, const char *why,
                         bool banned, struct tg_error *err);

/* ---- blocks.c ---- */
/* Whether a blocked b or b blocked a. */
bool blocks_either(struct tg_server *srv, int64_t a, int64_t b);
/* Whether blocker blocked sender. */
bool blocks_has(struct tg_server *srv, int64_t blocker, int64_t sender);
void op_block(struct tg_session *s, const json_t *req);
void op_unblock(struct tg_session *s, const json_t *req);
void op_blocks(struct tg_session *s, const json_t *req);

/* ---- status.c ---- */
void status_count_action(struct tg_server *srv);
/* {"version","uptime_s","connections","signed_in","matches":{status: n},
 *  "actions","actions_last_minute","backup_running"}; NULL on failure. */
json_t *status_json(struct tg_server *srv, struct tg_error *err);
/* The same as Prometheus text (malloc'd), or NULL. */
char *status_prometheus(struct tg_server *srv);
void op_status(struct tg_session *s, const json_t *req);

/* ---- backup.c ---- */
void op_backup(struct tg_session *s, const json_t *req);
/* Stops a backup under way (its partial copy is deleted): the server stops. */
void backup_abandon(struct tg_server *srv);
void op_end_session(struct tg_session *s, const json_t *req);

/* ---- lobby.c --------------------------------------------------------- */
json_t *lobby_games_json(const struct game_module *const *games);
/* The named time-control presets, as the welcome lists them. */
json_t *lobby_time_controls_json(void);
void op_games(struct tg_session *s, const json_t *req);
void op_create(struct tg_session *s, const json_t *req);
void op_list(struct tg_session *s, const json_t *req);
void op_join(struct tg_session *s, const json_t *req);
void op_leave(struct tg_session *s, const json_t *req);
/* Seats the session's user in open match m (join, accept_invite) and
 * replies; invited: his pending invitation is marked accepted in the same
 * transaction. */
void lobby_seat(struct tg_session *s, const json_t *req, struct tg_match *m, bool invited);
/* invite.c: invitations to private matches (issues 19 and 24). */
void op_invite(struct tg_session *s, const json_t *req);
void op_invitations(struct tg_session *s, const json_t *req);
void op_accept_invite(struct tg_session *s, const json_t *req);
void op_decline_invite(struct tg_session *s, const json_t *req);
/* Whether user_id (0: nobody) may reach the match of this store row: a
 * public match, one he sits in, or a private one whose invite code he gives
 * (invite may be NULL). To everyone else a private match does not exist. */
bool lobby_row_visible(const json_t *row, int64_t user_id, const char *invite);
/* The match object of PROTOCOL.md for a store row, as seen by user_id (0: nobody). */
json_t *lobby_match_info(struct tg_server *srv, const json_t *row, int64_t user_id);

/* ---- match.c: live matches ------------------------------------------- */
/* The live match (loaded from the store if needed), or NULL with err. */
struct tg_match *match_get(struct tg_server *srv, int64_t id, struct tg_error *err);
/* The live match or NULL; waits for its fan-out job first (fanout_join),
 * so that the caller may read and change it. */
struct tg_match *match_find(struct tg_server *srv, int64_t id);
/* The same without waiting: only for what a worker never touches (the
 * subscriptions, the row, the clock). */
struct tg_match *match_peek(struct tg_server *srv, int64_t id);
void match_free(struct tg_match *m);
void match_unlink(struct tg_server *srv, struct tg_match *m);
/* What the loaded matches keep for their followers (issue 17, memory per
 * match; the metrics' telegraph_match_bytes): summed over those with a
 * game state that no fan-out job holds (a job's are the worker's; busy
 * counts them), as tg_engine_match_memory counts one. On the loop. */
struct match_memory_sum {
	size_t matches, busy, views, rings, base;
};
void match_memory_sum(struct tg_server *srv, struct match_memory_sum *out);
/* Reloads the store row; 0 or -1. */
int match_refresh(struct tg_match *m, struct tg_server *srv, struct tg_error *err);
/* Builds the game from the latest snapshot (or setup) and the action log. */
int match_build_game(struct tg_server *srv, struct tg_match *m, struct tg_error *err);
/* The same, using a snapshot only if it was taken before seq `before` (undo:
 * later snapshots may contain the action being taken back). */
int match_build_game_before(struct tg_server *srv, struct tg_match *m, int64_t before,
                            struct tg_error *err);
/* Whether a stored action entry ({"action","undone",...}) is in effect for
 * the game: not undone, and not one of the server's own "$" entries. */
bool match_action_in_effect(const json_t *entry);
/* Replays onto g the actions in effect with seq > after and installs g as
 * the live game (g is consumed either way); the undo base is forgotten
 * (taken again before the next action). */
int match_replay_and_install(struct tg_server *srv, struct tg_match *m, struct game *g,
                             int64_t after, struct tg_error *err);
/* The same, the base left as it was: its caller (match_rebuild_from_base)
 * brings a flat base's runs up to date with the new game. */
int match_replay_onto(struct tg_server *srv, struct tg_match *m, struct game *g, int64_t after,
                      struct tg_error *err);
/* ---- undo_base.c: the state after the latest barrier ------------------- */
/* Drops the base (none until the next barrier: undo falls back to the store). */
void match_base_drop(struct tg_match *m);
/* Drops it and takes a new one before the next action. */
void match_base_forget(struct tg_match *m);
/* Whether a base is held. */
bool match_base_held(const struct tg_match *m);
/* Before m->mod->act on m->g: takes the base if due. */
void match_base_before_act(struct tg_match *m);
/* After an accepted act that was not a barrier: a flat base's runs brought
 * up to date from the spans the act wrote (out->before). A refused act
 * changed nothing: nothing to do. */
void match_base_after_act(struct tg_server *srv, struct tg_match *m,
                          const struct game_outcome *out);
/* The heap bytes the base holds. */
size_t match_base_bytes(const struct tg_match *m);
/* Rebuilds the game from the base by replaying the actions in effect after
 * it; -1 (nothing changed) if there is no usable base for seq `target`. */
int match_rebuild_from_base(struct tg_server *srv, struct tg_match *m, int64_t target,
                            struct tg_error *err);
/* Status string of the row: "open", "active", ... */
const char *match_status(const struct tg_match *m);
/* Seat of a user: role index or -1 (from the seats read by match_set_row). */
int match_seat_of(const struct tg_match *m, int64_t user_id);
/* Sets m->row (stolen; the old one released) and reads its seats. Every
 * change of m->row goes through it: no code changes a row's seats in
 * place. */
void match_set_row(struct tg_match *m, json_t *row);
/* Starts the match if every seat is taken. 0 (started or not yet), -1. */
int match_start_if_full(struct tg_server *srv, struct tg_match *m, struct tg_error *err);
/* Writes finished status and result (stolen); the caller pushes. */
int match_finish(struct tg_server *srv, struct tg_match *m, json_t *result, struct tg_error *err);
/* Snapshot after seq when due (every K actions or a turn change). */
int match_maybe_snapshot(struct tg_server *srv, struct tg_match *m, bool turn_changed,
                         struct tg_error *err);
bool match_barrier_after(const struct tg_match *m, int role);
/* ---- match_rules.c: the rules version (game.h, "Rules versions") ---------- */
/* The protocol error of a match whose log this server's rules do not replay. */
#define TG_E_RULES_CHANGED "rules_changed"
/* The version m's log after action match_rules_since(m) was played under
 * (its row; 1 for a match stored before schema 106). */
unsigned match_rules_version(const struct tg_match *m);
int64_t match_rules_since(const struct tg_match *m);
/* Whether m's module replays that version's logs as they were played. */
bool match_rules_replay(const struct tg_match *m);
/* Whether the match of store row `row` (a game of mod) is held: active, and
 * mod does not replay the rules version it records. An active match that
 * loads under mod records mod's version (match_rules_resume), so such a row
 * is one refused with rules_changed until the operator settles it: what the
 * operators' status counts (match_rules_held) and the lobby marks. */
bool match_rules_row_held(const struct game_module *mod, const json_t *row);
/* The error rules_changed for m: "Match M was played under GAME rules
 * version V; this server has version W, " and why (ending a sentence). */
int match_rules_refuse(const struct tg_match *m, const char *why, struct tg_error *err);
/* The actions in effect in m's log with after < seq <= upto; -1 (err) on
 * a storage error. */
int match_rules_acts_between(struct tg_server *srv, const struct tg_match *m, int64_t after,
                             int64_t upto, struct tg_error *err);
/* Builds m's game when match_rules_replay(m) is false: from its latest saved
 * state if no action in effect follows it (an active match then records the
 * module's version from that action on), else -1 with rules_changed. */
int match_rules_resume(struct tg_server *srv, struct tg_match *m, struct tg_error *err);
/* The active matches waiting for the operator because their game does not
 * replay their recorded rules version: {"count": n, "matches": [the first
 * TG_RULES_HELD_LISTED ids]} (the status op). */
#define TG_RULES_HELD_LISTED 100
json_t *match_rules_held(struct tg_server *srv, struct tg_error *err);
/* Saves a snapshot of an active match after its last action if it has
 * actions since its last one (in the turn's transaction), so that a newer
 * rules version can resume it: a graceful stop and the idle eviction. */
int match_save_head(struct tg_server *srv, struct tg_match *m, struct tg_error *err);
/* Frees an inactive match nobody follows. */
void match_release_if_idle(struct tg_server *srv, struct tg_match *m);
/* Frees every match nobody follows, whose clock is not running, that no
 * request has named for cfg.evict_after_s (active ones too: match_get
 * loads them again). */
void match_evict_idle(struct tg_server *srv);
/* The row's "result" as a game result, for status finished. */
json_t *match_result_json(const struct tg_match *m);
/* The game's summary of the live match (game_status.summary): st's, or
 * made now in *scratch when the last act left it unmade (game.h
 * status_brief; issue 17), after waiting for the match's fan-out job if
 * one runs (the worker owns m->g: fanout_join, as match_find). */
const char *match_summary(struct tg_server *srv, struct tg_match *m, struct game_status *scratch);
/* The requester's role in an active match, or -1 after replying. */
int match_player_role(struct tg_session *s, const json_t *req, struct tg_match *m);
/* 0 if the request's "seq" is current, else -1 after replying stale_seq. */
int match_check_seq(struct tg_session *s, const json_t *req, struct tg_match *m);
void op_act(struct tg_session *s, const json_t *req);
/* Role `role` of m plays action (the game checks it): the state, the store
 * and the outbox in the turn's transaction, in_tx (if any) in it too after
 * the action is stored. in_tx is the hook of a move by email reply
 * (mail_in.c): such a move leaves its player, if still awaited, a fresh
 * "your move" (notify_awaited). 0; or -1 with err: the game's refusal (nothing
 * changed), or "storage" (the turn rolls back). On 0 the caller answers,
 * then calls match_act_after (the views, the finish). */
int match_act(struct tg_server *srv, struct tg_match *m, int role, const json_t *action,
              int (*in_tx)(void *ctx, struct tg_error *err), void *ctx, struct tg_error *err);
void match_act_after(struct tg_server *srv, struct tg_match *m);
void op_resign(struct tg_session *s, const json_t *req);

/* ---- views.c: subscriptions, views, patches -------------------------- */
json_t *views_view(const struct tg_match *m, int role);
/* Every subscriber gets a fresh view; histories restart. */
void views_reset(struct tg_server *srv, struct tg_match *m);
/* After a state change to m->seq: diff, keep, send. */
void views_fanout(struct tg_server *srv, struct tg_match *m);
/* The same in three steps, so that the middle one can run on a fan-out
 * worker (fanout.c): prepare and send on the loop, compute wherever m is
 * held (it reads m->g and the game module only, and writes m->view and
 * m->ring; never m->row, the subscriptions or the server). */
struct views_batch {
	int64_t seq;
	bool server_ended;           /* the view carries the server's result */
	unsigned patch_history;      /* cfg.patch_history */
	unsigned roles;              /* bit r: role r's view is computed */
	unsigned followed;           /* bit r: someone follows role r live */
	char *line[TG_ROLE_MAX + 1]; /* what role r's followers get, or NULL */
	size_t len[TG_ROLE_MAX + 1]; /* line[r]'s length (strlen) */
};
void views_fanout_prepare(struct tg_server *srv, struct tg_match *m, struct views_batch *b);
void views_fanout_compute(struct tg_match *m, struct views_batch *b);
/* now: srv_send_line_now (the action's turn has committed). Frees the lines. */
void views_fanout_send(struct tg_match *m, struct views_batch *b, bool now);
void views_batch_clear_role(struct views_batch *b, int role);

/* ---- fanout.c: fan-outs on worker threads ------------------------------ */
/* cfg.workers threads (none: 0). 0, or -1 when they cannot start. */
int fanout_start(struct tg_server *srv);
/* Waits for every job (their lines are sent), stops the threads. */
void fanout_stop(struct tg_server *srv);
/* After an action: m's fan-out handed to a worker (true), or not (false:
 * no workers; the caller runs views_fanout). */
bool fanout_dispatch(struct tg_server *srv, struct tg_match *m);
/* Wakes a worker for the jobs queued since the last kick, if any (the
 * turn's commit does, before its COMMIT; fanout_join before it waits). */
void fanout_kick(struct tg_server *srv);
/* Waits for m's job, if any; its lines are sent (deliver) or dropped (the
 * action's turn was rolled back). */
void fanout_join(struct tg_server *srv, struct tg_match *m, bool deliver);
void fanout_join_all(struct tg_server *srv);
/* The loop's turn has committed (srv->turn moved; its generation
 * srv->commit_gen): its jobs' lines may leave once that is durable. */
void fanout_committed(struct tg_server *srv);
/* durable_gen moved: the jobs done whose commits are durable now are sent
 * (a worker wakes the loop only for a job already durable). */
void fanout_durable(struct tg_server *srv);
/* Tests: the jobs done and not yet taken by the loop. */
size_t fanout_done_waiting(struct tg_server *srv);
/* Before a change of m's state that views_fanout will diff (an action, an
 * undo): the kept views the idle sweep dropped are rebuilt from the state
 * as it still is, so the followers get patches and the rings go on. */
void views_wake(struct tg_match *m);
/* Drops the kept views of every match whose state has not changed for
 * cfg.evict_views_after_s (issue 17: 30-49 KB of text per Lincoln's War
 * match waiting hours for its next move); the patch rings stay. */
void views_sleep_idle(struct tg_server *srv);
/* Pushes the match object to every participant subscriber. */
void views_push_match(struct tg_server *srv, struct tg_match *m);
int views_subscribe(struct tg_session *s, struct tg_match *m, int role);
void views_unsubscribe(struct tg_session *s, struct tg_match *m);
void views_unsubscribe_all(struct tg_session *s);
void views_drop_match_subs(struct tg_server *srv, struct tg_match *m);
void op_open(struct tg_session *s, const json_t *req);
void op_watch(struct tg_session *s, const json_t *req);

/* ---- clocks.c: time controls in play ---------------------------------- */
/* Reads m's time control and clock from m->row (after a load or refresh)
 * and files its deadline. */
void clock_load(struct tg_server *srv, struct tg_match *m);
/* After m's state changed (start, action, undo, end): brings its clock up
 * to now with the roles the match awaits, stores it in the turn's
 * transaction and files its deadline. 0, or -1 with err. */
int clock_sync(struct tg_server *srv, struct tg_match *m, struct tg_error *err);
/* At start-up, for each active match: the restart's grace (clock_restart_grace_s). */
void clock_after_restart(struct tg_server *srv, struct tg_match *m);
/* The clock as the match object shows it, or JSON null. */
json_t *clock_view(const struct tg_match *m);
/* Handles the clocks whose deadline has passed (the heap's top only). */
void clocks_poll(struct tg_server *srv);
/* Sets the timer for the earliest deadline. */
void clocks_arm(struct tg_server *srv);

/* ---- timeout.c: out of time ------------------------------------------- */
/* Ends m with result.timeout for its first flagged role, then pushes. */
int timeout_finish(struct tg_server *srv, struct tg_match *m, struct tg_error *err);
void op_claim_timeout(struct tg_session *s, const json_t *req);

/* ---- vacation.c --------------------------------------------------------- */
/* Reads the vacations of m's players into m->vac_until (clock_load). */
void vacation_load(struct tg_server *srv, struct tg_match *m);
void op_vacation(struct tg_session *s, const json_t *req);

/* ---- undo.c, chat.c, record.c ----------------------------------------- */
void op_undo(struct tg_session *s, const json_t *req);
void op_chat(struct tg_session *s, const json_t *req);
void op_export(struct tg_session *s, const json_t *req);
void op_replay(struct tg_session *s, const json_t *req); /* replay.c */
void replay_cursor_free(struct tg_replay_cursor *c);     /* replay.c; NULL is fine */

/* ---- ratings.c: Glicko-2 per user and game ------------------------------ */
/* Called by match_finish: a rated duel updates both players' ratings. */
int ratings_match_finished(struct tg_server *srv, struct tg_match *m, struct tg_error *err);
/* A player's rating in a game, rounded, or null before his first rated game. */
json_t *ratings_seat_rating(struct tg_server *srv, int64_t user_id, const char *game);
void op_ratings(struct tg_session *s, const json_t *req);
void op_leaderboard(struct tg_session *s, const json_t *req);

/* ---- tourney_ops.c, tourney_round.c, tourney_view.c: tournaments ------ */
#define TG_TOURNEY_MAX_PLAYERS 256 /* per tournament */
#define TG_TOURNEY_MAX_ROUNDS 50   /* of a Swiss */
#define TG_TOURNEY_MAX_POOLS 16    /* of a pools event */
#define TG_TOURNEY_MAX_ADVANCE 8   /* from each pool to the knockout */
void op_tourney_create(struct tg_session *s, const json_t *req);
void op_tourney_list(struct tg_session *s, const json_t *req);
void op_tourney_get(struct tg_session *s, const json_t *req);
void op_tourney_register(struct tg_session *s, const json_t *req);
void op_tourney_withdraw(struct tg_session *s, const json_t *req);
void op_tourney_start(struct tg_session *s, const json_t *req);
void op_tourney_standings(struct tg_session *s, const json_t *req);
/* Called by match_finish: if m is a tournament game, records its result
 * and, once every game of the round has one, pairs the next round (or ends
 * the event). 0 (also for a match in no tournament), or -1 with err. */
int tourney_match_finished(struct tg_server *srv, struct tg_match *m, struct tg_error *err);
/* Starts round `round` of the stored tournament t: pairs it, creates and
 * starts its matches; rounds whose games are all decided at once (byes,
 * forfeits) are followed by the next. Ends the event after the last round. */
int tourney_round_start(struct tg_server *srv, const json_t *t, int round, struct tg_error *err);
/* Called when an operator aborts match m (abort_match): if it is a
 * tournament game without a result, the tournament's log says so and its
 * players and director get a "game_aborted" push; the round waits for the
 * director's result. 0 also for a match in no tournament. */
int tourney_match_aborted(struct tg_server *srv, struct tg_match *m, int64_t by_user,
                          const char *by_name, const char *reason, struct tg_error *err);
/* A player's withdrawal after the start: his game of the round being
 * played is forfeited (its match ends), later ones are never paired. */
int tourney_withdraw_player(struct tg_server *srv, const json_t *t, int64_t user_id,
                            const char *user_name, struct tg_error *err);
/* Shared by the tournament requests (tourney_ops.c): the stored tournament
 * of the request's "tourney" (NULL after replying), the player entry of a
 * user (NULL: not registered), and checks that reply when they fail. */
json_t *tourney_req(struct tg_session *s, const json_t *req);
const json_t *tourney_player_of(const json_t *t, int64_t user_id);
bool tourney_is_director(struct tg_session *s, const json_t *req, const json_t *t);
bool tourney_has_status(struct tg_session *s, const json_t *req, const json_t *t,
                        const char *status);
/* Pairs the next round if every game of the current one has a result and
 * the tournament is not paused. */
int tourney_next_round_if_done(struct tg_server *srv, int64_t tourney_id, struct tg_error *err);
/* Starts stored tournament t (in registration, two players or more): the
 * rounds of its format, the log line "started by <by_name> with N players"
 * (by_user 0: the server), a bracket's seeds, round 1. */
/* The players t needs to start: two, or two a pool. */
int tourney_min_players(const json_t *t);
int tourney_begin(struct tg_server *srv, const json_t *t, int64_t by_user, const char *by_name,
                  struct tg_error *err);
/* tourney_notify.c: each player of a round just paired is told offline
 * (notify_queue): his opponent, side and match, his bye, or his forfeit win
 * over an opponent who withdrew. */
int tourney_notify_round(struct tg_server *srv, const json_t *t, int round, struct tg_error *err);
/* tourney_sched.c: starts at a set time. _load reads the earliest from the
 * store (at startup); _note lowers it for a new event; _poll (each loop turn
 * and clock timer, clocks.c) starts the events that are due. */
void tourney_sched_load(struct tg_server *srv);
void tourney_sched_note(struct tg_server *srv, int64_t start_at);
void tourney_sched_poll(struct tg_server *srv);
/* tourney_elim.c: a single elimination. Rounds of a bracket for n players;
 * seeds the players still in (1 = the best rated) at the start; the pairs
 * of a round (indices into t's players, boards[k] the bracket place of pair
 * k; -1 out of memory); the user id who goes through from a decided game
 * (0 while it is played); the standings by rounds won. offset: the rounds
 * played before the bracket's first (a pools event's pool stage). */
int tourney_elim_rounds(int n);
int tourney_elim_seed(struct tg_server *srv, const json_t *t, struct tg_error *err);
int tourney_elim_pairs(const json_t *t, int round, int offset, struct tg_pair *out, int *boards);
json_int_t tourney_elim_winner(const json_t *t, const json_t *g);
json_t *tourney_elim_standings(const json_t *t);
/* tourney_pools.c: pools then knockout. The pool stage's rounds; dealing
 * the pools at the start; a pool-stage round's pairs (indices into t's
 * players; -1 out of memory); pool k's standings as a round robin's; the
 * knockout's seeds after the pool stage; the overall ranking. */
int tourney_pools_stage_rounds(const json_t *t);
int tourney_pools_assign(struct tg_server *srv, const json_t *t, struct tg_error *err);
int tourney_pools_pairs(const json_t *t, int round, struct tg_pair *out);
json_t *tourney_pool_standings(const json_t *t, json_int_t k);
int tourney_pools_qualify(struct tg_server *srv, const json_t *t, struct tg_error *err);
json_t *tourney_pools_standings(const json_t *t);
/* tourney_export.c: the export op, and the text crosstable (malloc'd,
 * NULL if memory runs out); mod gives the side letters (may be NULL). */
void op_tourney_export(struct tg_session *s, const json_t *req);
char *tourney_crosstable_text(const json_t *t, const struct game_module *mod);
/* tourney_direct.c: the director's tools. */
void op_tourney_direct(struct tg_session *s, const json_t *req);
/* Pushes {"op":"tournament","event":...} (PROTOCOL.md) to every connection
 * of its players and its director: event "round" when a round is paired,
 * "standings" when a result changes them, "finished" at the end. */
int tourney_push(struct tg_server *srv, int64_t tourney_id, const char *event,
                 struct tg_error *err);
/* The standings of stored tournament t (PROTOCOL.md), best first. */
json_t *tourney_standings_json(const json_t *t);
/* The tournament object of PROTOCOL.md; full: with players, games and
 * standings (else a list entry). user_id sees the invite code if he directs. */
json_t *tourney_info(const json_t *t, int64_t user_id, bool full);

/* Helpers shared by the op handlers (server.c). */
bool req_logged_in(struct tg_session *s, const json_t *req);
/* The integer member "match", or -1 after replying malformed_request. */
int64_t req_match_id(struct tg_session *s, const json_t *req);
/* The reply for an id no match has, and for a private match to whoever may
 * not reach it: one code, one sentence, so the two cannot be told apart. */
void srv_no_such_match(struct tg_session *s, const json_t *req);
/* Live match of the request, or NULL after replying (no_such_match also for
 * a private match the user may not reach: lobby_row_visible, with the
 * request's "invite"). */
struct tg_match *req_match(struct tg_session *s, const json_t *req);
/* The same for a match id found otherwise (join by invite code). */
struct tg_match *req_match_by_id(struct tg_session *s, const json_t *req, int64_t id);

#endif
