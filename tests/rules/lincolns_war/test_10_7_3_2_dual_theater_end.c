/* 10.7.3.2 Dual-Theater Secret Campaigns: "Campaigns conducted by this
 * manner MUST take place in two separate theaters ... both activated forces
 * must be free of IT and must end their movement in two separate
 * theaters"; 10.7.3.1's designation of both forces before any movement
 * applies ("All other rules regarding theater operations apply"). Played
 * through act() with a Union 6-PC card: two forces in one theater cannot be
 * named together; each named force ends in its own theater (where it was
 * named), the engine refusing a step out of it. */
#include "lincolns_war/lw_march.h"
#include "lw_groups_fixture.h"

/* Land a minor army may enter (rivers and mountains are no obstacle to it,
 * 12.2): no ocean, no city, nobody there. */
static bool gf_land(const struct game *g, int hex)
{
	const struct lw_hex *h = lw_data_hex(lw_D(), hex);
	return h && h->terrain != LW_TERRAIN_OCEAN && h->city < 0 &&
	       lw_hex_owner_force(&g->s, hex) == LW_NOSIDE;
}

/* A plain hex of state with a plain neighbour in another region. */
static int border_hex(const struct game *g, const char *state, int *out)
{
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes; i++) {
		const struct lw_hex *h = &d->hexes[i];
		if (strcmp(h->state, state) != 0 || !gf_land(g, h->id))
			continue;
		int nb[6];
		int k = tg_hex_neighbours(&d->grid, h->id, nb);
		for (int j = 0; j < k; j++) {
			const struct lw_hex *x = lw_data_hex(d, nb[j]);
			if (gf_land(g, nb[j]) && x->region != h->region &&
			    x->region != LW_REGION_NONE && strcmp(x->state, "KY") != 0 &&
			    !(lw_data_hexside_flags(d, h->id, nb[j]) & LW_HS_IMPASSABLE)) {
				*out = nb[j];
				return h->id;
			}
		}
	}
	return LW_NO_HEX;
}

int main(void)
{
	struct game *g = gf_new(51, LW_UNION);
	struct lw_state *s = &g->s;
	int out_va, out_oh;
	int va = border_hex(g, "VA", &out_va);
	int oh = border_hex(g, "OH", &out_oh);
	if (!CHECK(va != LW_NO_HEX && oh != LW_NO_HEX))
		return tap_done();
	int grant = gf_place(g, "grant", va, 3);
	int sherman = gf_place(g, "sherman", oh, 2);
	int va2[2] = {0};
	if (!CHECK(gf_paths(g, "VA", 1, 0, va2)))
		return tap_done();
	gf_place(g, "thomas", va2[0], 1);
	int six = gf_card(g, LW_UNION, 6);
	char buf[200];
	snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":%d,\"use\":\"dual_campaign\"}", six);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK(tk_act(g, "union", "{\"type\":\"activate\",\"general\":\"sherman\"}") != 0);
	CHECKF(strstr(tk_err.message, "designated"), "%s", tk_err.message);
	/* two forces in Virginia: one theater */
	CHECK(tk_act(g, "union",
	             "{\"type\":\"campaign_forces\",\"first\":\"grant\",\"second\":\"thomas\"}") !=
	      0);
	CHECKF(strstr(tk_err.message, "10.7.3.2") && strstr(tk_err.message, "separate theaters"),
	       "%s", tk_err.message);
	CHECKF(
	    tk_act(g, "union",
	           "{\"type\":\"campaign_forces\",\"first\":\"grant\",\"second\":\"sherman\"}") ==
	        0,
	    "%s", tk_err.message);
	CHECK_EQ_INT(s->play.pc_left, 0); /* all six PC are expended */

	/* Sherman first: Up North is his theater */
	CHECKF(tk_act(g, "union", "{\"type\":\"activate\",\"general\":\"sherman\"}") == 0, "%s",
	       tk_err.message);
	CHECK(tk_act(g, "union", gf_move(buf, sizeof buf, out_oh)) != 0);
	CHECKF(strstr(tk_err.message, "10.7.3.2") && strstr(tk_err.message, "Up North"), "%s",
	       tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[sherman].hex, oh);
	/* Grant: the Eastern Theater */
	CHECKF(tk_act(g, "union", "{\"type\":\"activate\",\"general\":\"grant\"}") == 0, "%s",
	       tk_err.message);
	CHECK(tk_act(g, "union", gf_move(buf, sizeof buf, out_va)) != 0);
	CHECKF(strstr(tk_err.message, "10.7.3.2") && strstr(tk_err.message, "Eastern"), "%s",
	       tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[grant].hex, va);
	CHECK(s->step != LW_ST_MOVE);
	lincolns_war_module.free(g);
	return tap_done();
}
