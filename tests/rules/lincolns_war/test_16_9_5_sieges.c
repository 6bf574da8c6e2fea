/* 16.9.5 Sieges: offering (one more IT) and declining, accepting and
 * refusing (16.9.5.1: 1/2/3 PC), the IT of every besieger card play and
 * pressing the siege (16.9.5.2), no activation or IT removal under siege
 * (besiegers: 2 PC an IT), and the three ends: the defender defeated
 * (16.9.5.4.1), the siege broken by attack (16.9.5.4.2), the Supply Phase
 * (16.9.5.4.3). */
#include "lincolns_war/lw_combat.h"
#include "lincolns_war/lw_march.h"
#include "lw_amphib_fixture.h"

static int nashville, camp, usco, csco;

/* A battle at Nashville just won by the Union force in the camp hex. */
static void won_battle(struct lw_state *s, int result, int rout)
{
	struct lw_battle *b = &s->battle;
	memset(b, 0, sizeof *b);
	b->active = 1;
	b->attacker = LW_UNION;
	b->att_hex = (int16_t)camp;
	b->def_hex = (int16_t)nashville;
	b->att_units[b->att_n++] = (int16_t)usco;
	b->winner = LW_UNION;
	b->result = (uint8_t)result;
	b->rout = (uint8_t)rout;
	b->csp[LW_UNION] = b->csp[LW_CONFEDERATE] = -1;
	memset(&s->land, 0, sizeof s->land);
	s->phase = LW_PH_OPS;
	memset(&s->play, 0, sizeof s->play);
	s->play.side = LW_UNION;
	s->play.co = (int16_t)usco;
	s->play.card = 0;
	s->play.movers[s->play.movers_n++] = (int16_t)usco;
	s->play.attacked = 1;
	s->phasing = LW_UNION;
}

static void spend(struct lw_state *s, int side, int pc)
{
	s->phase = LW_PH_OPS;
	s->step = LW_ST_SPEND;
	memset(&s->play, 0, sizeof s->play);
	s->play.side = (int8_t)side;
	s->play.card = 1;
	s->play.pc_left = (int8_t)pc;
	s->play.activations_left = 1;
	s->play.co = LW_NONE;
	s->phasing = (int8_t)side;
}

static int total_it(const struct lw_state *s, int hex, int side)
{
	int u[LW_MAX_UNITS], it = 0;
	int n = lw_units_at(s, hex, side, u);
	for (int i = 0; i < n; i++)
		it += s->unit[u[i]].it;
	return it;
}

