/* 6.0: "The initiative player goes first in every phase unless he has a 10
 * or greater PC lead, in which case he may force his opponent to accept
 * initiative and go first for the turn. If players are tied on PC, the
 * player holding the initiative last retains it." The forced opponent
 * accepts the initiative: he holds it for the turn, so on a tie next turn
 * he is "the player holding the initiative last" and keeps it. (The engine
 * let only the first player change, so the forcing player kept the
 * initiative on the tie.) Declining to force changes nothing. */
#include "lw_testkit.h"

int main(void)
{
	/* second turn: the Confederates lead by 12 and force the Union */
	struct game *g = tk_initiative_lead(21);
	struct lw_state *s = &g->s;
	CHECK_EQ_INT(s->initiative, LW_CONFEDERATE);
	CHECK_EQ_INT(s->phase, LW_PH_INITIATIVE);
	CHECKF(tk_act(g, "confederate", "{\"type\":\"initiative\",\"first\":\"union\"}") == 0, "%s",
	       tk_err.message);
	CHECK_EQ_INT(s->first, LW_UNION);
	CHECK_EQ_INT(s->initiative, LW_UNION); /* he accepted the initiative */
	CHECK_EQ_INT(s->phasing, LW_UNION);
	/* next turn, tied: the Union held it last and keeps it, and goes first */
	tk_begin_turn_pc(s, 2, 9, 9);
	CHECK_EQ_INT(s->initiative, LW_UNION);
	CHECK_EQ_INT(s->first, LW_UNION);
	CHECK_EQ_INT(s->phase, LW_PH_ADMIN);
	CHECK_EQ_INT(s->phasing, LW_UNION);
	/* a holder who does not force keeps it, and keeps it on a tie */
	tk_begin_turn_pc(s, 3, 20, 8);
	CHECK_EQ_INT(s->phase, LW_PH_INITIATIVE);
	CHECKF(tk_act(g, "union", "{\"type\":\"initiative\",\"first\":\"union\"}") == 0, "%s",
	       tk_err.message);
	CHECK_EQ_INT(s->initiative, LW_UNION);
	CHECK_EQ_INT(s->first, LW_UNION);
	tk_begin_turn_pc(s, 4, 20, 20);
	CHECK_EQ_INT(s->initiative, LW_UNION);
	lincolns_war_module.free(g);
	return tap_done();
}
