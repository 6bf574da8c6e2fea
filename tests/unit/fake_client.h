/* fake_client.h — fake connections for the tests of the protocol engine
 * without sockets (test_core_engine, test_core_views): each client feeds
 * requests through engine.h and keeps every line the server sends, and its
 * own copy of the view built from `view` and `patch` messages as a real
 * client would (checking that patches arrive in order and apply). The
 * server (fc_srv, on fc_loop) runs over a fresh store: fc_rig_open, then
 * fc_rig_serve. */
#ifndef TG_TEST_FAKE_CLIENT_H
#define TG_TEST_FAKE_CLIENT_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <uv.h>

#include "core/engine.h"
#include "core/server.h"

extern uv_loop_t fc_loop;
extern struct tg_server *fc_srv;

/* The in-process daemon's surroundings: a fresh database in a temporary
 * folder, fc_loop, and the configuration the server is started with. */
struct fc_rig {
	char dir[64];
	struct tg_store *store;
	struct tg_config cfg; /* defaults with a fast password hash; tune before serving */
};

/* Makes the folder (/tmp/NAME_XXXXXX), starts fc_loop and opens the store.
 * false (a failed check) when it cannot. */
bool fc_rig_open(struct fc_rig *rig, const char *name);
/* Starts fc_srv on rig's store and configuration with games (again after a
 * tg_server_free: a restart). false (a failed check) when it cannot. */
bool fc_rig_serve(struct fc_rig *rig, const struct game_module *const *games);
/* Frees fc_srv (if any), drains the loop, closes the store and removes the
 * folder. */
void fc_rig_close(struct fc_rig *rig);

struct client {
	struct tg_session *s;
	json_t *got;  /* every message received, in order */
	size_t seen;  /* messages already looked at (count_new, mark_seen) */
	json_t *view; /* the view as the client keeps it: from view + patches */
	int64_t seq;
};

/* A session from peer address `peer` (client_open: 127.0.0.9). */
void client_open_from(struct client *c, const char *peer);
void client_open(struct client *c);
void client_close(struct client *c);

/* Sends a request (an id is added), runs the loop until the thread pool is
 * idle, ends the turn; returns the reply (borrowed), or NULL (a failed
 * check) when none came. */
json_t *req(struct client *c, json_t *msg);
/* A request built by json_pack (a pack error is printed). */
json_t *rq(const char *fmt, ...);

/* A message's "op" ("" if none). */
const char *op_of(const json_t *m);
/* Number of messages with this op since mark_seen(). */
int count_new(struct client *c, const char *op);
void mark_seen(struct client *c);

#endif
