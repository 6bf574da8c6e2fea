/* 12.4 / 11.1.2.3: when an involuntary change leaves a hex overstacked,
 * "displace enough stars from the stack to an adjacent space until stacking
 * limits are met". The procedure moves the junior general at once; his
 * owner is then asked to keep that or to displace another general of the
 * hex instead (who brings the first back). Through the module's act(). */
#include "lw_displace_fixture.h"

static int stars_at(const struct lw_state *s, int hex, int side)
{
	int u[LW_MAX_UNITS], st = 0;
	int n = lw_units_at(s, hex, side, u);
	for (int i = 0; i < n; i++)
		st += s->unit[u[i]].stars;
	return st;
}

/* The position: Hooker's army of eight stars, Hooker just demoted by the
 * Committee: Meade was displaced. */
static struct game *position(int *hex)
{
	struct game *g = tk_committee_game(5);
	struct lw_state *s = &g->s;

	/* a Major Army of eight stars under three-star Hooker */
	int h = tk_empty_hex(g, "PA", 0);
	dx_hooker_army(g, h);
	CHECK_EQ_INT(stars_at(s, h, LW_UNION), 8);
	/* the Committee demotes Hooker: no three-star left, six stars at most */
	dx_demote_hooker(g);
	*hex = h;
	return g;
}

int main(void)
{
	int hex = 0;
	struct game *g = position(&hex);
	struct lw_state *s = &g->s;
	int meade = tk_unit(g, "meade"), sedgwick = tk_unit(g, "sedgwick");
	int hooker = tk_unit(g, "hooker");
	CHECK_EQ_INT(s->unit[hooker].stars, 2);
	CHECK_EQ_INT(lw_force_co(s, hex), hooker); /* not below anyone: keeps command */
	/* the procedure displaced the junior, Meade */
	CHECK(s->unit[meade].hex != hex);
	int meade_to = s->unit[meade].hex;
	CHECK_EQ_INT(stars_at(s, hex, LW_UNION), 6);

	/* the Union is asked before anything else */
	struct game_status st;
	lincolns_war_module.status(g, &st);
	CHECK_EQ_INT(st.awaiting, 1);
	CHECK(tk_offers(g, "union", "Displace George G. Meade from"));
	CHECK(tk_offers(g, "union", "Displace John Sedgwick from") ||
	      tk_offers(g, "union", "Sedgwick from"));
	CHECK(!tk_offers(g, "union", "Displace Joseph Hooker")); /* the CO stays */
	CHECK(!tk_offers(g, "confederate", "Displace"));
	char buf[160];
	snprintf(buf, sizeof buf,
	         "{\"type\":\"displace\",\"hex\":%d,\"general\":\"hooker\",\"to\":%d}", hex,
	         meade_to);
	CHECK(tk_act(g, "union", buf) != 0);
	CHECK(strstr(tk_err.message, "12.4") != NULL);
	CHECK(tk_act(g, "union", "{\"type\":\"pass\"}") != 0);
	/* Sedgwick goes instead; Meade comes back */
	int to[LW_DISPLACE_MAX];
	CHECK(lw_displace_dests(s, hex, sedgwick, meade, to) > 0);
	snprintf(buf, sizeof buf,
	         "{\"type\":\"displace\",\"hex\":%d,\"general\":\"sedgwick\",\"to\":%d}", hex,
	         to[0]);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[meade].hex, hex);
	CHECK(s->unit[sedgwick].where == LW_W_MAP && s->unit[sedgwick].hex == to[0]);
	CHECK_EQ_INT(stars_at(s, hex, LW_UNION), 5);
	CHECK_EQ_INT(lw_stack_check_hex(s, hex, LW_UNION, NULL, 0, LW_NONE, 0, NULL), 0);
	CHECK_EQ_INT(lw_force_co(s, hex), hooker);
	CHECK_EQ_INT(s->command.dsp_n, 0);
	CHECK(!tk_offers(g, "union", "Displace"));
	(void)meade_to;
	lincolns_war_module.free(g);

	/* the random bot of the playouts answers the question */
	for (int seed = 1; seed <= 6; seed++) {
		g = position(&hex);
		dx_bot_answers(g, hex, seed);
	}
	return tap_done();
}
