/* 16.8.3 demotions chosen by their owner, through act() and view():
 *  - loser-only disaster after a Major Victory: "the loser of the battle
 *    takes one more IT and demotes a general (if all generals are already
 *    one star, the owner chooses which one is disgraced)": the loser picks
 *    among his generals of two or three stars (a one-star only when all are
 *    one-star);
 *  - victory reversal (both draw a disaster): the victor's CO loses a star,
 *    "exception: A GiC can foist blame and demote a subordinate" (11.1.3.3):
 *    the owner picks; a CO who is not the GiC is demoted without a prompt,
 *    and a subordinate of his rank then takes command, the owner choosing. */
#include "lincolns_war/lw_combat.h"
#include "lw_land_fixture.h"

static int sum_stars(const struct lw_state *s, int hex, int side)
{
	int u[LW_MAX_UNITS], st = 0;
	int n = lw_units_at(s, hex, side, u);
	for (int i = 0; i < n; i++)
		st += s->unit[u[i]].stars;
	return st;
}

static void loser_disaster(bool all_one_star)
{
	struct game *g = bx_game(2);
	if (!CHECK(g != NULL))
		return;
	struct lw_state *s = &g->s;
	int x = LW_NO_HEX, y = LW_NO_HEX;
	if (!CHECK(fx_plain_pair("TN", &x, &y)))
		return;
	int grant = fx_place(s, "grant", x, 3);
	fx_place(s, "sherman", x, 3);
	int a = fx_place(s, "je_johnston", y, all_one_star ? 1 : 2);
	int b = fx_place(s, "hardee", y, all_one_star ? 1 : 2);
	/* 8 + CSP against 6 (3 + 3) or 5 (3 + 2): a difference of 5, no rout */
	int csp = all_one_star ? 2 : 3;
	s->side[LW_UNION].csp = (int16_t)csp;
	fx_stack_deck(s, LW_UNION, 0, 0, 12);
	fx_stack_deck(s, LW_CONFEDERATE, LW_SYM_DISASTER, 6, 10);
	bx_attack(g, grant, y);
	bx_commit(g, csp, 0);
	CHECKF(s->battle.result == LW_CRT_MAJOR && !s->battle.rout && s->battle.winner == LW_UNION,
	       "a Union Major Victory without rout (%d to %d)", s->battle.strength[LW_UNION],
	       s->battle.strength[LW_CONFEDERATE]);
	bx_pass_casualties(g);
	if (!CHECK_EQ_INT(s->step, LW_ST_DEMOTE)) {
		free(g);
		return;
	}
	CHECK_EQ_INT(s->awaiting_side, LW_CONFEDERATE);
	CHECK_EQ_INT(s->land.disaster, LW_DISASTER_LOSER);
	json_t *o = bx_offers(g, LW_CONFEDERATE, "demote");
	CHECK_EQ_INT(bx_units_offered(o), 2);
	CHECK(bx_has_unit(g, o, a, LW_NO_HEX));
	CHECK(bx_has_unit(g, o, b, LW_NO_HEX));
	json_decref(o);
	CHECK(bx_act_unit(g, LW_UNION, "demote", a, LW_NO_HEX) != 0); /* not his general */
	CHECK(bx_act_unit(g, LW_CONFEDERATE, "demote", grant, LW_NO_HEX) != 0);
	int it_before = lw_force_it(s, y);
	/* the CO, which the old automatic choice (the junior) never took */
	CHECK(bx_act_unit(g, LW_CONFEDERATE, "demote", a, LW_NO_HEX) == 0);
	if (all_one_star) {
		CHECK_EQ_INT(s->unit[a].where, LW_W_DISGRACED);
		CHECK_EQ_INT(s->unit[b].stars, 1);
	} else {
		CHECK_EQ_INT(s->unit[a].stars, 1);
		CHECK_EQ_INT(s->unit[b].stars, 2);
	}
	/* then the results go on: the one more IT with the table's, a retreat */
	CHECK(lw_force_it(s, s->unit[b].hex) > it_before);
	CHECK(s->step == LW_ST_RETREAT || !s->battle.active);
	free(g);
}

/* A two-star and two one-stars lose: only the two-star may be demoted, at
 * once (one candidate, no prompt). */
static void loser_disaster_mixed(void)
{
	struct game *g = bx_game(2);
	if (!CHECK(g != NULL))
		return;
	struct lw_state *s = &g->s;
	int x = LW_NO_HEX, y = LW_NO_HEX;
	if (!CHECK(fx_plain_pair("TN", &x, &y)))
		return;
	int grant = fx_place(s, "grant", x, 3);
	fx_place(s, "sherman", x, 3);
	int a = fx_place(s, "je_johnston", y, 2);
	int b = fx_place(s, "ewell", y, 1);
	int c = fx_place(s, "dh_hill", y, 1);
	/* 8 + 4 against 3 + 2 + 2: a difference of 5, no rout */
	s->side[LW_UNION].csp = 4;
	fx_stack_deck(s, LW_UNION, 0, 0, 12);
	fx_stack_deck(s, LW_CONFEDERATE, LW_SYM_DISASTER, 6, 10);
	bx_attack(g, grant, y);
	bx_commit(g, 4, 0);
	if (s->battle.result != LW_CRT_MAJOR || s->battle.rout) {
		CHECKF(false, "expected a Major Victory without rout (%d to %d, rout %d)",
		       s->battle.strength[LW_UNION], s->battle.strength[LW_CONFEDERATE],
		       s->battle.rout);
		free(g);
		return;
	}
	bx_pass_casualties(g);
	CHECK(s->step != LW_ST_DEMOTE);
	CHECK(s->unit[a].where != LW_W_MAP || s->unit[a].stars == 1);
	CHECK(s->unit[b].where == LW_W_MAP); /* the one-stars are spared */
	CHECK(s->unit[c].where == LW_W_MAP);
	free(g);
}

