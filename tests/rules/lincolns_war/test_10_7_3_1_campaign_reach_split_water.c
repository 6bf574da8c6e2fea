/* 10.7.3.1 "Both forces must end their movement in the region named on the
 * campaign card", with 14.1.1 "These forces are activated the normal way,
 * through card play. They may be dispersed from a larger activated force to
 * perform this movement" and 12.8 (a general left behind moves on as a
 * separate group). A Union force of three stars (Grant 2, Sherman 1) stands
 * on a river outside the card's region: the boats take two stars at most
 * (14.1.1), and by land the only hex it can enter in the region holds a
 * friendly force of four stars, room for Sherman but not for both (12.4);
 * every other hex around it holds the enemy. Its way in: Sherman stays
 * behind, Grant goes by river into the region, Sherman walks in afterwards.
 * The reach search must foresee that split, so that
 *  - the force may be designated (it can end its movement in the region);
 *  - its stop outside is refused while that way is open, and leaving
 *    Sherman behind is offered;
 *  - played through, both end inside;
 *  - when the way closes after the designation (the friendly hex filled up
 *    as another force's move could), nothing brings Sherman in any more and
 *    the group may end where it is (the last resort, no dead end). */
#include "lw_campaign_fixture.h"

#include "lincolns_war/lw_amphib.h"

/* A free Confederate general (not cavalry) put at hex with one star. */
static int cs_blocker(struct game *g, int hex)
{
	struct lw_state *s = &g->s;
	for (int u = 0; u < s->n_units; u++) {
		struct lw_unit *x = &s->unit[u];
		if (x->gen < 0 || x->side != LW_CONFEDERATE || x->where == LW_W_MAP || x->cavalry)
			continue;
		tk_place(g, u, hex);
		x->stars = 1;
		x->it = x->it_new = 0;
		x->flags = 0;
		x->cmd = ++s->cmd_seq;
		return u;
	}
	return LW_NONE;
}

static bool no_city_land(int hex)
{
	const struct lw_hex *h = lw_data_hex(lw_D(), hex);
	return h && h->terrain != LW_TERRAIN_OCEAN && h->city < 0 && strcmp(h->state, "KY") != 0;
}

struct spot {
	int h, n, land, region;
};

/* Sets up the geometry on g: the river hex h, its neighbour n in `region`
 * (holding the friendly force), a landing hex in `region` by river from h
 * (not n). Returns false if g's map has no such place. */
static bool set_up(struct game *g, struct spot *sp)
{
	const struct lw_data *d = lw_D();
	struct lw_state *s = &g->s;
	for (size_t i = 0; i < d->n_hexes; i++) {
		const struct lw_hex *hh = &d->hexes[i];
		if (!hh->river || !no_city_land(hh->id))
			continue;
		int nb[6];
		int c = tg_hex_neighbours(&d->grid, hh->id, nb);
		for (int j = 0; j < c; j++) {
			int r = cf_region(nb[j]);
			if (r == LW_REGION_NONE || r == (int)hh->region || !no_city_land(nb[j]) ||
			    (lw_data_hexside_flags(d, hh->id, nb[j]) & LW_HS_IMPASSABLE))
				continue;
			bool ok = true;
			for (int k = 0; k < c && ok; k++) {
				const struct lw_hex *x = lw_data_hex(d, nb[k]);
				ok = k == j || !x || x->terrain == LW_TERRAIN_OCEAN ||
				     no_city_land(nb[k]);
			}
			if (!ok)
				continue;
			/* place everybody, then ask the river network */
			gf_place(g, "mcpherson", nb[j], 2);
			gf_place(g, "thomas", nb[j], 2); /* the CO there (placed last) */
			int blockers[6], nbk = 0;
			for (int k = 0; k < c; k++) {
				const struct lw_hex *x = lw_data_hex(d, nb[k]);
				if (k != j && x && x->terrain != LW_TERRAIN_OCEAN)
					blockers[nbk++] = cs_blocker(g, nb[k]);
			}
			int *land = malloc(512 * sizeof *land);
			int ports[64], np = 0;
			int nl =
			    lw_amphib_river_reach(s, LW_UNION, hh->id, land, 512, ports, &np, 64);
			int found = LW_NO_HEX;
			for (int q = 0; q < nl && found == LW_NO_HEX; q++)
				if (land[q] != nb[j] && cf_region(land[q]) == r &&
				    no_city_land(land[q]) &&
				    lw_hex_owner_force(s, land[q]) == LW_NOSIDE)
					found = land[q];
			free(land);
			if (found != LW_NO_HEX) {
				sp->h = hh->id;
				sp->n = nb[j];
				sp->land = found;
				sp->region = r;
				return true;
			}
			for (int k = 0; k < nbk; k++)
				if (blockers[k] != LW_NONE) {
					s->unit[blockers[k]].where = LW_W_PENDING;
					s->unit[blockers[k]].hex = LW_NO_HEX;
				}
			tk_place(g, tk_unit(g, "mcpherson"), LW_NO_HEX);
			tk_place(g, tk_unit(g, "thomas"), LW_NO_HEX);
			s->unit[tk_unit(g, "mcpherson")].where = LW_W_PENDING;
			s->unit[tk_unit(g, "thomas")].where = LW_W_PENDING;
		}
	}
	return false;
}

