/* server.c — the engine's frame: sessions, request dispatch, and the loop
 * turn's group commit. Every store write of one loop turn goes into one
 * transaction (opened lazily by srv_tx); a uv_check handler commits it once
 * per turn and only then sends the replies and pushes held back meanwhile.
 * If the commit fails, the turn is rolled back: held ok replies become
 * storage errors, held pushes are dropped, and the matches written are
 * reloaded from the store (ARCHITECTURE.md, "acknowledged means durable"). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/server_internal.h"
#include "json_compact.h"
#include "util/log.h"

/* The wall clock, or a test's (tg_server_set_time_source). */
static int64_t (*time_source)(void);

void tg_server_set_time_source(int64_t (*now)(void))
{
	time_source = now;
}

int64_t srv_now(void)
{
	return time_source ? time_source() : (int64_t)time(NULL);
}

/* ---- sessions ---------------------------------------------------------- */

static struct tg_session *session_new(struct tg_server *srv, struct tg_conn *conn, const char *peer)
{
	struct tg_session *s = calloc(1, sizeof *s);
	if (!s)
		return NULL;
	s->srv = srv;
	s->conn = conn;
	s->refs = 1;
	s->id = conn ? tg_conn_id(conn) : ++srv->next_session_id;
	snprintf(s->peer, sizeof s->peer, "%s", peer ? peer : "?");
	snprintf(s->peer_group, sizeof s->peer_group, "%s",
	         conn ? tg_conn_peer_group(conn) : s->peer);
	s->live_next = srv->live;
	if (srv->live)
		srv->live->live_prev = s;
	srv->live = s;
	return s;
}

void session_ref(struct tg_session *s)
{
	s->refs++;
}

void session_unref(struct tg_session *s)
{
	if (--s->refs == 0) {
		replay_cursor_free(s->replay);
		json_decref(s->waiting);
		free(s);
	}
}

static void session_closed(struct tg_session *s)
{
	if (s->live_prev)
		s->live_prev->live_next = s->live_next;
	else if (s->srv->live == s)
		s->srv->live = s->live_next;
	if (s->live_next)
		s->live_next->live_prev = s->live_prev;
	s->live_prev = s->live_next = NULL;
	views_unsubscribe_all(s);
	s->closed = true;
	s->conn = NULL;
	session_unref(s);
}

/* ---- sending ------------------------------------------------------------ */

static void deliver(struct tg_session *s, const char *line, size_t len)
{
	if (s->closed)
		return;
	if (s->conn)
		tg_conn_send_line(s->conn, line, len);
	else if (s->sink)
		s->sink(line, len, s->sink_ud);
}

static struct tg_out *out_new(struct tg_session *s, char *line, size_t len, enum tg_out_kind kind,
                              const json_t *id, bool logout_on_fail)
{
	struct tg_out *o = calloc(1, sizeof *o);
	if (!o) {
		free(line);
		return NULL;
	}
	o->s = s;
	session_ref(s);
	o->kind = kind;
	o->id = id ? json_deep_copy(id) : NULL;
	o->logout_on_fail = logout_on_fail;
	o->line = line;
	o->len = len;
	return o;
}

static void out_free(struct tg_out *o)
{
	session_unref(o->s);
	json_decref(o->id);
	free(o->line);
	free(o);
}

static void queue(struct tg_server *srv, struct tg_session *s, char *line, size_t len,
                  enum tg_out_kind kind, const json_t *id, bool logout_on_fail)
{
	struct tg_out *o = out_new(s, line, len, kind, id, logout_on_fail);
	if (!o)
		return;
	if (kind == TG_OUT_OK && srv->lat.in_act) {
		o->t_read = srv->lat.act_read_ns;
		o->t_act = srv->lat.act_start_ns;
		o->t_queued = uv_hrtime();
	}
	if (srv->out_tail)
		srv->out_tail->next = o;
	else
		srv->out_head = o;
	srv->out_tail = o;
}

/* Whether a line sent now, outside the turn's transaction, must wait: some
 * commit is not yet durable (syncer.c), whether or not it held lines of its
 * own (a turn that wrote and answered nobody, and a fan-out job's patch of
 * it done later, must not show it before it is on disk). */
static bool must_hold(const struct tg_server *srv)
{
	/* A fan-out job's lines whose own commit is durable (lines_durable):
	 * what is still held is of newer commits, so they go first, at once
	 * (issue 17, session 27: held behind the newer commit they waited
	 * for its fsync too, and the actor's ok and patch left apart). */
	if (srv->lines_durable)
		return false;
	return srv->held_tail || srv->commit_gen > srv->durable_gen;
}

/* A line sent outside the turn's transaction while a commit still waits for
 * its fsync: it goes after the lines held for it, as it would have without
 * the syncer (they left at their commit). line is stolen. */
static void hold_behind(struct tg_server *srv, struct tg_session *s, char *line, size_t len)
{
	struct tg_out *o = out_new(s, line, len, TG_OUT_PUSH, NULL, false);
	if (!o)
		return;
	struct tg_out_batch *b = srv->held_tail;
	if (!b || b->gen < srv->commit_gen) {
		/* The newest commit held nothing: a batch of its own. */
		b = calloc(1, sizeof *b);
		if (!b) {
			out_free(o);
			return;
		}
		b->gen = srv->commit_gen;
		if (srv->held_tail)
			srv->held_tail->next = b;
		else
			srv->held_head = b;
		srv->held_tail = b;
	}
	if (b->tail)
		b->tail->next = o;
	else
		b->head = o;
	b->tail = o;
}

/* A line's text is started in a buffer of this size: an ok, an error or a
 * push fits, and a request of 1 KB or more would make glibc consolidate its
 * fast bins (tg_text_reserve starts at 4 KB). */
