/* vacation.c — players' vacations (issue 19): a yearly allowance of days
 * (vacation_days_per_year), charged against the UTC year in which a vacation
 * starts. While one runs the player's clocks stand still (clocks.c reads
 * each match's vac_until) and his opponents are told by a match push. Ended
 * early, it costs the whole days begun; the rest comes back. */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "core/server_internal.h"
#include "util/log.h"

#define DAY 86400

/* The UTC calendar year around now: [from, to). */
static void year_of(int64_t now, int64_t *from, int64_t *to)
{
	time_t t = (time_t)now;
	struct tm tm;
	gmtime_r(&t, &tm);
	tm.tm_mon = 0;
	tm.tm_mday = 1;
	tm.tm_hour = tm.tm_min = tm.tm_sec = 0;
	*from = (int64_t)timegm(&tm);
	tm.tm_year++;
	*to = (int64_t)timegm(&tm);
}

void vacation_load(struct tg_server *srv, struct tg_match *m)
{
	memset(m->vac_until, 0, sizeof m->vac_until);
	const char *st = json_string_value(json_object_get(m->row, "status"));
	if (m->tc.kind == TG_TC_NONE || !st || strcmp(st, "active") != 0)
		return;
	int64_t now = srv_now();
	size_t i;
	json_t *seat;
	json_array_foreach(json_object_get(m->row, "seats"), i, seat)
	{
		int role =
		    tg_game_role_index(m->mod, json_string_value(json_object_get(seat, "role")));
		struct tg_error err = {0};
		json_t *v = tg_store_vacation_current(
		    srv->store, json_integer_value(json_object_get(seat, "user_id")), now, &err);
		if (role >= 0 && v)
			m->vac_until[role] = json_integer_value(json_object_get(v, "until"));
		else if (!v && strcmp(err.code, "no_vacation") != 0)
			TG_ERROR(0, m->id, "cannot read a player's vacation: %s", err.message);
		json_decref(v);
	}
}

/* Every active match of the user learns his vacation's end (0: none), its
 * clocks are brought up to now, and its participants are told. */
static int apply(struct tg_server *srv, int64_t user_id, int64_t until, struct tg_error *err)
{
	json_t *rows = tg_store_match_list_user(srv->store, user_id, 1000, err);
	if (!rows)
		return -1;
	size_t i;
	json_t *row;
	int rc = 0;
	json_array_foreach(rows, i, row)
	{
		const char *st = json_string_value(json_object_get(row, "status"));
		struct tg_match *m =
		    st && strcmp(st, "active") == 0
		        ? match_find(srv, json_integer_value(json_object_get(row, "id")))
		        : NULL;
		int role = m ? match_seat_of(m, user_id) : -1;
		if (role < 0 || m->tc.kind == TG_TC_NONE)
			continue;
		m->vac_until[role] = until;
		match_touch(srv, m);
		if (clock_sync(srv, m, err) != 0 ||
		    notify_vacation(srv, m, role, until, err) != 0) {
			rc = -1;
			break;
		}
		views_push_match(srv, m);
	}
	json_decref(rows);
	return rc;
}

void op_vacation(struct tg_session *s, const json_t *req)
{
	struct tg_server *srv = s->srv;
	const json_t *days_j = json_object_get(req, "days"), *end_j = json_object_get(req, "end");
	if ((days_j && (!json_is_integer(days_j) || json_integer_value(days_j) < 1 ||
	                json_integer_value(days_j) > 366)) ||
	    (end_j && !json_is_true(end_j)) || (days_j && end_j)) {
		srv_error(s, req, "malformed_request",
		          "vacation takes \"days\" (1 to 366) to start one, \"end\": true to end "
		          "it, or nothing to ask.");
		return;
	}
	struct tg_error err = {0};
	int64_t now = srv_now(), from, to;
	year_of(now, &from, &to);
	json_t *cur = tg_store_vacation_current(srv->store, s->user_id, now, &err);
	if (!cur && strcmp(err.code, "no_vacation") != 0) {
		srv_error_err(s, req, &err);
		return;
	}
	int used = tg_store_vacation_days_used(srv->store, s->user_id, from, to, &err);
	int allowance = (int)srv->cfg.vacation_days_per_year;
	if (used < 0) {
		json_decref(cur);
		srv_error_err(s, req, &err);
		return;
	}
	int64_t until = cur ? json_integer_value(json_object_get(cur, "until")) : 0;
	if (days_j) {
		int days = (int)json_integer_value(days_j);
		if (cur) {
			json_decref(cur);
			srv_error(s, req, "already_on_vacation",
			          "You are on vacation until %lld; end it first.",
			          (long long)until);
			return;
		}
		if (used + days > allowance) {
			srv_error(s, req, "vacation_exhausted",
			          "You have %d of your %d vacation days left this year.",
			          used < allowance ? allowance - used : 0, allowance);
			return;
		}
		until = now + (int64_t)days * DAY;
		if (srv_tx(srv, &err) != 0 ||
		    tg_store_vacation_add(srv->store, s->user_id, now, until, days, &err) != 0 ||
		    apply(srv, s->user_id, until, &err) != 0) {
			srv_tx_fail(srv);
			srv_error_err(s, req, &err);
			return;
		}
		used += days;
		TG_INFO(s->id, 0, "user %lld on vacation for %d days", (long long)s->user_id, days);
	} else if (end_j) {
		if (!cur) {
			srv_error(s, req, "not_on_vacation", "You are not on vacation.");
			return;
		}
		int charged = (int)json_integer_value(json_object_get(cur, "days"));
		int64_t begun =
		    (now - json_integer_value(json_object_get(cur, "start")) + DAY - 1) / DAY;
		if (begun < 1)
			begun = 1;
		if (begun < charged) {
			if (json_integer_value(json_object_get(cur, "start")) >= from)
				used -= charged - (int)begun;
			charged = (int)begun;
		}
		if (srv_tx(srv, &err) != 0 ||
		    tg_store_vacation_end(srv->store,
		                          json_integer_value(json_object_get(cur, "id")), now,
		                          charged, &err) != 0 ||
		    apply(srv, s->user_id, 0, &err) != 0) {
			json_decref(cur);
			srv_tx_fail(srv);
			srv_error_err(s, req, &err);
			return;
		}
		until = 0;
		TG_INFO(s->id, 0, "user %lld back from vacation", (long long)s->user_id);
	}
	json_decref(cur);
	srv_ok(s, req,
	       json_pack("{s:b,s:o,s:i,s:i,s:i}", "on", until != 0, "until",
	                 until ? json_integer(until) : json_null(), "allowance", allowance, "used",
	                 used, "left", used < allowance ? allowance - used : 0));
}
