/* 17.0 / 16.8.2: "Whenever a general is killed (not disgraced) and removed
 * from the game, a TCO counter of equal stars ... is substituted for the
 * original counter." Only that TCO takes the place of an attacker in the
 * battle: a general of the attack disgraced (16.8.3: the GiC foists the
 * blame of a victory reversal on his one-star subordinate, 11.1.3.3) is
 * replaced by nobody, and a TCO that stands in the attacker's hex but was
 * left behind (12.8) does not join the attack. */
#include "lincolns_war/lw_combat.h"
#include "lw_land_fixture.h"

static bool in_attack(const struct lw_state *s, int u)
{
	for (int i = 0; i < s->battle.att_n; i++)
		if (s->battle.att_units[i] == u)
			return true;
	return false;
}

static bool moving(const struct lw_state *s, int u)
{
	for (int i = 0; i < s->play.movers_n; i++)
		if (s->play.movers[i] == u)
			return true;
	return false;
}

int main(void)
{
	int x, y;
	struct game *g = bx_game_pair(2, "TN", &x, &y);
	if (!g)
		return tap_done();
	struct lw_state *s = &g->s;
	/* a one-star TCO at x (Thomas killed there, alone) */
	int thomas = fx_place(s, "thomas", x, 1);
	lw_kill(s, thomas);
	int tco = fx_tco_at(s, x);
	if (!CHECK(tco != LW_NONE))
		return tap_done();
	int grant = fx_place(s, "grant", x, 3);
	int sherman = fx_place(s, "sherman", x, 1);
	s->unit[grant].cmd = ++s->cmd_seq;
	s->side[LW_UNION].gic = (int16_t)grant;
	fx_place(s, "je_johnston", y, 2);
	fx_place(s, "hardee", y, 2);
	s->side[LW_UNION].csp = 5;
	fx_stack_deck(s, LW_UNION, LW_SYM_DISASTER, 6, 10);
	fx_stack_deck(s, LW_CONFEDERATE, LW_SYM_DISASTER, 6, 10);
	/* Grant and Sherman attack; the TCO stays behind */
	lw_march_begin(s, grant, false);
	char a[128], id[48];
	lw_unit_id(s, tco, id, sizeof id);
	snprintf(a, sizeof a, "{\"type\":\"detach\",\"unit\":\"%s\"}", id);
	BX_OK(g, LW_UNION, a);
	snprintf(a, sizeof a, "{\"type\":\"attack\",\"target\":%d}", y);
	BX_OK(g, LW_UNION, a);
	if (s->step == LW_ST_WITHDRAW)
		BX_OK(g, LW_CONFEDERATE, "{\"type\":\"stand\"}");
	CHECK(in_attack(s, grant) && in_attack(s, sherman));
	CHECK(!in_attack(s, tco));
	bx_commit(g, 5, 0);
	bx_pass_casualties(g);
	if (!CHECKF(s->step == LW_ST_DEMOTE, "a victory reversal, the GiC to choose"))
		return tap_done();
	/* the GiC foists the blame on Sherman, who is disgraced */
	CHECK_EQ_INT(bx_act_unit(g, LW_UNION, "demote", sherman, LW_NO_HEX), 0);
	CHECK(s->unit[sherman].where != LW_W_MAP);
	CHECK(!s->battle.active);
	/* nobody took Sherman's place: the TCO left behind is not one of the
	 * attackers, nor a mover of the force that attacked */
	CHECK(!in_attack(s, tco));
	CHECK(!moving(s, tco));
	CHECK_EQ_INT(s->unit[tco].hex, x);
	free(g);
	return tap_done();
}
