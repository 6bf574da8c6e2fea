/* 12.5 (and 18.2): "Units may not be dispersed from a force and re-enter
 * the same force on the same activation." Played through act(): Grant (3)
 * leaves Sherman (2) and Thomas (1) at the start hex; he may not come back
 * to them, and they, moving on as a separate group, may not join him. A
 * force of another activation may be joined as usual. */
#include "lw_groups_fixture.h"

int main(void)
{
	struct game *g = gf_new(31, LW_UNION);
	struct lw_state *s = &g->s;
	int p[6] = {0};
	/* p[0] start, p[1] where Grant goes, p[2] a branch from p[0] */
	if (!CHECK(gf_paths(g, "OH", 2, 1, p)))
		return tap_done();
	int grant = gf_grant_force(g, p[0], true);
	int sherman = tk_unit(g, "sherman"), thomas = tk_unit(g, "thomas");
	char buf[200];
	gf_activate(g, 2, "grant");
	GF_OK(g, "{\"type\":\"detach\",\"unit\":\"sherman\"}");
	GF_OK(g, "{\"type\":\"detach\",\"unit\":\"thomas\"}");
	GF_OK(g, gf_move(buf, sizeof buf, p[1]));
	/* Grant may not step back into the force he left */
	CHECK(tk_act(g, "union", gf_move(buf, sizeof buf, p[0])) != 0);
	CHECKF(strstr(tk_err.message, "12.5") != NULL, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[grant].hex, p[1]);
	GF_OK(g, "{\"type\":\"stop\"}");

	/* Sherman and Thomas move on together; Thomas stays again */
	CHECKF(gf_next_group(g, p[0]) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->play.movers_n, 2);
	GF_OK(g, "{\"type\":\"detach\",\"unit\":\"thomas\"}");
	/* Sherman may not join Grant: he was dispersed from Grant's force */
	CHECK(tk_act(g, "union", gf_move(buf, sizeof buf, p[1])) != 0);
	CHECKF(strstr(tk_err.message, "12.5") != NULL, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[sherman].hex, p[0]);
	/* elsewhere he may go */
	GF_OK(g, gf_move(buf, sizeof buf, p[2]));
	/* nor back to Thomas, left again in the start hex */
	CHECK(tk_act(g, "union", gf_move(buf, sizeof buf, p[0])) != 0);
	CHECKF(strstr(tk_err.message, "12.5") != NULL, "%s", tk_err.message);
	GF_OK(g, "{\"type\":\"stop\"}");
	/* Thomas, too, may not rejoin Sherman or Grant */
	CHECKF(gf_next_group(g, p[0]) == 0, "%s", tk_err.message);
	CHECK(tk_act(g, "union", gf_move(buf, sizeof buf, p[2])) != 0);
	CHECKF(strstr(tk_err.message, "12.5") != NULL, "%s", tk_err.message);
	CHECK(tk_act(g, "union", gf_move(buf, sizeof buf, p[1])) != 0);
	CHECKF(strstr(tk_err.message, "12.5") != NULL, "%s", tk_err.message);
	GF_OK(g, "{\"type\":\"stop\"}");
	CHECK_EQ_INT(s->step, LW_ST_SPEND);
	GF_OK(g, "{\"type\":\"done\"}");

	/* on the next card (another activation) Thomas may join Sherman: the
	 * ban is for the activation only */
	tk_goto_ops(g, 1, LW_UNION);
	gf_activate(g, 3, "thomas");
	GF_OK(g, gf_move(buf, sizeof buf, p[2]));
	CHECK_EQ_INT(s->unit[thomas].hex, p[2]);
	lincolns_war_module.free(g);

	/* a General in Chief left behind may not draw the group that left him
	 * back by a consolidation move (11.1.3.2 starts an activation) */
	g = gf_new(32, LW_UNION);
	s = &g->s;
	if (!CHECK(gf_paths(g, "OH", 2, 0, p)))
		return tap_done();
	grant = gf_grant_force(g, p[0], false);
	s->side[LW_UNION].gic = (int16_t)grant;
	gf_activate(g, 2, "grant");
	GF_OK(g, "{\"type\":\"detach\",\"unit\":\"grant\"}");
	GF_OK(g, gf_move(buf, sizeof buf, p[1]));
	GF_OK(g, "{\"type\":\"stop\"}");
	CHECKF(gf_next_group(g, p[0]) == 0, "%s", tk_err.message);
	CHECK(!tk_offers(g, "union", "Consolidation move"));
	CHECK(tk_act(g, "union", "{\"type\":\"consolidate\"}") != 0);
	CHECK_EQ_INT(s->unit[thomas].hex, p[1]);
	/* nor step into Thomas's hex */
	CHECK(tk_act(g, "union", gf_move(buf, sizeof buf, p[1])) != 0);
	CHECKF(strstr(tk_err.message, "12.5") != NULL, "%s", tk_err.message);
	lincolns_war_module.free(g);
	return tap_done();
}
