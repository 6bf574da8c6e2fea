/* 13.1.2 Placement of cavalry reinforcements: a cavalry reinforcement due
 * in a hex that already holds a cavalry general is placed in an adjacent
 * friendly hex (13.1.1: one cavalry general per hex). Summer 1862:
 * Pleasonton and Buford are both due in Washington, where Stoneman
 * already stands. */
#include "lw_place_choice.h"
#include "lw_testkit.h"

int main(void)
{
	struct game *g = tk_new("campaign", 33);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	CHECK_EQ_INT(s->phase, LW_PH_ADMIN);
	int wash = 1903;
	int stoneman = tk_unit(g, "stoneman"), pl = tk_unit(g, "pleasonton"),
	    bu = tk_unit(g, "buford");
	CHECK_EQ_INT(lw_D()->generals[s->unit[pl].gen].entry_hex, wash);
	CHECK_EQ_INT(lw_D()->generals[s->unit[bu].gen].entry_hex, wash);
	tk_place(g, stoneman, wash);
	s->unit[stoneman].stars = 1;
	s->turn = s->unit[pl].arrive_turn > s->unit[bu].arrive_turn ? s->unit[pl].arrive_turn
	                                                            : s->unit[bu].arrive_turn;
	CHECK_EQ_INT(s->unit[pl].where, LW_W_PENDING);
	CHECKF(tk_act(g, "union", "{\"type\":\"end_admin\"}") == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "confederate", "{\"type\":\"end_admin\"}") == 0, "%s", tk_err.message);
	/* 7.3: where several hexes are legal the Union places them (any of
	 * the offered hexes; which is test_07_3_placement_choice's) */
	for (int k = 0; k < 4; k++) {
		json_t *e = pc_entry(g, LW_UNION, "place_arrival", NULL);
		if (!e)
			break;
		int opt[64], n = pc_choices(e, opt, 64);
		CHECKF(n > 0 && pc_send(g, "union", e, opt[0]) == 0, "%s", tk_err.message);
		json_decref(e);
	}
	CHECK_EQ_INT(s->unit[pl].where, LW_W_MAP);
	CHECK_EQ_INT(s->unit[bu].where, LW_W_MAP);
	CHECK_EQ_INT(s->unit[stoneman].hex, wash); /* the one already there stays */
	const struct tg_hexgrid *grid = &lw_D()->grid;
	CHECKF(s->unit[pl].hex != wash && tg_hex_adjacent(grid, wash, s->unit[pl].hex),
	       "Pleasonton next to Washington (%04d)", s->unit[pl].hex);
	CHECKF(s->unit[bu].hex != wash && tg_hex_adjacent(grid, wash, s->unit[bu].hex),
	       "Buford next to Washington (%04d)", s->unit[bu].hex);
	CHECK(s->unit[pl].hex != s->unit[bu].hex); /* never two in one hex */
	for (int k = 0; k < 2; k++) {
		int h = s->unit[k ? bu : pl].hex;
		CHECK(lw_hex_owner_force(s, h) == LW_UNION);
		int c = lw_city_at(h);
		CHECK(c < 0 || lw_city_controller(s, c) == LW_UNION);
	}
	lincolns_war_module.free(g);
	return tap_done();
}
