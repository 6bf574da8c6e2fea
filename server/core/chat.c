/* chat.c — chat between the seated players of a match: stored, delivered
 * live to their subscribed connections, replayed by `open` (since_chat).
 * Spectators never see it. */
#include <stdlib.h>
#include <string.h>

#include "core/server_internal.h"

void op_chat(struct tg_session *s, const json_t *req)
{
	struct tg_server *srv = s->srv;
	const char *text = json_string_value(json_object_get(req, "text"));
	if (!text || !text[0]) {
		srv_error(s, req, "malformed_request", "\"text\" must be a non-empty string.");
		return;
	}
	if (strlen(text) > srv->cfg.chat_max_bytes) {
		srv_error(s, req, "chat_too_long", "A chat message has at most %u bytes.",
		          srv->cfg.chat_max_bytes);
		return;
	}
	struct tg_match *m = req_match(s, req);
	if (!m)
		return;
	int role = match_seat_of(m, s->user_id);
	if (role < 0) {
		srv_error(s, req, "not_a_participant", "Only the players of match %lld chat in it.",
		          (long long)m->id);
		return;
	}
	struct tg_error err = {0};
	int64_t id = 0, now = srv_now();
	if (srv_tx(srv, &err) != 0 ||
	    tg_store_chat_add(srv->store, m->id, s->user_id, m->mod->roles[role], text, now, &id,
	                      &err) != 0 ||
	    notify_chat(srv, m, role, s->user_name, text, id, &err) != 0) {
		srv_tx_fail(srv);
		srv_error_err(s, req, &err);
		return;
	}
	srv_ok(s, req, json_pack("{s:I,s:I}", "match", (json_int_t)m->id, "chat", (json_int_t)id));
	json_t *msg =
	    json_pack("{s:s,s:I,s:I,s:s,s:s,s:s,s:I}", "op", "chat", "match", (json_int_t)m->id,
	              "id", (json_int_t)id, "role", m->mod->roles[role], "from", s->user_name,
	              "text", text, "time", (json_int_t)now);
	char *line = msg ? json_dumps(msg, JSON_COMPACT | JSON_ENSURE_ASCII) : NULL;
	json_decref(msg);
	if (!line)
		return;
	for (unsigned i = 0; i < m->nsubs; i++) {
		struct tg_sub *sub = &m->subs[i];
		/* Participants holding their seat only: never observers. */
		if (sub->role < m->nroles && !sub->s->closed &&
		    match_seat_of(m, sub->s->user_id) == sub->role &&
		    (sub->s == s || !blocks_has(srv, sub->s->user_id, s->user_id)))
			srv_send_line(sub->s, line, strlen(line));
	}
	free(line);
}