/* A game with the geometry, Grant (2) and Sherman (1) at the river hex, the
 * card played and Grant's force designated alone. */
static struct game *designated(int seed, struct spot *sp, bool *ok)
{
	struct game *g = gf_new(seed, LW_UNION);
	*ok = false;
	if (!CHECK(set_up(g, sp)))
		return g;
	gf_place(g, "sherman", sp->h, 1);
	gf_place(g, "grant", sp->h, 2); /* the CO (placed last) */
	int card = cf_campaign_card(sp->region);
	if (!CHECK(card != 0))
		return g;
	tk_give(&g->s, LW_UNION, card);
	char buf[160];
	snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":%d,\"use\":\"campaign\"}", card);
	if (!CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message))
		return g;
	/* the force can end its movement in the region: it may be designated */
	json_t *ch = cf_second_choices(g, "union", "grant");
	CHECKF(ch != NULL, "Grant's force at %04d may be designated for region %d", sp->h,
	       sp->region);
	json_decref(ch);
	*ok = CHECKF(tk_act(g, "union",
	                    "{\"type\":\"campaign_forces\",\"first\":\"grant\",\"second\":"
	                    "\"none\"}") == 0,
	             "%s", tk_err.message);
	return g;
}

static void way_by_river_and_land(void)
{
	struct spot sp;
	bool ok;
	struct game *g = designated(51, &sp, &ok);
	struct lw_state *s = &g->s;
	if (!ok) {
		lincolns_war_module.free(g);
		return;
	}
	char buf[200];
	CHECKF(tk_act(g, "union", "{\"type\":\"activate\",\"general\":\"grant\"}") == 0, "%s",
	       tk_err.message);
	/* the whole force goes neither by river (three stars) nor by land */
	snprintf(buf, sizeof buf, "{\"type\":\"river_move\",\"to\":%d}", sp.land);
	CHECK(tk_act(g, "union", buf) != 0);
	CHECKF(strstr(tk_err.message, "14.1.1"), "%s", tk_err.message);
	CHECK(tk_act(g, "union", gf_move(buf, sizeof buf, sp.n)) != 0);
	/* ... but it can still get in: no stop outside */
	CHECK(!tk_offers(g, "union", "End Ulysses"));
	CHECK(tk_act(g, "union", "{\"type\":\"stop\"}") != 0);
	CHECKF(strstr(tk_err.message, "10.7.3.1") && strstr(tk_err.message, "end their movement"),
	       "%s", tk_err.message);
	CHECK(tk_offers(g, "union", "Leave William"));
	/* Sherman stays behind; Grant sails into the region */
	CHECKF(tk_act(g, "union", "{\"type\":\"detach\",\"unit\":\"sherman\"}") == 0, "%s",
	       tk_err.message);
	CHECK(tk_act(g, "union", "{\"type\":\"stop\"}") != 0); /* Grant can still get in */
	snprintf(buf, sizeof buf, "{\"type\":\"river_move\",\"to\":%d}", sp.land);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[tk_unit(g, "grant")].hex, sp.land);
	/* Sherman may not be left outside: he walks in */
	CHECK(!tk_offers(g, "union", "End the activation"));
	snprintf(buf, sizeof buf, "{\"type\":\"next_group\",\"hex\":%d}", sp.h);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK(tk_act(g, "union", "{\"type\":\"stop\"}") != 0);
	CHECKF(tk_act(g, "union", gf_move(buf, sizeof buf, sp.n)) == 0, "%s", tk_err.message);
	if (s->step == LW_ST_HARASS) /* 13.2.5 asked */
		CHECKF(tk_act(g, "confederate", "{\"type\":\"no_harass\"}") == 0, "%s",
		       tk_err.message);
	CHECK_EQ_INT(s->unit[tk_unit(g, "sherman")].hex, sp.n);
	CHECK_EQ_INT(cf_region(sp.n), sp.region);
	CHECK_EQ_INT(cf_region(sp.land), sp.region);
	CHECK(s->step != LW_ST_MOVE); /* both groups in: the card play goes on */
	lincolns_war_module.free(g);
}

/* The friendly hex fills up after the designation: Sherman can no longer
 * get in, so the split brings the force in no more; it may end where it is
 * (and Grant may not sail off leaving Sherman outside either way). */
static void way_closed(void)
{
	struct spot sp;
	bool ok;
	struct game *g = designated(53, &sp, &ok);
	if (!ok) {
		lincolns_war_module.free(g);
		return;
	}
	gf_place(g, "buell", sp.n, 2); /* six stars there now */
	gf_place(g, "thomas", sp.n, 2);
	CHECKF(tk_act(g, "union", "{\"type\":\"activate\",\"general\":\"grant\"}") == 0, "%s",
	       tk_err.message);
	CHECK(tk_offers(g, "union", "End Ulysses"));
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECK(g->s.step != LW_ST_MOVE);
	lincolns_war_module.free(g);
}

int main(void)
{
	way_by_river_and_land();
	way_closed();
	return tap_done();
}
