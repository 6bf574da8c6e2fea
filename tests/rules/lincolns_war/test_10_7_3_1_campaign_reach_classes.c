/* 10.7.3.1 "Both forces must end their movement in the region named on the
 * campaign card", with 12.5 "A Force may pass through a friendly occupied
 * hex if the CO of the moving Force outranks the existing CO in the hex
 * being entered. In this case the higher ranking, moving CO may pick up a
 * force in the hex and continue moving", 12.9 "A general or CO who enters
 * a hex containing another general or CO of equal or greater rank must end
 * his move in that hex" and 12.4 "if a three-star general is NOT present
 * ... the stacking limit would be six stars".
 *
 * lw_campaign.c's search names generals no rule tells apart by one class
 * (classes_init, "Generals the search cannot tell apart") and keys its memo
 * on the classes. Two generals not of the force share a class only when
 * they stand in one hex: such a general is in the key only once a pickup
 * (12.5) has taken all of his hex, and where the other one still stands is
 * in no key. Here two one-star generals not of the force, a and b, are
 * alike in everything but their hex, and only picking up b brings the
 * force in:
 *
 *   The campaign force, a two-star CO c and a one-star w, walked from S to
 *   R, where w was left behind (12.8); c is Reluctant to Follow Orders
 *   (10.7.4: he may leave no one behind now). The region's only hexes in
 *   reach are E, two hexes from R, and E2, next to B; A and B are the two
 *   hexes between R and E (a stands in A, b in B); the enemy holds every
 *   other hex around. Two two-star generals stand in E2: room for w, not
 *   for c with b (12.4). w (one star, two hexes left) reaches the region
 *   only through B, and entering b's hex he must stop there, outside
 *   (12.9: b is of equal rank). So c must take b along: R -> B, pick up b
 *   (c outranks him), -> E, stop; then w walks R -> B -> E2. Picking up a
 *   instead (R -> A, pick up, -> E) leaves b in w's way: no way in.
 *
 * The search reaches R -> A (a picked up) -> E before R -> B (b picked up)
 * -> E; the two nodes differ only in where the general not picked up
 * stands. A search that put a and b in one class though they stand in
 * different hexes found the first node closed, took the second for it,
 * answered that no way is left (lw_campaign_reach_now 0), and the engine
 * let c end his move outside the region (the stop below was accepted).
 * The way exists: the test plays it. */
#include "lw_campaign_fixture.h"

#define MAX_WALLS 60

struct spot {
	int S, R, A, B, E, E2, region;
	int walls[MAX_WALLS], n_walls;
};

static bool adj(int a, int b)
{
	return tg_hex_adjacent(&lw_D()->grid, a, b);
}

static bool river(int a, int b)
{
	return (lw_data_hexside_flags(lw_D(), a, b) & LW_HS_RIVER) != 0;
}

/* No impassable hexside between two adjacent hexes of the set, and the
 * routes R -> A -> E and R -> B -> E cross a river alike (12.3's flag is
 * in the search's key). */
static bool same_flags(const int *set, int n, int R, int A, int B, int E)
{
	const struct lw_data *d = lw_D();
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++)
			if (adj(set[i], set[j]) &&
			    (lw_data_hexside_flags(d, set[i], set[j]) & LW_HS_IMPASSABLE))
				return false;
	return (river(R, A) || river(A, E)) == (river(R, B) || river(B, E));
}

static bool in_set(const int *set, int n, int h)
{
	for (int i = 0; i < n; i++)
		if (set[i] == h)
			return true;
	return false;
}

/* The land hexes next to the set and not in it: the enemy's (none in
 * Kentucky, 2.4.3). */
static bool walls_of(const int *set, int n, struct spot *sp)
{
	const struct lw_data *d = lw_D();
	sp->n_walls = 0;
	for (int i = 0; i < n; i++) {
		int nb[6], c = tg_hex_neighbours(&d->grid, set[i], nb);
		for (int j = 0; j < c; j++) {
			const struct lw_hex *x = lw_data_hex(d, nb[j]);
			if (!x || x->terrain == LW_TERRAIN_OCEAN || in_set(set, n, nb[j]) ||
			    in_set(sp->walls, sp->n_walls, nb[j]))
				continue;
			if (sp->n_walls >= MAX_WALLS || strcmp(x->state, "KY") == 0)
				return false;
			sp->walls[sp->n_walls++] = nb[j];
		}
	}
	return true;
}

static bool find_spot(const struct game *g, struct spot *sp)
{
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes; i++) {
		int R = d->hexes[i].id;
		if (!cf_land(g, R))
			continue;
		int nr[6], cr = tg_hex_neighbours(&d->grid, R, nr);
		for (size_t k = 0; k < d->n_hexes; k++) {
			int E = d->hexes[k].id, G = cf_region(E);
			if (G == LW_REGION_NONE || cf_region(R) == G || !cf_land(g, E) ||
			    tg_hex_distance(&d->grid, R, E) != 2 || !cf_campaign_card(G))
				continue;
			/* A, B: the hexes between R and E, A first in R's order */
			int mid[2], nm = 0;
			for (int j = 0; j < cr; j++)
				if (adj(nr[j], E) && nm < 2)
					mid[nm++] = nr[j];
			if (nm != 2)
				continue;
			int A = mid[0], B = mid[1];
			if (!cf_land(g, A) || !cf_land(g, B) || cf_region(A) == G ||
			    cf_region(B) == G ||
			    lw_data_hex(d, A)->terrain != lw_data_hex(d, B)->terrain)
				continue;
			int nb[6], cb = tg_hex_neighbours(&d->grid, B, nb);
			for (int j = 0; j < cb; j++) {
				int E2 = nb[j];
				if (E2 == E || cf_region(E2) != G || !cf_land(g, E2) || adj(E2, R))
					continue;
				for (int q = 0; q < cr; q++) {
					int S = nr[q];
					if (S == A || S == B || !cf_land(g, S))
						continue;
					int set[6] = {S, R, A, B, E, E2};
					if (!same_flags(set, 6, R, A, B, E) ||
					    !walls_of(set, 6, sp))
						continue;
					*sp = (struct spot){S, R, A, B, E, E2, G, {0}, 0};
					walls_of(set, 6, sp);
					return true;
				}
			}
		}
	}
	return false;
}

