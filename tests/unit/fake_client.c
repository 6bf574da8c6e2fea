/* fake_client.c — see fake_client.h. */
#include "fake_client.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_patch.h"
#include "tap.h"

uv_loop_t fc_loop;
struct tg_server *fc_srv;
static int next_id = 1;

bool fc_rig_open(struct fc_rig *rig, const char *name)
{
	memset(rig, 0, sizeof *rig);
	snprintf(rig->dir, sizeof rig->dir, "/tmp/%.40s_XXXXXX", name);
	if (!CHECKF(mkdtemp(rig->dir) != NULL, "a temporary folder for %s", name)) {
		rig->dir[0] = 0;
		return false;
	}
	char path[128];
	snprintf(path, sizeof path, "%s/t.db", rig->dir);
	struct tg_error err = {0};
	uv_loop_init(&fc_loop);
	rig->store = tg_store_open(path, TG_SOURCE_DIR "/schema", &err);
	if (!CHECKF(rig->store != NULL, "store opens: %s", err.message))
		return false;
	tg_config_defaults(&rig->cfg);
	rig->cfg.scrypt_n_log2 = 10; /* fast tests; test_kdf covers the default cost */
	return true;
}

bool fc_rig_serve(struct fc_rig *rig, const struct game_module *const *games)
{
	struct tg_error err = {0};
	fc_srv = tg_server_new(&fc_loop, rig->store, games, &rig->cfg, &err);
	return CHECKF(fc_srv != NULL, "server starts: %s", err.message);
}

void fc_rig_close(struct fc_rig *rig)
{
	if (fc_srv)
		tg_server_free(fc_srv);
	fc_srv = NULL;
	uv_run(&fc_loop, UV_RUN_DEFAULT);
	if (rig->store)
		tg_store_close(rig->store);
	uv_loop_close(&fc_loop);
	if (rig->dir[0]) {
		char cmd[96];
		snprintf(cmd, sizeof cmd, "rm -rf %s", rig->dir);
		CHECK(system(cmd) == 0);
	}
}

const char *op_of(const json_t *m)
{
	const char *op = json_string_value(json_object_get(m, "op"));
	return op ? op : "";
}

static void sink(const char *line, size_t len, void *ud)
{
	struct client *c = ud;
	json_error_t e;
	json_t *msg = json_loadb(line, len, 0, &e);
	CHECKF(msg != NULL, "the server sends JSON: %.80s", line);
	if (!msg)
		return;
	/* Every line is written by the daemon without jansson's dump (views.c:
	 * the kept text; server.c: protocol/json_compact and the act's ok as
	 * text): its bytes must be exactly those json_dumps gives for the
	 * message. */
	{
		char *again = json_dumps(msg, JSON_COMPACT | JSON_ENSURE_ASCII);
		CHECKF(again && strlen(again) == len && memcmp(again, line, len) == 0,
		       "a %s line is the bytes json_dumps writes: %.80s", op_of(msg), line);
		free(again);
	}
	/* Keep the client's copy of the view up to date, as a real client would. */
	if (strcmp(op_of(msg), "view") == 0) {
		json_decref(c->view);
		c->view = json_incref(json_object_get(msg, "view"));
		c->seq = json_integer_value(json_object_get(msg, "seq"));
	} else if (strcmp(op_of(msg), "patch") == 0) {
		int64_t seq = json_integer_value(json_object_get(msg, "seq"));
		CHECKF(seq == c->seq + 1, "patches arrive in order: got %lld after %lld",
		       (long long)seq, (long long)c->seq);
		char err[200] = "no view";
		json_t *next = c->view ? tg_json_patch_apply(c->view, json_object_get(msg, "patch"),
		                                             err, sizeof err)
		                       : NULL;
		CHECKF(next != NULL, "patch applies: %s", err);
		if (next) {
			json_decref(c->view);
			c->view = next;
			c->seq = seq;
		}
	}
	json_array_append_new(c->got, msg);
	/* TG_TRAFFIC=file: keep every line, for checking it against protocol/schema
	 * (tests/fixture/check_traffic.py). */
	static FILE *traffic;
	if (!traffic && getenv("TG_TRAFFIC"))
		traffic = fopen(getenv("TG_TRAFFIC"), "w");
	if (traffic)
		fprintf(traffic, "%.*s\n", (int)len, line);
}

void client_open_from(struct client *c, const char *peer)
{
	memset(c, 0, sizeof *c);
	c->got = json_array();
	c->s = tg_engine_session_open(fc_srv, peer, sink, c);
}

void client_open(struct client *c)
{
	client_open_from(c, "127.0.0.9");
}

void client_close(struct client *c)
{
	tg_engine_session_close(c->s);
	json_decref(c->got);
	json_decref(c->view);
	memset(c, 0, sizeof *c);
}

json_t *req(struct client *c, json_t *msg)
{
	int id = next_id++;
	json_object_set_new(msg, "id", json_integer(id));
	tg_engine_message(c->s, msg);
	json_decref(msg);
	uv_run(&fc_loop, UV_RUN_DEFAULT);
	tg_engine_turn(fc_srv);
	for (size_t i = json_array_size(c->got); i-- > 0;) {
		json_t *m = json_array_get(c->got, i);
		if (json_integer_value(json_object_get(m, "id")) == id)
			return m;
	}
	CHECKF(false, "a reply to request %d", id);
	return NULL;
}

json_t *rq(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	json_error_t e;
	json_t *j = json_vpack_ex(&e, 0, fmt, ap);
	va_end(ap);
	if (!j)
		fprintf(stderr, "pack: %s\n", e.text);
	return j;
}

int count_new(struct client *c, const char *op)
{
	int n = 0;
	for (size_t i = c->seen; i < json_array_size(c->got); i++)
		n += strcmp(op_of(json_array_get(c->got, i)), op) == 0;
	return n;
}

void mark_seen(struct client *c)
{
	c->seen = json_array_size(c->got);
}
