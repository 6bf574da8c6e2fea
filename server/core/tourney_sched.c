/* tourney_sched.c — tournaments that start at a set time (issue 20): the
 * director gives tourney_create a "start_at"; the daemon starts the event by
 * itself when the time comes, from the same loop turn and timer that watch
 * the match clocks (clocks.c), so a test's injected clock starts it as soon
 * as any message arrives. Only the earliest start is kept in memory
 * (srv->tourney_next_start); the store lists the events that are due. An
 * event with fewer than two players at its time is not started: its time is
 * cleared and the log says why, so that the director may start it by hand
 * or withdraw it. */
#include <stdio.h>

#include "core/server_internal.h"
#include "util/log.h"

static json_int_t num(const json_t *o, const char *key)
{
	return json_integer_value(json_object_get(o, key));
}

void tourney_sched_load(struct tg_server *srv)
{
	struct tg_error err = {0};
	if (tg_store_tourney_next_start(srv->store, &srv->tourney_next_start, &err) != 0)
		TG_ERROR(0, 0, "cannot read the next tournament start: %s", err.message);
}

void tourney_sched_note(struct tg_server *srv, int64_t start_at)
{
	if (start_at > 0 && (!srv->tourney_next_start || start_at < srv->tourney_next_start))
		srv->tourney_next_start = start_at;
}

/* Starts one due event; 0 or -1 with err (the turn is then rolled back). */
static int start_one(struct tg_server *srv, int64_t id, struct tg_error *err)
{
	json_t *t = tg_store_tourney_get(srv->store, id, err);
	if (!t)
		return -1;
	int rc;
	int n = (int)num(t, "nplayers");
	if (n < tourney_min_players(t)) {
		char line[160];
		snprintf(line, sizeof line,
		         "not started at its set time: %d player%s registered, %d needed; the "
		         "director may start it",
		         n, n == 1 ? "" : "s", tourney_min_players(t));
		TG_INFO(0, 0, "tournament %lld: %s", (long long)id, line);
		rc = tg_store_tourney_set_start_at(srv->store, id, 0, err) ||
		     tg_store_tourney_log_add(srv->store, id, 0, line, srv_now(), err);
	} else {
		rc = tourney_begin(srv, t, 0, "the server at its set time", err);
		if (rc == 0)
			TG_INFO(0, 0, "tournament %lld started at its set time", (long long)id);
	}
	json_decref(t);
	return rc;
}

void tourney_sched_poll(struct tg_server *srv)
{
	int64_t now = srv_now();
	if (!srv->tourney_next_start || srv->tourney_next_start > now || srv->shutting_down)
		return;
	struct tg_error err = {0};
	json_t *due = srv_tx(srv, &err) == 0 ? tg_store_tourney_due(srv->store, now, &err) : NULL;
	size_t i;
	json_t *id;
	int rc = due ? 0 : -1;
	json_array_foreach(due, i, id)
	{
		if ((rc = start_one(srv, json_integer_value(id), &err)) != 0)
			break;
	}
	json_decref(due);
	if (rc != 0) {
		/* Rolled back with the turn; tried again at the next recheck. */
		srv_tx_fail(srv);
		TG_ERROR(0, 0, "could not start a tournament at its set time: %s", err.message);
		srv->tourney_next_start = now + 60;
		return;
	}
	srv->tourney_next_start = 0;
	tourney_sched_load(srv);
}
