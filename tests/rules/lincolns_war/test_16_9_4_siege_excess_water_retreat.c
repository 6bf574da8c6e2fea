/* 16.9.4 for the excess of a routed Major Army offering siege (16.6.4): "Any
 * Union force retreating from a captured Confederate port with no
 * land-based supply route must retreat by water to the nearest friendly
 * ... port." The excess a routed Major Army sends away ("Any excess must
 * retreat") is such a force. Through act() and view(): a Union Major Army
 * (3 + 2 + 2 + 2 + 1 + 1 stars) holding captured Charleston (no land
 * supply route) is routed by a Confederate attack and loses its CO: eight
 * stars, no three-star. It offers siege and names a two-star as the
 * excess, who is never offered an overland retreat: he goes by water to a
 * Union ocean port, loses a star and the victor gains his stars in PC; the
 * rest stays, so Charleston is not surrendered (its supply PC do not change
 * hands) and the victor is asked about the siege. */
#include "lw_amphib_fixture.h"

static int side_stars(const struct lw_state *s, int hex, int side)
{
	int u[LW_MAX_UNITS], st = 0;
	int n = lw_units_at(s, hex, side, u);
	for (int i = 0; i < n; i++)
		st += s->unit[u[i]].stars;
	return st;
}

int main(void)
{
	struct game *g = bx_game(4);
	if (!g)
		return 1;
	struct lw_state *s = &g->s;
	int hc = am_hex("charleston"), chas = am_city("charleston");
	s->city[chas].owner = LW_UNION;
	s->city[chas].garrison = 1;
	CHECK_EQ_INT(lw_city_controller(s, chas), LW_UNION);
	int camp = am_camp_next_to(hc);
	CHECKF(camp != LW_NO_HEX, "a land hex next to Charleston");

	int two[3], one[2];
	int co = am_major_army(s, LW_UNION, hc, two, one);
	CHECK_EQ_INT(lw_force_co(s, hc), co);
	int lee = am_general(s, LW_CONFEDERATE, camp, 3, LW_NONE);
	am_general(s, LW_CONFEDERATE, camp, 3, lee);
	/* worn out before the battle: any defeat is a rout (16.6.4) */
	s->unit[co].it = 30;
	s->side[LW_UNION].pc = s->side[LW_CONFEDERATE].pc = 20;
	s->side[LW_CONFEDERATE].csp = 5;
	fx_stack_deck(s, LW_UNION, 0, 0, 12);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 12);
	s->phasing = LW_CONFEDERATE;
	s->play.side = LW_CONFEDERATE;
	bx_attack(g, lee, hc);
	bx_commit(g, 0, 5);
	if (!CHECKF(s->battle.rout && s->battle.winner == LW_CONFEDERATE,
	            "a Confederate victory by rout (step %d)", s->step))
		return tap_done();
	CHECK_EQ_INT(s->unit[co].where, LW_W_DISGRACED);
	/* 11.0.3: the Union names the routed CO's successor first */
	CHECK(bx_answer_commands(g) == 1);

	CHECK_EQ_INT(s->step, LW_ST_SIEGE_OFFER);
	CHECK_EQ_INT(side_stars(s, hc, LW_UNION), 8);
	BX_OK(g, LW_UNION, "{\"type\":\"offer_siege\"}");
	CHECK_EQ_INT(s->amphib.siege.stage, LW_SG_EXCESS);

	int leaver = two[1], leaver_stars = s->unit[leaver].stars;
	int pc_u = s->side[LW_UNION].pc, pc_c = s->side[LW_CONFEDERATE].pc;
	char js[160], id[48];
	snprintf(js, sizeof js, "{\"type\":\"siege_excess\",\"general\":\"%s\"}",
	         lw_unit_id(s, leaver, id, sizeof id));
	BX_OK(g, LW_UNION, js);

	/* by water, not overland: no 16.9 retreat prompt */
	json_t *o = bx_offers(g, LW_UNION, "retreat");
	CHECKF(json_array_size(o) == 0, "the excess was offered %zu overland retreats",
	       json_array_size(o));
	json_decref(o);
	CHECK(s->step != LW_ST_RETREAT);
	CHECK_EQ_INT(s->unit[leaver].where, LW_W_MAP);
	int tc = lw_city_at(s->unit[leaver].hex);
	CHECKF(tc >= 0 && tc != chas && lw_amphib_ocean_port(tc) &&
	           lw_city_controller(s, tc) == LW_UNION,
	       "the excess landed in a Union ocean port (hex %d)", s->unit[leaver].hex);
	CHECK(am_log_has(s, "retreats by water"));
	/* the CO of the retreating force loses a star; the victor gains his
	 * stars (before the demotion) in PC */
	CHECK_EQ_INT(s->unit[leaver].stars, leaver_stars - 1);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, pc_c + leaver_stars);
	/* the rest holds the port: not surrendered, no supply PC change hands */
	CHECK_EQ_INT(lw_city_controller(s, chas), LW_UNION);
	CHECK_EQ_INT(s->side[LW_UNION].pc, pc_u);
	CHECK_EQ_INT(side_stars(s, hc, LW_UNION), 6);
	for (int i = 0; i < 3; i++)
		if (two[i] != leaver)
			CHECK_EQ_INT(s->unit[two[i]].hex, hc);
	CHECK_EQ_INT(s->unit[one[0]].hex, hc);
	CHECK_EQ_INT(s->unit[one[1]].hex, hc);

	/* the victor now decides on the siege */
	CHECK_EQ_INT(s->step, LW_ST_SIEGE_ANSWER);
	BX_OK(g, LW_CONFEDERATE, "{\"type\":\"besiege\"}");
	CHECK(lw_siege_at(s, hc) >= 0);
	CHECK_EQ_INT(s->unit[lee].hex, hc);
	free(g);
	return tap_done();
}