/* Grant (three stars, GiC or not) and Sherman attack two Confederates, both
 * sides draw a disaster: a victory reversal, casualties answered. NULL when
 * the set-up fails; x is the attacker's hex, y the defender's. */
static struct game *reversal_battle(bool gic, int sherman_stars, int cs_stars, int *grant,
                                    int *sherman, int *x, int *y)
{
	struct game *g = bx_game(2);
	if (!CHECK(g != NULL))
		return NULL;
	struct lw_state *s = &g->s;
	*x = *y = LW_NO_HEX;
	if (!CHECK(fx_plain_pair("TN", x, y))) {
		free(g);
		return NULL;
	}
	*grant = fx_place(s, "grant", *x, 3);
	*sherman = fx_place(s, "sherman", *x, sherman_stars);
	fx_place(s, "je_johnston", *y, cs_stars);
	fx_place(s, "hardee", *y, cs_stars);
	if (gic)
		s->side[LW_UNION].gic = (int16_t)*grant;
	s->side[LW_UNION].csp = 3;
	fx_stack_deck(s, LW_UNION, LW_SYM_DISASTER, 6, 10);
	fx_stack_deck(s, LW_CONFEDERATE, LW_SYM_DISASTER, 6, 10);
	bx_attack(g, *grant, *y);
	bx_commit(g, 3, 0);
	bx_pass_casualties(g);
	CHECK_EQ_INT(s->land.disaster, LW_DISASTER_REVERSAL);
	return g;
}

static void reversal(bool gic)
{
	int grant, sherman, x, y;
	struct game *g = reversal_battle(gic, 3, 2, &grant, &sherman, &x, &y);
	if (!g)
		return;
	struct lw_state *s = &g->s;
	if (!gic) {
		/* no choice: the CO loses the star */
		CHECK(s->step != LW_ST_DEMOTE);
		if (s->unit[sherman].where == LW_W_MAP && s->unit[grant].where == LW_W_MAP)
			CHECK_EQ_INT(s->unit[grant].stars + s->unit[sherman].stars, 5);
		free(g);
		return;
	}
	if (!CHECK_EQ_INT(s->step, LW_ST_DEMOTE)) {
		free(g);
		return;
	}
	CHECK_EQ_INT(s->awaiting_side, LW_UNION);
	json_t *o = bx_offers(g, LW_UNION, "demote");
	CHECK(bx_has_unit(g, o, grant, LW_NO_HEX));   /* he takes it himself */
	CHECK(bx_has_unit(g, o, sherman, LW_NO_HEX)); /* or foists it */
	json_decref(o);
	CHECK(bx_act_unit(g, LW_CONFEDERATE, "demote", sherman, LW_NO_HEX) != 0);
	CHECK(bx_act_unit(g, LW_UNION, "demote", sherman, LW_NO_HEX) == 0);
	CHECK_EQ_INT(s->unit[grant].stars, 3);
	CHECK_EQ_INT(s->unit[sherman].stars, 2);
	CHECK_EQ_INT(s->side[LW_UNION].gic, grant); /* still three stars: still GiC */
	CHECK(!s->battle.active);
	CHECK_EQ_INT(sum_stars(s, y, LW_CONFEDERATE), 4); /* the defender stays */
	CHECK_EQ_INT(lw_force_it(s, x), 3);
	free(g);
}

/* 16.8.3: "The attacker's CO loses one star and if possible a subordinate of
 * the owning player's choice takes command of that force": Grant (three
 * stars, not GiC) falls to two, level with Sherman; Sherman is offered the
 * command and takes it. */
static void reversal_equal_rank(void)
{
	int grant, sherman, x, y;
	struct game *g = reversal_battle(false, 2, 1, &grant, &sherman, &x, &y);
	if (!g)
		return;
	struct lw_state *s = &g->s;
	if (s->land.disaster != LW_DISASTER_REVERSAL ||
	    !CHECK(s->unit[grant].where == LW_W_MAP && s->unit[sherman].where == LW_W_MAP)) {
		free(g);
		return;
	}
	CHECK_EQ_INT(s->unit[grant].stars, 2);
	int hex = s->unit[grant].hex;
	json_t *o = bx_offers(g, LW_UNION, "choose_co");
	CHECK_EQ_INT(json_array_size(o), 1);
	char id[48], want[160];
	snprintf(want, sizeof want, "{\"type\":\"choose_co\",\"hex\":%d,\"general\":\"%s\"}", hex,
	         lw_unit_id(s, sherman, id, sizeof id));
	json_decref(o);
	CHECK(bx_act(g, LW_CONFEDERATE, want) != 0); /* the owner's choice */
	CHECK(bx_act(g, LW_UNION, want) == 0);
	CHECK_EQ_INT(lw_force_co(s, hex), sherman);
	free(g);
}

int main(void)
{
	loser_disaster(false);
	loser_disaster(true);
	loser_disaster_mixed();
	reversal(false);
	reversal(true);
	reversal_equal_rank();
	return tap_done();
}
