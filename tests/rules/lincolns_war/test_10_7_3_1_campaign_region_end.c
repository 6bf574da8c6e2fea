/* 10.7.3.1 Special Campaign cards: "Play of a campaign card allows two
 * designated forces to be activated ... Both forces must end their movement
 * in the region named on the campaign card ... both forces must be
 * designated before any movement or battle takes place." The text judges
 * where the movement ENDS: played through act() with the Union's Eastern
 * Theater (VA) card,
 *  - both forces are named before either moves (one offer per first force,
 *    the second a parameter);
 *  - a force standing outside Virginia that can get into it on its
 *    activation may be named; one too far away may not;
 *  - a force may pass outside Virginia on its way, but not step where it
 *    could no longer end inside, nor end its move (stop) outside while it
 *    can still get in;
 *  - a general left behind outside it must still move in (the activation
 *    does not end with him waiting outside);
 *  - when nothing can bring a group in any more, it may end where it is (no
 *    dead end). */
#include "lw_campaign_fixture.h"

/* A plain hex without a river hexside at least `far` hexes from region. */
static int far_hex(const struct game *g, int region, int far)
{
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes; i++) {
		const struct lw_hex *h = &d->hexes[i];
		if (gf_plain(g, h->id) && !h->river && strcmp(h->state, "KY") != 0 &&
		    cf_dist(h->id, region) >= far)
			return h->id;
	}
	return LW_NO_HEX;
}

