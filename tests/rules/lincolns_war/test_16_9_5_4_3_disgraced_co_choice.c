/* 16.9.5.4.3 with 11.0.3 and 3.6: when a siege holds out, "the attacking
 * army moves back ... The CO of the besieging force is disgraced"; the
 * owner then names who commands what is left of it (11.0.3: "the most
 * senior subordinate ... takes command", the owner choosing among equals).
 * 3.6 puts "Resolve any ongoing sieges" in the Supply Phase after the plot
 * (20.3) and after "Determine supply & Draw forage" (16.9.5.4.3: "after the
 * supply check is done"), and before the phase's last steps and the
 * Timekeeping Phase (21.0). So the question is asked there: the phase holds
 * in stage LW_SS_SIEGE, the next siege is not resolved and the turn does not
 * end (21.2: CSP to 0, the turn token moves) until the owner answers; after
 * the answer the next siege ends and the turn goes on under the CO chosen.
 * The old order ran every siege and the end of the turn first, and asked in
 * the next turn. Both the automatic return (back where they came from) and
 * the owner's siege_return lead to the question. */
#include "lw_amphib_fixture.h"

static int supply_dist(const struct lw_state *s, int side, int hex)
{
	const struct lw_data *d = lw_D();
	int best = 1 << 20;
	for (size_t c = 0; c < d->n_cities; c++)
		if (lw_city_controller(s, (int)c) == side && d->cities[c].supply > 0) {
			int k = tg_hex_distance(&d->grid, hex, d->cities[c].hex);
			if (k >= 0 && k < best)
				best = k;
		}
	return best;
}

/* An adjacent hex nearer Union supply than the city, other than the camp:
 * where besiegers may go when the camp is taken (the test's own reading). */
static bool has_other_way(const struct lw_state *s, int city, int camp)
{
	int nb[6];
	int n = tg_hex_neighbours(&lw_D()->grid, city, nb);
	for (int i = 0; i < n; i++) {
		const struct lw_hex *h = lw_data_hex(lw_D(), nb[i]);
		int c = lw_city_at(nb[i]);
		if (nb[i] != camp && h && h->terrain != LW_TERRAIN_OCEAN &&
		    !(lw_data_hexside_flags(lw_D(), city, nb[i]) & LW_HS_IMPASSABLE) &&
		    !(c >= 0 && lw_city_controller(s, c) == LW_CONFEDERATE) &&
		    supply_dist(s, LW_UNION, nb[i]) < supply_dist(s, LW_UNION, city))
			return true;
	}
	return false;
}

/* Two Confederate cities of supply 2+ with a clear camp beside each, apart
 * from each other; the first one with another way out. */
static bool find_cities(int city[2], int camp[2])
{
	struct lw_state *s = fx_new(3);
	if (!s)
		exit(1);
	const struct lw_data *d = lw_D();
	int k = 0;
	for (size_t c = 0; c < d->n_cities && k < 2; c++) {
		int hex = d->cities[c].hex, cp = fx_plain_neighbour(hex);
		if (d->cities[c].supply < 2 || d->cities[c].bracketed ||
		    lw_city_controller(s, (int)c) != LW_CONFEDERATE || cp == LW_NO_HEX)
			continue;
		if (k == 0 && !has_other_way(s, hex, cp))
			continue;
		if (k == 1 && (tg_hex_distance(&d->grid, hex, city[0]) < 4 ||
		               tg_hex_distance(&d->grid, cp, camp[0]) < 4))
			continue;
		city[k] = hex;
		camp[k++] = cp;
	}
	free(s);
	return k == 2;
}

static int apply(struct lw_state *s, int side, const char *js, char *why, size_t n)
{
	json_t *a = json_loads(js, 0, NULL);
	struct tg_error err = {0};
	int rc = lw_apply(s, side, a, NULL, &err);
	snprintf(why, n, "%.200s", rc ? err.message : "");
	json_decref(a);
	return rc;
}

