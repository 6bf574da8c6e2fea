/* clocks.c — the clocks of matches with a time control (issue 19): each
 * live match keeps its control and clock (server/clock/timecontrol.h),
 * stored with the match in the loop turn's transaction whenever it changes;
 * the matches whose clocks run sit in one heap ordered by deadline, and the
 * loop looks only at its top: once per turn (so a test's injected clock is
 * seen as soon as any message arrives) and from one timer set for the
 * earliest deadline. Nothing walks every match. */
#include <string.h>

#include "core/server_internal.h"
#include "util/log.h"

/* The timer is re-armed at least this often, so that a change of the wall
 * clock (which the loop's monotonic timers do not follow) is noticed. */
#define CLOCK_RECHECK_MS 60000

static bool active(const struct tg_match *m)
{
	const char *st = json_string_value(json_object_get(m->row, "status"));
	return st && strcmp(st, "active") == 0 && m->g && !m->st.finished;
}

/* The roles whose clocks stand still at t: their players are on vacation. */
static unsigned paused_at(const struct tg_match *m, int64_t t)
{
	unsigned mask = 0;
	for (int r = 0; r < m->nroles; r++)
		if (m->vac_until[r] > t)
			mask |= 1u << r;
	return mask;
}

/* The first vacation end after t; INT64_MAX if none. */
static int64_t vacation_end_after(const struct tg_match *m, int64_t t)
{
	int64_t first = INT64_MAX;
	for (int r = 0; r < m->nroles; r++)
		if (m->vac_until[r] > t && m->vac_until[r] < first)
			first = m->vac_until[r];
	return first;
}

/* When a flagged match with "on_timeout": "auto" ends; INT64_MAX if none. */
static int64_t auto_end(const struct tg_server *srv, const struct tg_match *m)
{
	if (!m->has_clock || !m->tc.auto_timeout || !m->clock.flagged || !active(m))
		return INT64_MAX;
	int64_t end = m->clock.flagged_at + srv->cfg.clock_timeout_grace_s;
	return end > m->auto_not_before ? end : m->auto_not_before;
}

/* When role r's clock has clock_low_s left, if it runs, began this run
 * with more than that, and he was not told yet; INT64_MAX if never. */
static int64_t low_at(const struct tg_server *srv, const struct tg_match *m, int r)
{
	int64_t low = srv->cfg.clock_low_s;
	if (!low || !m->has_clock || !active(m) || !(m->clock.running & (1u << r)) ||
	    (m->low_warned & (1u << r)) || m->clock.bank[r] <= low)
		return INT64_MAX;
	return m->clock.since + m->clock.bank[r] - low;
}

/* The match's next clock event: a clock running low or out, or an
 * automatic end. */
static void file_deadline(struct tg_server *srv, struct tg_match *m)
{
	int64_t due = m->has_clock ? tg_clock_deadline(&m->clock) : INT64_MAX;
	for (int r = 0; r < m->nroles; r++) {
		int64_t low = low_at(srv, m, r);
		if (low < due)
			due = low;
	}
	int64_t end = auto_end(srv, m);
	if (end < due)
		due = end;
	/* A vacation's end starts a clock again. */
	int64_t back =
	    m->has_clock && active(m) ? vacation_end_after(m, m->clock.since) : INT64_MAX;
	if (back < due)
		due = back;
	if (due == INT64_MAX)
		tg_heap_remove(&srv->deadlines, &m->heap_slot);
	else if (tg_heap_set(&srv->deadlines, m->id, due, &m->heap_slot) != 0)
		TG_ERROR(0, m->id, "out of memory filing the clock's deadline");
}

