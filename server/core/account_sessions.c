/* account_sessions.c — a player's own sessions (issue 24): list them, end
 * one, and end the live connections of sessions ended here or by a password
 * change (accounts.c). A session's id is the first 16 hex digits of its
 * token's SHA-256: enough to tell one's sessions apart, useless for resuming. */
#include <stdio.h>
#include <string.h>

#include "core/server_internal.h"
#include "util/log.h"

void session_id_of(const uint8_t hash[32], char out[TG_SESSION_ID_LEN + 1])
{
	for (int i = 0; i < TG_SESSION_ID_LEN / 2; i++)
		snprintf(out + 2 * i, 3, "%02x", hash[i]);
}

static bool valid_id(const char *id)
{
	if (!id || strlen(id) != TG_SESSION_ID_LEN)
		return false;
	for (const char *p = id; *p; p++)
		if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f')))
			return false;
	return true;
}

void sessions_end_live(struct tg_server *srv, int64_t user_id, const char *id,
                       const struct tg_session *keep)
{
	for (struct tg_session *s = srv->live, *next; s; s = next) {
		next = s->live_next;
		if (s == keep || s->closed || s->user_id != user_id || !s->has_token)
			continue;
		char sid[TG_SESSION_ID_LEN + 1];
		session_id_of(s->token_hash, sid);
		if (id && strcmp(sid, id) != 0)
			continue;
		TG_INFO(s->id, 0, "session %s of user %lld ended", sid, (long long)user_id);
		views_unsubscribe_all(s);
		s->user_id = 0;
		s->has_token = false;
		s->user_name[0] = '\0';
		static const char msg[] = "This session was ended (from another session, or by a "
		                          "password change); log in again.";
		if (s->conn)
			tg_conn_close(s->conn, "session_ended", msg);
		else
			srv_error(s, NULL, "session_ended", "%s", msg);
	}
}

void op_sessions(struct tg_session *s, const json_t *req)
{
	struct tg_error err = {0};
	json_t *list = tg_store_sessions_of(s->srv->store, s->user_id, srv_now(), &err);
	if (!list) {
		srv_error_err(s, req, &err);
		return;
	}
	char mine[TG_SESSION_ID_LEN + 1] = "";
	if (s->has_token)
		session_id_of(s->token_hash, mine);
	size_t i;
	json_t *row;
	json_array_foreach(list, i, row)
	{
		const char *id = json_string_value(json_object_get(row, "id"));
		json_object_set_new(row, "current", json_boolean(id && strcmp(id, mine) == 0));
	}
	srv_ok(s, req, json_pack("{s:o}", "sessions", list));
}

void op_end_session(struct tg_session *s, const json_t *req)
{
	const char *id = json_string_value(json_object_get(req, "session"));
	if (!json_is_string(json_object_get(req, "session"))) {
		srv_error(s, req, "malformed_request",
		          "\"session\" is a session's id (16 hex digits, from \"sessions\").");
		return;
	}
	struct tg_error err = {0};
	if (!valid_id(id)) {
		srv_error(s, req, "no_such_session", "You have no session %.20s.", id);
		return;
	}
	if (srv_tx(s->srv, &err) != 0 ||
	    tg_store_session_end(s->srv->store, s->user_id, id, &err)) {
		if (strcmp(err.code, "no_such_session") != 0)
			srv_tx_fail(s->srv);
		srv_error_err(s, req, &err);
		return;
	}
	sessions_end_live(s->srv, s->user_id, id, NULL);
	srv_ok(s, req, NULL);
}