#define LINE_START 256

/* msg's text as json_dumps(msg, JSON_COMPACT | JSON_ENSURE_ASCII) writes it
 * (protocol/json_compact.h: the same bytes, without jansson's callback per
 * token; issue 17), in a malloc'd buffer. NULL when out of memory. */
static char *line_of(const json_t *msg, size_t *len)
{
	struct tg_text t = {.p = malloc(LINE_START), .cap = LINE_START};
	if (!t.p)
		return NULL;
	t.p[0] = 0;
	if (tg_json_compact_append(&t, msg) != 0 || t.oom) {
		free(t.p);
		return NULL;
	}
	*len = t.n;
	return t.p;
}

/* Sends a line made for s (stolen) outside the turn's outbox: held behind
 * a commit not yet durable, or written now. */
static void send_text_now(struct tg_session *s, char *line, size_t len)
{
	if (must_hold(s->srv)) {
		hold_behind(s->srv, s, line, len);
		return;
	}
	deliver(s, line, len);
	free(line);
}

/* Sends a line made for s (stolen): queued in the turn's outbox, held
 * behind a commit not yet durable, or written now. */
static void send_text(struct tg_session *s, char *line, size_t len, enum tg_out_kind kind,
                      const json_t *id, bool logout_on_fail)
{
	if (s->srv->tx_open) {
		queue(s->srv, s, line, len, kind, id, logout_on_fail);
		return;
	}
	send_text_now(s, line, len);
}

static void send_msg(struct tg_session *s, json_t *msg, enum tg_out_kind kind, const json_t *id,
                     bool logout_on_fail)
{
	if (!msg)
		return;
	if (id)
		json_object_set(msg, "id", (json_t *)id);
	size_t len = 0;
	char *line = line_of(msg, &len);
	json_decref(msg);
	if (line)
		send_text(s, line, len, kind, id, logout_on_fail);
}

static char *line_copy(const char *line, size_t len)
{
	char *copy = malloc(len + 1);
	if (copy) {
		memcpy(copy, line, len);
		copy[len] = '\0';
	}
	return copy;
}

void srv_send(struct tg_session *s, json_t *msg, enum tg_out_kind kind, const json_t *id)
{
	send_msg(s, msg, kind, id, false);
}

void srv_send_line(struct tg_session *s, const char *line, size_t len)
{
	if (s->srv->tx_open) {
		char *copy = line_copy(line, len);
		if (copy)
			queue(s->srv, s, copy, len, TG_OUT_PUSH, NULL, false);
		return;
	}
	srv_send_line_now(s, line, len);
}

void srv_send_line_now(struct tg_session *s, const char *line, size_t len)
{
	if (must_hold(s->srv)) {
		char *copy = line_copy(line, len);
		if (copy)
			hold_behind(s->srv, s, copy, len);
		return;
	}
	deliver(s, line, len);
}

void srv_send_line_take(struct tg_session *s, char *line, size_t len, bool now)
{
	if (now)
		send_text_now(s, line, len);
	else
		send_text(s, line, len, TG_OUT_PUSH, NULL, false);
}

static const json_t *req_id(const json_t *req)
{
	return req ? json_object_get(req, "id") : NULL;
}

void srv_ok(struct tg_session *s, const json_t *req, json_t *members)
{
	json_t *msg = members ? members : json_object();
	json_object_set_new(msg, "op", json_string("ok"));
	send_msg(s, msg, TG_OUT_OK, req_id(req), false);
}

void srv_ok_seq(struct tg_session *s, const json_t *req, int64_t match, int64_t seq)
{
	/* The bytes srv_ok gives for {"match":match,"seq":seq}: the members,
	 * then "op", then the request's id; no tree built or dumped (issue 17:
	 * the act's ok cost the loop about 11,000 instructions so). */
	const json_t *id = req_id(req);
	struct tg_text t = {.p = malloc(LINE_START), .cap = LINE_START};
	if (!t.p)
		return;
	t.p[0] = 0;
	tg_text_put(&t, "{\"match\":", 9);
	tg_json_compact_int(&t, (json_int_t)match);
	tg_text_put(&t, ",\"seq\":", 7);
	tg_json_compact_int(&t, (json_int_t)seq);
	tg_text_put(&t, ",\"op\":\"ok\"", 10);
	if (id) {
		tg_text_put(&t, ",\"id\":", 6);
		if (tg_json_compact_append(&t, id) != 0)
			t.oom = 1;
	}
	tg_text_put(&t, "}", 1);
	if (t.oom) {
		free(t.p);
		return;
	}
	send_text(s, t.p, t.n, TG_OUT_OK, id, false);
}

void srv_rate_limited(struct tg_session *s, const json_t *req, int64_t wait, const char *msg)
{
	srv_send(s,
	         json_pack("{s:s,s:s,s:s,s:I}", "op", "error", "code", "rate_limited", "message",
	                   msg, "retry_after", (json_int_t)wait),
	         TG_OUT_ERROR, json_object_get(req, "id"));
}

void srv_ok_login(struct tg_session *s, const json_t *req, json_t *members)
{
	json_t *msg = members ? members : json_object();
	json_object_set_new(msg, "op", json_string("ok"));
	send_msg(s, msg, TG_OUT_OK, req_id(req), true);
}

void srv_error(struct tg_session *s, const json_t *req, const char *code, const char *fmt, ...)
{
	char message[TG_ERR_MSG_MAX];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(message, sizeof message, fmt, ap);
	va_end(ap);
	srv_send(s, json_pack("{s:s,s:s,s:s}", "op", "error", "code", code, "message", message),
	         TG_OUT_ERROR, req_id(req));
}

