/* 7.1.6.1 "CSP and PC can be used to cover shortfalls when there are none
 * left of the other type only when explicitly allowed by the rules ...
 * Otherwise, PC and CSP are not interchangeable", and 10.6.6 "A player who
 * is reduced to zero PC and then is required to lose more PC, must first
 * lose an equal amount of CSP if he possesses them".
 *
 * 10.6.6 is one of the rules 7.1.6.1 asks for: a PC *loss* the PC cannot
 * cover comes off the CSP (every loss, test_10_6_6_pc_loss_from_csp; an
 * earlier audit read "not interchangeable" as forbidding this, issue 16
 * reversed it). What stays "not interchangeable" is a *price*: an action
 * that costs PC cannot be bought with CSP. Here: absorbing a TCO star
 * (17.5, one PC) with 0 PC and 5 CSP is refused; with 1 PC it is paid from
 * the PC and the CSP stay. And the losses 7.1.6.1 names itself still take
 * the CSP: the involuntary replacement of a GiC (11.1.2.2) and a seditious
 * card (10.7.7: "neither PC nor CSP in reserve"). */
#include "lincolns_war/lw_tco.h"
#include "lw_land_fixture.h"
#include "lw_testkit.h"

static int free_tco(const struct lw_state *s, int side)
{
	for (int i = 0; i < s->n_units; i++)
		if (s->unit[i].gen < 0 && s->unit[i].side == side &&
		    s->unit[i].where == LW_W_UNUSED)
			return i;
	return LW_NONE;
}

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	int grant = fx_place(s, "grant", 805, 1);
	int t = free_tco(s, LW_UNION);
	if (!CHECK(t != LW_NONE))
		return tap_done();
	s->unit[t].where = LW_W_MAP;
	s->unit[t].hex = 805;
	s->unit[t].stars = 2;
	s->unit[t].cavalry = 0;
	struct tg_error err;

	/* a price in PC is not paid with CSP */
	s->side[LW_UNION].pc = 0;
	s->side[LW_UNION].csp = 5;
	CHECK(lw_tco_absorb(s, t, grant, &err) != 0);
	CHECK(strstr(err.message, "17.5") != NULL);
	CHECK_EQ_INT(s->unit[grant].stars, 1);
	CHECK_EQ_INT(s->side[LW_UNION].csp, 5);
	/* paid from the PC, the CSP untouched */
	s->side[LW_UNION].pc = 1;
	CHECKF(lw_tco_absorb(s, t, grant, &err) == 0, "%s", err.message);
	CHECK_EQ_INT(s->unit[grant].stars, 2);
	CHECK_EQ_INT(s->side[LW_UNION].pc, 0);
	CHECK_EQ_INT(s->side[LW_UNION].csp, 5);

	/* 11.1.2.2, named by 7.1.6.1: the GiC lost costs 4 PC (6 for a
	 * one-star), the rest off the CSP */
	s->side[LW_UNION].pc = 1;
	s->side[LW_UNION].csp = 9;
	int cs_pc = s->side[LW_CONFEDERATE].pc;
	lw_gic_lost(s, LW_UNION);
	CHECK_EQ_INT(s->side[LW_UNION].pc, 0);
	CHECKF(s->side[LW_UNION].csp == 9 - 3 || s->side[LW_UNION].csp == 9 - 5,
	       "the GiC's cost less the 1 PC came off the CSP (9 -> %d)", s->side[LW_UNION].csp);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, cs_pc + 4);
	free(s);

	/* 10.7.7: a seditious card takes the rest from the CSP */
	struct game *g = tk_new("campaign", 61);
	tk_choose_gics(g);
	struct lw_state *gs = &g->s;
	tk_goto_ops(g, 2, LW_UNION);
	int sed = -1;
	for (int n = 1; n <= LW_DECK_CARDS && sed < 0; n++) {
		const struct lw_card *k = lw_card(LW_UNION, n);
		if (k && k->kind == LW_KIND_SEDITIOUS && k->pc <= -2)
			sed = n;
	}
	if (CHECK(sed > 0)) {
		tk_clear_hand(gs, LW_UNION);
		tk_give(gs, LW_UNION, sed);
		tk_give_any(gs, LW_UNION);
		gs->side[LW_UNION].pc = 1;
		gs->side[LW_UNION].csp = 6;
		int loss = -lw_card(LW_UNION, sed)->pc;
		char buf[96];
		snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":%d,\"use\":\"seditious\"}",
		         sed);
		CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
		CHECK_EQ_INT(gs->side[LW_UNION].pc, 0);
		CHECK_EQ_INT(gs->side[LW_UNION].csp, 6 - (loss - 1));
	}
	lincolns_war_module.free(g);
	return tap_done();
}
