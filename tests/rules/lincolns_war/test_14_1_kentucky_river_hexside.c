/* 14.1 with 2.4.3 and 8.1.2.2: the Tennessee hexside 0806/0905 is "the one
 * river hex within [Kentucky's] borders". Boats carrying a force along it
 * move inside Kentucky: "When a player becomes the first to move, attack or
 * retreat a force into any hex in Kentucky, his opponent is immediately
 * granted five PC" (2.4.3), as an ironclad moving there violates neutrality
 * (8.1.2.2). The engine charges it only when no river path round it exists
 * (a landing in Kentucky violates by itself). */
#include "lw_amphib_fixture.h"

/* A fresh copy of s with a one-star Union general activated in Cairo. */
static struct lw_state *at_cairo(const struct lw_state *s)
{
	struct lw_state *w = malloc(sizeof *w);
	*w = *s;
	int g = am_general(w, LW_UNION, am_hex("cairo"), 1, LW_NONE);
	am_activate(w, LW_UNION, &g, 1);
	w->side[LW_UNION].pc = 15;
	return w;
}

int main(void)
{
	struct lw_state *s = fx_new(2); /* Summer 1862 */
	if (!s)
		return 1;
	s->kentucky.violator = LW_NOSIDE;
	int donelson = am_hex("fort_donelson"); /* up the Tennessee, past 0806/0905 */
	int cs_pc = s->side[LW_CONFEDERATE].pc;

	/* the assault on Fort Donelson from Cairo follows the Kentucky hexside:
	 * a violation, five PC to the Confederate */
	struct lw_state *w = at_cairo(s);
	int land[512], ports[64], np = 0;
	lw_amphib_river_reach(w, LW_UNION, am_hex("cairo"), land, 512, ports, &np, 64);
	CHECK(am_has(ports, np, donelson));
	char act[96];
	snprintf(act, sizeof act, "{\"type\":\"river_assault\",\"target\":%d}", donelson);
	AM_OK(w, LW_UNION, act);
	CHECK_EQ_INT(w->kentucky.violator, LW_UNION);
	CHECK_EQ_INT(w->side[LW_CONFEDERATE].pc, cs_pc + lw_D()->tables.kentucky_violation_pc);
	free(w);

	/* down the Mississippi to 0707 (no Kentucky water): no violation */
	w = at_cairo(s);
	AM_OK(w, LW_UNION, "{\"type\":\"river_move\",\"to\":707}");
	CHECK_EQ_INT(w->kentucky.violator, LW_NOSIDE);
	CHECK_EQ_INT(w->side[LW_CONFEDERATE].pc, cs_pc);
	free(w);

	/* up the Ohio to a landing on its north bank (a border river, sailed
	 * along the opposite bank): no violation */
	w = at_cairo(s);
	AM_OK(w, LW_UNION, "{\"type\":\"river_move\",\"to\":904}");
	CHECK_EQ_INT(w->kentucky.violator, LW_NOSIDE);
	free(w);

	/* a landing in Kentucky violates by itself (2.4.3) */
	w = at_cairo(s);
	AM_OK(w, LW_UNION, "{\"type\":\"river_move\",\"to\":905}");
	CHECK_EQ_INT(w->kentucky.violator, LW_UNION);
	free(w);

	/* once violated, nobody violates again: no second five PC */
	s->kentucky.violator = LW_CONFEDERATE;
	w = at_cairo(s);
	AM_OK(w, LW_UNION, act);
	CHECK_EQ_INT(w->kentucky.violator, LW_CONFEDERATE);
	CHECK_EQ_INT(w->side[LW_CONFEDERATE].pc, cs_pc);
	free(w);
	free(s);
	return tap_done();
}