void srv_error_err(struct tg_session *s, const json_t *req, const struct tg_error *err)
{
	srv_error(s, req, err->code[0] ? err->code : "internal", "%s",
	          err->message[0] ? err->message : "The server failed; nothing was kept.");
}

/* ---- the loop turn's transaction ---------------------------------------- */

int srv_tx(struct tg_server *srv, struct tg_error *err)
{
	if (srv->tx_open)
		return srv->tx_failed ? tg_fail(err, "storage",
		                                "An earlier write failed in this "
		                                "turn; nothing was kept.")
		                      : 0;
	if (tg_store_begin(srv->store, err) != 0)
		return -1;
	srv->tx_open = true;
	srv->tx_failed = false;
	return 0;
}

void srv_tx_fail(struct tg_server *srv)
{
	if (srv->tx_open)
		srv->tx_failed = true;
}

void match_touch(struct tg_server *srv, struct tg_match *m)
{
	if (m->dirty)
		return;
	m->dirty = true;
	m->dirty_next = srv->dirty_head;
	srv->dirty_head = m;
}

/* Takes the turn's list of dirty matches, each marked clean again. */
static struct tg_match *take_dirty(struct tg_server *srv)
{
	struct tg_match *list = srv->dirty_head;
	srv->dirty_head = NULL;
	for (struct tg_match *m = list; m; m = m->dirty_next)
		m->dirty = false;
	return list;
}

/* After a rolled-back turn: the matches written in it are read again. */
static void reload_dirty(struct tg_server *srv)
{
	struct tg_match *m = take_dirty(srv), *next;
	for (; m; m = next) {
		next = m->dirty_next;
		m->dirty_next = NULL;
		struct tg_error err = {0};
		/* Its fan-out is of the action rolled back: dropped. */
		fanout_join(srv, m, false);
		if (m->g) {
			m->mod->free(m->g);
			m->g = NULL;
		}
		/* Its undo base was of that game: a match left without one (open,
		 * aborted) must not keep it, and a rebuilt one takes a new one. */
		match_base_drop(m);
		if (match_refresh(m, srv, &err) != 0 || (strcmp(match_status(m), "open") != 0 &&
		                                         strcmp(match_status(m), "aborted") != 0 &&
		                                         match_build_game(srv, m, &err) != 0)) {
			TG_WARN(0, m->id, "dropped after a failed commit: %s", err.message);
			views_drop_match_subs(srv, m);
			match_unlink(srv, m);
			match_free(m);
			continue;
		}
		views_reset(srv, m);
	}
}

/* An act's commit stage in its parts (latency.h): COMMIT's writes, the wait
 * for the fsync that covers it, that fsync, and the loop's wake-up after it.
 * Each stamp is taken no earlier than the one before it, so the parts add
 * up to the whole stage exactly. sync is NULL when the commit was durable
 * on return (no syncer: its fsync is in COMMIT's time). */
static void lat_commit(struct tg_latency *l, const struct tg_out_batch *b,
                       const struct tg_sync_stamp *sync, uint64_t t_durable)
{
	uint64_t committed = b->t_committed > b->t_commit ? b->t_committed : b->t_commit;
	uint64_t start = sync && sync->start_ns > committed ? sync->start_ns : committed;
	uint64_t end = sync && sync->end_ns > start ? sync->end_ns : start;
	if (t_durable < end)
		t_durable = end;
	tg_lat_add(l, TG_LAT_COMMIT, t_durable - b->t_commit);
	tg_lat_add(l, TG_LAT_COMMIT_WRITE, committed - b->t_commit);
	tg_lat_add(l, TG_LAT_SYNC_WAIT, start - committed);
	tg_lat_add(l, TG_LAT_FSYNC, end - start);
	tg_lat_add(l, TG_LAT_WAKE, t_durable - end);
}

/* Sends, in order, the held batches whose generation is durable; syncs[0..n)
 * are the fsyncs that made them so (srv_durable), if any. */
static void release_held(struct tg_server *srv, const struct tg_sync_stamp *syncs, size_t n)
{
	if (!srv->held_head || srv->held_head->gen > srv->durable_gen)
		return;
	/* An act's COMMIT stage runs to here: its commit and the wait for the
	 * fsync that made it durable (syncer.c). */
	uint64_t t_durable = uv_hrtime();
	size_t si = 0;
	/* Each connection's lines go out as one TLS write. */
	tg_conn_cork();
	while (srv->held_head && srv->held_head->gen <= srv->durable_gen) {
		struct tg_out_batch *b = srv->held_head;
		srv->held_head = b->next;
		if (!srv->held_head)
			srv->held_tail = NULL;
		/* The first fsync that covers its generation. */
		while (si < n && syncs[si].gen < b->gen)
			si++;
		for (struct tg_out *o = b->head, *next; o; o = next) {
			next = o->next;
			if (o->t_queued && b->t_commit) {
				struct tg_latency *l = &srv->lat;
				tg_lat_add(l, TG_LAT_READ_TO_ACT, tg_lat_span(o->t_read, o->t_act));
				tg_lat_add(l, TG_LAT_ACT, tg_lat_span(o->t_act, o->t_queued));
				tg_lat_add(l, TG_LAT_TO_COMMIT,
				           tg_lat_span(o->t_queued, b->t_commit));
				lat_commit(l, b, si < n ? &syncs[si] : NULL, t_durable);
				tg_lat_note_read(l, o->t_read);
			}
			deliver(o->s, o->line, o->len);
			out_free(o);
		}
		free(b);
	}
	tg_conn_uncork();
	if (srv->lat.nreads) {
		/* Every line released went out at the uncork. */
		uint64_t t_written = uv_hrtime();
		for (size_t i = 0; i < srv->lat.nreads; i++)
			tg_lat_add(&srv->lat, TG_LAT_WRITE, tg_lat_span(t_durable, t_written));
		tg_lat_turn_written(&srv->lat, t_written);
	}
}

