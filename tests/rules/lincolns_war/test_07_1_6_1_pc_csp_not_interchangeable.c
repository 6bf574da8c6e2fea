/* 7.1.6.1 "CSP and PC can be used to cover shortfalls when there are none
 * left of the other type only when explicitly allowed by the rules ...
 * Otherwise, PC and CSP are not interchangeable", and 10.6.6 "a player's PC
 * can never fall below zero".
 *
 * A PC loss the PC cannot cover stops at zero and leaves the CSP alone: an
 * event's PC loss to the enemy (10.7.2) and the Union's 10.7.8.1 Eastern
 * penalty. The exceptions take the rest from the CSP: a seditious card
 * (10.7.7: "neither PC nor CSP in reserve") and the involuntary replacement
 * of a GiC (11.1.2.2, named by 7.1.6.1). */
#include "lw_testkit.h"

int main(void)
{
	struct game *g = tk_new("campaign", 61);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;

	/* the plain loss: PC to zero, CSP kept */
	s->side[LW_UNION].pc = 2;
	s->side[LW_UNION].csp = 5;
	lw_lose_pc(s, LW_UNION, 4);
	CHECK_EQ_INT(s->side[LW_UNION].pc, 0);
	CHECK_EQ_INT(s->side[LW_UNION].csp, 5);
	/* the exceptions' loss: the rest off the CSP, never below zero */
	s->side[LW_UNION].pc = 2;
	lw_lose_pc_or_csp(s, LW_UNION, 4);
	CHECK_EQ_INT(s->side[LW_UNION].pc, 0);
	CHECK_EQ_INT(s->side[LW_UNION].csp, 3);
	lw_lose_pc_or_csp(s, LW_UNION, 9);
	CHECK_EQ_INT(s->side[LW_UNION].csp, 0);

	/* 10.7.2: an event that costs the enemy PC, against a Union with 1 PC
	 * and 6 CSP */
	const struct lw_card *ev = NULL;
	for (int n = 1; n <= LW_DECK_CARDS && !ev; n++) {
		const struct lw_card *k = lw_card(LW_CONFEDERATE, n);
		json_t *enemy = k && k->effect ? json_object_get(k->effect, "enemy") : NULL;
		if (strcmp(k ? k->effect_kind : "", "pc") == 0 && json_is_integer(enemy) &&
		    json_integer_value(enemy) > 1)
			ev = k;
	}
	if (CHECKF(ev != NULL, "a Confederate event costing the Union 2 PC or more")) {
		tk_goto_ops(g, 2, LW_CONFEDERATE);
		s->side[LW_UNION].pc = 1;
		s->side[LW_UNION].csp = 6;
		struct tg_error err;
		CHECKF(lw_event_apply(s, LW_CONFEDERATE, ev, NULL, NULL, &err) == 0, "%s",
		       err.message);
		CHECK_EQ_INT(s->side[LW_UNION].pc, 0);
		CHECK_EQ_INT(s->side[LW_UNION].csp, 6);
	}

	/* 10.7.8.1: no Union move into Virginia this turn costs 2 PC. With 1 PC
	 * and 1 CSP the Union ends at 0 PC and keeps his CSP, so he has not
	 * collapsed at the end of the turn (21.1: 0 PC and 0 CSP); had the
	 * penalty taken his CSP, the game would be over. (The turn's end then
	 * clears the CSP, 21.2, so the collapse is what shows it.) */
	tk_goto_ops(g, 2, LW_UNION);
	s->side[LW_UNION].pc = 1;
	s->side[LW_UNION].csp = 1;
	s->side[LW_CONFEDERATE].pc = 20;
	s->side[LW_UNION].eastern_done = 0;
	lw_end_operations(s, NULL);
	CHECKF(s->phase != LW_PH_OVER, "the Union collapsed: %s", s->result);
	CHECK_EQ_INT(s->winner, LW_NOSIDE);

	/* 10.7.7: a seditious card takes the rest from the CSP */
	tk_goto_ops(g, 2, LW_UNION);
	int sed = -1;
	for (int n = 1; n <= LW_DECK_CARDS && sed < 0; n++) {
		const struct lw_card *k = lw_card(LW_UNION, n);
		if (k && k->kind == LW_KIND_SEDITIOUS && k->pc <= -2)
			sed = n;
	}
	if (CHECK(sed > 0)) {
		tk_clear_hand(s, LW_UNION);
		tk_give(s, LW_UNION, sed);
		tk_give_any(s, LW_UNION);
		s->side[LW_UNION].pc = 1;
		s->side[LW_UNION].csp = 6;
		int loss = -lw_card(LW_UNION, sed)->pc;
		char buf[96];
		snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":%d,\"use\":\"seditious\"}",
		         sed);
		CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
		CHECK_EQ_INT(s->side[LW_UNION].pc, 0);
		CHECK_EQ_INT(s->side[LW_UNION].csp, 6 - (loss - 1));
	}
	lincolns_war_module.free(g);
	return tap_done();
}
