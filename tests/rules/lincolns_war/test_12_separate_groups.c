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
	int grant = gf_place(g, "grant", p[0], 3);
	int sherman = gf_place(g, "sherman", p[0], 2);
	int thomas = gf_place(g, "thomas", p[0], 1);
	s->unit[grant].cmd = ++s->cmd_seq;
	int two = gf_card(g, LW_UNION, 2);
	char buf[200];
	snprintf(buf, sizeof buf,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"grant\"}", two);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->play.movers_n, 3);

	/* Thomas stays at the start, Grant and Sherman go one hex, Sherman stays */
	CHECKF(tk_act(g, "union", "{\"type\":\"detach\",\"unit\":\"thomas\"}") == 0, "%s",
	       tk_err.message);
	CHECKF(tk_act(g, "union", gf_move(buf, sizeof buf, p[1])) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"detach\",\"unit\":\"sherman\"}") == 0, "%s",
	       tk_err.message);
	CHECK_EQ_INT(s->play.movers_n, 1);
	/* 12.0: no other group moves before this one has finished */
	snprintf(buf, sizeof buf, "{\"type\":\"next_group\",\"hex\":%d}", p[0]);
	CHECK(tk_act(g, "union", buf) != 0);
	CHECK(strstr(tk_err.message, "12.0") != NULL);
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);

	/* the activation is not over: the two left behind are offered */
	CHECK_EQ_INT(s->step, LW_ST_MOVE);
	CHECK_EQ_INT(s->play.movers_n, 0);
	CHECK(tk_offers(g, "union", "as a separate group"));
	CHECK(!tk_offers(g, "confederate", "as a separate group"));

	/* Sherman, left after one hex, has two of the minor army's three left */
	snprintf(buf, sizeof buf, "{\"type\":\"next_group\",\"hex\":%d}", p[1]);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->play.movers_n, 1);
	CHECK_EQ_INT(s->play.movers[0], sherman);
	CHECK_EQ_INT(s->play.moved, 1);
	CHECKF(tk_act(g, "union", gf_move(buf, sizeof buf, p[2])) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", gf_move(buf, sizeof buf, p[3])) == 0, "%s", tk_err.message);
	int beyond = gf_next(g, p[3], "", p, 6);
	if (CHECK(beyond != LW_NO_HEX)) {
		CHECK(tk_act(g, "union", gf_move(buf, sizeof buf, beyond)) != 0);
		CHECKF(strstr(tk_err.message, "12.") != NULL, "%s", tk_err.message);
	}
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[sherman].hex, p[3]);
	CHECK_EQ_INT(s->step, LW_ST_MOVE); /* Thomas still waits */

	/* Thomas, left before any move, has the whole allowance */
	snprintf(buf, sizeof buf, "{\"type\":\"next_group\",\"hex\":%d}", p[0]);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->play.movers[0], thomas);
	CHECK_EQ_INT(s->play.moved, 0);
	CHECKF(tk_act(g, "union", gf_move(buf, sizeof buf, p[4])) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", gf_move(buf, sizeof buf, p[5])) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
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
	grant = gf_place(g, "grant", p[0], 3);
	thomas = gf_place(g, "thomas", p[0], 1);
	s->unit[grant].cmd = ++s->cmd_seq;
	two = gf_card(g, LW_UNION, 2);
	snprintf(buf, sizeof buf,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"grant\"}", two);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"detach\",\"unit\":\"thomas\"}") == 0, "%s",
	       tk_err.message);
	CHECKF(tk_act(g, "union", gf_move(buf, sizeof buf, p[1])) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECK(tk_offers(g, "union", "End the activation"));
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->step, LW_ST_SPEND);
	CHECK_EQ_INT(s->unit[thomas].hex, p[0]);
	snprintf(buf, sizeof buf, "{\"type\":\"next_group\",\"hex\":%d}", p[0]);
	CHECK(tk_act(g, "union", buf) != 0);
	lincolns_war_module.free(g);
	return tap_done();
}