void srv_release_durable(struct tg_server *srv, const struct tg_sync_stamp *syncs, size_t n)
{
	if (n && syncs[n - 1].gen > srv->durable_gen)
		srv->durable_gen = syncs[n - 1].gen;
	/* The held lines, then the fan-out jobs done before their commit was
	 * durable (no worker woke the loop for them: fanout.c), in one cork:
	 * an actor's ok and his patch in one write. */
	tg_conn_cork();
	release_held(srv, syncs, n);
	fanout_durable(srv);
	tg_conn_uncork();
}

void srv_durable(struct tg_server *srv, const struct tg_sync_stamp *syncs, size_t n)
{
	srv_release_durable(srv, syncs, n);
	if (srv->durable_gen == srv->commit_gen)
		notify_after_turn(srv);
}

/* The turn's lines after a failed commit: its errors stay, each ok becomes
 * a storage error (a login's undone), its pushes are dropped. */
static struct tg_out *after_failure(struct tg_out *list)
{
	struct tg_out *head = NULL, **tail = &head;
	for (struct tg_out *o = list, *next; o; o = next) {
		next = o->next;
		o->next = NULL;
		if (o->kind == TG_OUT_OK) {
			if (o->logout_on_fail) {
				o->s->user_id = 0;
				o->s->has_token = false;
			}
			json_t *e =
			    json_pack("{s:s,s:s,s:s}", "op", "error", "code", "storage", "message",
			              "The database could not save this; nothing was kept. "
			              "Try again.");
			if (o->id)
				json_object_set(e, "id", o->id);
			char *line = e ? json_dumps(e, JSON_COMPACT) : NULL;
			json_decref(e);
			free(o->line);
			o->line = line;
			o->len = line ? strlen(line) : 0;
			o->kind = TG_OUT_ERROR;
		}
		o->t_queued = 0; /* not an act's round trip (latency.h) */
		if (o->kind != TG_OUT_ERROR || !o->line) {
			out_free(o);
			continue;
		}
		*tail = o;
		tail = &o->next;
	}
	return head;
}

static bool turn_commit(struct tg_server *srv, bool wait)
{
	bool failed = false, committed = false;
	/* An fsync done while the loop was busy: its lines leave now, before
	 * this turn's commit, not after the next poll brings its wake-up (a
	 * busy loop's next poll comes after this turn's and the next turn's
	 * reads). The loop's own check, under the syncer's mutex. */
	if (!wait && srv->commit_gen > srv->durable_gen)
		syncer_poll(srv);
	/* While the syncer's fsync is in flight the turn commits, so that the
	 * next fsync can start as soon as that one ends, without waiting for
	 * the loop's wake-up and this COMMIT (pipelined: its lines still wait
	 * for the fsync that covers it). One such commit at most waits behind
	 * the fsync in flight: after it the transaction goes on through the
	 * next loop turns and commits once, when the syncer is free (its
	 * report wakes the loop), and the next fsync waits for that commit
	 * (syncer_may_commit). So at most two COMMITs per fsync however short
	 * the turns: a COMMIT every turn cost the loop more than it saved
	 * when long fsyncs let many turns run (session 17). */
	if (!wait && srv->tx_open && srv->commit_gen > srv->durable_gen &&
	    !syncer_may_commit(srv)) {
		fanout_kick(srv); /* the turn commits later; its fan-outs need not wait */
		return true;
	}
	srv->turn++;
	uint64_t t_commit = uv_hrtime(), t_committed = t_commit;
	if (srv->tx_open) {
		struct tg_error err = {0};
		if (srv->fail_next_turn) {
			srv->fail_next_turn = false;
			srv->tx_failed = true;
			TG_WARN(0, 0, "failing this turn's commit, as asked (tests)");
		}
		if (srv->tx_failed || tg_store_commit(srv->store, &err) != 0) {
			if (!srv->tx_failed)
				TG_ERROR(0, 0, "commit failed: %s", err.message);
			tg_store_rollback(srv->store);
			failed = true;
		} else {
			committed = true;
			t_committed = uv_hrtime();
		}
		srv->tx_open = false;
		srv->tx_failed = false;
	}
	struct tg_out *o = srv->out_head;
	srv->out_head = srv->out_tail = NULL;
	if (failed)
		o = after_failure(o);
	/* Without a syncer the commit was durable on return: generations
	 * never move and every batch leaves at once, as it always did. */
	if (committed && srv->syncer)
		srv->commit_gen++;
	if (o) {
		struct tg_out_batch *b = calloc(1, sizeof *b);
		if (!b) {
			for (struct tg_out *next; o; o = next) {
				next = o->next;
				out_free(o);
			}
		} else {
			b->gen = srv->commit_gen;
			b->t_commit = t_commit;
			b->t_committed = t_committed;
			b->head = o;
			while (o->next)
				o = o->next;
			b->tail = o;
			if (srv->held_tail)
				srv->held_tail->next = b;
			else
				srv->held_head = b;
			srv->held_tail = b;
		}
	}
	/* The turn's fan-out jobs (fanout_dispatch queued them) get a worker
	 * once the commit is written and the syncer asked, not before: woken at
	 * the top of the turn's commit, the worker's wake-up (the futex call,
	 * and on this VM the woken thread taking the loop's core) sat between
	 * the turn's check and its COMMIT, on the ok's path (issue 17, session
	 * 23: act_path_probes.sh). A job's lines wait for this commit's fsync
	 * anyway. */
	struct tg_sync_stamp sync = {0};
	if (srv->commit_gen > srv->durable_gen) {
		if (wait) {
			fanout_kick(srv);
			struct tg_error err = {0};
			sync.gen = srv->commit_gen;
			sync.start_ns = uv_hrtime();
			if (tg_store_sync(srv->store, &err) != 0)
				srv_sync_failed(err.message);
			sync.end_ns = uv_hrtime();
			srv->durable_gen = srv->commit_gen;
		} else {
			syncer_request(srv, srv->commit_gen);
		}
	}
	fanout_kick(srv);
	release_held(srv, &sync, sync.gen ? 1 : 0);
	if (failed) {
		reload_dirty(srv);
	} else {
		struct tg_match *m = take_dirty(srv), *next;
		for (; m; m = next) {
			next = m->dirty_next;
			m->dirty_next = NULL;
			match_release_if_idle(srv, m);
		}
	}
	/* After reload_dirty: a failed turn's jobs are dropped by now. */
	fanout_committed(srv);
	return !failed;
}