void clock_load(struct tg_server *srv, struct tg_match *m)
{
	char err[160];
	m->has_clock = false;
	if (tg_tc_parse(json_object_get(m->row, "time_control"), &m->tc, err, sizeof err) != 0) {
		/* Only tg_tc_json's output is stored: this is a damaged row. */
		TG_ERROR(0, m->id, "its stored time control is unreadable (%s): no clock", err);
		memset(&m->tc, 0, sizeof m->tc);
	}
	const char *preset =
	    json_string_value(json_object_get(json_object_get(m->row, "time_control"), "preset"));
	snprintf(m->tc.preset, sizeof m->tc.preset, "%s", preset ? preset : "");
	json_t *stored = json_object_get(m->row, "clock");
	if (m->tc.kind != TG_TC_NONE && stored && !json_is_null(stored)) {
		if (tg_clock_from_json(stored, m->nroles, &m->clock) == 0)
			m->has_clock = true;
		else
			TG_ERROR(0, m->id, "its stored clock is unreadable: it starts afresh");
	}
	vacation_load(srv, m);
	file_deadline(srv, m);
}

int clock_sync(struct tg_server *srv, struct tg_match *m, struct tg_error *err)
{
	if (m->tc.kind == TG_TC_NONE)
		return 0;
	int64_t now = srv_now();
	unsigned awaiting = active(m) ? m->st.awaiting : 0;
	if (!m->has_clock) {
		tg_clock_start(&m->clock, &m->tc, m->nroles, awaiting, paused_at(m, now), now);
		m->has_clock = true;
	} else {
		/* Vacations that ended meanwhile restart their clocks from exactly
		 * their end, not from when the daemon noticed. */
		int64_t back;
		while ((back = vacation_end_after(m, m->clock.since)) <= now)
			tg_clock_update(&m->clock, &m->tc, m->nroles, m->clock.awaiting,
			                paused_at(m, back), back);
		tg_clock_update(&m->clock, &m->tc, m->nroles, awaiting, paused_at(m, now), now);
	}
	/* A new run of a clock may warn again (low_at: if it has more than
	 * clock_low_s left). */
	m->low_warned = 0;
	json_t *j = tg_clock_json(&m->clock, m->nroles);
	int rc =
	    j && srv_tx(srv, err) == 0 && tg_store_match_set_clock(srv->store, m->id, j, err) == 0
	        ? 0
	        : -1;
	if (rc == 0)
		json_object_set(m->row, "clock", j);
	else if (!j)
		tg_fail(err, "internal", "out of memory");
	json_decref(j);
	file_deadline(srv, m);
	clocks_arm(srv);
	return rc;
}

void clock_after_restart(struct tg_server *srv, struct tg_match *m)
{
	if (!m->has_clock || !active(m))
		return;
	struct tg_error err = {0};
	int64_t now = srv_now();
	tg_clock_after_restart(&m->clock, m->nroles, srv->cfg.clock_restart_grace_s, now);
	m->auto_not_before = now + srv->cfg.clock_restart_grace_s;
	if (clock_sync(srv, m, &err) != 0) {
		srv_tx_fail(srv);
		TG_ERROR(0, m->id, "could not store its clock after the restart: %s", err.message);
	}
}

json_t *clock_view(const struct tg_match *m)
{
	if (m->tc.kind == TG_TC_NONE || !m->has_clock)
		return json_null();
	json_t *left = json_object(), *running = json_array(), *flagged = json_array();
	for (int r = 0; r < m->nroles; r++) {
		const char *role = m->mod->roles[r];
		json_object_set_new(left, role, json_integer(m->clock.bank[r]));
		if (m->clock.running & (1u << r))
			json_array_append_new(running, json_string(role));
		if (m->clock.flagged & (1u << r))
			json_array_append_new(flagged, json_string(role));
	}
	json_t *paused = json_object();
	for (int r = 0; r < m->nroles; r++)
		if (m->vac_until[r] > m->clock.since)
			json_object_set_new(paused, m->mod->roles[r],
			                    json_integer(m->vac_until[r]));
	int64_t due = tg_clock_deadline(&m->clock);
	return json_pack("{s:I,s:o,s:o,s:o,s:o,s:o}", "since", (json_int_t)m->clock.since, "left",
	                 left, "running", running, "flagged", flagged, "deadline",
	                 due == INT64_MAX ? json_null() : json_integer(due), "paused", paused);
}