int main(void)
{
	/* pure rules */
	CHECK_EQ_INT(lw_siege_refuse_pc(1), 1);
	CHECK_EQ_INT(lw_siege_refuse_pc(2), 2);
	CHECK_EQ_INT(lw_siege_refuse_pc(3), 3);
	int dv[3] = {2, 3, LW_INDECISIVE};
	CHECK_EQ_INT(lw_siege_capability(dv, 3, 2, 0), 7); /* indecisive worth 0 */
	CHECK_EQ_INT(lw_siege_capability(dv, 3, 1, 2), 7); /* the better of city and terrain */
	CHECK(!lw_siege_defeated(13, 7));
	CHECK(lw_siege_defeated(14, 7));

	struct lw_state *s = fx_new(3); /* Spring 1863 */
	if (!s)
		return 1;
	nashville = am_hex("nashville");
	camp = fx_plain_neighbour(nashville);
	CHECKF(camp != LW_NO_HEX, "a plain hex next to Nashville");
	usco = am_general(s, LW_UNION, camp, 2, LW_NONE);
	csco = am_general(s, LW_CONFEDERATE, nashville, 2, LW_NONE);
	s->side[LW_UNION].pc = s->side[LW_CONFEDERATE].pc = 20;

	/* supply 1 city, empty city, reversal: no siege */
	won_battle(s, LW_CRT_MINOR, 0);
	CHECK(lw_siege_may_offer(s));
	s->battle.empty_city = 1;
	CHECK(!lw_siege_may_offer(s));
	s->battle.empty_city = 0;
	s->land.disaster = LW_DISASTER_REVERSAL;
	CHECK(!lw_siege_may_offer(s));
	s->land.disaster = 0;
	s->battle.def_hex = (int16_t)am_hex("knoxville"); /* supply 1 */
	CHECK(!lw_siege_may_offer(s));

	/* offer, then refuse after a Major Victory: 2 PC change hands */
	won_battle(s, LW_CRT_MAJOR, 0);
	lw_siege_begin_offer(s);
	CHECK_EQ_INT(s->step, LW_ST_SIEGE_OFFER);
	CHECK_EQ_INT(s->awaiting_side, LW_CONFEDERATE);
	AM_REFUSED(s, LW_UNION, "{\"type\":\"besiege\"}", "16.9.5");
	AM_OK(s, LW_CONFEDERATE, "{\"type\":\"offer_siege\"}");
	CHECK_EQ_INT(total_it(s, nashville, LW_CONFEDERATE), 1);
	CHECK_EQ_INT(s->step, LW_ST_SIEGE_ANSWER);
	CHECK_EQ_INT(s->awaiting_side, LW_UNION);
	AM_OK(s, LW_UNION, "{\"type\":\"refuse_siege\"}");
	CHECK_EQ_INT(s->side[LW_UNION].pc, 18);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, 22);
	CHECK_EQ_INT(s->amphib.siege.stage, LW_SG_NONE);
	CHECK(!s->battle.active);
	CHECK_EQ_INT(s->unit[csco].hex, nashville); /* the city is not captured */
	CHECK_EQ_INT(lw_city_controller(s, am_city("nashville")), LW_CONFEDERATE);

	/* declining to offer: the retreat of 16.9 follows */
	s->unit[csco].it = 0;
	won_battle(s, LW_CRT_MINOR, 0);
	lw_siege_begin_offer(s);
	AM_OK(s, LW_CONFEDERATE, "{\"type\":\"decline_siege\"}");
	CHECK(s->step == LW_ST_RETREAT || s->unit[csco].hex != nashville);
	s->unit[csco].hex = (int16_t)nashville;
	s->unit[csco].it = 0;

	/* accept after a rout-level win: the siege is on */
	won_battle(s, LW_CRT_MINOR, 0);
	lw_siege_begin_offer(s);
	AM_OK(s, LW_CONFEDERATE, "{\"type\":\"offer_siege\"}");
	AM_OK(s, LW_UNION, "{\"type\":\"besiege\"}");
	CHECK_EQ_INT(s->amphib.siege.stage, LW_SG_ON);
	CHECK_EQ_INT(s->amphib.siege.camp_hex, camp);
	CHECK(!s->battle.active);
	int cs_it = total_it(s, nashville, LW_CONFEDERATE), us_it = total_it(s, camp, LW_UNION);

	/* 16.9.5.3: the defender may never reinforce the besieged city */
	int nb[6], relief_hex = LW_NO_HEX;
	int nn = tg_hex_neighbours(&lw_D()->grid, nashville, nb);
	for (int i = 0; i < nn && relief_hex == LW_NO_HEX; i++) {
		const struct lw_hex *hx = lw_data_hex(lw_D(), nb[i]);
		if (nb[i] != camp && hx && hx->terrain == LW_TERRAIN_CLEAR &&
		    lw_city_at(nb[i]) < 0 && lw_hex_owner_force(s, nb[i]) == LW_NOSIDE)
			relief_hex = nb[i];
	}
	int relief = am_general(s, LW_CONFEDERATE, relief_hex, 1, csco);
	am_activate(s, LW_CONFEDERATE, &relief, 1);
	struct tg_error me = {0};
	CHECK_EQ_INT(lw_move_check(s, nashville, &me), -1);
	CHECK(strstr(me.message, "16.9.5.3") != NULL);
	s->unit[relief].where = LW_W_PENDING;

	/* no activation and no IT removal for either force */
	char id[64], js[160];
	spend(s, LW_CONFEDERATE, 5);
	snprintf(js, sizeof js, "{\"type\":\"activate\",\"general\":\"%s\"}",
	         lw_unit_id(s, csco, id, sizeof id));
	AM_REFUSED(s, LW_CONFEDERATE, js, "16.9.5.2");
	snprintf(js, sizeof js, "{\"type\":\"remove_it\",\"hex\":%d}", nashville);
	AM_REFUSED(s, LW_CONFEDERATE, js, "16.9.5.2");
	/* a Confederate card play adds no siege IT */
	AM_OK(s, LW_CONFEDERATE, "{\"type\":\"done\"}");
	CHECK_EQ_INT(total_it(s, nashville, LW_CONFEDERATE), cs_it);

	/* a Union card play: one IT each */
	spend(s, LW_UNION, 5);
	snprintf(js, sizeof js, "{\"type\":\"activate\",\"general\":\"%s\"}",
	         lw_unit_id(s, usco, id, sizeof id));
	AM_REFUSED(s, LW_UNION, js, "16.9.5.2");
	AM_OK(s, LW_UNION, "{\"type\":\"done\"}");
	CHECK_EQ_INT(total_it(s, nashville, LW_CONFEDERATE), cs_it + 1);
	CHECK_EQ_INT(total_it(s, camp, LW_UNION), us_it + 1);
	/* pressed: two IT each; IT off the besiegers at 2 PC */
	spend(s, LW_UNION, 6);
	int cost = lw_activation_cost(s, usco);
	AM_OK(s, LW_UNION, "{\"type\":\"siege_press\"}");
	CHECK_EQ_INT(s->play.pc_left, 6 - cost);
	CHECK_EQ_INT(s->play.activations_left, 0);
	AM_REFUSED(s, LW_UNION, "{\"type\":\"siege_press\"}", "16.9.5.2");
	int left = s->play.pc_left;
	if (left >= 2) {
		AM_OK(s, LW_UNION, "{\"type\":\"siege_remove_it\"}");
		CHECK_EQ_INT(s->play.pc_left, left - 2);
		CHECK_EQ_INT(total_it(s, camp, LW_UNION), us_it);
	}
	AM_OK(s, LW_UNION, "{\"type\":\"done\"}");
	CHECK_EQ_INT(total_it(s, nashville, LW_CONFEDERATE), cs_it + 3);

	/* 16.9.5.4.3 the Supply Phase: one IT per besieged general; they held:
	 * the besieging CO is disgraced, the defender gains his stars */
	int csp = s->side[LW_CONFEDERATE].pc, before = total_it(s, nashville, LW_CONFEDERATE);
	int16_t keep[LW_MAX_UNITS];
	lw_siege_before_supply(s, keep);
	CHECK_EQ_INT(s->unit[usco].where, LW_W_DISGRACED);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, csp + 2);
	CHECK_EQ_INT(s->amphib.siege.stage, LW_SG_NONE);
	CHECK_EQ_INT(keep[csco], before + 1);
	s->unit[csco].it = 0; /* what an in-supply phase would do */
	lw_siege_after_supply(s, keep);
	CHECK_EQ_INT(s->unit[csco].it, before + 1);
	CHECK(s->unit[csco].flags & LW_UF_OOS);

	/* 16.9.5.4.1: the defenders' IT reach twice their defense: disgraced,
	 * the besiegers take the city and the PC */
	usco = am_general(s, LW_UNION, camp, 2, usco);
	s->unit[csco].it = 0;
	s->unit[csco].flags = 0;
	won_battle(s, LW_CRT_MINOR, 0);
	lw_siege_begin_offer(s);
	AM_OK(s, LW_CONFEDERATE, "{\"type\":\"offer_siege\"}");
	AM_OK(s, LW_UNION, "{\"type\":\"besiege\"}");
	int nc = am_city("nashville");
	int cap =
	    lw_siege_capability((int[]){lw_unit_defense(s, csco)}, 1, lw_city_defense(s, nc), 0);
	int upc = s->side[LW_UNION].pc, cpc = s->side[LW_CONFEDERATE].pc;
	int supply = lw_D()->cities[nc].supply, stars = s->unit[csco].stars;
	s->unit[csco].it = (int16_t)(2 * cap);
	CHECK(lw_siege_check_defeat(s));
	CHECK_EQ_INT(s->unit[csco].where, LW_W_DISGRACED);
	CHECK_EQ_INT(s->unit[usco].hex, nashville);
	CHECK_EQ_INT(lw_city_controller(s, nc), LW_UNION);
	CHECK_EQ_INT(s->side[LW_UNION].pc, upc + stars + supply);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, cpc - supply);
	CHECK_EQ_INT(s->amphib.siege.stage, LW_SG_NONE);

	/* 16.9.5.4.2: a relief force drives the besiegers off: their CO is
	 * disgraced and the siege is broken */
	s->city[nc].owner = LW_CONFEDERATE;
	s->city[nc].garrison = 0;
	s->unit[usco].hex = (int16_t)camp;
	csco = am_general(s, LW_CONFEDERATE, nashville, 2, csco);
	won_battle(s, LW_CRT_MINOR, 0);
	lw_siege_begin_offer(s);
	AM_OK(s, LW_CONFEDERATE, "{\"type\":\"offer_siege\"}");
	AM_OK(s, LW_UNION, "{\"type\":\"besiege\"}");
	/* the relief battle: the camp is the battle hex, the besiegers lost and
	 * retreated */
	s->battle.def_hex = (int16_t)camp;
	s->battle.attacker = LW_CONFEDERATE;
	s->battle.winner = LW_CONFEDERATE;
	s->battle.active = 0;
	s->land.def_co = (int16_t)usco;
	CHECK(lw_siege_broken_by_attack(s)); /* 16.8.3: its disasters are ignored */
	s->battle.winner = LW_UNION;
	CHECK(!lw_siege_broken_by_attack(s));
	s->battle.winner = LW_CONFEDERATE;
	s->unit[usco].hex = (int16_t)fx_plain_neighbour(camp);
	lw_siege_settle(s);
	CHECK_EQ_INT(s->unit[usco].where, LW_W_DISGRACED);
	CHECK_EQ_INT(s->amphib.siege.stage, LW_SG_NONE);
	CHECK(am_log_has(s, "is broken"));

	/* the block survives save/load */
	s->amphib.siege.stage = LW_SG_ON;
	s->amphib.siege.besieger = LW_UNION;
	s->amphib.siege.city_hex = (int16_t)nashville;
	json_t *j = lw_amphib_save(&s->amphib);
	struct lw_amphib back;
	CHECK_EQ_INT(lw_amphib_load(&back, j, s->n_units), 0);
	CHECK(memcmp(&back.siege, &s->amphib.siege, sizeof back.siege) == 0);
	json_array_set_new(j, 0, json_string("x"));
	CHECK_EQ_INT(lw_amphib_load(&back, j, s->n_units), -1);
	json_decref(j);
	free(s);
	return tap_done();
}