bool srv_turn_commit(struct tg_server *srv)
{
	return turn_commit(srv, true);
}

bool srv_turn_commit_async(struct tg_server *srv)
{
	return turn_commit(srv, false);
}

static void on_evict(uv_timer_t *t);

static void on_check(uv_check_t *h)
{
	/* A clock that ran out is handled in the turn that notices it (one look
	 * at the heap's top), so a test's injected clock is seen as soon as any
	 * message arrives; the clock timer covers the quiet hours. */
	struct tg_server *srv = h->data;
	clocks_poll(srv);
	srv_turn_commit_async(srv);
	/* Mail reads the outbox's committed rows: only durable ones (else
	 * srv_durable calls it once the syncer has caught up). */
	if (srv->durable_gen == srv->commit_gen)
		notify_after_turn(srv);
}

/* ---- request dispatch ----------------------------------------------------- */

bool req_logged_in(struct tg_session *s, const json_t *req)
{
	if (s->user_id > 0)
		return true;
	srv_error(s, req, "not_logged_in", "Log in first (login, register or resume).");
	return false;
}

int64_t req_match_id(struct tg_session *s, const json_t *req)
{
	json_t *m = json_object_get(req, "match");
	if (!json_is_integer(m) || json_integer_value(m) < 1) {
		srv_error(s, req, "malformed_request",
		          "\"match\" must be a match id (an integer).");
		return -1;
	}
	return json_integer_value(m);
}

void srv_no_such_match(struct tg_session *s, const json_t *req)
{
	srv_error(s, req, "no_such_match",
	          "No match has that id, or it is private: a private match needs its invite code.");
}

struct tg_match *req_match(struct tg_session *s, const json_t *req)
{
	int64_t id = req_match_id(s, req);
	return id < 0 ? NULL : req_match_by_id(s, req, id);
}

struct tg_match *req_match_by_id(struct tg_session *s, const json_t *req, int64_t id)
{
	struct tg_error err = {0};
	const char *invite = json_string_value(json_object_get(req, "invite"));
	/* Visibility is decided on the store row before the match is loaded, so
	 * that a stranger's request does not even build a private match's game. */
	if (!match_find(s->srv, id)) {
		json_t *row = tg_store_match_get(s->srv->store, id, &err);
		if (!row) {
			if (strcmp(err.code, "storage") == 0)
				srv_error_err(s, req, &err);
			else
				srv_no_such_match(s, req);
			return NULL;
		}
		bool visible = lobby_row_visible(row, s->user_id, invite);
		json_decref(row);
		if (!visible) {
			srv_no_such_match(s, req);
			return NULL;
		}
	}
	struct tg_match *m = match_get(s->srv, id, &err);
	if (!m) {
		srv_error_err(s, req, &err);
		return NULL;
	}
	/* lobby_row_visible's answer for a row that is not private, known
	 * without reading it (match_set_row) */
	if (m->row_private && !lobby_row_visible(m->row, s->user_id, invite)) {
		srv_no_such_match(s, req);
		return NULL;
	}
	return m;
}

static void op_hello(struct tg_session *s, const json_t *req)
{
	json_t *p = json_object_get(req, "protocol");
	if (!json_is_integer(p) || json_integer_value(p) != 1) {
		srv_error(s, req, "bad_protocol", "This server speaks protocol 1 only.");
		return;
	}
	s->hello = true;
	/* The client program's name, for the player's list of his sessions:
	 * printable ASCII only, cut at TG_CLIENT_NAME_MAX. */
	const char *client = json_string_value(json_object_get(req, "client"));
	size_t n = 0;
	for (; client && client[n] && n < TG_CLIENT_NAME_MAX; n++)
		s->client[n] = client[n] >= 0x20 && client[n] < 0x7f ? client[n] : '?';
	s->client[n] = '\0';
	json_t *w = json_pack("{s:s,s:s,s:s,s:i,s:[s,s,s,s,s,s,s,s],s:O,s:o}", "op", "welcome",
	                      "server", "telegraphd", "version", TG_VERSION, "protocol", 1,
	                      "capabilities", "accounts", "matches", "spectators", "undo", "chat",
	                      "export", "since", "time_control", "games", s->srv->games_json,
	                      "time_controls", lobby_time_controls_json());
	srv_send(s, w, TG_OUT_OK, req_id(req));
}

static void op_ping(struct tg_session *s, const json_t *req)
{
	srv_send(s, json_pack("{s:s}", "op", "pong"), TG_OUT_OK, req_id(req));
}

struct op_entry {
	const char *name;
	void (*fn)(struct tg_session *, const json_t *);
	bool login;
};

/* Searched in order by name: "act" first, as nearly every message is one
 * (issue 17, session 31: 17 strcmp calls before it, 0.38 K instructions an
 * act on the loop). */