static void designation_and_paths(void)
{
	struct game *g = gf_new(41, LW_UNION);
	struct lw_state *s = &g->s;
	/* A in Virginia, B next to it, C two hexes out, D three */
	int p[4], q[3];
	static const int w1[4] = {0, 1, 2, 3}, w2[3] = {1, 0, 0};
	if (!CHECK(cf_walk(g, LW_REGION_EASTERN, w1, 4, p, NULL, 0)))
		return;
	/* B2 next to Virginia, A2 in it, A3 behind A2 */
	if (!CHECK(cf_walk(g, LW_REGION_EASTERN, w2, 3, q, p, 4)))
		return;
	int grant = gf_place(g, "grant", p[1], 3); /* outside Virginia */
	int sherman = gf_place(g, "sherman", q[1], 2);
	int mcpherson = gf_place(g, "mcpherson", q[1], 1);
	s->unit[sherman].cmd = ++s->cmd_seq;
	int far = far_hex(g, LW_REGION_EASTERN, 8);
	if (!CHECK(far != LW_NO_HEX))
		return;
	int thomas = gf_place(g, "thomas", far, 1);
	const struct lw_card *k = lw_card(LW_UNION, 58);
	if (!CHECK(k && k->kind == LW_KIND_CAMPAIGN && k->campaign_region == LW_REGION_EASTERN))
		return;
	tk_give(s, LW_UNION, 58);
	CHECKF(tk_act(g, "union", "{\"type\":\"play\",\"card\":58,\"use\":\"campaign\"}") == 0,
	       "%s", tk_err.message);

	/* both forces are named before either moves */
	CHECK(tk_act(g, "union", "{\"type\":\"activate\",\"general\":\"grant\"}") != 0);
	CHECKF(strstr(tk_err.message, "10.7.3.1") && strstr(tk_err.message, "designated"), "%s",
	       tk_err.message);
	/* Grant, outside Virginia but next to it, may be named */
	json_t *ch = cf_second_choices(g, "union", "grant");
	CHECK(ch != NULL);
	CHECK(cf_has_value(ch, "none"));
	CHECK(cf_has_value(ch, "sherman"));
	CHECK(!cf_has_value(ch, "thomas"));    /* eight hexes away */
	CHECK(!cf_has_value(ch, "mcpherson")); /* Sherman's subordinate: the same force */
	json_decref(ch);
	ch = cf_second_choices(g, "union", "thomas");
	CHECK(ch == NULL);
	json_decref(ch);
	CHECK(tk_act(g, "union",
	             "{\"type\":\"campaign_forces\",\"first\":\"thomas\",\"second\":\"grant\"}") !=
	      0);
	CHECKF(strstr(tk_err.message, "10.7.3.1") && strstr(tk_err.message, "could not get there"),
	       "%s", tk_err.message);
	CHECKF(
	    tk_act(g, "union",
	           "{\"type\":\"campaign_forces\",\"first\":\"grant\",\"second\":\"sherman\"}") ==
	        0,
	    "%s", tk_err.message);
	CHECK_EQ_INT(s->play.activations_left, 2);
	/* a second designation is refused; only the named forces activate */
	CHECK(tk_act(g, "union",
	             "{\"type\":\"campaign_forces\",\"first\":\"grant\",\"second\":\"none\"}") !=
	      0);
	CHECK(tk_act(g, "union", "{\"type\":\"activate\",\"general\":\"thomas\"}") != 0);
	CHECKF(strstr(tk_err.message, "designated"), "%s", tk_err.message);

	/* Grant: he may not end his move outside Virginia while he can get in;
	 * he may go further out and come back, not where he could not */
	char buf[200];
	CHECKF(tk_act(g, "union", "{\"type\":\"activate\",\"general\":\"grant\"}") == 0, "%s",
	       tk_err.message);
	CHECK(!tk_offers(g, "union", "End Ulysses"));
	CHECK(tk_act(g, "union", "{\"type\":\"stop\"}") != 0);
	CHECKF(strstr(tk_err.message, "10.7.3.1") && strstr(tk_err.message, "end their movement"),
	       "%s", tk_err.message);
	CHECKF(tk_act(g, "union", gf_move(buf, sizeof buf, p[2])) == 0, "%s", tk_err.message);
	CHECK(tk_act(g, "union", gf_move(buf, sizeof buf, p[3])) != 0); /* one hex left */
	CHECKF(strstr(tk_err.message, "10.7.3.1") && strstr(tk_err.message, "could not end"), "%s",
	       tk_err.message);
	CHECK(tk_act(g, "union", "{\"type\":\"stop\"}") != 0);
	CHECKF(strstr(tk_err.message, "10.7.3.1"), "%s", tk_err.message);
	CHECKF(tk_act(g, "union", gf_move(buf, sizeof buf, p[1])) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", gf_move(buf, sizeof buf, p[0])) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[grant].hex, p[0]);

	/* Sherman's force steps out of Virginia and leaves McPherson there:
	 * Sherman goes back in and on; the activation may not end with
	 * McPherson waiting outside */
	CHECKF(tk_act(g, "union", "{\"type\":\"activate\",\"general\":\"sherman\"}") == 0, "%s",
	       tk_err.message);
	CHECKF(tk_act(g, "union", gf_move(buf, sizeof buf, q[0])) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"detach\",\"unit\":\"mcpherson\"}") == 0, "%s",
	       tk_err.message);
	CHECKF(tk_act(g, "union", gf_move(buf, sizeof buf, q[1])) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", gf_move(buf, sizeof buf, q[2])) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[sherman].hex, q[2]);
	CHECK(!tk_offers(g, "union", "End the activation"));
	CHECK(tk_act(g, "union", "{\"type\":\"stop\"}") != 0);
	CHECKF(strstr(tk_err.message, "10.7.3.1") && strstr(tk_err.message, "left outside"), "%s",
	       tk_err.message);
	snprintf(buf, sizeof buf, "{\"type\":\"next_group\",\"hex\":%d}", q[0]);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK(tk_act(g, "union", "{\"type\":\"stop\"}") != 0);
	CHECKF(tk_act(g, "union", gf_move(buf, sizeof buf, q[1])) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[mcpherson].hex, q[1]);
	CHECK(s->step != LW_ST_MOVE); /* the card play is over */
	(void)thomas;
	lincolns_war_module.free(g);
}

/* The way in closed after the designation (here: the force put three hexes
 * out, as another force's move or a battle could leave it): nothing can
 * bring it in, so it may end where it is, and moves on are judged alike. */
static void no_dead_end(void)
{
	struct game *g = gf_new(43, LW_UNION);
	struct lw_state *s = &g->s;
	int p[4];
	static const int w1[4] = {0, 1, 2, 3};
	if (!CHECK(cf_walk(g, LW_REGION_EASTERN, w1, 4, p, NULL, 0)))
		return;
	int grant = gf_place(g, "grant", p[1], 3);
	tk_give(s, LW_UNION, 58);
	CHECKF(tk_act(g, "union", "{\"type\":\"play\",\"card\":58,\"use\":\"campaign\"}") == 0,
	       "%s", tk_err.message);
	CHECKF(tk_act(g, "union",
	              "{\"type\":\"campaign_forces\",\"first\":\"grant\",\"second\":\"none\"}") ==
	           0,
	       "%s", tk_err.message);
	/* ... and then, say, pushed away: 10 hexes out */
	int far = far_hex(g, LW_REGION_EASTERN, 10);
	if (!CHECK(far != LW_NO_HEX))
		return;
	tk_place(g, grant, far);
	CHECKF(tk_act(g, "union", "{\"type\":\"activate\",\"general\":\"grant\"}") == 0, "%s",
	       tk_err.message);
	CHECK(tk_offers(g, "union", "End Ulysses"));
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECK(s->step != LW_ST_MOVE);
	lincolns_war_module.free(g);
}

int main(void)
{
	designation_and_paths();
	no_dead_end();
	return tap_done();
}
