/* 16.9.5 Sieges over the state: who may offer (16.9.5; not in an empty
 * city, 16.1.2; not after a victory reversal, 16.8.3; after an amphibious
 * assault the force must besiege, 14.1.3 / 14.2.2), refusing (16.9.5.1:
 * 1/2/3 PC), besieging "on top of the defending units" (16.9.5.2: both
 * sides in the city hex, the view shows both forces), reinforcing
 * (16.9.5.3: the besieger enters freely and stops, stacking applies; the
 * besieged never), the IT of every besieger card play and the activation
 * of the besiegers (on a campaign card only once designated, see
 * test_16_9_5_2_campaign_press; in Virginia it counts for 10.7.8.1), IT
 * removal (none
 * for the besieged, 2 PC for the besiegers), several sieges at once, and
 * the ends: the defender defeated (16.9.5.4.1), the Supply Phase
 * (16.9.5.4.3: one IT per besieged general, no forage, 20.4 demotions kept,
 * the besiegers go back and their CO is disgraced), the three-star-first
 * advance after a siege is broken (16.9.5.4.2). */
#include "lincolns_war/lw_combat.h"
#include "lincolns_war/lw_march.h"
#include "lincolns_war/lw_supply.h"
#include "lw_amphib_fixture.h"

static int nashville, camp;

static int total_it(const struct lw_state *s, int hex, int side)
{
	int u[LW_MAX_UNITS], it = 0;
	int n = lw_units_at(s, hex, side, u);
	for (int i = 0; i < n; i++)
		it += s->unit[u[i]].it;
	return it;
}

static int total_stars(const struct lw_state *s, int hex, int side)
{
	int u[LW_MAX_UNITS], st = 0;
	int n = lw_units_at(s, hex, side, u);
	for (int i = 0; i < n; i++)
		st += s->unit[u[i]].stars;
	return st;
}

/* A clear hex next to city, not `not`, empty, without a city. */
static int free_neighbour(const struct lw_state *s, int city, int not )
{
	int nb[6];
	int n = tg_hex_neighbours(&lw_D()->grid, city, nb);
	for (int i = 0; i < n; i++) {
		const struct lw_hex *hx = lw_data_hex(lw_D(), nb[i]);
		if (nb[i] != not &&hx && hx->terrain == LW_TERRAIN_CLEAR && lw_city_at(nb[i]) < 0 &&
		    lw_hex_owner_force(s, nb[i]) == LW_NOSIDE &&
		    !(lw_data_hexside_flags(lw_D(), city, nb[i]) & LW_HS_IMPASSABLE))
			return nb[i];
	}
	return LW_NO_HEX;
}

