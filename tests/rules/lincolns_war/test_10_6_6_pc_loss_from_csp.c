/* 10.6.6 "A player who is reduced to zero PC and then is required to lose
 * more PC, must first lose an equal amount of CSP if he possesses them, or
 * as much as he has, which will satisfy the requirement. If a player's
 * Status Track is at zero PC at the end of a turn AND his CSP are at zero,
 * his country's will to fight collapses and his opponent wins (21.1)."
 *
 * 10.6.6 is itself a rule that lets CSP cover a PC loss (7.1.6.1: "only
 * when explicitly allowed by the rules"), and it speaks of every loss the
 * player "is required" to take. So every PC loss takes what the PC cannot
 * cover from the CSP: a city lost (2.4.2), an event's loss (10.7.2), the
 * Union's 10.7.8.1 Eastern penalty, whose 21.1 collapse then follows at
 * the end of the turn. */
#include "lw_testkit.h"

int main(void)
{
	struct game *g = tk_new("campaign", 61);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;

	/* the loss itself: 2 PC and 5 CSP lose 4 PC -> 0 PC, 3 CSP; never below
	 * zero */
	s->side[LW_UNION].pc = 2;
	s->side[LW_UNION].csp = 5;
	lw_lose_pc(s, LW_UNION, 4);
	CHECK_EQ_INT(s->side[LW_UNION].pc, 0);
	CHECK_EQ_INT(s->side[LW_UNION].csp, 3);
	lw_lose_pc(s, LW_UNION, 9);
	CHECK_EQ_INT(s->side[LW_UNION].pc, 0);
	CHECK_EQ_INT(s->side[LW_UNION].csp, 0);

	/* 2.4.2: a city lost at zero PC costs its supply value in CSP */
	const struct lw_city *jcity = lw_data_city(lw_D(), "jefferson_city");
	int jc = jcity ? (int)(jcity - lw_D()->cities) : -1;
	if (CHECK(jc >= 0)) {
		int supply = lw_D()->cities[jc].supply;
		lw_capture_city(s, LW_UNION, jc, false);
		s->side[LW_UNION].pc = 0;
		s->side[LW_UNION].csp = 5;
		lw_capture_city(s, LW_CONFEDERATE, jc, false);
		CHECK_EQ_INT(s->side[LW_UNION].pc, 0);
		CHECK_EQ_INT(s->side[LW_UNION].csp, 5 - supply);
	}

	/* 10.7.2: an event that costs the enemy 2 PC or more, against a Union
	 * with 1 PC and 6 CSP */
	const struct lw_card *ev = NULL;
	for (int n = 1; n <= LW_DECK_CARDS && !ev; n++) {
		const struct lw_card *k = lw_card(LW_CONFEDERATE, n);
		json_t *enemy = k && k->effect ? json_object_get(k->effect, "enemy") : NULL;
		if (strcmp(k ? k->effect_kind : "", "pc") == 0 && json_is_integer(enemy) &&
		    json_integer_value(enemy) > 1)
			ev = k;
	}
	if (CHECKF(ev != NULL, "a Confederate event costing the Union 2 PC or more")) {
		int loss = (int)json_integer_value(json_object_get(ev->effect, "enemy"));
		tk_goto_ops(g, 2, LW_CONFEDERATE);
		s->side[LW_UNION].pc = 1;
		s->side[LW_UNION].csp = 6;
		struct tg_error err;
		CHECKF(lw_event_apply(s, LW_CONFEDERATE, ev, NULL, NULL, &err) == 0, "%s",
		       err.message);
		CHECK_EQ_INT(s->side[LW_UNION].pc, 0);
		CHECK_EQ_INT(s->side[LW_UNION].csp, 6 - (loss - 1));
	}

	/* 10.7.8.1 then 21.1: a Union at 0 PC with 2 CSP that moved no force
	 * into Virginia loses 2 PC, i.e. his 2 CSP, and collapses at the end of
	 * the turn: the Confederate wins. */
	tk_goto_ops(g, 2, LW_UNION);
	s->side[LW_UNION].pc = 0;
	s->side[LW_UNION].csp = 2;
	s->side[LW_CONFEDERATE].pc = 20;
	s->side[LW_UNION].eastern_done = 0;
	lw_end_operations(s, NULL);
	lw_continue(s, NULL); /* the Supply Phase's stages (lw_actions.c) */
	CHECKF(s->phase == LW_PH_OVER, "the Union collapsed (phase %d)", (int)s->phase);
	CHECK_EQ_INT(s->winner, LW_CONFEDERATE);

	/* and with 3 CSP the penalty leaves him one: no collapse */
	struct game *h = tk_new("campaign", 62);
	tk_choose_gics(h);
	struct lw_state *t = &h->s;
	tk_goto_ops(h, 2, LW_UNION);
	t->side[LW_UNION].pc = 0;
	t->side[LW_UNION].csp = 3;
	t->side[LW_CONFEDERATE].pc = 20;
	t->side[LW_UNION].eastern_done = 0;
	lw_end_operations(t, NULL);
	lw_continue(t, NULL); /* the Supply Phase's stages (lw_actions.c) */
	CHECKF(t->phase != LW_PH_OVER, "no collapse: %s", t->result);
	CHECK_EQ_INT(t->winner, LW_NOSIDE);

	lincolns_war_module.free(h);
	lincolns_war_module.free(g);
	return tap_done();
}
