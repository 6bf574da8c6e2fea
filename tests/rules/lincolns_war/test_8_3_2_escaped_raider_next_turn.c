/* 8.3.2 "each Confederate Raider occupying a RAID hex that has not moved
 * this turn (8.1.1) rolls a die", and 8.1.1 "The Confederate player can
 * move any or all Raiders currently on the board". A Raider that escaped a
 * port captured by land (8.3.4) during the Operations Phase went to a RAID
 * hex in THAT turn: in the next turn's Naval Phase it has not moved, so it
 * may move and, left in place, raids. (The engine kept the escape's
 * "moved" mark until the end of the next Naval Phase: the Raider could
 * neither move nor raid a whole turn.) */
#include "lw_naval_fixture.h"

int main(void)
{
	struct game *g = nv_game(832);
	struct lw_state *s = &g->s;
	/* the Operations Phase: Wilmington, holding a Raider, falls by land */
	s->phase = LW_PH_OPS;
	nv_raider_port(s, 0, nv_hex("wilmington"));
	lw_capture_city(s, LW_UNION, nv_city("wilmington"), false);
	CHECK_EQ_INT(s->navy.raider[0].where, LW_NW_ESCAPE);
	CHECKF(tk_act(g, "confederate", "{\"type\":\"naval_escape\",\"raider\":0,\"column\":0}") ==
	           0,
	       "%s", tk_err.message);
	CHECK_EQ_INT(s->navy.raider[0].where, LW_NW_RAID);

	/* the next turn's Naval Phase, the Confederate first */
	s->first = LW_CONFEDERATE;
	CHECK(!lw_naval_begin(s, NULL));
	CHECK_EQ_INT(s->navy.mover, LW_CONFEDERATE);
	CHECK(!s->navy.raider[0].moved);
	/* it may move: one hex along the track, or home to a friendly port (a
	 * Raider's moves are one entry, "from" its param: issue 17) */
	CHECK(tk_offers_action(g, "confederate", "{\"type\":\"raider_move\",\"from\":\"raid:1\"}"));
	/* left where it is, it raids (the roll is logged) */
	CHECKF(tk_act(g, "confederate", "{\"type\":\"end_naval\"}") == 0, "%s", tk_err.message);
	if (s->phase == LW_PH_NAVAL && s->navy.mover == LW_UNION)
		CHECKF(tk_act(g, "union", "{\"type\":\"end_naval\"}") == 0, "%s", tk_err.message);
	CHECK(nv_log(s, "The Raider in RAID hex 1 rolls") != NULL);
	lincolns_war_module.free(g);
	return tap_done();
}
