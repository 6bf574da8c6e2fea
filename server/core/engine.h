/* engine.h — drive the protocol engine without sockets. The net callbacks
 * use the same entry points with a real connection; tests use these with a
 * sink that captures every line the server would send. */
#ifndef TG_CORE_ENGINE_H
#define TG_CORE_ENGINE_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct tg_server;
struct tg_session;

/* Receives one serialized message (no newline). */
typedef void (*tg_engine_sink)(const char *line, size_t len, void *ud);

struct tg_session *tg_engine_session_open(struct tg_server *srv, const char *peer,
                                          tg_engine_sink sink, void *ud);
/* One inbound message (borrowed), as if it arrived on the connection. */
void tg_engine_message(struct tg_session *s, const json_t *msg);
/* The connection went away; s is invalid afterwards. */
void tg_engine_session_close(struct tg_session *s);
/* Ends the loop turn now: waits for the fan-out workers' jobs (no loop
 * runs to hear of them), commits, then sends what was held back. The
 * daemon does this from a uv_check handler once per loop iteration. */
void tg_engine_turn(struct tg_server *srv);
/* Commits and sends as the daemon's uv_check handler does, without waiting
 * for the workers: a job may still be in a worker's hands (its lines come
 * with a later turn or uv_run). */
void tg_engine_commit(struct tg_server *srv);
/* The loop's own turn end (its uv_check): the commit does not wait for the
 * disk when the server has a syncer (syncer.c); the turn's lines leave when
 * the syncer reports the commit durable, through the loop. */
void tg_engine_turn_async(struct tg_server *srv);
/* Tests: while held, the syncer starts no fsync (tg_engine_turn still syncs
 * itself). False if this server has no syncer (an in-memory store). */
bool tg_engine_hold_sync(struct tg_server *srv, bool hold);
/* Makes the next turn that writes fail as a failed commit would, so that
 * tests can see a turn rolled back: ok replies become storage errors, pushes
 * are dropped, written matches reload, logins of that turn are undone. */
void tg_engine_fail_next_turn(struct tg_server *srv);
/* Runs the idle sweeps now, as the daemon's timer does every so often:
 * matches idle for evict_after_s leave memory, and matches unchanged for
 * evict_views_after_s drop their kept views (issue 17). */
void tg_engine_sweep(struct tg_server *srv);

/* What a match loaded in memory holds (issue 17's memory per match), in
 * bytes: its undo base (the top block of the game's copy(), 0 when none is
 * kept), its roles' kept views (their text and section cuts) and their
 * patch rings (the patches' text and the rings' arrays). -1 when the match
 * is not in memory. For tests and the benchmarks. */
struct tg_engine_match_memory {
	size_t base, views, rings;
};
int tg_engine_match_memory(struct tg_server *srv, int64_t match,
                           struct tg_engine_match_memory *out);

#endif
