/* 10.7.3.1 "Both forces must end their movement in the region named on the
 * campaign card": what the search of a way in leaves out, and why.
 *  - 13.2.5 harassment is the opponent's choice and its effect (13.2.5.1:
 *    "it receives IT equal to the stars of the harassing cavalry unit";
 *    "If the moving Force has not used all of its movement allowance it
 *    may then continue its move") stops nobody: a campaign force harassed
 *    on its way outside the region is still held there (no stop) and goes
 *    on in.
 *  - 9.0 rail transport belongs to the Rail Phase, before the card draw
 *    (3.4): a force that only a train could bring into the region on this
 *    activation cannot get there, so it is not designated, and no rail move
 *    is accepted during an activation. */
#include "lw_campaign_fixture.h"

static void harassed_on_the_way(void)
{
	struct game *g = gf_new(71, LW_UNION);
	struct lw_state *s = &g->s;
	/* p[0] two hexes from Virginia, p[1] next to it, p[2] inside; Stuart
	 * next to p[1] (no river between), off the walk */
	int p[3];
	static const int w[3] = {2, 1, 0};
	if (!CHECK(cf_walk(g, LW_REGION_EASTERN, w, 3, p, NULL, 0)))
		return;
	const struct lw_data *d = lw_D();
	int nb[6], c = tg_hex_neighbours(&d->grid, p[1], nb), cav = LW_NO_HEX;
	for (int i = 0; i < c && cav == LW_NO_HEX; i++)
		if (nb[i] != p[0] && nb[i] != p[2] && cf_land(g, nb[i]) &&
		    !tg_hex_adjacent(&d->grid, nb[i], p[0]) &&
		    !(lw_data_hexside_flags(d, p[1], nb[i]) & (LW_HS_RIVER | LW_HS_IMPASSABLE)))
			cav = nb[i];
	if (!CHECKF(cav != LW_NO_HEX, "a hex for Stuart next to %04d", p[1]))
		return;
	int grant = gf_place(g, "grant", p[0], 2);
	int stuart = gf_place(g, "stuart", cav, 2);
	CHECK(s->unit[stuart].cavalry);
	tk_give(s, LW_UNION, 58); /* Eastern Theater (VA) */
	CHECKF(tk_act(g, "union", "{\"type\":\"play\",\"card\":58,\"use\":\"campaign\"}") == 0,
	       "%s", tk_err.message);
	CHECKF(tk_act(g, "union",
	              "{\"type\":\"campaign_forces\",\"first\":\"grant\",\"second\":\"none\"}") ==
	           0,
	       "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"activate\",\"general\":\"grant\"}") == 0, "%s",
	       tk_err.message);
	char buf[160];
	CHECKF(tk_act(g, "union", gf_move(buf, sizeof buf, p[1])) == 0, "%s", tk_err.message);
	if (!CHECK_EQ_INT(s->step, LW_ST_HARASS))
		return;
	snprintf(buf, sizeof buf, "{\"type\":\"harass\",\"from\":%d}", cav);
	CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[grant].it, 2); /* 13.2.5.1: no cavalry with him */
	CHECK_EQ_INT(s->step, LW_ST_MOVE);
	/* harassed, still able to get in: still held */
	CHECK(!tk_offers(g, "union", "End Ulysses"));
	CHECK(tk_act(g, "union", "{\"type\":\"stop\"}") != 0);
	CHECKF(strstr(tk_err.message, "10.7.3.1"), "%s", tk_err.message);
	CHECKF(tk_act(g, "union", gf_move(buf, sizeof buf, p[2])) == 0, "%s", tk_err.message);
	if (s->step == LW_ST_HARASS)
		CHECKF(tk_act(g, "confederate", "{\"type\":\"no_harass\"}") == 0, "%s",
		       tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[grant].hex, p[2]);
	lincolns_war_module.free(g);
}

static void no_train_in_an_activation(void)
{
	struct game *g = gf_new(73, LW_UNION);
	struct lw_state *s = &g->s;
	const struct lw_data *d = lw_D();
	/* a rail hex at least eight hexes from Virginia, rail-connected to a
	 * rail hex in it, with no river hexside (no boat either) */
	int from = LW_NO_HEX, to = LW_NO_HEX;
	for (size_t i = 0; i < d->n_hexes && to == LW_NO_HEX; i++) {
		const struct lw_hex *h = &d->hexes[i];
		if (!h->rail || h->river || !cf_land(g, h->id) ||
		    cf_dist(h->id, LW_REGION_EASTERN) < 8)
			continue;
		for (size_t j = 0; j < d->n_hexes && to == LW_NO_HEX; j++) {
			const struct lw_hex *x = &d->hexes[j];
			if (x->rail && cf_land(g, x->id) && (int)x->region == LW_REGION_EASTERN &&
			    lw_rail_connected(s, LW_UNION, h->id, x->id)) {
				from = h->id;
				to = x->id;
			}
		}
	}
	if (!CHECKF(to != LW_NO_HEX, "a rail hex far from Virginia with a rail into it"))
		return;
	int grant = gf_place(g, "grant", from, 2);
	int meade = gf_place(g, "meade", to, 2);
	tk_give(s, LW_UNION, 58);
	CHECKF(tk_act(g, "union", "{\"type\":\"play\",\"card\":58,\"use\":\"campaign\"}") == 0,
	       "%s", tk_err.message);
	/* only a train could take Grant there: he cannot end his move in it */
	json_t *ch = cf_second_choices(g, "union", "grant");
	CHECK(ch == NULL);
	json_decref(ch);
	CHECK(tk_act(g, "union",
	             "{\"type\":\"campaign_forces\",\"first\":\"grant\",\"second\":\"none\"}") !=
	      0);
	CHECKF(strstr(tk_err.message, "10.7.3.1") && strstr(tk_err.message, "could not get there"),
	       "%s", tk_err.message);
	/* Meade, in Virginia, is designated; no train during his activation */
	CHECKF(tk_act(g, "union",
	              "{\"type\":\"campaign_forces\",\"first\":\"meade\",\"second\":\"none\"}") ==
	           0,
	       "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"activate\",\"general\":\"meade\"}") == 0, "%s",
	       tk_err.message);
	char buf[160];
	snprintf(buf, sizeof buf, "{\"type\":\"rail\",\"unit\":\"meade\",\"to\":%d,\"force\":true}",
	         from);
	CHECK(tk_act(g, "union", buf) != 0);
	CHECK_EQ_INT(s->unit[grant].hex, from);
	CHECK_EQ_INT(s->unit[meade].hex, to);
	lincolns_war_module.free(g);
}

int main(void)
{
	harassed_on_the_way();
	no_train_in_an_activation();
	return tap_done();
}