static bool act_ok(struct game *g, const char *json)
{
	bool ok = CHECKF(tk_act(g, "union", json) == 0, "%s: %s", json, tk_err.message);
	if (g->s.step == LW_ST_HARASS) /* 13.2.5 asked */
		CHECKF(tk_act(g, "confederate", "{\"type\":\"no_harass\"}") == 0, "%s",
		       tk_err.message);
	return ok;
}

int main(void)
{
	struct game *g = gf_new(47, LW_UNION);
	struct lw_state *s = &g->s;
	struct spot sp;
	if (!CHECK(find_spot(g, &sp)))
		return tap_done();
	printf("# S %04d R %04d A %04d B %04d E %04d E2 %04d, region %d, %d walls\n", sp.S, sp.R,
	       sp.A, sp.B, sp.E, sp.E2, sp.region, sp.n_walls);
	int w = cf_put_any(g, LW_UNION, sp.S, 1);
	int c = cf_put_any(g, LW_UNION, sp.S, 2); /* the CO */
	int a = cf_put_any(g, LW_UNION, sp.A, 1);
	int b = cf_put_any(g, LW_UNION, sp.B, 1);
	/* two two-star generals in E2: room there for w (12.4: six stars
	 * without a three-star general), not for c with b */
	int z1 = cf_put_any(g, LW_UNION, sp.E2, 2), z2 = cf_put_any(g, LW_UNION, sp.E2, 2);
	CHECK(z1 != LW_NONE && z2 != LW_NONE);
	for (int i = 0; i < sp.n_walls; i++)
		CHECK(cf_put_any(g, LW_CONFEDERATE, sp.walls[i], 1) != LW_NONE);
	/* a and b alike in all a rule reads (lw_campaign.c classes_init) */
	CHECK(a != b);
	CHECK_EQ_INT(s->unit[a].stars, s->unit[b].stars);
	CHECK_EQ_INT(s->unit[a].flags, s->unit[b].flags);
	CHECK_EQ_INT(s->unit[a].cavalry, s->unit[b].cavalry);
	cf_no_water(s);

	/* designate c's force alone (10.7.3.1) and walk to R, w left there */
	char buf[200], id[48], wid[48];
	lw_unit_id(s, c, id, sizeof id);
	lw_unit_id(s, w, wid, sizeof wid);
	int card = cf_campaign_card(sp.region);
	tk_give(s, LW_UNION, card);
	snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":%d,\"use\":\"campaign\"}", card);
	if (!act_ok(g, buf))
		return tap_done();
	snprintf(buf, sizeof buf,
	         "{\"type\":\"campaign_forces\",\"first\":\"%s\",\"second\":\"none\"}", id);
	if (!act_ok(g, buf))
		return tap_done();
	snprintf(buf, sizeof buf, "{\"type\":\"activate\",\"general\":\"%s\"}", id);
	if (!act_ok(g, buf) || !act_ok(g, gf_move(buf, sizeof buf, sp.R)))
		return tap_done();
	snprintf(buf, sizeof buf, "{\"type\":\"detach\",\"unit\":\"%s\"}", wid);
	if (!act_ok(g, buf))
		return tap_done();
	/* 10.7.4: the Reluctant to Follow Orders token on c (no one else may
	 * be left behind by him on this activation) */
	s->unit[c].flags |= LW_UF_RELUCTANT;
	CHECK_EQ_INT(s->play.movers_n, 1);

	/* the way in is open: every general still to move can end in the
	 * region (c by R -> B -> E with b, w by R -> B -> E2) */
	unsigned want = LW_CAMP_BIT(sp.region);
	CHECK_EQ_INT((int)lw_campaign_reach_now(s, want), (int)want);
	/* so c may not end his move outside (10.7.3.1) */
	CHECK(tk_act(g, "union", "{\"type\":\"stop\"}") != 0);

	/* and it is played: the engine takes every step */
	act_ok(g, gf_move(buf, sizeof buf, sp.B));
	act_ok(g, "{\"type\":\"pickup\"}");
	act_ok(g, gf_move(buf, sizeof buf, sp.E));
	act_ok(g, "{\"type\":\"stop\"}");
	CHECK_EQ_INT(s->unit[c].hex, sp.E);
	CHECK_EQ_INT(s->unit[b].hex, sp.E);
	CHECK_EQ_INT(s->unit[a].hex, sp.A);
	CHECKF(gf_next_group(g, sp.R) == 0, "%s", tk_err.message);
	act_ok(g, gf_move(buf, sizeof buf, sp.B));
	act_ok(g, gf_move(buf, sizeof buf, sp.E2)); /* 12.9: he stops there */
	CHECK_EQ_INT(s->unit[w].hex, sp.E2);
	lincolns_war_module.free(g);
	return tap_done();
}
