/* test_core_loop_lines.c — the lines the loop writes for an action (issue
 * 17: the event loop's CPU per action outside the game and the store).
 *
 * The act's ok was a jansson tree ({"match","seq"}, then "op", then the
 * request's id) dumped by json_dumps: about 11,000 instructions on the loop
 * for 40 bytes. It is written as text now (srv_ok_seq), and every other
 * reply and push through protocol/json_compact. json_dumps is wrapped at
 * link time and counted on the loop's thread: an act and its turn call it
 * no more. A connection of its own (a raw sink) keeps each line's bytes:
 * the ok is exactly the bytes the tree's json_dumps gave, for the ids a
 * request may carry (integers, strings with escapes and UTF-8, none).
 *
 * A fan-out job's line (a patch, made by a worker) was copied on the loop
 * for each follower of its role (srv_send_line) when it had to wait for the
 * turn's commit; a role's last follower now takes the line itself
 * (srv_send_line_take). views_fanout_send, srv_send_line and
 * srv_send_line_now are wrapped: with one follower a role, no copy; with
 * two, one; every patch still arrives and applies (fake_client). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/engine.h"
#include "core/server_internal.h"
#include "core_testkit.h"

char *__real_json_dumps(const json_t *json, size_t flags);
char *__wrap_json_dumps(const json_t *json, size_t flags);

static pthread_t loop_thread;
static unsigned long loop_dumps;

char *__wrap_json_dumps(const json_t *json, size_t flags)
{
	if (pthread_equal(pthread_self(), loop_thread))
		loop_dumps++;
	return __real_json_dumps(json, flags);
}

void __real_views_fanout_send(struct tg_match *m, struct views_batch *b, bool now);
void __wrap_views_fanout_send(struct tg_match *m, struct views_batch *b, bool now);
void __real_srv_send_line(struct tg_session *s, const char *line, size_t len);
void __wrap_srv_send_line(struct tg_session *s, const char *line, size_t len);
void __real_srv_send_line_now(struct tg_session *s, const char *line, size_t len);
void __wrap_srv_send_line_now(struct tg_session *s, const char *line, size_t len);

static bool in_fanout_send;
static unsigned long fanout_copies; /* srv_send_line(_now) inside views_fanout_send */

void __wrap_views_fanout_send(struct tg_match *m, struct views_batch *b, bool now)
{
	in_fanout_send = true;
	__real_views_fanout_send(m, b, now);
	in_fanout_send = false;
}

void __wrap_srv_send_line(struct tg_session *s, const char *line, size_t len)
{
	fanout_copies += in_fanout_send;
	__real_srv_send_line(s, line, len);
}

void __wrap_srv_send_line_now(struct tg_session *s, const char *line, size_t len)
{
	fanout_copies += in_fanout_send;
	__real_srv_send_line_now(s, line, len);
}

static const struct game_module *const games[] = {&fixture_duel_module, NULL};

/* A note by a (alpha, to move), its turn ended: fan-out lines copied. */
static unsigned long note_copies(struct client *a, int64_t mid)
{
	fanout_copies = 0;
	json_t *act = rq("{s:s,s:I,s:I,s:{s:s,s:s}}", "op", "act", "match", (json_int_t)mid, "seq",
	                 (json_int_t)a->seq, "action", "type", "note", "text", "steady");
	json_t *r = req(a, act);
	CHECKF(r && strcmp(op_of(r), "ok") == 0, "the note is taken");
	return fanout_copies;
}

/* A connection whose lines are kept as the bytes sent. */
static char raw_last[4096];
static void raw_sink(const char *line, size_t len, void *ud)
{
	(void)ud;
	if (len < sizeof raw_last) {
		memcpy(raw_last, line, len);
		raw_last[len] = 0;
	}
}

/* What srv_ok sent for an act before srv_ok_seq: the members' tree, "op",
 * then the id, dumped. */
static char *old_ok(int64_t match, int64_t seq, const json_t *id)
{
	json_t *msg = json_pack("{s:I,s:I}", "match", (json_int_t)match, "seq", (json_int_t)seq);
	json_object_set_new(msg, "op", json_string("ok"));
	if (id)
		json_object_set(msg, "id", (json_t *)id);
	char *s = __real_json_dumps(msg, JSON_COMPACT | JSON_ENSURE_ASCII);
	json_decref(msg);
	return s;
}

