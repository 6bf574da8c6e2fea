/* timecontrol.c — see timecontrol.h. */
#include "clock/timecontrol.h"

#include <stdio.h>
#include <string.h>

#define H 3600LL
#define D (24 * H)

const struct tg_time_control tg_tc_presets[] = {
    {TG_TC_CORRESPONDENCE, 3 * D, 12 * H, 5 * D, 0, "correspondence-3d", false},
    {TG_TC_CORRESPONDENCE, 7 * D, 1 * D, 10 * D, 0, "correspondence-7d", false},
    {TG_TC_PER_MOVE, 0, 0, 0, 1 * D, "daily", false},
    {TG_TC_PER_MOVE, 0, 0, 0, 3 * D, "three-days", false},
    {TG_TC_LIVE, 60 * 60, 30, 0, 0, "live-60+30", false},
    {TG_TC_LIVE, 120 * 60, 60, 0, 0, "live-120+60", false},
    {TG_TC_NONE, 0, 0, 0, 0, "", false},
};

static int fail(char *err, size_t errlen, const char *msg)
{
	snprintf(err, errlen, "%s", msg);
	return -1;
}

/* A whole number of seconds in [lo, TG_TC_MAX_SECONDS], from member name. */
static int seconds(const json_t *j, const char *name, int64_t lo, int64_t *out, char *err,
                   size_t errlen)
{
	const json_t *v = json_object_get(j, name);
	if (!v) {
		if (lo == 0) {
			*out = 0;
			return 0;
		}
		snprintf(err, errlen, "time_control.%s is required", name);
		return -1;
	}
	if (!json_is_integer(v) || json_integer_value(v) < lo ||
	    json_integer_value(v) > TG_TC_MAX_SECONDS) {
		snprintf(err, errlen, "time_control.%s must be whole seconds from %lld to %lld",
		         name, (long long)lo, (long long)TG_TC_MAX_SECONDS);
		return -1;
	}
	*out = json_integer_value(v);
	return 0;
}

int tg_tc_parse(const json_t *j, struct tg_time_control *tc, char *err, size_t errlen)
{
	memset(tc, 0, sizeof *tc);
	if (!j || json_is_null(j))
		return 0;
	if (json_is_string(j)) {
		for (const struct tg_time_control *p = tg_tc_presets; p->kind != TG_TC_NONE; p++)
			if (strcmp(p->preset, json_string_value(j)) == 0) {
				*tc = *p;
				return 0;
			}
		return fail(err, errlen, "unknown time_control preset (see the welcome's list)");
	}
	if (!json_is_object(j))
		return fail(err, errlen, "time_control must be null, a preset name or an object");
	const char *kind = json_string_value(json_object_get(j, "kind"));
	if (!kind)
		return fail(err, errlen, "time_control.kind is required");
	if (strcmp(kind, "correspondence") == 0) {
		tc->kind = TG_TC_CORRESPONDENCE;
		if (seconds(j, "initial", 60, &tc->initial, err, errlen) < 0 ||
		    seconds(j, "increment", 0, &tc->increment, err, errlen) < 0 ||
		    seconds(j, "cap", 0, &tc->cap, err, errlen) < 0)
			return -1;
		if (tc->cap && tc->cap < tc->initial)
			return fail(err, errlen, "time_control.cap must not be below initial");
	} else if (strcmp(kind, "per_move") == 0) {
		tc->kind = TG_TC_PER_MOVE;
		if (seconds(j, "per_move", 60, &tc->per_move, err, errlen) < 0)
			return -1;
	} else if (strcmp(kind, "live") == 0) {
		tc->kind = TG_TC_LIVE;
		if (seconds(j, "initial", 60, &tc->initial, err, errlen) < 0 ||
		    seconds(j, "increment", 0, &tc->increment, err, errlen) < 0)
			return -1;
	} else {
		return fail(err, errlen,
		            "time_control.kind must be correspondence, per_move or live");
	}
	const json_t *on = json_object_get(j, "on_timeout");
	if (on) {
		const char *v = json_string_value(on);
		if (!v || (strcmp(v, "claim") != 0 && strcmp(v, "auto") != 0))
			return fail(err, errlen, "time_control.on_timeout must be claim or auto");
		tc->auto_timeout = strcmp(v, "auto") == 0;
	}
	return 0;
}

static json_t *tc_members(const struct tg_time_control *tc)
{
	switch (tc->kind) {
	case TG_TC_CORRESPONDENCE:
		return json_pack("{s:s, s:s, s:I, s:I, s:I}", "kind", "correspondence", "preset",
		                 tc->preset, "initial", (json_int_t)tc->initial, "increment",
		                 (json_int_t)tc->increment, "cap", (json_int_t)tc->cap);
	case TG_TC_PER_MOVE:
		return json_pack("{s:s, s:s, s:I}", "kind", "per_move", "preset", tc->preset,
		                 "per_move", (json_int_t)tc->per_move);
	case TG_TC_LIVE:
		return json_pack("{s:s, s:s, s:I, s:I}", "kind", "live", "preset", tc->preset,
		                 "initial", (json_int_t)tc->initial, "increment",
		                 (json_int_t)tc->increment);
	case TG_TC_NONE:
		break;
	}
	return NULL;
}

