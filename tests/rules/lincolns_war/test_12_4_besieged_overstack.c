/* 12.4 stacking "must be met ... (beginning and end of any siege,
 * promotions, etc.)", but a besieged force "may not ... move out of the
 * city, nor may the attacker disengage from the siege" (16.9.5.2). A
 * demotion that leaves either force in a siege overstacked therefore does
 * not displace anybody out of the city: as 16.9.6 has a force that cannot
 * move within the limits do, "subordinates must lose stars to satisfy
 * stacking restrictions before the CO loses stars" (the junior first; a
 * one-star is disgraced). The same force outside a siege is displaced as
 * usual (the control). */
#include "lincolns_war/lw_combat.h"
#include "lincolns_war/lw_siege.h"
#include "lw_amphib_fixture.h"

static int stars_at(const struct lw_state *s, int hex, int side)
{
	int u[LW_MAX_UNITS], st = 0;
	int n = lw_units_at(s, hex, side, u);
	for (int i = 0; i < n; i++)
		st += s->unit[u[i]].stars;
	return st;
}

/* A force of 3+2+2+1 stars of side at hex: f[0] the three-star CO, f[3]
 * the one-star, the junior. */
static void force(struct lw_state *s, int side, int hex, int f[4])
{
	static const int stars[4] = {3, 2, 2, 1};
	for (int i = 0; i < 4; i++)
		f[i] = am_general(s, side, hex, stars[i], LW_NONE);
	s->unit[f[0]].cmd = ++s->cmd_seq;
}

/* Every general of f on the map stands at hex. */
static bool all_at(const struct lw_state *s, const int f[4], int hex)
{
	for (int i = 0; i < 4; i++)
		if (s->unit[f[i]].where == LW_W_MAP && s->unit[f[i]].hex != hex)
			return false;
	return true;
}

int main(void)
{
	struct lw_state *s = fx_new(3);
	if (!s)
		return 1;
	int nashville = am_hex("nashville");
	int camp = fx_plain_neighbour(nashville);
	CHECKF(camp != LW_NO_HEX, "a plain hex next to Nashville");
	s->side[LW_UNION].pc = s->side[LW_CONFEDERATE].pc = 20;

	int us[4], cs[4];
	force(s, LW_UNION, camp, us);
	force(s, LW_CONFEDERATE, nashville, cs);
	am_won_battle(s, nashville, camp, us, 4, LW_CRT_MINOR, 0);
	CHECK(lw_siege_may_offer(s));
	lw_siege_begin_offer(s);
	AM_OK(s, LW_CONFEDERATE, "{\"type\":\"offer_siege\"}");
	AM_OK(s, LW_UNION, "{\"type\":\"besiege\"}");
	CHECK(lw_siege_at(s, nashville) >= 0);
	CHECK(all_at(s, us, nashville));
	CHECK_EQ_INT(stars_at(s, nashville, LW_CONFEDERATE), 8);
	CHECK(lw_displace_held(s, nashville, LW_CONFEDERATE));
	CHECK(lw_displace_held(s, nashville, LW_UNION));
	CHECK(!lw_displace_held(s, camp, LW_UNION));
	/* 16.9.5.2: nowhere to displace the besieged to */
	int to[LW_DISPLACE_MAX];
	CHECK_EQ_INT(lw_displace_dests(s, nashville, cs[3], LW_NONE, to), 0);

	/* the besieged CO loses his third star: 7 stars of a Minor Army */
	lw_demote(s, cs[0]);
	CHECK_EQ_INT(s->unit[cs[0]].stars, 2);
	CHECK(all_at(s, cs, nashville));                    /* nobody left the city */
	CHECK_EQ_INT(s->unit[cs[3]].where, LW_W_DISGRACED); /* the junior lost his star */
	CHECK_EQ_INT(s->unit[cs[1]].stars, 2);
	CHECK_EQ_INT(s->unit[cs[2]].stars, 2);
	CHECK_EQ_INT(stars_at(s, nashville, LW_CONFEDERATE), 6);
	CHECK_EQ_INT(lw_stack_check_hex(s, nashville, LW_CONFEDERATE, NULL, 0, LW_NONE, 0, NULL),
	             0);
	CHECK_EQ_INT(s->command.dsp_n, 0); /* no 12.4 displacement to choose */
	CHECK(am_log_has(s, "16.9.5.2"));

	/* the besiegers may not disengage either */
	lw_demote(s, us[0]);
	CHECK(all_at(s, us, nashville));
	CHECK_EQ_INT(s->unit[us[3]].where, LW_W_DISGRACED);
	CHECK_EQ_INT(stars_at(s, nashville, LW_UNION), 6);
	CHECK_EQ_INT(lw_stack_check_hex(s, nashville, LW_UNION, NULL, 0, LW_NONE, 0, NULL), 0);
	CHECK_EQ_INT(s->command.dsp_n, 0);
	CHECK(lw_siege_at(s, nashville) >= 0); /* the siege goes on */

	/* the control: the same force outside a siege is displaced (12.4) */
	int open = fx_plain_neighbour(am_hex("chattanooga"));
	CHECKF(open != LW_NO_HEX, "a plain hex next to Chattanooga");
	int fr[4];
	force(s, LW_CONFEDERATE, open, fr);
	CHECK(!lw_displace_held(s, open, LW_CONFEDERATE));
	lw_demote(s, fr[0]);
	CHECK_EQ_INT(s->unit[fr[3]].where, LW_W_MAP);
	CHECK(s->unit[fr[3]].hex != open); /* the junior was displaced */
	CHECK_EQ_INT(s->unit[fr[3]].stars, 1);
	CHECK_EQ_INT(s->command.dsp_n, 1); /* and his owner is asked where */
	free(s);
	return tap_done();
}