/* A clock ran out: the role is flagged, and the participants are told; past
 * the grace of "on_timeout": "auto" the match ends. */
static void clock_expired(struct tg_server *srv, struct tg_match *m, int64_t now)
{
	unsigned before = m->clock.flagged;
	struct tg_error err = {0};
	if (clock_sync(srv, m, &err) != 0) {
		srv_tx_fail(srv);
		TG_ERROR(0, m->id, "could not store its clock: %s", err.message);
		return;
	}
	match_touch(srv, m);
	for (int r = 0; r < m->nroles; r++)
		if (m->clock.flagged & ~before & (1u << r))
			TG_INFO(0, m->id, "%s is out of time", m->mod->roles[r]);
	if (auto_end(srv, m) <= now) {
		if (timeout_finish(srv, m, &err) != 0) {
			srv_tx_fail(srv);
			TG_ERROR(0, m->id, "could not end it on time: %s", err.message);
		}
		return;
	}
	views_push_match(srv, m);
}

/* Roles whose clock now runs low are told (notify.c); true if any was,
 * and the match's next event is filed. */
static bool clock_low(struct tg_server *srv, struct tg_match *m, int64_t now)
{
	bool any = false;
	for (int r = 0; r < m->nroles; r++) {
		if (low_at(srv, m, r) > now)
			continue;
		struct tg_error err = {0};
		int64_t left = m->clock.since + m->clock.bank[r] - now;
		m->low_warned |= 1u << r;
		any = true;
		if (notify_clock_low(srv, m, r, left < 0 ? 0 : left,
		                     m->clock.since + m->clock.bank[r], &err) != 0) {
			srv_tx_fail(srv);
			TG_ERROR(0, m->id, "could not queue the clock warning: %s", err.message);
		}
	}
	if (any)
		file_deadline(srv, m);
	return any;
}

void clocks_poll(struct tg_server *srv)
{
	int64_t now = srv_now();
	const struct tg_deadline_entry *top;
	while ((top = tg_heap_top(&srv->deadlines)) && top->when <= now) {
		struct tg_match *m = match_find(srv, top->id);
		int64_t was = top->when;
		if (m && !clock_low(srv, m, now))
			clock_expired(srv, m, now);
		/* Whatever happened, this entry must not come back at once. */
		top = tg_heap_top(&srv->deadlines);
		if (top && top->id == (m ? m->id : -1) && top->when == was)
			tg_heap_remove(&srv->deadlines, top->slot);
		if (!m)
			break;
	}
	tourney_sched_poll(srv);
	clocks_arm(srv);
}

static void on_clock_timer(uv_timer_t *t)
{
	if (t->data)
		clocks_poll(t->data); /* the turn's uv_check commits what it wrote */
}

void clocks_arm(struct tg_server *srv)
{
	if (!srv->clock_timer || srv->shutting_down)
		return;
	const struct tg_deadline_entry *top = tg_heap_top(&srv->deadlines);
	int64_t when = top ? top->when : INT64_MAX;
	/* A tournament that starts at a set time (tourney_sched.c). */
	if (srv->tourney_next_start && srv->tourney_next_start < when)
		when = srv->tourney_next_start;
	if (when == INT64_MAX) {
		uv_timer_stop(srv->clock_timer);
		return;
	}
	int64_t now = srv_now();
	uint64_t ms = when <= now ? 0 : (uint64_t)(when - now) * 1000;
	if (ms > CLOCK_RECHECK_MS)
		ms = CLOCK_RECHECK_MS;
	uv_timer_start(srv->clock_timer, on_clock_timer, ms, 0);
}
