/* test_clock_timecontrol.c — time controls with an injected clock: no test
 * sleeps. Times are written as day/hour arithmetic beside each check. */
#include "clock/timecontrol.h"
#include "tap.h"

#include <string.h>

#define H 3600LL
#define D (24 * H)
#define T0 1800000000LL /* an arbitrary epoch second */
#define UNION 1u
#define CONF 2u

static struct tg_time_control tc_of(const char *json)
{
	struct tg_time_control tc;
	char err[160] = "";
	json_t *j = json_loads(json, JSON_DECODE_ANY, NULL);
	int rc = tg_tc_parse(j, &tc, err, sizeof err);
	CHECKF(rc == 0, "%s: %s", json, err);
	json_decref(j);
	return tc;
}

static bool refused(const char *json, const char *needle)
{
	struct tg_time_control tc;
	char err[160] = "";
	json_t *j = json_loads(json, JSON_DECODE_ANY, NULL);
	int rc = tg_tc_parse(j, &tc, err, sizeof err);
	json_decref(j);
	return rc == -1 && strstr(err, needle) != NULL;
}

int main(void)
{
	/* ---- parsing ---- */
	struct tg_time_control none = tc_of("null");
	CHECK(none.kind == TG_TC_NONE && tg_tc_json(&none) == NULL);
	struct tg_time_control c3 = tc_of("\"correspondence-3d\"");
	CHECK(c3.kind == TG_TC_CORRESPONDENCE && c3.initial == 3 * D && c3.increment == 12 * H &&
	      c3.cap == 5 * D);
	struct tg_time_control custom =
	    tc_of("{\"kind\":\"correspondence\",\"initial\":259200,\"increment\":43200,"
	          "\"cap\":432000}");
	CHECK(custom.initial == c3.initial && custom.cap == c3.cap && custom.preset[0] == 0);
	CHECK(refused("\"blitz\"", "unknown time_control preset"));
	CHECK(refused("{\"kind\":\"sudden\"}", "kind must be"));
	CHECK(refused("{\"kind\":\"live\"}", "initial is required"));
	CHECK(refused("{\"kind\":\"live\",\"initial\":10}", "initial must be whole seconds"));
	CHECK(refused("{\"kind\":\"correspondence\",\"initial\":86400,\"cap\":3600}",
	              "cap must not be below"));
	CHECK(refused("{\"kind\":\"per_move\",\"per_move\":1e9}", "per_move must be"));
	CHECK(refused("[1]", "must be null"));
	CHECK(!c3.auto_timeout);
	CHECK(tc_of("{\"kind\":\"per_move\",\"per_move\":3600,\"on_timeout\":\"auto\"}")
	          .auto_timeout);
	CHECK(refused("{\"kind\":\"per_move\",\"per_move\":3600,\"on_timeout\":\"never\"}",
	              "on_timeout must be claim or auto"));
	/* what the match object shows parses back to the same control */
	for (const struct tg_time_control *p = tg_tc_presets; p->kind != TG_TC_NONE; p++) {
		json_t *j = tg_tc_json(p);
		struct tg_time_control back;
		char err[160];
		json_object_del(j, "preset");
		CHECK(tg_tc_parse(j, &back, err, sizeof err) == 0 && back.kind == p->kind &&
		      back.initial == p->initial && back.increment == p->increment &&
		      back.cap == p->cap && back.per_move == p->per_move);
		json_decref(j);
	}

	/* ---- correspondence 3 days + 12 h, cap 5 days ---- */
	struct tg_clock c;
	tg_clock_start(&c, &c3, 2, UNION, 0, T0);
	CHECK(tg_clock_deadline(&c) == T0 + 3 * D);
	CHECK(tg_clock_left(&c, 1, T0 + D) == 3 * D); /* the Confederate's does not run */
	/* The Union acts three times in a row: no increment yet (a move ends
	 * when the role stops being awaited). */
	tg_clock_update(&c, &c3, 2, UNION, 0, T0 + 1 * H);
	tg_clock_update(&c, &c3, 2, UNION, 0, T0 + 2 * H);
	CHECK(tg_clock_left(&c, 0, T0 + 2 * H) == 3 * D - 2 * H);
	/* ... and hands over after a day: 3d - 1d + 12h = 2d 12h. */
	tg_clock_update(&c, &c3, 2, CONF, 0, T0 + D);
	CHECK(c.bank[0] == 2 * D + 12 * H);
	CHECK(tg_clock_deadline(&c) == T0 + D + 3 * D);
	/* The Confederate answers in 2 h: 3d - 2h + 12h = 3d 10h. */
	tg_clock_update(&c, &c3, 2, UNION, 0, T0 + D + 2 * H);
	CHECK(c.bank[1] == 3 * D + 10 * H);
	/* Quick moves fill the bank to the cap and no further. */
	int64_t t = T0 + D + 2 * H;
	for (int i = 0; i < 20; i++) {
		t += 60;
		tg_clock_update(&c, &c3, 2, i % 2 ? UNION : CONF, 0, t);
	}
	CHECK(c.bank[0] == 5 * D && c.bank[1] == 5 * D);

	/* A simultaneous choice runs both clocks; the deadline is the nearer. */
	tg_clock_update(&c, &c3, 2, UNION | CONF, 0, t);
	CHECK(c.running == (UNION | CONF));
	c.bank[1] = D;
	CHECK(tg_clock_deadline(&c) == t + D);

	/* Vacation: the Confederate is paused; his clock stops. */
	tg_clock_update(&c, &c3, 2, UNION | CONF, CONF, t + H);
	CHECK(c.running == UNION);
	CHECK(tg_clock_left(&c, 1, t + 10 * D) == D - H);
	CHECK(tg_clock_deadline(&c) == t + H + c.bank[0]);
	tg_clock_update(&c, &c3, 2, CONF, CONF, t + 2 * H);
	CHECK(tg_clock_deadline(&c) == INT64_MAX); /* nobody's clock runs */

	/* Out of time: the bank reaches zero and the role is flagged for good. */
	tg_clock_update(&c, &c3, 2, CONF, 0, t + 3 * H);
	int64_t due = tg_clock_deadline(&c);
	CHECK(due == t + 3 * H + (D - H));
	tg_clock_update(&c, &c3, 2, CONF, 0, due + 5);
	CHECK(c.flagged == CONF && c.bank[1] == 0 && tg_clock_left(&c, 1, due + 99) == 0);
	CHECK(c.flagged_at == due); /* the moment it ran out, not when it was noticed */
	tg_clock_update(&c, &c3, 2, UNION, 0, due + 10); /* no increment when flagged */
	CHECK(c.bank[1] == 0 && (c.flagged & CONF));

	/* ---- per move: a day for each move, afresh each time ---- */
	struct tg_time_control daily = tc_of("\"daily\"");
	tg_clock_start(&c, &daily, 2, UNION, 0, T0);
	tg_clock_update(&c, &daily, 2, CONF, 0, T0 + 20 * H);
	CHECK(c.bank[0] == 4 * H); /* what was left, no increment */
	CHECK(tg_clock_deadline(&c) == T0 + 20 * H + D);
	tg_clock_update(&c, &daily, 2, UNION, 0, T0 + 21 * H);
	CHECK(c.bank[0] == D); /* a fresh day */
	CHECK(tg_clock_deadline(&c) == T0 + 21 * H + D);

	/* ---- live: 60 minutes + 30 s ---- */
	struct tg_time_control live =
	    tc_of("{\"kind\":\"live\",\"initial\":3600,\"increment\":30}");
	tg_clock_start(&c, &live, 2, UNION, 0, T0);
	tg_clock_update(&c, &live, 2, CONF, 0, T0 + 100);
	CHECK(c.bank[0] == 3600 - 100 + 30);
	CHECK(tg_clock_left(&c, 1, T0 + 160) == 3600 - 60);

	/* ---- no time control: nothing runs, nothing is due ---- */
	tg_clock_start(&c, &none, 2, UNION, 0, T0);
	tg_clock_update(&c, &none, 2, CONF, 0, T0 + 99 * D);
	CHECK(tg_clock_deadline(&c) == INT64_MAX && c.flagged == 0);

	/* ---- after a restart: the time counts, but at least the grace is left ---- */
	tg_clock_start(&c, &c3, 2, UNION, 0, T0);
	tg_clock_update(&c, &c3, 2, UNION, 0, T0 + 3 * D - 600); /* ten minutes left */
	/* the daemon is down for two days, then starts with a grace of 1 day */
	tg_clock_after_restart(&c, 2, D, T0 + 5 * D);
	CHECK(tg_clock_left(&c, 0, T0 + 5 * D) == D);
	CHECK(tg_clock_deadline(&c) == T0 + 6 * D);
	CHECK(c.flagged == 0);
	/* a bank above the grace is charged the time since, like any other */
	tg_clock_start(&c, &c3, 2, UNION, 0, T0);
	tg_clock_after_restart(&c, 2, H, T0 + 2 * D);
	CHECK(tg_clock_left(&c, 0, T0 + 2 * D) == D);
	CHECK(c.since == T0 + 2 * D && c.bank[0] == D);
	/* a clock that does not run is left alone, and a flagged role stays out */
	tg_clock_start(&c, &c3, 2, UNION, 0, T0);
	tg_clock_update(&c, &c3, 2, UNION, 0, T0 + 4 * D); /* flagged */
	tg_clock_after_restart(&c, 2, D, T0 + 5 * D);
	CHECK(c.flagged == UNION && c.bank[0] == 0 && c.bank[1] == 3 * D);

	/* ---- the stored form round-trips, and damaged ones are refused ---- */
	tg_clock_start(&c, &c3, 2, UNION | CONF, CONF, T0);
	tg_clock_update(&c, &c3, 2, UNION | CONF, CONF, T0 + H);
	json_t *stored = tg_clock_json(&c, 2);
	struct tg_clock back;
	CHECK(tg_clock_from_json(stored, 2, &back) == 0);
	c.flagged_at = T0 + 5;
	json_decref(stored);
	stored = tg_clock_json(&c, 2);
	CHECK(tg_clock_from_json(stored, 2, &back) == 0 && back.flagged_at == T0 + 5);
	CHECK(back.since == c.since && back.awaiting == c.awaiting && back.running == c.running &&
	      back.flagged == c.flagged && back.bank[0] == c.bank[0] && back.bank[1] == c.bank[1]);
	json_decref(stored);
	const char *bad[] = {"null", "{}",
	                     "{\"bank\":[1],\"since\":1,\"awaiting\":1,\"running\":1,"
	                     "\"flagged\":0}",
	                     "{\"bank\":[1,-5],\"since\":1,\"awaiting\":1,\"running\":1,"
	                     "\"flagged\":0}",
	                     "{\"bank\":[1,2],\"since\":1,\"awaiting\":9,\"running\":1,"
	                     "\"flagged\":0}"};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		json_t *j = json_loads(bad[i], JSON_DECODE_ANY, NULL);
		CHECKF(tg_clock_from_json(j, 2, &back) == -1, "%s", bad[i]);
		json_decref(j);
	}
	return tap_done();
}
