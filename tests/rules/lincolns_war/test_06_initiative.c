/* 6.0: the player with most PC has the initiative; a tie keeps the last
 * holder; with a lead of 10 or more he may force the opponent to go first. */
#include "lw_testkit.h"

int main(void)
{
	/* second turn, the Confederates lead by 12 */
	struct game *g = tk_initiative_lead(20);
	struct lw_state *s = &g->s;
	CHECK_EQ_INT(s->initiative, LW_CONFEDERATE);
	CHECK_EQ_INT(s->phase, LW_PH_INITIATIVE);
	CHECK(tk_offers(g, "confederate", "Force the Union player to go first"));
	CHECK(tk_act(g, "union", "{\"type\":\"initiative\",\"first\":\"union\"}") != 0);
	CHECKF(tk_act(g, "confederate", "{\"type\":\"initiative\",\"first\":\"union\"}") == 0, "%s",
	       tk_err.message);
	CHECK_EQ_INT(s->first, LW_UNION);
	CHECK_EQ_INT(s->phase, LW_PH_ADMIN);
	CHECK_EQ_INT(s->phasing, LW_UNION);
	/* a tie keeps the holder: the Union, who accepted the initiative when
	 * forced (test_06_forced_initiative) */
	tk_begin_turn_pc(s, 2, 9, 9);
	CHECK_EQ_INT(s->initiative, LW_UNION);
	CHECK_EQ_INT(s->phase, LW_PH_ADMIN);
	CHECK_EQ_INT(s->first, LW_UNION);
	/* a lead of 9 does not allow forcing */
	tk_begin_turn_pc(s, 3, 18, 9);
	CHECK_EQ_INT(s->initiative, LW_UNION);
	CHECK_EQ_INT(s->phase, LW_PH_ADMIN);
	lincolns_war_module.free(g);
	return tap_done();
}