static const struct op_entry ops[] = {
    {"act", op_act, true},
    {"hello", op_hello, false},
    {"ping", op_ping, false},
    {"games", op_games, false},
    {"register", op_register, false},
    {"login", op_login, false},
    {"resume", op_resume, false},
    {"logout", op_logout, true},
    {"create", op_create, true},
    {"list", op_list, true},
    {"join", op_join, true},
    {"leave", op_leave, true},
    {"invite", op_invite, true},
    {"invitations", op_invitations, true},
    {"accept_invite", op_accept_invite, true},
    {"decline_invite", op_decline_invite, true},
    {"open", op_open, true},
    {"watch", op_watch, true},
    {"undo", op_undo, true},
    {"resign", op_resign, true},
    {"claim_timeout", op_claim_timeout, true},
    {"vacation", op_vacation, true},
    {"chat", op_chat, true},
    {"export", op_export, true},
    {"replay", op_replay, true},
    {"tourney_create", op_tourney_create, true},
    {"tourney_list", op_tourney_list, true},
    {"tourney_get", op_tourney_get, true},
    {"tourney_register", op_tourney_register, true},
    {"tourney_withdraw", op_tourney_withdraw, true},
    {"tourney_start", op_tourney_start, true},
    {"tourney_standings", op_tourney_standings, true},
    {"tourney_direct", op_tourney_direct, true},
    {"tourney_export", op_tourney_export, true},
    {"ratings", op_ratings, true},
    {"leaderboard", op_leaderboard, true},
    {"sessions", op_sessions, true},
    {"end_session", op_end_session, true},
    {"change_password", op_change_password, true},
    {"redeem_reset", op_redeem_reset, false},
    {"delete_account", op_delete_account, true},
    {"block", op_block, true},
    {"unblock", op_unblock, true},
    {"blocks", op_blocks, true},
    {"users", op_users, true},
    {"ban", op_ban, true},
    {"unban", op_unban, true},
    {"reset_password", op_reset_password, true},
    {"end_user_sessions", op_end_user_sessions, true},
    {"abort_match", op_abort_match, true},
    {"notify_settings", op_notify_settings, true},
    {"verify_email", op_verify_email, true},
    {"forgot_password", op_forgot_password, false},
    {"unsubscribe", op_unsubscribe, false},
    {"audit", op_audit, true},
    {"backup", op_backup, true},
    {"status", op_status, true},
    {NULL, NULL, false},
};

void tg_engine_message(struct tg_session *s, const json_t *msg)
{
	if (s->closed)
		return;
	json_t *id = json_object_get(msg, "id");
	if (id && !json_is_string(id) && !json_is_integer(id)) {
		srv_error(s, NULL, "malformed_request", "\"id\" must be a string or an integer.");
		return;
	}
	/* Requests are handled in order: while a password is being checked,
	 * later requests wait for its outcome (a client may pipeline login and
	 * create). */
	if (s->busy) {
		if (!s->waiting)
			s->waiting = json_array();
		if (json_array_size(s->waiting) >= TG_WAITING_MAX) {
			srv_error(
			    s, msg, "rate_limited",
			    "Too many requests while a login is checked; wait for its reply.");
			return;
		}
		json_array_append_new(s->waiting, json_deep_copy(msg));
		return;
	}
	const char *op = json_string_value(json_object_get(msg, "op"));
	if (s->srv->shutting_down) {
		srv_error(s, msg, "server_shutting_down",
		          "The server is stopping; come back soon.");
		return;
	}
	if (!s->hello && (!op || strcmp(op, "hello") != 0)) {
		srv_error(s, msg, "hello_required",
		          "Send {\"op\":\"hello\",\"protocol\":1} first.");
		return;
	}
	const struct op_entry *e = ops;
	while (op && e->name && strcmp(e->name, op) != 0)
		e++;
	if (!op || !e->name) {
		srv_error(s, msg, "unknown_op", "Unknown op \"%s\" (see PROTOCOL.md).",
		          op ? op : "(missing)");
		return;
	}
	if (e->login && !req_logged_in(s, msg))
		return;
	TG_DEBUG(s->id, 0, "op %s", op);
	/* An act's round trip by stage (latency.h): its ok is stamped. */
	struct tg_latency *lat = &s->srv->lat;
	lat->in_act = e->fn == op_act;
	if (lat->in_act) {
		lat->act_start_ns = uv_hrtime();
		lat->act_read_ns = s->conn ? tg_conn_read_ns(s->conn) : lat->act_start_ns;
	}
	e->fn(s, msg);
	lat->in_act = false;
	/* A failed request may have loaded a match nobody follows: let it go. */
	json_t *mid = json_object_get(msg, "match");
	struct tg_match *m =
	    json_is_integer(mid) ? match_peek(s->srv, json_integer_value(mid)) : NULL;
	if (m)
		match_release_if_idle(s->srv, m);
}

void session_drain(struct tg_session *s)
{
	while (!s->busy && !s->closed && s->waiting && json_array_size(s->waiting) > 0) {
		json_t *msg = json_incref(json_array_get(s->waiting, 0));
		json_array_remove(s->waiting, 0);
		tg_engine_message(s, msg);
		json_decref(msg);
	}
}

struct tg_session *tg_engine_session_open(struct tg_server *srv, const char *peer,
                                          tg_engine_sink sink, void *ud)
{
	struct tg_session *s = session_new(srv, NULL, peer);
	if (s) {
		s->sink = sink;
		s->sink_ud = ud;
	}
	return s;
}

void tg_engine_session_close(struct tg_session *s)
{
	session_closed(s);
}

