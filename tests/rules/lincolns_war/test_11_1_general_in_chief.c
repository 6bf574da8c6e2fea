/* 11.1: the GiC commands any stack he is in (11.1.3.1); his consolidation
 * move draws adjacent generals into his hex for one movement point and
 * removes up to three of their IT (11.1.3.2, 18.2); his death gives the
 * opponent 4 PC, costs 4 PC and a new three-star GiC is appointed
 * (11.1.2.2); 7.1.4 appointing a new GiC costs 4 PC (2 after a lost
 * battle) and moves him to the capital (11.1.2.3). */
#include "lw_testkit.h"

int main(void)
{
	struct game *g = tk_new("campaign", 90);
	tk_choose_gics(g); /* McDowell (Union), A.S. Johnston (CS) */
	struct lw_state *s = &g->s;
	int gic = s->side[LW_UNION].gic;
	CHECK(gic != LW_NONE);
	/* 11.1.3.1: the GiC commands even a stack with another three-star */
	int hex = tk_empty_hex(g, "PA", 0);
	int mc = tk_unit(g, "mcclellan");
	if (mc == gic)
		mc = tk_unit(g, "mcdowell");
	tk_place(g, gic, hex);
	tk_place(g, mc, hex);
	s->unit[mc].stars = 3;
	s->unit[mc].cmd = 999999;
	CHECK_EQ_INT(lw_force_co(s, hex), gic);

	/* 11.1.3.2: consolidation */
	tk_place(g, mc, tk_empty_hex(g, "OH", 0));
	int nb[6];
	int nn = tg_hex_neighbours(&lw_D()->grid, hex, nb);
	int adj = 0;
	for (int i = 0; i < nn && !adj; i++) {
		const struct lw_hex *h = lw_data_hex(lw_D(), nb[i]);
		if (h && h->terrain == LW_TERRAIN_CLEAR &&
		    lw_hex_owner_force(s, nb[i]) == LW_NOSIDE)
			adj = nb[i];
	}
	CHECK(adj != 0);
	int grant = tk_unit(g, "grant");
	tk_place(g, grant, adj);
	s->unit[grant].stars = 1;
	s->unit[grant].it = 2;
	tk_goto_ops(g, 1, LW_UNION);
	tk_clear_hand(s, LW_UNION);
	int six = tk_card(LW_UNION, "Seward");
	tk_give(s, LW_UNION, six);
	tk_give_any(s, LW_CONFEDERATE);
	char buf[200], id[64];
	snprintf(buf, sizeof buf,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"%s\"}", six,
	         lw_unit_id(s, gic, id, sizeof id));
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK(tk_offers(g, "union", "Consolidation move"));
	CHECKF(tk_act(g, "union", "{\"type\":\"consolidate\",\"general\":\"grant\"}") == 0, "%s",
	       tk_err.message);
	CHECK_EQ_INT(s->unit[grant].hex, hex);
	CHECK_EQ_INT(s->play.moved, 1);
	CHECKF(tk_act(g, "union", "{\"type\":\"consolidate_done\",\"remove_it\":2}") == 0, "%s",
	       tk_err.message);
	CHECK_EQ_INT(lw_force_it(s, hex), 0); /* the GiC removed Grant's two IT */
	CHECK(tk_act(g, "union", "{\"type\":\"consolidate\",\"general\":\"grant\"}") !=
	      0); /* once */
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"done\"}") == 0, "%s", tk_err.message);

	/* 11.1.2.2: the GiC is killed */
	int us = s->side[LW_UNION].pc, cs = s->side[LW_CONFEDERATE].pc;
	s->unit[mc].stars = 3;
	s->unit[mc].flags = 0;
	lw_kill(s, gic);
	CHECK_EQ_INT(s->unit[gic].where, LW_W_DECEASED);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, cs + 4);
	CHECK_EQ_INT(s->side[LW_UNION].pc, us - 4);
	CHECK_EQ_INT(s->side[LW_UNION].gic, mc); /* the only three-star left */
	CHECK_EQ_INT(s->unit[mc].hex, 1903);     /* placed in Washington (11.1.2.3) */
	/* a three-star TCO took the dead GiC's place (16.8.2) */
	int tco = LW_NONE;
	for (int u = 0; u < s->n_units; u++)
		if (s->unit[u].gen < 0 && s->unit[u].where == LW_W_MAP && s->unit[u].hex == hex)
			tco = u;
	CHECK(tco != LW_NONE && s->unit[tco].stars == 3);

	/* 7.1.4: appointing another GiC costs 4 PC, 2 after a lost battle */
	s->phase = LW_PH_ADMIN;
	s->phasing = LW_UNION;
	s->side[LW_UNION].admin_done = 0;
	s->side[LW_UNION].pc = 10;
	int other = tk_unit(g, "grant");
	s->unit[other].stars = 3;
	s->unit[other].flags = 0;
	s->unit[mc].flags |= LW_UF_LOST_PREV;
	CHECKF(tk_act(g, "union", "{\"type\":\"appoint_gic\",\"general\":\"grant\"}") == 0, "%s",
	       tk_err.message);
	CHECK_EQ_INT(s->side[LW_UNION].pc, 8);
	CHECK_EQ_INT(s->side[LW_UNION].gic, other);
	CHECK_EQ_INT(s->unit[other].hex, 1903);

	/* 11.1.2.2: with two three-star generals left, the owner chooses */
	int third = LW_NONE;
	for (int u = 0; u < (int)lw_D()->n_generals && third == LW_NONE; u++)
		if (s->unit[u].side == LW_UNION && u != other && u != mc && !s->unit[u].cavalry &&
		    lw_D()->generals[u].max_stars == 3)
			third = u;
	CHECK(third != LW_NONE);
	tk_place(g, third, tk_empty_hex(g, "OH", 0));
	s->unit[third].stars = 3;
	s->unit[mc].flags = 0;
	tk_goto_ops(g, 1, LW_CONFEDERATE);
	tk_give_any(s, LW_CONFEDERATE);
	lw_kill(s, other); /* Grant, the GiC */
	CHECK_EQ_INT(s->side[LW_UNION].gic, LW_NONE);
	CHECK_EQ_INT(lw_gic_choice_side(s), LW_UNION);
	struct game_status st;
	lincolns_war_module.status(g, &st);
	CHECK_EQ_INT(st.awaiting, 1); /* the Union only, before the Confederate plays */
	CHECK(tk_offers(g, "union", "new General in Chief"));
	CHECK(tk_act(g, "confederate", "{\"type\":\"pass\"}") != 0);
	CHECK_EQ_STR(tk_err.code, TG_E_NOT_YOUR_TURN);
	CHECK(tk_act(g, "union", "{\"type\":\"choose_gic\",\"general\":\"grant\"}") != 0);
	snprintf(buf, sizeof buf, "{\"type\":\"choose_gic\",\"general\":\"%s\"}",
	         lw_unit_id(s, third, id, sizeof id));
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->side[LW_UNION].gic, third);
	CHECK_EQ_INT(lw_gic_choice_side(s), LW_NOSIDE);
	lincolns_war_module.status(g, &st);
	CHECK_EQ_INT(st.awaiting, 2); /* back to the Confederate's card play */
	lincolns_war_module.free(g);
	return tap_done();
}
