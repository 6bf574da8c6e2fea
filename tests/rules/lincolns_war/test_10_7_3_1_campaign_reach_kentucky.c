/* 10.7.3.1 "Both forces must end their movement in the region named on the
 * campaign card" with 2.4.3: Kentucky "starts the game neutral"; "When a
 * player becomes the first to move, attack or retreat a force into any hex
 * in Kentucky, his opponent is immediately granted five PC". Neutrality
 * has a price, not a wall: a march may enter Kentucky. A Union force in
 * Tennessee whose only way into the Up North region (IL, IN, OH, PA, MD)
 * runs through Kentucky, still neutral:
 *  - may be designated for the Up North card (it can end its movement
 *    there);
 *  - may not stop in Tennessee, nor step where it could not get in any
 *    more, while that way is open;
 *  - steps into Kentucky (the violation: five PC to the Confederate, the
 *    search going on from the state the step leaves) and on into the
 *    region, where it may stop. */
#include "lw_campaign_fixture.h"

static bool in_state(int hex, const char *st)
{
	const struct lw_hex *h = lw_data_hex(lw_D(), hex);
	return h && strcmp(h->state, st) == 0;
}

static int walk(int *p, int k);

/* A walk p[0] (TN) -> Kentucky ... -> Up North of at most 4 hexes, every
 * neighbour of p[0] outside Kentucky at least 3 hexes from Up North (so
 * that the only way in, on three hexes of movement, is through Kentucky),
 * and a hex q next to p[0] in Tennessee further from Up North. */
static int find(const struct game *g, int *p, int *q)
{
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes; i++) {
		int h = d->hexes[i].id;
		if (!in_state(h, "TN") || !gf_plain(g, h))
			continue;
		int nb[6], c = tg_hex_neighbours(&d->grid, h, nb);
		bool only = true;
		*q = LW_NO_HEX;
		for (int j = 0; j < c && only; j++) {
			if (in_state(nb[j], "KY"))
				continue;
			only = cf_dist(nb[j], LW_REGION_UP_NORTH) >= 3;
			if (in_state(nb[j], "TN") && gf_plain(g, nb[j]) &&
			    !(lw_data_hexside_flags(d, h, nb[j]) & LW_HS_IMPASSABLE))
				*q = nb[j];
		}
		if (!only || *q == LW_NO_HEX)
			continue;
		/* h -> KY -> (KY ->) Up North over land without cities */
		p[0] = h;
		int n = walk(p, 1);
		if (n)
			return n;
	}
	return 0;
}

/* Can the walk p[0..k) go on into Up North through Kentucky (4 hexes at
 * most, no city, no impassable hexside)? Its length, or 0. */
static int walk(int *p, int k)
{
	const struct lw_data *d = lw_D();
	if (k > 1 && cf_region(p[k - 1]) == LW_REGION_UP_NORTH)
		return k;
	if (k == 4)
		return 0;
	int nb[6], c = tg_hex_neighbours(&d->grid, p[k - 1], nb);
	for (int j = 0; j < c; j++) {
		const struct lw_hex *x = lw_data_hex(d, nb[j]);
		if (!x || x->city >= 0 || x->terrain == LW_TERRAIN_OCEAN ||
		    (lw_data_hexside_flags(d, p[k - 1], nb[j]) & LW_HS_IMPASSABLE))
			continue;
		if (!in_state(nb[j], "KY") && (int)x->region != LW_REGION_UP_NORTH)
			continue;
		p[k] = nb[j];
		int n = walk(p, k + 1);
		if (n)
			return n;
	}
	return 0;
}

int main(void)
{
	struct game *g = gf_new(61, LW_UNION);
	struct lw_state *s = &g->s;
	int p[4] = {0}, q = LW_NO_HEX;
	int n = find(g, p, &q);
	if (!CHECKF(n >= 3, "a Tennessee hex whose only way into Up North is Kentucky"))
		return tap_done();
	CHECK_EQ_INT(s->kentucky.violator, LW_NOSIDE);
	int grant = gf_place(g, "grant", p[0], 2);
	int card = cf_campaign_card(LW_REGION_UP_NORTH);
	if (!CHECK(card != 0))
		return tap_done();
	tk_give(s, LW_UNION, card);
	char buf[200];
	snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":%d,\"use\":\"campaign\"}", card);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union",
	              "{\"type\":\"campaign_forces\",\"first\":\"grant\",\"second\":\"none\"}") ==
	           0,
	       "%s", tk_err.message);
	CHECK_EQ_INT(s->kentucky.violator, LW_NOSIDE); /* the search violated nothing */
	CHECKF(tk_act(g, "union", "{\"type\":\"activate\",\"general\":\"grant\"}") == 0, "%s",
	       tk_err.message);
	/* held: the way through Kentucky is open */
	CHECK(!tk_offers(g, "union", "End Ulysses"));
	CHECK(tk_act(g, "union", "{\"type\":\"stop\"}") != 0);
	CHECKF(strstr(tk_err.message, "10.7.3.1"), "%s", tk_err.message);
	/* a step away from Kentucky leaves no way in */
	CHECK(tk_act(g, "union", gf_move(buf, sizeof buf, q)) != 0);
	CHECKF(strstr(tk_err.message, "10.7.3.1") && strstr(tk_err.message, "could not end"), "%s",
	       tk_err.message);
	/* into Kentucky: the violation, and the way goes on */
	int cs = s->side[LW_CONFEDERATE].pc;
	for (int k = 1; k < n; k++) {
		CHECKF(tk_act(g, "union", gf_move(buf, sizeof buf, p[k])) == 0, "%s",
		       tk_err.message);
		if (s->step == LW_ST_HARASS) /* 13.2.5 asked (no cavalry to harass) */
			CHECKF(tk_act(g, "confederate", "{\"type\":\"no_harass\"}") == 0, "%s",
			       tk_err.message);
		if (k == 1) {
			CHECK_EQ_INT(s->kentucky.violator, LW_UNION);
			CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc,
			             cs + lw_D()->tables.kentucky_violation_pc);
		}
		if (k < n - 1) /* in Kentucky: outside the region */
			CHECK(tk_act(g, "union", "{\"type\":\"stop\"}") != 0);
	}
	CHECK(tk_offers(g, "union", "End Ulysses"));
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[grant].hex, p[n - 1]);
	CHECK_EQ_INT(cf_region(p[n - 1]), LW_REGION_UP_NORTH);
	lincolns_war_module.free(g);
	return tap_done();
}
