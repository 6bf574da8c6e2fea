/* Bad input never crashes the engine and never goes unanswered: every
 * request, with every member replaced by values of the wrong type or range,
 * gets exactly one reply, and every error code is one PROTOCOL.md documents
 * (the list is read from protocol/schema/error.json). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/engine.h"
#include "core/server.h"
#include "fixture_game.h"
#include "tap.h"

static uv_loop_t loop;
static struct tg_server *srv;
static json_t *got;
static json_t *codes;

static void sink(const char *line, size_t len, void *ud)
{
	(void)ud;
	json_t *m = json_loadb(line, len, 0, NULL);
	CHECKF(m != NULL, "JSON out: %.60s", line);
	if (m)
		json_array_append_new(got, m);
}

static bool documented(const char *code)
{
	size_t i;
	json_t *c;
	json_array_foreach(codes, i,
	                   c) if (code && strcmp(json_string_value(c), code) == 0) return true;
	return false;
}

static int next_id = 1000;

/* Sends msg (stolen) and checks for exactly one reply with its id. */
static void probe(struct tg_session *s, json_t *msg, const char *what)
{
	int id = next_id++;
	json_object_set_new(msg, "id", json_integer(id));
	char *text = json_dumps(msg, JSON_COMPACT);
	size_t before = json_array_size(got);
	tg_engine_message(s, msg);
	json_decref(msg);
	uv_run(&loop, UV_RUN_DEFAULT);
	tg_engine_turn(srv);
	int replies = 0;
	for (size_t i = before; i < json_array_size(got); i++) {
		json_t *m = json_array_get(got, i);
		if (json_integer_value(json_object_get(m, "id")) != id)
			continue;
		replies++;
		const char *op = json_string_value(json_object_get(m, "op"));
		if (op && strcmp(op, "error") == 0) {
			const char *code = json_string_value(json_object_get(m, "code"));
			CHECKF(documented(code), "%s: undocumented code %s for %s", what,
			       code ? code : "(none)", text);
		}
	}
	CHECKF(replies == 1, "%s: %d replies to %s", what, replies, text);
	free(text);
}

int main(void)
{
	char path[512];
	snprintf(path, sizeof path, "%s/protocol/schema/error.json", TG_SOURCE_DIR);
	json_t *schema = json_load_file(path, 0, NULL);
	codes =
	    json_object_get(json_object_get(json_object_get(schema, "properties"), "code"), "enum");
	CHECK(json_array_size(codes) > 30);

	char dir[] = "/tmp/tg_robust_XXXXXX";
	CHECK(mkdtemp(dir) != NULL);
	snprintf(path, sizeof path, "%s/t.db", dir);
	struct tg_error err = {0};
	uv_loop_init(&loop);
	struct tg_store *store = tg_store_open(path, TG_SOURCE_DIR "/schema", &err);
	CHECKF(store != NULL, "store: %s", err.message);
	if (!store)
		return tap_done();
	struct tg_config cfg;
	tg_config_defaults(&cfg);
	cfg.scrypt_n_log2 = 4;
	cfg.login_attempts = 1000;
	static const struct game_module *const games[] = {&fixture_duel_module, NULL};
	srv = tg_server_new(&loop, store, games, &cfg, &err);
	got = json_array();
	struct tg_session *s = tg_engine_session_open(srv, "127.0.0.1", sink, NULL);

	/* Before hello, and hello itself, badly. */
	probe(s, json_pack("{s:s}", "op", "list"), "before hello");
	probe(s, json_pack("{s:i}", "op", 5), "op not a string");
	probe(s, json_pack("{s:s,s:s}", "op", "hello", "protocol", "1"), "hello");
	probe(s, json_pack("{s:s,s:i}", "op", "hello", "protocol", 1), "hello");
	/* A player with a match to aim at. */
	probe(s,
	      json_pack("{s:s,s:s,s:s}", "op", "register", "name", "probe", "password",
	                "probe-password"),
	      "register");
	probe(s,
	      json_pack("{s:s,s:s,s:s}", "op", "create", "game", "fixture-duel", "scenario",
	                "sprint"),
	      "create");

	static const char *const ops[] = {"hello",  "ping",   "games",  "register", "login",
	                                  "resume", "create", "list",   "join",     "leave",
	                                  "open",   "watch",  "act",    "undo",     "resign",
	                                  "chat",   "export", "logout", NULL};
	static const char *const members[] = {
	    "protocol", "name",       "password",   "token",   "game",  "scenario", "options",
	    "side",     "visibility", "spectators", "entropy", "which", "match",    "invite",
	    "since",    "since_chat", "seq",        "action",  "text",  NULL};
	json_t *values = json_pack("[n,b,i,i,i,I,f,s,s,s,[],{},[i],{s:n}]", 1, 0, -1, 1,
	                           (json_int_t)1 << 62, 1e300, "", "x", "fixture-duel", 1, "type");
	char big[2048];
	memset(big, 'z', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	json_array_append_new(values, json_string(big));

	for (int o = 0; ops[o]; o++) {
		if (strcmp(ops[o], "logout") == 0)
			continue; /* last, below: it ends the session */
		probe(s, json_pack("{s:s}", "op", ops[o]), ops[o]);
		for (int k = 0; members[k]; k++) {
			size_t i;
			json_t *v;
			json_array_foreach(values, i, v)
			{
				/* A plausible request with one member wrong. */
				json_t *msg = json_pack("{s:s,s:i,s:i,s:i,s:{s:s,s:i}}", "op",
				                        ops[o], "match", 1, "seq", 0, "protocol", 1,
				                        "action", "type", "commit", "value", 1);
				json_object_set(msg, members[k], v);
				probe(s, msg, ops[o]);
			}
		}
	}
	probe(s, json_pack("{s:s}", "op", "logout"), "logout");
	json_decref(values);

	tg_engine_session_close(s);
	tg_server_free(srv);
	uv_run(&loop, UV_RUN_DEFAULT);
	tg_store_close(store);
	uv_loop_close(&loop);
	json_decref(got);
	json_decref(schema);
	snprintf(path, sizeof path, "rm -rf %s", dir);
	CHECK(system(path) == 0);
	return tap_done();
}