static void clear_map(struct lw_state *s)
{
	for (int u = 0; u < s->n_units; u++)
		if (s->unit[u].where == LW_W_MAP) {
			s->unit[u].where = LW_W_PENDING;
			s->unit[u].hex = LW_NO_HEX;
			s->unit[u].it = s->unit[u].it_new = 0;
		}
	lw_amphib_init(&s->amphib);
	for (int c = 0; c < s->n_cities; c++)
		s->city[c].owner = lw_D()->cities[c].control == LW_CTRL_UNION ? LW_UNION
		                   : lw_D()->cities[c].control == LW_CTRL_CONFEDERATE
		                       ? LW_CONFEDERATE
		                       : LW_NOSIDE;
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
	int nc = am_city("nashville");
	camp = fx_plain_neighbour(nashville);
	CHECKF(camp != LW_NO_HEX, "a plain hex next to Nashville");
	int usco = am_general(s, LW_UNION, camp, 2, LW_NONE);
	int csco = am_general(s, LW_CONFEDERATE, nashville, 2, LW_NONE);
	s->side[LW_UNION].pc = s->side[LW_CONFEDERATE].pc = 20;

	/* 16.9.5: a supply-2 city; not an empty city (16.1.2), not after a
	 * reversal (16.8.3: the defender retreats), not a supply-1 city */
	am_won_battle(s, nashville, camp, &usco, 1, LW_CRT_MINOR, 0);
	CHECK(lw_siege_may_offer(s));
	s->battle.empty_city = 1;
	CHECK(!lw_siege_may_offer(s));
	s->battle.empty_city = 0;
	s->land.disaster = LW_DISASTER_REVERSAL;
	CHECK(!lw_siege_may_offer(s));
	s->land.disaster = 0;
	s->battle.def_hex = (int16_t)am_hex("knoxville"); /* supply 1 */
	CHECK(!lw_siege_may_offer(s));

	/* 16.9.5.1: offer, then refuse after a Major Victory: 2 PC change hands */
	am_won_battle(s, nashville, camp, &usco, 1, LW_CRT_MAJOR, 0);
	lw_siege_begin_offer(s);
	CHECK_EQ_INT(s->step, LW_ST_SIEGE_OFFER);
	CHECK_EQ_INT(s->awaiting_side, LW_CONFEDERATE);
	AM_REFUSED(s, LW_UNION, "{\"type\":\"besiege\"}", "16.9.5");
	AM_OK(s, LW_CONFEDERATE, "{\"type\":\"offer_siege\"}");
	CHECK_EQ_INT(total_it(s, nashville, LW_CONFEDERATE), 1);
	CHECK_EQ_INT(s->step, LW_ST_SIEGE_ANSWER);
	CHECK_EQ_INT(s->awaiting_side, LW_UNION);
	CHECK(am_offered(s, LW_UNION, "refuse_siege"));
	AM_OK(s, LW_UNION, "{\"type\":\"refuse_siege\"}");
	CHECK_EQ_INT(s->side[LW_UNION].pc, 18);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, 22);
	CHECK_EQ_INT(lw_siege_at(s, nashville), -1);
	CHECK(!s->battle.active);
	CHECK_EQ_INT(s->unit[csco].hex, nashville); /* the city is not captured */
	CHECK_EQ_INT(s->unit[usco].hex, camp);
	CHECK_EQ_INT(lw_city_controller(s, nc), LW_CONFEDERATE);

	/* declining to offer: the retreat of 16.9 follows */
	s->unit[csco].it = 0;
	am_won_battle(s, nashville, camp, &usco, 1, LW_CRT_MINOR, 0);
	lw_siege_begin_offer(s);
	AM_OK(s, LW_CONFEDERATE, "{\"type\":\"decline_siege\"}");
	CHECK(s->step == LW_ST_RETREAT || s->unit[csco].hex != nashville);
	s->unit[csco].hex = (int16_t)nashville;
	s->unit[csco].it = 0;
	memset(&s->battle, 0, sizeof s->battle);

	/* 16.9.5.2 (1): besieging moves the victorious force on top of the
	 * defending units: both sides in the city, which stays Confederate */
	am_besiege(s, nashville, camp, &usco, 1);
	CHECK(lw_siege_at(s, nashville) >= 0);
	CHECK_EQ_INT(s->unit[usco].hex, nashville);
	CHECK_EQ_INT(s->unit[csco].hex, nashville);
	CHECK_EQ_INT(lw_hex_owner_force(s, camp), LW_NOSIDE);
	CHECK_EQ_INT(lw_hex_owner_force(s, nashville), LW_UNION); /* the besiegers on top */
	CHECK_EQ_INT(lw_force_co(s, nashville), usco);
	CHECK_EQ_INT(lw_force_co_side(s, nashville, LW_CONFEDERATE), csco);
	CHECK_EQ_INT(lw_city_controller(s, nc), LW_CONFEDERATE);
	CHECK(!s->battle.active);
	{
		/* the view: two forces in the hex, flagged */
		json_t *v = lw_view_json(s, LW_UNION);
		json_t *forces = json_object_get(json_object_get(v, "board"), "forces");
		int here = 0, flags = 0;
		for (size_t i = 0; i < json_array_size(forces); i++) {
			json_t *f = json_array_get(forces, i);
			if (json_integer_value(json_object_get(f, "hex")) != nashville)
				continue;
			here++;
			flags += json_is_true(json_object_get(f, "besieged")) +
			         json_is_true(json_object_get(f, "besieging"));
		}
		CHECK_EQ_INT(here, 2);
		CHECK_EQ_INT(flags, 2);
		json_decref(v);
	}

	/* 16.9.5.3: the defender may never reinforce the besieged city, but may
	 * attack the besiegers (16.9.5.4.2); the besieger enters freely and
	 * stops there, within the stacking limits */
	int relief_hex = free_neighbour(s, nashville, camp);
	CHECKF(relief_hex != LW_NO_HEX, "a free hex next to Nashville");
	int relief = am_general(s, LW_CONFEDERATE, relief_hex, 1, csco);
	am_activate(s, LW_CONFEDERATE, &relief, 1);
	struct tg_error me = {0};
	CHECK_EQ_INT(lw_move_check(s, nashville, &me), -1);
	CHECK(strstr(me.message, "16.9.5.3") != NULL);
	CHECK_EQ_INT(lw_attack_target_check(s, nashville, NULL), 0);
	s->unit[relief].where = LW_W_PENDING;
	int us2 = am_general(s, LW_UNION, camp, 2, usco);
	am_activate(s, LW_UNION, &us2, 1);
	CHECK_EQ_INT(lw_move_check(s, nashville, NULL), 0);
	char js[200];
	snprintf(js, sizeof js, "{\"type\":\"move\",\"to\":%d}", nashville);
	AM_OK(s, LW_UNION, js);
	CHECK_EQ_INT(s->unit[us2].hex, nashville);
	CHECK(!s->battle.active);                              /* not an attack */
	CHECK(s->step != LW_ST_MOVE || s->play.movers_n == 0); /* they stopped */
	int big[2];
	big[0] = am_general(s, LW_UNION, camp, 2, us2);
	big[1] = am_general(s, LW_UNION, camp, 1, big[0]);
	am_activate(s, LW_UNION, big, 2);
	CHECK_EQ_INT(lw_move_check(s, nashville, NULL), -1); /* 2+2+2+1 stars: 12.4 */
	s->unit[big[0]].where = s->unit[big[1]].where = LW_W_PENDING;
	s->unit[big[0]].hex = s->unit[big[1]].hex = LW_NO_HEX;

	/* the reinforcing move was a Union card play: one IT each (16.9.5.2) */
	int cs_it = total_it(s, nashville, LW_CONFEDERATE);
	int us_it = total_it(s, nashville, LW_UNION);
	CHECK_EQ_INT(cs_it, 2);

	/* no activation and no IT removal for either force */
	char id[64];
	am_spend(s, LW_CONFEDERATE, 5);
	snprintf(js, sizeof js, "{\"type\":\"activate\",\"general\":\"%s\"}",
	         lw_unit_id(s, csco, id, sizeof id));
	AM_REFUSED(s, LW_CONFEDERATE, js, "16.9.5.2");
	snprintf(js, sizeof js, "{\"type\":\"remove_it\",\"hex\":%d}", nashville);
	AM_REFUSED(s, LW_CONFEDERATE, js, "16.9.5.2");
	CHECK(!am_offered(s, LW_CONFEDERATE, "siege_press"));
	/* a Confederate card play adds no siege IT */
	AM_OK(s, LW_CONFEDERATE, "{\"type\":\"done\"}");
	CHECK_EQ_INT(total_it(s, nashville, LW_CONFEDERATE), cs_it);

	/* 16.9.5.2 (2): a Union card play: one IT each */
	am_spend(s, LW_UNION, 5);
	snprintf(js, sizeof js, "{\"type\":\"activate\",\"general\":\"%s\"}",
	         lw_unit_id(s, usco, id, sizeof id));
	AM_REFUSED(s, LW_UNION, js, "16.9.5.2");
	snprintf(js, sizeof js, "{\"type\":\"remove_it\",\"hex\":%d}", nashville);
	AM_REFUSED(s, LW_UNION, js, "16.9.5.2");
	AM_OK(s, LW_UNION, "{\"type\":\"done\"}");
	CHECK_EQ_INT(total_it(s, nashville, LW_CONFEDERATE), cs_it + 1);
	CHECK_EQ_INT(total_it(s, nashville, LW_UNION), us_it + 1);
	/* activated: two IT each; IT off the besiegers at 2 PC */
	am_spend(s, LW_UNION, 6);
	int cost = lw_activation_cost(s, usco);
	CHECK(am_offered(s, LW_UNION, "siege_press"));
	AM_OK(s, LW_UNION, "{\"type\":\"siege_press\"}");
	CHECK_EQ_INT(s->play.pc_left, 6 - cost);
	CHECK_EQ_INT(s->play.activations_left, 0);
	AM_REFUSED(s, LW_UNION, "{\"type\":\"siege_press\"}", "16.9.5.2");
	/* 11.0: the PC left after pressing the siege remove IT from another
	 * force, not from the besiegers (test_16_9_5_2_besieger_it_removal) */
	CHECK(!am_offered(s, LW_UNION, "siege_remove_it"));
	AM_OK(s, LW_UNION, "{\"type\":\"done\"}");
	CHECK_EQ_INT(total_it(s, nashville, LW_CONFEDERATE), cs_it + 3);
	/* a card play without pressing: IT off the besiegers at 2 PC */
	am_spend(s, LW_UNION, 6);
	AM_OK(s, LW_UNION, "{\"type\":\"siege_remove_it\"}");
	CHECK_EQ_INT(s->play.pc_left, 4);
	AM_OK(s, LW_UNION, "{\"type\":\"done\"}");
	CHECK_EQ_INT(total_it(s, nashville, LW_CONFEDERATE), cs_it + 4);
	/* campaign forces are designated before either is activated (10.7.3.1):
	 * no siege_press on a campaign card before that (the designation of the
	 * besiegers: test_16_9_5_2_campaign_press) */
	am_spend(s, LW_UNION, 0);
	s->play.campaign = 2;
	s->play.activations_left = 2;
	AM_REFUSED(s, LW_UNION, "{\"type\":\"siege_press\"}", "10.7.3");
	memset(&s->play, 0, sizeof s->play);
	s->play.co = LW_NONE;
	for (int i = 0; i < LW_MAX_SIEGES; i++)
		if (s->amphib.sieges[i].stage == LW_SG_ON)
			s->amphib.sieges[i].pressed = 0;

	/* several sieges at once: Memphis too */
	int memphis = am_hex("memphis");
	int mcamp = fx_plain_neighbour(memphis);
	CHECKF(mcamp != LW_NO_HEX, "a plain hex next to Memphis");
	int mus = am_general(s, LW_UNION, mcamp, 2, usco);
	int mcs = am_general(s, LW_CONFEDERATE, memphis, 2, csco);
	am_besiege(s, memphis, mcamp, &mus, 1);
	CHECK(lw_siege_at(s, memphis) >= 0);
	CHECK(lw_siege_at(s, nashville) >= 0);
	CHECK_EQ_INT(s->unit[mus].hex, memphis);
	am_spend(s, LW_UNION, 6);
	AM_REFUSED(s, LW_UNION, "{\"type\":\"siege_press\"}", "16.9.5.2"); /* which one? */
	snprintf(js, sizeof js, "{\"type\":\"siege_press\",\"city\":%d}", memphis);
	AM_OK(s, LW_UNION, js);
	int before_n = total_it(s, nashville, LW_CONFEDERATE);
	int before_m = total_it(s, memphis, LW_CONFEDERATE);
	AM_OK(s, LW_UNION, "{\"type\":\"done\"}");
	CHECK_EQ_INT(total_it(s, nashville, LW_CONFEDERATE), before_n + 1);
	CHECK_EQ_INT(total_it(s, memphis, LW_CONFEDERATE), before_m + 2);

	/* 16.9.5.4.1: the defenders' IT reach twice their defense at the end of
	 * a besieger card play: disgraced; the besiegers, already in the city,
	 * take it and the PC */
	int mc = am_city("memphis");
	int cap =
	    lw_siege_capability((int[]){lw_unit_defense(s, mcs)}, 1, lw_city_defense(s, mc), 0);
	int upc = s->side[LW_UNION].pc, cpc = s->side[LW_CONFEDERATE].pc;
	int supply = lw_D()->cities[mc].supply, stars = s->unit[mcs].stars;
	s->unit[mcs].it = (int16_t)(2 * cap - 1);
	am_spend(s, LW_UNION, 0);
	s->play.activations_left = 0;
	AM_OK(s, LW_UNION, "{\"type\":\"done\"}");
	CHECK_EQ_INT(s->unit[mcs].where, LW_W_DISGRACED);
	CHECK_EQ_INT(s->unit[mus].hex, memphis);
	CHECK_EQ_INT(lw_city_controller(s, mc), LW_UNION);
	CHECK_EQ_INT(s->side[LW_UNION].pc, upc + stars + supply);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, cpc - supply);
	CHECK_EQ_INT(lw_siege_at(s, memphis), -1);
	CHECK(lw_siege_at(s, nashville) >= 0); /* the other one goes on */

	/* 16.9.5.4.3 at the Supply Phase: one IT per besieged general, out of
	 * supply, no forage; their five-IT demotion (20.4) stands and the rest
	 * stays; the besiegers go back to the hex they came from, their CO is
	 * disgraced and the defender gains his stars */
	int cs2 = am_general(s, LW_CONFEDERATE, nashville, 1, csco);
	int ncap = lw_siege_capability((int[]){lw_unit_defense(s, csco), lw_unit_defense(s, cs2)},
	                               2, lw_city_defense(s, nc), 0);
	int it0 = 2 * ncap - 3 < 7 ? 2 * ncap - 3 : 7; /* +2 reaches 5, not 2x the defense */
	CHECKF(it0 + 2 >= 5, "Nashville's defense (%d) leaves room for a demotion", ncap);
	s->unit[csco].it = (int16_t)it0;
	s->unit[cs2].it = 0;
	int cs_stars = total_stars(s, nashville, LW_CONFEDERATE);
	int draw_n = s->side[LW_CONFEDERATE].cards.draw_n;
	int co_stars = s->unit[usco].stars;
	cpc = s->side[LW_CONFEDERATE].pc;
	s->phase = LW_PH_SUPPLY;
	lw_siege_before_supply(s);
	CHECK_EQ_INT(total_it(s, nashville, LW_CONFEDERATE), it0 + 2);
	lw_supply_phase(s);
	/* 20.4: in a force of two generals the owner picks who is demoted (both
	 * sides' forces in the siege hex may owe one): the subordinate each time */
	for (int asked = 0, dh, dside; lw_supply_choice_force(s, &dh, &dside); asked++) {
		if (!CHECK(asked < 4 && dh == nashville))
			break;
		char gid[48], txt[160];
		snprintf(txt, sizeof txt,
		         "{\"type\":\"supply_demote\",\"hex\":%d,\"general\":\"%s\"}", dh,
		         lw_unit_id(s, dside == LW_CONFEDERATE ? cs2 : us2, gid, sizeof gid));
		json_t *a = json_loads(txt, 0, NULL);
		struct tg_error derr = {0};
		int rc = lw_supply_demote_act(s, dside, a, NULL, &derr);
		json_decref(a);
		if (!CHECKF(rc == 0, "supply_demote: %s", derr.message))
			break;
	}
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].cards.draw_n, draw_n);            /* no forage drawn */
	CHECK_EQ_INT(total_stars(s, nashville, LW_CONFEDERATE), cs_stars - 1); /* 20.4 */
	/* issue 23: the last answer ends supply and forage by recording what
	 * comes next (3.6: the sieges, at once), which the driver runs
	 * (lw_continue); lw_supply.c no longer calls on into lw_time.c */
	CHECK_EQ_INT(s->command.supply_stage, LW_SS_SUPPLIED);
	CHECK(lw_siege_at(s, nashville) >= 0);
	lw_siege_after_supply(s);
	CHECK_EQ_INT(total_it(s, nashville, LW_CONFEDERATE), it0 + 2 - 5);
	CHECK(s->unit[csco].flags & LW_UF_OOS);
	CHECK_EQ_INT(s->unit[usco].where, LW_W_DISGRACED);
	CHECK_EQ_INT(s->unit[us2].hex, camp);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, cpc + co_stars);
	CHECK_EQ_INT(lw_siege_at(s, nashville), -1);
	CHECK_EQ_INT(lw_city_controller(s, nc), LW_CONFEDERATE);

	/* ... and when the hex they came from is taken, an adjacent hex closer
	 * to a friendly supply city, chosen by their owner
	 * (test_16_9_5_4_3_return_choice) */
	clear_map(s);
	s->phase = LW_PH_OPS;
	usco = am_general(s, LW_UNION, camp, 2, LW_NONE);
	csco = am_general(s, LW_CONFEDERATE, nashville, 2, LW_NONE);
	am_besiege(s, nashville, camp, &usco, 1);
	us2 = am_general(s, LW_UNION, nashville, 1, usco);
	int blocker = am_general(s, LW_CONFEDERATE, camp, 1, csco);
	s->phase = LW_PH_SUPPLY;
	lw_siege_before_supply(s);
	lw_supply_phase(s);
	CHECK(lw_siege_after_supply(s));
	CHECK_EQ_INT(lw_siege_choice_side(s), LW_UNION);
	{
		json_t *l = lw_legal_actions(s, LW_UNION);
		json_t *a = json_object_get(json_array_get(l, 0), "action");
		struct tg_error rerr = {0};
		CHECKF(a && lw_apply(s, LW_UNION, a, NULL, &rerr) == 0, "siege_return: %s",
		       rerr.message);
		json_decref(l);
	}
	CHECK_EQ_INT(s->unit[blocker].hex, camp);
	CHECK(s->unit[us2].where == LW_W_MAP && s->unit[us2].hex != nashville &&
	      s->unit[us2].hex != camp &&
	      tg_hex_adjacent(&lw_D()->grid, s->unit[us2].hex, nashville));

	/* 16.9.5.4.2: after the siege is broken, a three-star commanding the
	 * victors goes in first when the besieged were a Minor Army, then the
	 * most units that stack; without him first nobody would fit */
	clear_map(s);
	s->phase = LW_PH_OPS;
	usco = am_general(s, LW_UNION, camp, 2, LW_NONE);
	int mins[3];
	mins[0] = am_general(s, LW_CONFEDERATE, nashville, 2, LW_NONE);
	mins[1] = am_general(s, LW_CONFEDERATE, nashville, 2, mins[0]);
	mins[2] = am_general(s, LW_CONFEDERATE, nashville, 2, mins[1]);
	am_besiege(s, nashville, camp, &usco, 1);
	relief_hex = free_neighbour(s, nashville, camp);
	int rel[3];
	rel[0] = am_general(s, LW_CONFEDERATE, relief_hex, 1, mins[2]);
	rel[1] = am_general(s, LW_CONFEDERATE, relief_hex, 3, rel[0]);
	rel[2] = am_general(s, LW_CONFEDERATE, relief_hex, 2, rel[1]);
	struct lw_battle *b = &s->battle;
	memset(b, 0, sizeof *b);
	b->attacker = LW_CONFEDERATE;
	b->att_hex = (int16_t)relief_hex;
	b->def_hex = (int16_t)nashville;
	b->winner = LW_CONFEDERATE;
	CHECK(lw_siege_broken_by_attack(s)); /* 16.8.3: its disasters are ignored */
	int go[LW_MAX_UNITS];
	s->unit[usco].hex = (int16_t)camp; /* the besiegers retreated */
	int ng = lw_siege_relief_advance(s, rel, 3, rel[1], go);
	CHECK_EQ_INT(ng, 3);
	CHECK_EQ_INT(go[0], rel[1]);
	s->unit[usco].hex = (int16_t)nashville;
	b->winner = LW_UNION;
	CHECK(!lw_siege_broken_by_attack(s));

	/* 14.1.3 / 14.2.2: after an amphibious assault the defender may offer
	 * siege; the assault force must occupy the port, so it besieges (no
	 * refusal), and the assault did not fail */
	clear_map(s);
	s->phase = LW_PH_OPS;
	int port = am_hex("washington");
	int amco = am_general(s, LW_UNION, port, 2, LW_NONE);
	csco = am_general(s, LW_CONFEDERATE, nashville, 1, LW_NONE);
	am_won_battle(s, nashville, port, &amco, 1, LW_CRT_MINOR, 0);
	s->amphib.assault = LW_AM_RIVER_ASSAULT;
	s->amphib.assault_from = (int16_t)port;
	s->amphib.assault_target = (int16_t)nashville;
	s->amphib.assault_co = (int16_t)amco;
	CHECK(lw_siege_may_offer(s));
	lw_siege_begin_offer(s);
	AM_OK(s, LW_CONFEDERATE, "{\"type\":\"offer_siege\"}");
	CHECK(am_offered(s, LW_UNION, "besiege"));
	CHECK(!am_offered(s, LW_UNION, "refuse_siege"));
	AM_REFUSED(s, LW_UNION, "{\"type\":\"refuse_siege\"}", "14.");
	int am_it = s->unit[amco].it;
	AM_OK(s, LW_UNION, "{\"type\":\"besiege\"}");
	CHECK_EQ_INT(s->unit[amco].hex, nashville);
	CHECK_EQ_INT(s->amphib.assault, LW_AM_NONE);
	CHECK_EQ_INT(s->unit[amco].it, am_it); /* no failed-assault IT (14.1.3) */
	CHECK_EQ_INT(s->amphib.sieges[lw_siege_at(s, nashville)].camp_hex, port);

	/* activating the besiegers of a Virginian city is the Union's force
	 * activated in Virginia (10.7.8.1) */
	clear_map(s);
	s->phase = LW_PH_OPS;
	int richmond = am_hex("richmond"), rcamp = fx_plain_neighbour(richmond);
	CHECKF(rcamp != LW_NO_HEX, "a plain hex next to Richmond");
	int rus = am_general(s, LW_UNION, rcamp, 2, LW_NONE);
	int rcs = am_general(s, LW_CONFEDERATE, richmond, 1, LW_NONE);
	am_besiege(s, richmond, rcamp, &rus, 1);
	am_spend(s, LW_UNION, 6);
	s->side[LW_UNION].eastern_done = 0;
	AM_OK(s, LW_UNION, "{\"type\":\"siege_press\"}");
	CHECK(s->side[LW_UNION].eastern_done);
	/* the defenders eliminated otherwise (16.9.5.2 "until the defenders have
	 * been eliminated"): the siege ends, the besiegers hold the city */
	lw_disgrace(s, rcs);
	lw_siege_settle(s);
	CHECK_EQ_INT(lw_siege_at(s, richmond), -1);
	CHECK_EQ_INT(lw_city_controller(s, am_city("richmond")), LW_UNION);
	CHECK_EQ_INT(s->unit[rus].hex, richmond);

	/* the block survives save/load */
	json_t *j = lw_amphib_save(&s->amphib);
	struct lw_amphib back;
	CHECK_EQ_INT(lw_amphib_load(&back, j, s->n_units), 0);
	CHECK(memcmp(&back, &s->amphib, sizeof back) == 0);
	json_array_set_new(j, 0, json_string("x"));
	CHECK_EQ_INT(lw_amphib_load(&back, j, s->n_units), -1);
	json_decref(j);
	free(s);
	return tap_done();
}