void tg_engine_turn(struct tg_server *srv)
{
	/* Without a running loop nothing hears of a worker's job: the turn
	 * waits for them (their lines are held until its commit). */
	fanout_join_all(srv);
	srv_turn_commit(srv);
}

void tg_engine_commit(struct tg_server *srv)
{
	srv_turn_commit(srv);
}

void tg_engine_turn_async(struct tg_server *srv)
{
	srv_turn_commit_async(srv);
}

bool tg_engine_hold_sync(struct tg_server *srv, bool hold)
{
	if (!srv->syncer)
		return false;
	syncer_hold(srv, hold);
	return true;
}

void tg_engine_fail_next_turn(struct tg_server *srv)
{
	srv->fail_next_turn = true;
}

void tg_engine_sweep(struct tg_server *srv)
{
	match_evict_idle(srv);
	views_sleep_idle(srv);
}

/* ---- net callbacks ---------------------------------------------------------- */

static void net_open(struct tg_conn *c, void *ud)
{
	struct tg_server *srv = ud;
	struct tg_session *s = session_new(srv, c, tg_conn_peer(c));
	if (!s) {
		tg_conn_close(c, "internal", "The server is out of memory.");
		return;
	}
	tg_conn_set_data(c, s);
	TG_INFO(s->id, 0, "connected from %s", s->peer);
}

static void net_message(struct tg_conn *c, json_t *msg, void *ud)
{
	(void)ud;
	struct tg_session *s = tg_conn_data(c);
	if (s)
		tg_engine_message(s, msg);
}

static void net_close(struct tg_conn *c, void *ud)
{
	(void)ud;
	struct tg_session *s = tg_conn_data(c);
	if (!s)
		return;
	tg_conn_set_data(c, NULL);
	TG_INFO(s->id, 0, "closed");
	session_closed(s);
}

/* The unsubscribe link (web.c posts it here): /unsubscribe?u=ID&t=TOKEN.
 * Committed before the answer, as every acknowledgement is. */
static int net_unsubscribe(const char *target, char *out, size_t outlen, void *ud)
{
	struct tg_server *srv = ud;
	const char *q = strchr(target, '?');
	long long uid = 0;
	char tok[65] = "";
	for (const char *p = q; p && *p; p = strchr(p, '&')) {
		p++;
		if (strncmp(p, "u=", 2) == 0)
			uid = strtoll(p + 2, NULL, 10);
		else if (strncmp(p, "t=", 2) == 0)
			snprintf(tok, sizeof tok, "%.*s", (int)strcspn(p + 2, "&"), p + 2);
	}
	struct tg_error err = {0};
	if (uid < 1 || notify_unsubscribe(srv, uid, tok, &err) != 0) {
		snprintf(out, outlen, "This unsubscribe link is not valid.");
		return strcmp(err.code, "storage") == 0 ? 500 : 400;
	}
	srv_turn_commit(srv);
	json_t *set = tg_store_notify_settings(srv->store, uid, &err);
	bool done = set && json_is_null(json_object_get(set, "email"));
	json_decref(set);
	if (!done) {
		snprintf(out, outlen, "The server could not save this; try again later.");
		return 500;
	}
	snprintf(out, outlen, "Done: no more emails will be sent to your address.");
	return 200;
}

static const struct tg_net_callbacks net_callbacks = {net_open, net_message, net_close,
                                                      net_unsubscribe};

const struct tg_net_callbacks *tg_server_net_callbacks(void)
{
	return &net_callbacks;
}

/* ---- life cycle ----------------------------------------------------------------- */

static void load_active(struct tg_server *srv)
{
	struct tg_error err = {0};
	json_t *ids = tg_store_match_list_active(srv->store, &err);
	if (!ids) {
		TG_ERROR(0, 0, "cannot list active matches: %s", err.message);
		return;
	}
	size_t i;
	json_t *v;
	json_array_foreach(ids, i, v)
	{
		int64_t id = json_is_integer(v) ? json_integer_value(v)
		                                : json_integer_value(json_object_get(v, "id"));
		struct tg_match *m = match_get(srv, id, &err);
		if (!m) {
			TG_ERROR(0, id, "cannot load the match: %s: %s", err.code, err.message);
			continue;
		}
		TG_INFO(0, id, "loaded");
		clock_after_restart(srv, m);
	}
	json_decref(ids);
}