int main(void)
{
	loop_thread = pthread_self();
	struct fc_rig rig;
	if (!fc_rig_open(&rig, "tg_loop_lines"))
		return tap_done();
	rig.cfg.workers = 2; /* the fan-out on a worker, its lines handed to the loop */
	if (!fc_rig_serve(&rig, games))
		return tap_done();

	struct client a, b;
	login(&a, "grant", "unconditional", true);
	login(&b, "lee", "traveller1", true);
	int64_t mid = new_match(&a, &b);

	/* one follower a role (a alpha, b beta): the lines handed over */
	int64_t before = b.seq;
	unsigned long copies = note_copies(&a, mid);
	printf("# one follower a role: %lu copies\n", copies);
	CHECKF(copies == 0, "a role's only follower takes the line (%lu copies)", copies);
	CHECK(b.seq == before + 1 && a.seq == b.seq);
	/* two of beta (lee's second connection): one copy */
	struct client b2;
	login(&b2, "lee", "traveller1", false);
	CHECK(is_ok(req(&b2, rq("{s:s,s:I}", "op", "open", "match", (json_int_t)mid))));
	copies = note_copies(&a, mid);
	printf("# two followers of beta: %lu copies\n", copies);
	CHECKF(copies == 1, "the first of two followers gets a copy (%lu copies)", copies);
	CHECK(b.seq == a.seq && b2.seq == a.seq);
	client_close(&b2);
	/* nobody but the raw connection below gets lines (fake_client's own
	 * check calls json_dumps) */
	int64_t played = a.seq; /* the notes above */
	client_close(&a);
	client_close(&b);

	/* grant's second connection, raw */
	struct tg_session *raw = tg_engine_session_open(fc_srv, "127.0.0.9", raw_sink, NULL);
	json_t *hello = rq("{s:s,s:i}", "op", "hello", "protocol", 1);
	json_t *m =
	    rq("{s:s,s:s,s:s}", "op", "login", "name", "grant", "password", "unconditional");
	tg_engine_message(raw, hello);
	tg_engine_message(raw, m);
	json_decref(hello);
	json_decref(m);
	uv_run(&fc_loop, UV_RUN_DEFAULT);
	tg_engine_turn(fc_srv);
	CHECKF(strstr(raw_last, "\"op\":\"ok\"") != NULL, "the raw connection logs in: %s",
	       raw_last);

	json_t *ids[] = {json_integer(4021), json_integer(-7), json_string("r-\"1\"\n\xc3\xa9/"),
	                 json_string(""), NULL};
	int64_t seq = played;
	for (size_t i = 0; i < sizeof ids / sizeof *ids; i++) {
		json_t *act =
		    rq("{s:s,s:I,s:I,s:{s:s,s:s}}", "op", "act", "match", (json_int_t)mid, "seq",
		       (json_int_t)seq, "action", "type", "note", "text", "steady");
		if (ids[i])
			json_object_set(act, "id", ids[i]);
		raw_last[0] = 0;
		loop_dumps = 0;
		tg_engine_message(raw, act);
		uv_run(&fc_loop, UV_RUN_DEFAULT);
		tg_engine_turn(fc_srv);
		json_decref(act);
		seq++;
		char *want = old_ok(mid, seq, ids[i]);
		CHECKF(want && strcmp(raw_last, want) == 0,
		       "the act's ok as before: got %s, want %s", raw_last, want ? want : "?");
		free(want);
		printf("# act %zu: %lu json_dumps calls on the loop\n", i, loop_dumps);
		CHECKF(loop_dumps == 0, "an act and its turn call json_dumps %lu times",
		       loop_dumps);
	}
	for (size_t i = 0; i < sizeof ids / sizeof *ids; i++)
		json_decref(ids[i]);

	/* an error (a stale seq) reads as before too: send_msg's text through
	 * protocol/json_compact */
	json_t *stale = rq("{s:s,s:I,s:I,s:{s:s,s:s},s:i}", "op", "act", "match", (json_int_t)mid,
	                   "seq", (json_int_t)0, "action", "type", "note", "text", "late", "id", 9);
	raw_last[0] = 0;
	tg_engine_message(raw, stale);
	uv_run(&fc_loop, UV_RUN_DEFAULT);
	tg_engine_turn(fc_srv);
	json_decref(stale);
	json_t *got = json_loads(raw_last, 0, NULL);
	char *again = got ? __real_json_dumps(got, JSON_COMPACT | JSON_ENSURE_ASCII) : NULL;
	CHECKF(got && strcmp(op_of(got), "error") == 0 && again && strcmp(again, raw_last) == 0,
	       "the error is json_dumps's bytes: %s", raw_last);
	free(again);
	json_decref(got);

	tg_engine_session_close(raw);
	fc_rig_close(&rig);
	return tap_done();
}
