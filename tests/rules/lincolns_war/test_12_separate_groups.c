/* 12.0 / 11.0.1 / 12.8: an activated CO's force may be "moved as desired as
 * a group or reorganized into smaller forces"; "if any units are being
 * moved separately, each unit or stack must complete its movement and
 * resolve any combat before moving another unit". 12.5: a picked-up or
 * left general moves "up to the amount of hexes the activated CO has left
 * in his movement allowance". Played through act(): Grant (3) with Sherman
 * (2) and Thomas (1) in Ohio; Thomas is left at the start, Sherman after one
 * hex; each then moves as a separate group with what was left. */
#include "lw_groups_fixture.h"

int main(void)
{
	struct game *g = gf_new(21, LW_UNION);
	struct lw_state *s = &g->s;
	/* p[0..3] a path (Grant, then Sherman from p[1]); p[4..5] a branch
	 * from p[0] (Thomas) */
	int p[8] = {0};
	if (!CHECK(gf_paths(g, "OH", 4, 2, p)))
		return tap_done();
	int grant = gf_grant_force(g, p[0], true);
	int sherman = tk_unit(g, "sherman"), thomas = tk_unit(g, "thomas");
	char buf[200];
	gf_activate(g, 2, "grant");
	CHECK_EQ_INT(s->play.movers_n, 3);

	/* Thomas stays at the start, Grant and Sherman go one hex, Sherman stays */
	GF_OK(g, "{\"type\":\"detach\",\"unit\":\"thomas\"}");
	GF_OK(g, gf_move(buf, sizeof buf, p[1]));
	GF_OK(g, "{\"type\":\"detach\",\"unit\":\"sherman\"}");
	CHECK_EQ_INT(s->play.movers_n, 1);
	/* 12.0: no other group moves before this one has finished */
	CHECK(gf_next_group(g, p[0]) != 0);
	CHECK(strstr(tk_err.message, "12.0") != NULL);
	GF_OK(g, "{\"type\":\"stop\"}");

	/* the activation is not over: the two left behind are offered */
	CHECK_EQ_INT(s->step, LW_ST_MOVE);
	CHECK_EQ_INT(s->play.movers_n, 0);
	CHECK(tk_offers(g, "union", "as a separate group"));
	CHECK(!tk_offers(g, "confederate", "as a separate group"));

	/* Sherman, left after one hex, has two of the minor army's three left */
	CHECKF(gf_next_group(g, p[1]) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->play.movers_n, 1);
	CHECK_EQ_INT(s->play.movers[0], sherman);
	CHECK_EQ_INT(s->play.moved, 1);
	GF_OK(g, gf_move(buf, sizeof buf, p[2]));
	GF_OK(g, gf_move(buf, sizeof buf, p[3]));
	int beyond = gf_next(g, p[3], "", p, 6);
	if (CHECK(beyond != LW_NO_HEX)) {
		CHECK(tk_act(g, "union", gf_move(buf, sizeof buf, beyond)) != 0);
		CHECKF(strstr(tk_err.message, "12.") != NULL, "%s", tk_err.message);
	}
	GF_OK(g, "{\"type\":\"stop\"}");
	CHECK_EQ_INT(s->unit[sherman].hex, p[3]);
	CHECK_EQ_INT(s->step, LW_ST_MOVE); /* Thomas still waits */

	/* Thomas, left before any move, has the whole allowance */
	CHECKF(gf_next_group(g, p[0]) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->play.movers[0], thomas);
	CHECK_EQ_INT(s->play.moved, 0);
	GF_OK(g, gf_move(buf, sizeof buf, p[4]));
	GF_OK(g, gf_move(buf, sizeof buf, p[5]));
	GF_OK(g, "{\"type\":\"stop\"}");
	/* nobody waits: the card play goes on (one PC of the 2 card is left) */
	CHECK_EQ_INT(s->step, LW_ST_SPEND);
	CHECK_EQ_INT(s->unit[grant].hex, p[1]);
	CHECK_EQ_INT(s->unit[thomas].hex, p[5]);
	/* all three were activated by this card: none is activated again */
	CHECK(tk_act(g, "union", "{\"type\":\"activate\",\"general\":\"thomas\"}") != 0);
	lincolns_war_module.free(g);

	/* a group left behind need not move: ending the activation leaves it */
	g = gf_new(22, LW_UNION);
	s = &g->s;
	if (!CHECK(gf_paths(g, "OH", 2, 0, p)))
		return tap_done();
	grant = gf_grant_force(g, p[0], false);
	thomas = tk_unit(g, "thomas");
	gf_activate(g, 2, "grant");
	GF_OK(g, "{\"type\":\"detach\",\"unit\":\"thomas\"}");
	GF_OK(g, gf_move(buf, sizeof buf, p[1]));
	GF_OK(g, "{\"type\":\"stop\"}");
	CHECK(tk_offers(g, "union", "End the activation"));
	GF_OK(g, "{\"type\":\"stop\"}");
	CHECK_EQ_INT(s->step, LW_ST_SPEND);
	CHECK_EQ_INT(s->unit[thomas].hex, p[0]);
	CHECK(gf_next_group(g, p[0]) != 0);
	lincolns_war_module.free(g);
	return tap_done();
}