/* The generals offered to side as choose_co at hex. */
static int co_offers(const struct lw_state *s, int side, int hex, int out[8])
{
	json_t *l = lw_legal_actions(s, side);
	int n = 0;
	for (size_t i = 0; i < json_array_size(l) && n < 8; i++) {
		json_t *a = json_object_get(json_array_get(l, i), "action");
		if (strcmp(json_string_value(json_object_get(a, "type")), "choose_co") == 0 &&
		    json_integer_value(json_object_get(a, "hex")) == hex)
			out[n++] =
			    lw_unit_by_id(s, json_string_value(json_object_get(a, "general")));
	}
	json_decref(l);
	return n;
}

/* blocked: a Confederate holds the first siege's camp, so its besiegers'
 * owner chooses their hex (siege_return) before the question. */
static void run(const int city[2], const int camp[2], bool blocked, bool pick_default)
{
	struct lw_state *s = fx_new(3);
	if (!s)
		exit(1);
	/* siege one: a two-star CO over two one-stars (after him, two of
	 * equal rank: 11.0.3 asks) */
	int x = am_general(s, LW_UNION, camp[0], 2, LW_NONE);
	int cs1 = am_general(s, LW_CONFEDERATE, city[0], 2, LW_NONE);
	am_besiege(s, city[0], camp[0], (int[]){x}, 1);
	int a = am_general(s, LW_UNION, city[0], 1, x);
	int b = am_general(s, LW_UNION, city[0], 1, a);
	/* siege two: a two-star CO over one one-star (no question after him) */
	int y = am_general(s, LW_UNION, camp[1], 2, b);
	int cs2 = am_general(s, LW_CONFEDERATE, city[1], 2, cs1);
	am_besiege(s, city[1], camp[1], (int[]){y}, 1);
	int d = am_general(s, LW_UNION, city[1], 1, y);
	CHECK(lw_siege_at(s, city[0]) >= 0 && lw_siege_at(s, city[1]) >= 0);
	if (blocked)
		am_general(s, LW_CONFEDERATE, camp[0], 1, cs2);
	for (int u = 0; u < s->n_units; u++)
		s->unit[u].it = s->unit[u].it_new = 0; /* no 20.4 demotion */
	s->side[LW_UNION].csp = 2;
	s->side[LW_UNION].pc = s->side[LW_CONFEDERATE].pc = 20;
	int turn = s->turn, cpc = s->side[LW_CONFEDERATE].pc;

	lw_end_operations(s, NULL); /* 10.7.8.1, then the Supply Phase (3.6) */

	lw_continue(s, NULL); /* the Supply Phase's stages (lw_actions.c) */
	char js[200], id[48], why[256];
	int back = camp[0];
	if (blocked) {
		CHECK_EQ_INT(s->phase, LW_PH_SUPPLY);
		CHECK_EQ_INT(lw_siege_choice_side(s), LW_UNION);
		json_t *l = lw_legal_actions(s, LW_UNION);
		json_t *ret = json_object_get(json_array_get(l, 0), "action");
		CHECK(ret &&
		      strcmp(json_string_value(json_object_get(ret, "type")), "siege_return") ==
		          0 &&
		      !json_object_get(ret, "general"));
		back = ret ? (int)json_integer_value(json_object_get(ret, "to")) : LW_NO_HEX;
		snprintf(js, sizeof js, "{\"type\":\"siege_return\",\"to\":%d}", back);
		json_decref(l);
		CHECKF(apply(s, LW_UNION, js, why, sizeof why) == 0, "%s: %s", js, why);
	}

	/* siege one held: its besiegers went back, their CO is disgraced, the
	 * defender gained his two stars (16.9.5.4.3) */
	CHECK_EQ_INT(s->unit[x].where, LW_W_DISGRACED);
	CHECK(s->unit[a].where == LW_W_MAP && s->unit[a].hex == back);
	CHECK(s->unit[b].where == LW_W_MAP && s->unit[b].hex == back);
	CHECK_EQ_INT(lw_siege_at(s, city[0]), -1);
	CHECK(s->side[LW_CONFEDERATE].pc >= cpc + 2);

	/* the owner is asked now, in the Supply Phase: 11.0.3 between the two
	 * one-stars, to the Union alone */
	CHECK_EQ_INT(s->phase, LW_PH_SUPPLY);
	CHECK_EQ_INT(s->command.supply_stage, LW_SS_SIEGE);
	CHECK_EQ_INT((int)lw_awaiting(s), (int)LW_SIDE_BIT(LW_UNION));
	int offered[8];
	int no = co_offers(s, LW_UNION, back, offered);
	CHECK_EQ_INT(no, 2);
	CHECK(am_has(offered, no, a) && am_has(offered, no, b));
	CHECK_EQ_INT(co_offers(s, LW_CONFEDERATE, back, offered), 0);

	/* ... before the later steps: the next siege is still on, its CO in
	 * command in the city; the turn has not ended (21.2 CSP, the turn) */
	CHECK(lw_siege_at(s, city[1]) >= 0);
	CHECK(s->unit[y].where == LW_W_MAP && s->unit[y].hex == city[1]);
	CHECK_EQ_INT(s->unit[d].hex, city[1]);
	CHECK_EQ_INT(s->turn, turn);
	CHECK_EQ_INT(s->side[LW_UNION].csp, 2);

	/* the hold survives save and load (save format 15) */
	json_t *j = lw_command_save(&s->command);
	struct lw_command c2;
	CHECK_EQ_INT(lw_command_load(&c2, j, s->n_units), 0);
	CHECK(memcmp(&c2, &s->command, sizeof c2) == 0);
	json_decref(j);

	/* the owner's answer: the default (the most recent) or the other */
	int dflt = lw_force_co(s, back);
	CHECK(dflt == a || dflt == b);
	int pick = pick_default ? dflt : (dflt == a ? b : a);
	snprintf(js, sizeof js, "{\"type\":\"choose_co\",\"hex\":%d,\"general\":\"%s\"}", back,
	         lw_unit_id(s, pick, id, sizeof id));
	CHECK(apply(s, LW_CONFEDERATE, js, why, sizeof why) != 0); /* not his */
	CHECK(s->unit[y].hex == city[1]);                          /* a refusal moves nothing on */
	CHECKF(apply(s, LW_UNION, js, why, sizeof why) == 0, "%s: %s", js, why);

	/* then the rest: siege two ends (its CO disgraced, the one-star back
	 * in camp, alone: no question), the turn ends, and the force of siege
	 * one is commanded by the general chosen */
	CHECK_EQ_INT(s->unit[y].where, LW_W_DISGRACED);
	CHECK(s->unit[d].where == LW_W_MAP && s->unit[d].hex == camp[1]);
	CHECK_EQ_INT(lw_siege_at(s, city[1]), -1);
	CHECK_EQ_INT(s->command.supply_stage, LW_SS_NONE);
	CHECK(s->phase != LW_PH_SUPPLY);
	CHECK_EQ_INT(s->turn, turn + 1);
	CHECK_EQ_INT(s->side[LW_UNION].csp, 0);
	CHECK_EQ_INT(lw_force_co(s, back), pick);
	CHECK_EQ_INT(co_offers(s, LW_UNION, back, offered), 0); /* asked once */
	free(s);
}

int main(void)
{
	int city[2], camp[2];
	if (!CHECKF(find_cities(city, camp), "two Confederate cities to besiege"))
		return tap_done();
	run(city, camp, false, false); /* the one the default would not give */
	run(city, camp, false, true);
	run(city, camp, true, false); /* after the owner's siege_return */
	return tap_done();
}
