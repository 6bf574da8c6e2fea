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
	int grant = gf_place(g, "grant", p[0], 3);
	int sherman = gf_place(g, "sherman", p[0], 2);
	int thomas = gf_place(g, "thomas", p[0], 1);
	s->unit[grant].cmd = ++s->cmd_seq;
	char buf[200];
	snprintf(buf, sizeof buf,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"grant\"}",
	         gf_card(g, LW_UNION, 2));
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"detach\",\"unit\":\"sherman\"}") == 0, "%s",
	       tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"detach\",\"unit\":\"thomas\"}") == 0, "%s",
	       tk_err.message);
	CHECKF(tk_act(g, "union", gf_move(buf, sizeof buf, p[1])) == 0, "%s", tk_err.message);
	/* Grant may not step back into the force he left */
	CHECK(tk_act(g, "union", gf_move(buf, sizeof buf, p[0])) != 0);
	CHECKF(strstr(tk_err.message, "12.5") != NULL, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[grant].hex, p[1]);
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);

	/* Sherman and Thomas move on together; Thomas stays again */
	snprintf(buf, sizeof buf, "{\"type\":\"next_group\",\"hex\":%d}", p[0]);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->play.movers_n, 2);
	CHECKF(tk_act(g, "union", "{\"type\":\"detach\",\"unit\":\"thomas\"}") == 0, "%s",
	       tk_err.message);
	/* Sherman may not join Grant: he was dispersed from Grant's force */
	CHECK(tk_act(g, "union", gf_move(buf, sizeof buf, p[1])) != 0);
	CHECKF(strstr(tk_err.message, "12.5") != NULL, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[sherman].hex, p[0]);
	/* elsewhere he may go */
	CHECKF(tk_act(g, "union", gf_move(buf, sizeof buf, p[2])) == 0, "%s", tk_err.message);
	/* nor back to Thomas, left again in the start hex */
	CHECK(tk_act(g, "union", gf_move(buf, sizeof buf, p[0])) != 0);
	CHECKF(strstr(tk_err.message, "12.5") != NULL, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	/* Thomas, too, may not rejoin Sherman or Grant */
	snprintf(buf, sizeof buf, "{\"type\":\"next_group\",\"hex\":%d}", p[0]);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK(tk_act(g, "union", gf_move(buf, sizeof buf, p[2])) != 0);
	CHECKF(strstr(tk_err.message, "12.5") != NULL, "%s", tk_err.message);
	CHECK(tk_act(g, "union", gf_move(buf, sizeof buf, p[1])) != 0);
	CHECKF(strstr(tk_err.message, "12.5") != NULL, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->step, LW_ST_SPEND);
	CHECKF(tk_act(g, "union", "{\"type\":\"done\"}") == 0, "%s", tk_err.message);

	/* on the next card (another activation) Thomas may join Sherman: the
	 * ban is for the activation only */
	tk_goto_ops(g, 1, LW_UNION);
	snprintf(buf, sizeof buf,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"thomas\"}",
	         gf_card(g, LW_UNION, 3));
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", gf_move(buf, sizeof buf, p[2])) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[thomas].hex, p[2]);
	lincolns_war_module.free(g);

	/* a General in Chief left behind may not draw the group that left him
	 * back by a consolidation move (11.1.3.2 starts an activation) */
	g = gf_new(32, LW_UNION);
	s = &g->s;
	if (!CHECK(gf_paths(g, "OH", 2, 0, p)))
		return tap_done();
	grant = gf_place(g, "grant", p[0], 3);
	thomas = gf_place(g, "thomas", p[0], 1);
	s->unit[grant].cmd = ++s->cmd_seq;
	s->side[LW_UNION].gic = (int16_t)grant;
	snprintf(buf, sizeof buf,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"grant\"}",
	         gf_card(g, LW_UNION, 2));
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"detach\",\"unit\":\"grant\"}") == 0, "%s",
	       tk_err.message);
	CHECKF(tk_act(g, "union", gf_move(buf, sizeof buf, p[1])) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	snprintf(buf, sizeof buf, "{\"type\":\"next_group\",\"hex\":%d}", p[0]);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK(!tk_offers(g, "union", "Consolidation move"));
	CHECK(tk_act(g, "union", "{\"type\":\"consolidate\"}") != 0);
	CHECK_EQ_INT(s->unit[thomas].hex, p[1]);
	/* nor step into Thomas's hex */
	CHECK(tk_act(g, "union", gf_move(buf, sizeof buf, p[1])) != 0);
	CHECKF(strstr(tk_err.message, "12.5") != NULL, "%s", tk_err.message);
	lincolns_war_module.free(g);
	return tap_done();
}
