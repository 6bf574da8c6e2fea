/* 21.1: a side at 0 PC and 0 CSP at the end of a turn collapses and loses;
 * 21.2: CSP are reset to 0; 10.7.8.1: the Union loses 2 PC without a
 * Virginia activation. 21.3: the game ends after the last turn on points. */
#include "lw_testkit.h"

int main(void)
{
	struct game *g = tk_new("tournament", 60);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	tk_goto_ops(g, 0, LW_UNION);
	s->side[LW_UNION].pc = 2;
	s->side[LW_UNION].csp = 0;
	s->side[LW_CONFEDERATE].pc = 7;
	s->side[LW_CONFEDERATE].csp = 3;
	lw_end_operations(s, NULL); /* no Virginia activation: -2, Union at 0 */
	lw_continue(s, NULL);       /* the Supply Phase's stages (lw_actions.c) */
	CHECK_EQ_INT(s->phase, LW_PH_OVER);
	CHECK_EQ_INT(s->winner, LW_CONFEDERATE);
	CHECK(strstr(s->result, "21.1") != NULL);
	struct game_status st;
	lincolns_war_module.status(g, &st);
	CHECK(st.finished);
	CHECK_EQ_INT(st.winner, 1);
	CHECK(tk_act(g, "union", "{\"type\":\"pass\"}") != 0);
	lincolns_war_module.free(g);

	g = tk_new("tournament", 61);
	tk_choose_gics(g);
	s = &g->s;
	tk_goto_ops(g, 0, LW_UNION);
	s->side[LW_UNION].eastern_done = 1;
	s->side[LW_UNION].pc = 10;
	s->side[LW_CONFEDERATE].csp = 3;
	lw_end_operations(s, NULL);
	lw_continue(s, NULL); /* the Supply Phase's stages (lw_actions.c) */
	CHECK(s->phase != LW_PH_OVER);
	CHECK_EQ_INT(s->turn, 1);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].csp, 0); /* 21.2 */
	/* the last turn ends the game on points */
	tk_goto_ops(g, s->last_turn, LW_UNION);
	s->side[LW_UNION].eastern_done = 1;
	s->side[LW_UNION].pc = 30;
	s->side[LW_CONFEDERATE].pc = 30;
	lw_end_operations(s, NULL);
	lw_continue(s, NULL); /* the Supply Phase's stages (lw_actions.c) */
	CHECK_EQ_INT(s->phase, LW_PH_OVER);
	CHECK(strstr(s->result, "21.3") != NULL);
	lincolns_war_module.free(g);
	return tap_done();
}
