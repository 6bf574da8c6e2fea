/* 16.6.4 + 16.9.5: "If the routed force was a Major Army and, due to combat
 * results, finds itself overstacked from the loss of its three-star CO ...
 * it may still offer siege but only with the maximum amount of units to
 * prevent overstacking in the city. Any excess must retreat." Through act()
 * and view(): a Confederate Major Army (3 + 2 + 2 + 2 + 1 + 1 stars) routed
 * in Nashville loses its CO (eight stars, no three-star: six at most). It
 * is asked about the siege with its whole force still in the city (no 12.4
 * displacement); offering, its owner names the excess: the fewest generals
 * (one two-star; never a one-star, whose departure leaves seven stars),
 * which then retreats by the 16.9 prompts (his choice of hex). Only then
 * does the rest take the siege's IT and the victor decide. */
#include "lw_amphib_fixture.h"

static int side_stars(const struct lw_state *s, int hex, int side)
{
	int u[LW_MAX_UNITS], st = 0;
	int n = lw_units_at(s, hex, side, u);
	for (int i = 0; i < n; i++)
		st += s->unit[u[i]].stars;
	return st;
}

static int act_why(struct game *g, int side, const char *js, char *why, size_t n)
{
	json_t *a = json_loads(js, 0, NULL);
	struct tg_error err = {0};
	struct game_outcome out = {0};
	int rc = lincolns_war_module.act(g, bx_role(side), a, &out, &err);
	snprintf(why, n, "%.200s", rc ? err.message : "");
	json_decref(a);
	return rc;
}

/* Is u named ("general") by one of the offers? */
static bool names(const struct game *g, json_t *offers, int u)
{
	char id[48];
	lw_unit_id(&g->s, u, id, sizeof id);
	size_t i;
	json_t *a;
	json_array_foreach(offers, i, a)
	{
		const char *x = json_string_value(json_object_get(a, "general"));
		if (x && strcmp(x, id) == 0)
			return true;
	}
	return false;
}

