/* 10.7: "Attacking units may only retreat into the Area from which they
 * entered the attacked Area. Exception: Fully-Stacked Areas; see Cases
 * 10.7.1 and 10.7.2 below to determine which Area affected units/leaders
 * retreat to." 10.7.1: "Units must retreat one unit at a time to determine
 * if the Area becomes fully-stacked. If it does, subsequent units must
 * continue their retreat to another Area that is not fully-stacked. In
 * this event, both Attackers and Defenders must follow the Retreat
 * Priorities". 10.4.4: "Assaulting units in a Mandatory Assault must
 * retreat". A.P. Hill's infantry enters Ellerson's Mill (6) from
 * Mechanicsville (3) and is repulsed by McCall; 3 has meanwhile been
 * filled to the stacking limit (7.1: ten units). The seed is searched
 * for a Repulse, the dice read ahead in the rule's order. */
#include "boal_impulse_testkit.h"

static bool has(const int *a, int n, int x)
{
	for (int i = 0; i < n; i++)
		if (a[i] == x)
			return true;
	return false;
}

/* the Mandatory Assault of 6 from 3, set for a Repulse: AV 6 (A.P. Hill 6,
 * Lee Active) against DV 13 (test_boal_10_4_assault_procedure) */
static void repulse_ahead(struct boal_state *s)
{
	for (int seed = 1; seed < 5000; seed++) {
		bt_setup(s, false);
		uint8_t key[TG_SEED_BYTES] = {(uint8_t)seed, (uint8_t)(seed >> 8), 10, 7};
		tg_rng_init(&s->rng, key);
		int adr, ddr;
		bt_predict(s, &adr, &ddr);
		if (6 + adr < 13 + ddr)
			break;
	}
	s->army_active[BOAL_CONFEDERATE] = true;
	s->unit[bt_unit("aphill_inf")].area = 3;
	s->control[3] = BOAL_CONFEDERATE;
	boal_impulse_begin(s, BOAL_CONFEDERATE);
	CHECK_EQ_INT(bt_act(s, 1, "{\"type\":\"activate\",\"area\":3}"), 0);
	CHECK_EQ_INT(bt_act(s, 1, "{\"type\":\"activate_unit\",\"unit\":\"aphill_inf\"}"), 0);
	CHECK_EQ_INT(bt_act(s, 1, "{\"type\":\"move\",\"unit\":\"aphill_inf\",\"to\":6}"), 0);
}

static void assault(struct boal_state *s)
{
	CHECK_EQ_INT(bt_act(s, 1,
	                    "{\"type\":\"assault\",\"area\":6,\"point\":\"aphill_inf\","
	                    "\"units\":[\"aphill_inf\"]}"),
	             0);
	CHECK_EQ_INT(bt_act(s, 0, "{\"type\":\"forward\",\"unit\":\"mccall_inf\"}"), 0);
	CHECK_EQ_INT(s->imp.a_result, BOAL_REPULSE);
}

int main(void)
{
	struct boal_state s;
	const int C = BOAL_CONFEDERATE;
	const struct boal_data *d = bt_data();
	const int hill = bt_unit("aphill_inf");

	/* 3 not full: back into 3, the area it entered from */
	repulse_ahead(&s);
	assault(&s);
	CHECK_EQ_INT(s.unit[hill].area, 3);

	/* 3 full: by the priorities from 6 instead, never into 3 */
	repulse_ahead(&s);
	int filled = 0;
	for (int u = 0; u < s.n_units && !boal_fully_stacked(&s, d, C, 3); u++)
		if (d->unit[u].side == C && u != hill && s.unit[u].area != 3) {
			s.unit[u].area = 3;
			filled++;
		}
	CHECK(boal_fully_stacked(&s, d, C, 3));
	int out[TG_AREA_MAX];
	int n = boal_retreat_options(&s, d, C, 6, out);
	CHECK(n > 0 && !has(out, n, 3));
	assault(&s);
	if (s.imp.step == BOAL_IS_RETREAT) {
		/* ties: the owner chooses among the areas of the best priority */
		CHECK_EQ_INT(tg_pending_awaiting(bt_table, BT_N, &s), 1u << C);
		CHECK_EQ_INT(bt_offers(&s, C, "retreat_to", NULL, 3), 0);
		char buf[64];
		snprintf(buf, sizeof buf, "{\"type\":\"retreat_to\",\"area\":%d}", out[n - 1]);
		CHECK_EQ_INT(bt_act(&s, C, buf), 0);
	}
	CHECK(s.unit[hill].area != 3 && s.unit[hill].area != 6);
	CHECK(has(out, n, s.unit[hill].area));
	CHECK(s.unit[hill].exhausted); /* a Repulse's Fresh attacker, not eliminated */
	int in3 = 0;
	for (int u = 0; u < s.n_units; u++)
		in3 += s.unit[u].area == 3 && d->unit[u].side == C;
	CHECK_EQ_INT(in3, filled);

	/* nowhere open from 6, nor beyond the full 3 (README decision 12: a
	 * full area is passed through): 10.7.4 eliminates it */
	repulse_ahead(&s);
	for (int u = 0; u < s.n_units && !boal_fully_stacked(&s, d, C, 3); u++)
		if (d->unit[u].side == C && u != hill && s.unit[u].area != 3)
			s.unit[u].area = 3;
	static const int around[] = {6, 3};
	for (int j = 0; j < 2; j++) {
		int nb[TG_AREA_DEGREE];
		int k = tg_areagraph_neighbours(&d->graph, around[j], nb);
		for (int i = 0; i < k; i++) {
			if (nb[i] == 3 || nb[i] == 6)
				continue;
			s.control[nb[i]] = BOAL_UNION;
			for (int u = 0; u < s.n_units; u++)
				if (d->unit[u].side == C && s.unit[u].area == nb[i])
					s.unit[u].area = BOAL_NOWHERE;
		}
	}
	CHECK_EQ_INT(boal_retreat_options(&s, d, C, 6, out), 0);
	assault(&s);
	CHECK_EQ_INT(s.unit[hill].area, BOAL_NOWHERE);
	return tap_done();
}
