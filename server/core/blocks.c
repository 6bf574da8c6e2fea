/* blocks.c — a player blocks another (issue 24): block, unblock, blocks.
 * A blocked player's chat no longer reaches the blocker (chat.c, views.c's
 * chat replay), and neither may join the other's open match (lobby.c). The
 * blocked player is not told. */
#include <string.h>

#include "core/server_internal.h"

bool blocks_either(struct tg_server *srv, int64_t a, int64_t b)
{
	struct tg_error err = {0};
	/* A failed read counts as no block: chat and joining go on. */
	return tg_store_blocked(srv->store, a, b, &err) == 1 ||
	       tg_store_blocked(srv->store, b, a, &err) == 1;
}

bool blocks_has(struct tg_server *srv, int64_t blocker, int64_t sender)
{
	struct tg_error err = {0};
	return tg_store_blocked(srv->store, blocker, sender, &err) == 1;
}

/* The other user the request's "user" names; 0 after replying. */
static int64_t other_user(struct tg_session *s, const json_t *req)
{
	const char *name = json_string_value(json_object_get(req, "user"));
	if (!name) {
		srv_error(s, req, "malformed_request", "\"user\" is a user's name.");
		return 0;
	}
	struct tg_error err = {0};
	json_t *u = tg_store_user_by_name(s->srv->store, name, &err);
	if (!u) {
		srv_error_err(s, req, &err);
		return 0;
	}
	int64_t id = json_integer_value(json_object_get(u, "id"));
	json_decref(u);
	if (id == s->user_id) {
		srv_error(s, req, "malformed_request", "You cannot block yourself.");
		return 0;
	}
	return id;
}

void op_block(struct tg_session *s, const json_t *req)
{
	int64_t other = other_user(s, req);
	struct tg_error err = {0};
	if (!other)
		return;
	if (srv_tx(s->srv, &err) != 0 ||
	    tg_store_block(s->srv->store, s->user_id, other, srv_now(), &err) != 0) {
		srv_tx_fail(s->srv);
		srv_error_err(s, req, &err);
		return;
	}
	srv_ok(s, req, NULL);
}

void op_unblock(struct tg_session *s, const json_t *req)
{
	int64_t other = other_user(s, req);
	struct tg_error err = {0};
	if (!other)
		return;
	if (srv_tx(s->srv, &err) != 0 ||
	    tg_store_unblock(s->srv->store, s->user_id, other, &err) != 0) {
		if (strcmp(err.code, "not_blocked") != 0)
			srv_tx_fail(s->srv);
		srv_error_err(s, req, &err);
		return;
	}
	srv_ok(s, req, NULL);
}

void op_blocks(struct tg_session *s, const json_t *req)
{
	struct tg_error err = {0};
	json_t *list = tg_store_blocks_of(s->srv->store, s->user_id, &err);
	if (!list) {
		srv_error_err(s, req, &err);
		return;
	}
	srv_ok(s, req, json_pack("{s:o}", "blocks", list));
}
