/* 8.3.2: each unmoved Raider on the track rolls: the Union loses a CSP (a
 * PC when it has none) on 4-6 unopposed, 5-6 against one Fleet, 6 against
 * two. 8.3.4: one Fleet sinks its Raider on a 6, SHADOW and HUNT together on
 * 4-6; Assets (not Raiders) in a fully blockaded ocean port with no CS
 * force are destroyed on 4-6 (+2 after Foote). 8.3.5: unopposed fleets on
 * the track go home (in play the Union picks the port). Every roll is checked against the die the
 * log shows. */
#include "lw_naval_fixture.h"

static int logged_die(const struct lw_state *s, const char *part, const char *key)
{
	const char *l = nv_log(s, part);
	const char *k = l ? strstr(l, key) : NULL;
	int d = 0;
	if (!k || sscanf(k + strlen(key), "%d", &d) != 1)
		return -1;
	return d;
}

int main(void)
{
	struct game *g = nv_game(83);
	struct lw_state *s = &g->s;
	const int need_raid[3] = {4, 5, 6};
	int seen_hit[3] = {0}, seen_miss[3] = {0};
	for (int trial = 0; trial < 90; trial++) {
		int f = trial % 3;
		memset(&s->navy, 0, sizeof s->navy);
		nv_raider_raid(s, 0, 1);
		if (f >= 1)
			nv_fleet(s, 0, LW_NW_SHADOW, 1);
		if (f >= 2)
			nv_fleet(s, 1, LW_NW_HUNT, 1);
		s->side[LW_UNION].csp = (int16_t)(trial % 2);
		s->side[LW_UNION].pc = 10;
		int csp = s->side[LW_UNION].csp;
		int lost = lw_naval_raids(s);
		CHECK_EQ_INT(lost, s->side[LW_UNION].csp != csp || s->side[LW_UNION].pc != 10);
		int die = logged_die(s, "RAID hex 2 rolls", "rolls ");
		bool hit = die >= need_raid[f];
		CHECKF(die >= 1 && die <= 6, "die %d", die);
		/* a CSP first, a PC when there is none (3.3 note, 8.3.2) */
		if (hit && csp)
			CHECK(s->side[LW_UNION].csp == 0 && s->side[LW_UNION].pc == 10);
		else if (hit)
			CHECK_EQ_INT(s->side[LW_UNION].pc, 9);
		else
			CHECK(s->side[LW_UNION].csp == csp && s->side[LW_UNION].pc == 10);
		seen_hit[f] += hit;
		seen_miss[f] += !hit;

		/* 8.3.4: the hunt of the same column */
		if (f >= 1) {
			lw_naval_hunt(s);
			int hd = logged_die(s, "The Union hunts", "roll ");
			bool sunk = hd >= (f == 2 ? 4 : 6);
			CHECK_EQ_INT(s->navy.raider[0].where, sunk ? LW_NW_GONE : LW_NW_RAID);
			/* 8.3.5: with the Raider sunk the fleets go home */
			lw_naval_return_fleets(s);
			CHECK_EQ_INT(s->navy.fleet[0].where, sunk ? LW_NW_PORT : LW_NW_SHADOW);
			if (sunk)
				CHECK_EQ_INT(s->navy.fleet[0].hex, nv_hex("washington"));
		}
	}
	for (int f = 0; f < 3; f++)
		CHECKF(seen_hit[f] > 0 && seen_miss[f] > 0, "fleets %d: %d hits %d misses", f,
		       seen_hit[f], seen_miss[f]);
	/* raiders in port never raid */
	memset(&s->navy, 0, sizeof s->navy);
	nv_raider_port(s, 0, nv_hex("mobile"));
	int r = lw_naval_raids(s), h = lw_naval_hunt(s);
	CHECK(r == 0 && h == 0);

	/* 8.1.2.5 / 8.3.4: Assets in a fully blockaded port */
	int ic = nv_slot(LW_AK_IRONCLAD);
	int destroyed = 0, kept = 0, foote_ok = 0;
	for (int trial = 0; trial < 60; trial++) {
		memset(&s->navy, 0, sizeof s->navy);
		s->navy.foote = (uint8_t)(trial >= 30);
		nv_blockade(s, "mobile", 0);
		nv_asset(s, ic, nv_hex("mobile"));
		nv_raider_port(s, 0, nv_hex("mobile")); /* exempt */
		lw_naval_destroy_in_ports(s);
		int d = logged_die(s, "Mobile", "roll ");
		bool gone = s->navy.asset[ic].where == LW_NW_GONE;
		CHECKF(gone == (d >= 4), "roll %d gone %d", d, gone);
		destroyed += gone;
		kept += !gone;
		foote_ok += s->navy.foote && d >= 3; /* 1 + 2 is the lowest modified roll */
		CHECK_EQ_INT(s->navy.raider[0].where, LW_NW_PORT);
	}
	CHECK(destroyed > 0 && kept > 0);
	CHECK(foote_ok == 30);
	/* a CS force in the port protects its Assets; so does an open port */
	memset(&s->navy, 0, sizeof s->navy);
	nv_asset(s, ic, nv_hex("charleston"));
	int d1 = lw_naval_destroy_in_ports(s);
	CHECK_EQ_INT(d1, 0);
	nv_blockade(s, "charleston", 0);
	int cs = -1;
	for (int u = 0; u < s->n_units && cs < 0; u++)
		if (s->unit[u].side == LW_CONFEDERATE && s->unit[u].where == LW_W_MAP)
			cs = u;
	int keep_hex = s->unit[cs].hex;
	s->unit[cs].hex = (int16_t)nv_hex("charleston");
	uint64_t used = s->rng.consumed;
	int d2 = lw_naval_destroy_in_ports(s);
	CHECK_EQ_INT(d2, 0);
	CHECK(s->rng.consumed == used);
	s->unit[cs].hex = (int16_t)keep_hex;

	/* 8.3.5 in play: the Union picks the friendly port of each unopposed fleet */
	memset(&s->navy, 0, sizeof s->navy);
	nv_fleet(s, 0, LW_NW_SHADOW, 2);
	nv_fleet(s, 1, LW_NW_HUNT, 2);
	nv_naval_phase(s, LW_UNION);
	CHECKF(tk_act(g, "union", "{\"type\":\"end_naval\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->phase, LW_PH_NAVAL);
	CHECK_EQ_INT(s->navy.stage, LW_NS_HOME);
	CHECK(nv_offered(g, "union", "fleet_home"));
	char a[80];
	snprintf(a, sizeof a, "{\"type\":\"fleet_home\",\"hex\":%d}", nv_hex("norfolk"));
	CHECK(tk_act(g, "union", a) != 0);
	CHECK(strstr(tk_err.message, "8.3.5") != NULL);
	snprintf(a, sizeof a, "{\"type\":\"fleet_home\",\"hex\":%d}", nv_hex("new_york"));
	CHECKF(tk_act(g, "union", a) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->navy.stage, LW_NS_HOME);
	snprintf(a, sizeof a, "{\"type\":\"fleet_home\",\"hex\":%d}", nv_hex("baltimore"));
	CHECKF(tk_act(g, "union", a) == 0, "%s", tk_err.message);
	CHECK(s->phase != LW_PH_NAVAL);
	CHECK(s->navy.fleet[0].where == LW_NW_PORT && s->navy.fleet[0].hex == nv_hex("new_york"));
	CHECK(s->navy.fleet[1].where == LW_NW_PORT && s->navy.fleet[1].hex == nv_hex("baltimore"));
	lincolns_war_module.free(g);
	return tap_done();
}