int main(void)
{
	struct game *g = bx_game(2);
	if (!g)
		return 1;
	struct lw_state *s = &g->s;
	int nash = am_hex("nashville"), x = fx_plain_neighbour(nash);
	CHECK_EQ_INT(lw_city_controller(s, am_city("nashville")), LW_CONFEDERATE);
	int grant = fx_place(s, "grant", x, 3);
	fx_place(s, "sherman", x, 3);
	int two[3], one[2];
	int co = am_major_army(s, LW_CONFEDERATE, nash, two, one);
	CHECK_EQ_INT(lw_force_co(s, nash), co);
	/* worn out before the battle: any defeat is a rout (16.6.4 counts the
	 * IT it carried) */
	s->unit[co].it = 30;
	s->side[LW_UNION].csp = 5;
	fx_stack_deck(s, LW_UNION, 0, 0, 12);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 12);
	bx_attack(g, grant, nash);
	bx_commit(g, 5, 0);
	if (!CHECKF(s->battle.rout && s->battle.winner == LW_UNION, "a Union victory by rout"))
		return tap_done();
	CHECK_EQ_INT(s->unit[co].where, LW_W_DISGRACED);
	/* 11.0.3: the Confederate names who of the three two-stars commands,
	 * before the siege is offered */
	CHECK(s->step != LW_ST_SIEGE_OFFER);
	CHECK(bx_answer_commands(g) == 1);

	/* asked about the siege with the whole routed force still there: eight
	 * stars without a three-star */
	CHECK_EQ_INT(s->step, LW_ST_SIEGE_OFFER);
	CHECK_EQ_INT(side_stars(s, nash, LW_CONFEDERATE), 8);
	CHECK(lw_stack_check_hex(s, nash, LW_CONFEDERATE, NULL, 0, LW_NONE, 0, NULL) != 0);
	BX_OK(g, LW_CONFEDERATE, "{\"type\":\"offer_siege\"}");

	/* the excess: one two-star (any of them), not a one-star */
	CHECK_EQ_INT(s->step, LW_ST_SIEGE_OFFER);
	CHECK_EQ_INT(s->amphib.siege.stage, LW_SG_EXCESS);
	json_t *o = bx_offers(g, LW_CONFEDERATE, "siege_excess");
	CHECK_EQ_INT((int)json_array_size(o), 3);
	for (int i = 0; i < 3; i++)
		CHECK(names(g, o, two[i]));
	CHECK(!names(g, o, one[0]) && !names(g, o, one[1]));
	json_decref(o);
	o = bx_offers(g, LW_UNION, "besiege");
	CHECK_EQ_INT((int)json_array_size(o), 0); /* the victor waits */
	json_decref(o);
	char js[160], id[48], why[256];
	snprintf(js, sizeof js, "{\"type\":\"siege_excess\",\"general\":\"%s\"}",
	         lw_unit_id(s, one[0], id, sizeof id));
	CHECKF(act_why(g, LW_CONFEDERATE, js, why, sizeof why) != 0 && strstr(why, "16.6.4"),
	       "a one-star as the excess: '%s'", why);
	BX_FAILS(g, LW_UNION, "{\"type\":\"besiege\"}");
	int it_before = 0;
	{
		int u[LW_MAX_UNITS];
		int n = lw_units_at(s, nash, LW_CONFEDERATE, u);
		for (int i = 0; i < n; i++)
			it_before += s->unit[u[i]].it;
	}
	int leaver = two[1];
	int leaver_it = s->unit[leaver].it;
	snprintf(js, sizeof js, "{\"type\":\"siege_excess\",\"general\":\"%s\"}",
	         lw_unit_id(s, leaver, id, sizeof id));
	BX_OK(g, LW_CONFEDERATE, js);

	/* the excess retreats by the 16.9 prompts, its owner choosing the hex */
	CHECK_EQ_INT(s->step, LW_ST_RETREAT);
	CHECK_EQ_INT(s->unit[leaver].hex, nash);
	o = bx_offers(g, LW_CONFEDERATE, "retreat");
	int n_hex = (int)json_array_size(o);
	CHECKF(n_hex >= 1, "retreat hexes offered to the excess");
	int to = n_hex ? (int)json_integer_value(
	                     json_object_get(json_array_get(o, (size_t)n_hex - 1), "to"))
	               : LW_NO_HEX;
	json_decref(o);
	snprintf(js, sizeof js, "{\"type\":\"retreat\",\"to\":%d}", to);
	BX_OK(g, LW_CONFEDERATE, js);
	CHECK_EQ_INT(s->unit[leaver].hex, to);
	CHECK_EQ_INT(s->unit[leaver].it, leaver_it); /* his IT go with him */

	/* the rest stays: the most that stack, one more IT (16.9.5); the victor
	 * now besieges or refuses */
	CHECK_EQ_INT(s->step, LW_ST_SIEGE_ANSWER);
	CHECK_EQ_INT(side_stars(s, nash, LW_CONFEDERATE), 6);
	for (int i = 0; i < 3; i++)
		if (two[i] != leaver)
			CHECK_EQ_INT(s->unit[two[i]].hex, nash);
	CHECK_EQ_INT(s->unit[one[0]].hex, nash);
	CHECK_EQ_INT(s->unit[one[1]].hex, nash);
	{
		int u[LW_MAX_UNITS], it = 0;
		int n = lw_units_at(s, nash, LW_CONFEDERATE, u);
		for (int i = 0; i < n; i++)
			it += s->unit[u[i]].it;
		CHECK_EQ_INT(it, it_before - leaver_it + 1);
	}
	BX_OK(g, LW_UNION, "{\"type\":\"besiege\"}");
	CHECK(lw_siege_at(s, nash) >= 0);
	CHECK_EQ_INT(s->unit[grant].hex, nash);
	CHECK(!s->battle.active);
	free(g);
	return tap_done();
}