struct tg_server *tg_server_new(uv_loop_t *loop, struct tg_store *store,
                                const struct game_module *const *games, const struct tg_config *cfg,
                                struct tg_error *err)
{
	struct tg_server *srv = calloc(1, sizeof *srv);
	uv_check_t *check = calloc(1, sizeof *check);
	uv_timer_t *clock_timer = calloc(1, sizeof *clock_timer);
	if (!srv || !check || !clock_timer) {
		free(srv);
		free(check);
		free(clock_timer);
		tg_fail(err, "internal", "out of memory");
		return NULL;
	}
	srv->loop = loop;
	srv->store = store;
	srv->games = games;
	srv->cfg = *cfg;
	srv->check = check;
	srv->stats.started = srv_now();
	srv->games_json = lobby_games_json(games);
	srv->kdf_slots =
	    calloc(cfg->kdf_max_inflight ? cfg->kdf_max_inflight : 1, sizeof *srv->kdf_slots);
	if (!srv->games_json || !srv->kdf_slots ||
	    tg_ratelimit_init(&srv->login_pair, TG_RATELIMIT_ENTRIES, cfg->login_attempts,
	                      cfg->login_window_s) != 0 ||
	    tg_ratelimit_init(&srv->login_addr, TG_RATELIMIT_ENTRIES, cfg->login_address_attempts,
	                      cfg->login_window_s) != 0 ||
	    tg_ratelimit_init(&srv->register_addr, TG_RATELIMIT_ENTRIES,
	                      cfg->registrations_per_address, 3600) != 0 ||
	    tg_ratelimit_init(&srv->create_user, TG_RATELIMIT_ENTRIES,
	                      cfg->matches_created_per_user, 3600) != 0) {
		tg_ratelimit_free(&srv->login_pair);
		tg_ratelimit_free(&srv->login_addr);
		tg_ratelimit_free(&srv->register_addr);
		free(srv->kdf_slots);
		json_decref(srv->games_json);
		free(srv);
		free(check);
		free(clock_timer);
		tg_fail(err, "internal", "out of memory");
		return NULL;
	}
	uv_check_init(loop, check);
	check->data = srv;
	uv_check_start(check, on_check);
	uv_unref((uv_handle_t *)check); /* the commit hook alone keeps nothing alive */
	if (tg_lat_start(&srv->lat, loop) != 0)
		TG_WARN(0, 0, "the loop's turns are not timed (telegraph_loop_turn_busy_seconds)");
	tg_heap_init(&srv->deadlines);
	uv_timer_init(loop, clock_timer);
	clock_timer->data = srv;
	uv_unref((uv_handle_t *)clock_timer); /* nor does the clock timer */
	srv->clock_timer = clock_timer;
	/* Eviction and idle views (issue 17): a sweep every half the shorter
	 * idle time, at most a minute apart, so a match leaves between
	 * evict_after_s and 1.5 times that after its last use (and its views
	 * likewise after evict_views_after_s). Without memory for the timer,
	 * none. */
	srv->evict = calloc(1, sizeof *srv->evict);
	if (srv->evict) {
		uv_timer_init(loop, srv->evict);
		srv->evict->data = srv;
		unsigned idle = cfg->evict_after_s;
		if (cfg->evict_views_after_s && (!idle || cfg->evict_views_after_s < idle))
			idle = cfg->evict_views_after_s;
		uint64_t every = idle * 500ull;
		if (every)
			uv_timer_start(srv->evict, on_evict, every > 60000 ? 60000 : every,
			               every > 60000 ? 60000 : every);
		uv_unref((uv_handle_t *)srv->evict);
	}
	if (notify_start(srv) != 0)
		TG_ERROR(0, 0, "out of memory: no notification will be sent");
	if (fanout_start(srv) != 0)
		TG_ERROR(0, 0, "the fan-out workers did not start: views are made on the loop");
	if (syncer_start(srv) != 0)
		TG_ERROR(0, 0, "out of memory: each commit syncs on the loop");
	load_active(srv);
	tourney_sched_load(srv);
	clocks_arm(srv);
	return srv;
}

static void on_evict(uv_timer_t *t)
{
	if (t->data)
		tg_engine_sweep(t->data);
}

void tg_server_shutdown(struct tg_server *s, void (*done)(void *), void *ud)
{
	s->shutting_down = true;
	uv_timer_stop(s->clock_timer);
	if (s->evict)
		uv_timer_stop(s->evict);
	fanout_join_all(s);
	/* Every active match saved after its last action, so that a release
	 * with newer rules resumes it (match_rules.c). */
	for (int b = 0; b < TG_MATCH_BUCKETS; b++)
		for (struct tg_match *m = s->matches[b]; m; m = m->next) {
			struct tg_error err = {0};
			if (match_save_head(s, m, &err) != 0) {
				TG_WARN(0, m->id, "its state after action %lld was not saved: %s",
				        (long long)m->seq, err.message);
				srv_tx_fail(s);
			}
		}
	srv_turn_commit(s);
	if (notify_stop(s) && s->pending_work == 0) {
		if (done)
			done(ud);
		return;
	}
	/* srv_work_done calls it when the last thread-pool job has reported. */
	s->shutdown_done = done;
	s->shutdown_ud = ud;
}

void srv_work_done(struct tg_server *srv)
{
	if (srv->pending_work == 0 && notify_inflight(srv) == 0 && srv->shutting_down &&
	    srv->shutdown_done) {
		srv_turn_commit(srv);
		void (*done)(void *) = srv->shutdown_done;
		srv->shutdown_done = NULL;
		done(srv->shutdown_ud);
	}
}

/* Frees the check handle and the clock timer once closed. */
static void free_check(uv_handle_t *h)
{
	free(h);
}

void tg_server_free(struct tg_server *s)
{
	if (!s)
		return;
	fanout_stop(s);     /* every job delivered, the threads gone */
	srv_turn_commit(s); /* synced here: nothing is left held */
	syncer_stop(s);
	backup_abandon(s);
	notify_free(s);
	tg_heap_free(&s->deadlines); /* before the matches its slots are in */
	uv_timer_stop(s->clock_timer);
	s->clock_timer->data = NULL;
	uv_close((uv_handle_t *)s->clock_timer, free_check);
	if (s->evict) {
		uv_timer_stop(s->evict);
		s->evict->data = NULL;
		uv_close((uv_handle_t *)s->evict, free_check);
	}
	for (int b = 0; b < TG_MATCH_BUCKETS; b++) {
		struct tg_match *m = s->matches[b], *next;
		for (; m; m = next) {
			next = m->next;
			views_drop_match_subs(s, m);
			match_free(m);
		}
	}
	tg_byte_runs_clear(&s->base_scratch);
	tg_lat_stop(&s->lat);
	uv_check_stop(s->check);
	s->check->data = NULL;
	uv_close((uv_handle_t *)s->check, free_check);
	tg_ratelimit_free(&s->login_pair);
	tg_ratelimit_free(&s->login_addr);
	tg_ratelimit_free(&s->register_addr);
	tg_ratelimit_free(&s->create_user);
	free(s->kdf_slots);
	json_decref(s->games_json);
	free(s);
}
