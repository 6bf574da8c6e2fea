/* test_21_3_assassination_vp.c — the 21.3 assassination rows reach the
 * final score (issue 16 item 9: the module's notes said they never score).
 *   7.1.9.1: "Whether the CO is the GiC or not, VP will be awarded at the
 *            end of the game (See 21.3)."
 *   21.3:    "| Assassination of President | 3 VP | US/CS |"
 *            "| Assassination of CO in Capital | 1 VP | US/CS |"
 * The same last turn is ended twice, once without and once with a
 * successful plot recorded for a side; the game's final summary (the
 * points the result is decided on) differs by exactly those VP, for the
 * plotter only. */
#include "lw_testkit.h"

/* Ends the last turn of a seeded tournament game; `pres` / `co`: the side
 * whose plot killed the President / the capital CO (LW_NOSIDE: none).
 * Returns the final VP read from the result. */
static void final_vp(int pres, int co, int vp[LW_SIDE_SLOTS])
{
	struct game *g = tk_new("tournament", 62);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	tk_goto_ops(g, s->last_turn, LW_UNION);
	s->side[LW_UNION].eastern_done = 1;
	s->side[LW_UNION].pc = 30;
	s->side[LW_CONFEDERATE].pc = 30;
	if (pres != LW_NOSIDE)
		s->pol.president_vp[pres] = 1;
	if (co != LW_NOSIDE)
		s->pol.co_vp[co] = 1;
	lw_end_operations(s, NULL);
	lw_continue(s, NULL); /* the Supply Phase's stages (lw_actions.c) */
	CHECK_EQ_INT(s->phase, LW_PH_OVER);
	vp[LW_UNION] = vp[LW_CONFEDERATE] = -1;
	const char *p = strstr(s->result, "Union ");
	CHECKF(p && sscanf(p, "Union %d VP, Confederate %d VP", &vp[LW_UNION],
	                   &vp[LW_CONFEDERATE]) == 2,
	       "final summary gives the points: %s", s->result);
	lincolns_war_module.free(g);
}

int main(void)
{
	int base[LW_SIDE_SLOTS], cs[LW_SIDE_SLOTS], us[LW_SIDE_SLOTS];
	final_vp(LW_NOSIDE, LW_NOSIDE, base);
	/* the Confederate plot killed Lincoln and the CO in Washington */
	final_vp(LW_CONFEDERATE, LW_CONFEDERATE, cs);
	CHECK_EQ_INT(cs[LW_CONFEDERATE], base[LW_CONFEDERATE] + 3 + 1);
	CHECK_EQ_INT(cs[LW_UNION], base[LW_UNION]);
	/* the Union's plot killed Davis only */
	final_vp(LW_UNION, LW_NOSIDE, us);
	CHECK_EQ_INT(us[LW_UNION], base[LW_UNION] + 3);
	CHECK_EQ_INT(us[LW_CONFEDERATE], base[LW_CONFEDERATE]);
	return tap_done();
}
