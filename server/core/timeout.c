/* timeout.c — out of time (issue 19): the opponent's claim, and the end of a
 * match whose flagged player's grace ran out (time controls with
 * "on_timeout": "auto"). The result names the role in "timeout"; like a
 * resignation, it is the server's, not the game's (record.c verifies it). */
#include <stdio.h>
#include <string.h>

#include "core/server_internal.h"
#include "util/log.h"

/* The first role (by index) in mask, or -1. */
static int first_role(const struct tg_match *m, unsigned mask)
{
	for (int r = 0; r < m->nroles; r++)
		if (mask & (1u << r))
			return r;
	return -1;
}

static const char *user_of(const struct tg_match *m, int role)
{
	size_t i;
	json_t *seat;
	json_array_foreach(json_object_get(m->row, "seats"), i, seat)
	{
		const char *r = json_string_value(json_object_get(seat, "role"));
		if (r && strcmp(r, m->mod->roles[role]) == 0)
			return json_string_value(json_object_get(seat, "user_name"));
	}
	return NULL;
}

int timeout_finish(struct tg_server *srv, struct tg_match *m, struct tg_error *err)
{
	int out = first_role(m, m->clock.flagged);
	if (out < 0)
		return tg_fail(err, "internal", "no clock of match %lld ran out", (long long)m->id);
	/* With two roles the other wins, unless he ran out of time too. */
	int winner = m->nroles == 2 && !(m->clock.flagged & (1u << (1 - out))) ? 1 - out : -1;
	const char *user = user_of(m, out);
	char summary[160];
	snprintf(summary, sizeof summary, "%s (%s) ran out of time", user ? user : "?",
	         m->mod->roles[out]);
	json_t *result = json_pack("{s:o,s:s,s:s}", "winner",
	                           winner >= 0 ? json_string(m->mod->roles[winner]) : json_null(),
	                           "summary", summary, "timeout", m->mod->roles[out]);
	if (match_finish(srv, m, result, err) != 0)
		return -1;
	views_push_match(srv, m);
	views_reset(srv, m);
	return 0;
}

void op_claim_timeout(struct tg_session *s, const json_t *req)
{
	struct tg_server *srv = s->srv;
	struct tg_match *m = req_match(s, req);
	int role = m ? match_player_role(s, req, m) : -1;
	if (role < 0)
		return;
	struct tg_error err = {0};
	/* Brought up to now first: a clock that ran out a moment ago counts. */
	if (clock_sync(srv, m, &err) != 0) {
		srv_tx_fail(srv);
		srv_error_err(s, req, &err);
		return;
	}
	unsigned mine = 1u << role, flagged = m->has_clock ? m->clock.flagged : 0;
	if ((flagged & ~mine) == 0 || (flagged & mine)) {
		srv_error(s, req, "not_out_of_time", "%s",
		          m->tc.kind == TG_TC_NONE ? "This match has no clock."
		          : flagged & mine         ? "You ran out of time yourself: no win on time."
		                                   : "Your opponent still has time on his clock.");
		return;
	}
	match_touch(srv, m);
	TG_INFO(s->id, m->id, "%s claims a win on time", m->mod->roles[role]);
	if (timeout_finish(srv, m, &err) != 0) {
		srv_tx_fail(srv);
		srv_error_err(s, req, &err);
		return;
	}
	srv_ok(s, req, json_pack("{s:I}", "match", (json_int_t)m->id));
}