json_t *tg_tc_json(const struct tg_time_control *tc)
{
	json_t *j = tc_members(tc);
	if (j)
		json_object_set_new(j, "on_timeout",
		                    json_string(tc->auto_timeout ? "auto" : "claim"));
	return j;
}

void tg_clock_start(struct tg_clock *c, const struct tg_time_control *tc, int nroles,
                    unsigned awaiting, unsigned paused, int64_t now)
{
	memset(c, 0, sizeof *c);
	for (int r = 0; r < nroles && r < TG_CLOCK_ROLES; r++)
		c->bank[r] = tc->kind == TG_TC_PER_MOVE ? tc->per_move : tc->initial;
	c->since = now;
	c->awaiting = awaiting;
	c->running = tc->kind == TG_TC_NONE ? 0 : awaiting & ~paused;
}

void tg_clock_update(struct tg_clock *c, const struct tg_time_control *tc, int nroles,
                     unsigned awaiting, unsigned paused, int64_t now)
{
	if (tc->kind == TG_TC_NONE)
		return;
	int64_t elapsed = now > c->since ? now - c->since : 0;
	for (int r = 0; r < nroles && r < TG_CLOCK_ROLES; r++) {
		unsigned bit = 1u << r;
		if (c->running & bit) {
			if (c->bank[r] <= elapsed) {
				if (!c->flagged_at || c->since + c->bank[r] < c->flagged_at)
					c->flagged_at = c->since + c->bank[r];
				c->bank[r] = 0;
				c->flagged |= bit;
			} else {
				c->bank[r] -= elapsed;
			}
		}
		if (c->flagged & bit)
			continue;
		bool was = c->awaiting & bit, is = awaiting & bit;
		if (was && !is && tc->kind != TG_TC_PER_MOVE) {
			c->bank[r] += tc->increment;
			if (tc->cap && c->bank[r] > tc->cap)
				c->bank[r] = tc->cap;
		}
		if (!was && is && tc->kind == TG_TC_PER_MOVE)
			c->bank[r] = tc->per_move;
	}
	c->since = now;
	c->awaiting = awaiting;
	c->running = awaiting & ~paused & ~c->flagged;
}

int64_t tg_clock_left(const struct tg_clock *c, int role, int64_t now)
{
	if (role < 0 || role >= TG_CLOCK_ROLES)
		return 0;
	int64_t left = c->bank[role];
	if (c->running & (1u << role) && now > c->since)
		left -= now - c->since;
	return left > 0 ? left : 0;
}

int64_t tg_clock_deadline(const struct tg_clock *c)
{
	int64_t first = INT64_MAX;
	for (int r = 0; r < TG_CLOCK_ROLES; r++)
		if (c->running & (1u << r) && c->since + c->bank[r] < first)
			first = c->since + c->bank[r];
	return first;
}

void tg_clock_after_restart(struct tg_clock *c, int nroles, int64_t grace, int64_t now)
{
	int64_t elapsed = now > c->since ? now - c->since : 0;
	for (int r = 0; r < nroles && r < TG_CLOCK_ROLES; r++) {
		unsigned bit = 1u << r;
		if (!(c->running & bit) || (c->flagged & bit))
			continue;
		c->bank[r] -= elapsed;
		if (c->bank[r] < grace)
			c->bank[r] = grace;
	}
	c->since = now;
}

json_t *tg_clock_json(const struct tg_clock *c, int nroles)
{
	json_t *bank = json_array();
	for (int r = 0; bank && r < nroles && r < TG_CLOCK_ROLES; r++)
		json_array_append_new(bank, json_integer(c->bank[r]));
	return json_pack("{s:o?, s:I, s:I, s:I, s:I, s:I}", "bank", bank, "since",
	                 (json_int_t)c->since, "awaiting", (json_int_t)c->awaiting, "running",
	                 (json_int_t)c->running, "flagged", (json_int_t)c->flagged, "flagged_at",
	                 (json_int_t)c->flagged_at);
}

int tg_clock_from_json(const json_t *j, int nroles, struct tg_clock *c)
{
	json_t *bank;
	json_int_t since, awaiting, running, flagged, flagged_at = 0;
	if (nroles < 1 || nroles > TG_CLOCK_ROLES ||
	    json_unpack((json_t *)j, "{s:o, s:I, s:I, s:I, s:I, s?I}", "bank", &bank, "since",
	                &since, "awaiting", &awaiting, "running", &running, "flagged", &flagged,
	                "flagged_at", &flagged_at) != 0 ||
	    !json_is_array(bank) || json_array_size(bank) != (size_t)nroles)
		return -1;
	json_int_t all = (json_int_t)((1u << nroles) - 1);
	if (awaiting & ~all || running & ~all || flagged & ~all || awaiting < 0 || running < 0 ||
	    flagged < 0)
		return -1;
	memset(c, 0, sizeof *c);
	for (int r = 0; r < nroles; r++) {
		json_t *b = json_array_get(bank, (size_t)r);
		if (!json_is_integer(b) || json_integer_value(b) < 0)
			return -1;
		c->bank[r] = json_integer_value(b);
	}
	c->since = since;
	c->awaiting = (unsigned)awaiting;
	c->running = (unsigned)running;
	c->flagged = (unsigned)flagged;
	c->flagged_at = flagged_at;
	return 0;
}
