/* 16.9.5.4.3: "If after the supply check is done and the defenders have
 * survived the siege then the attacking army moves back to the hex which it
 * came from originally. If not able to do so, then any other adjacent hex
 * closer to a friendly city or supply route must be chosen." The besiegers'
 * owner chooses: a prompt to him alone (siege_return), offering exactly the
 * adjacent hexes nearer a friendly supply city than the city, free of the
 * enemy, where the force stacks; the whole force when a hex takes it, else
 * one general at a time. Back where they came from there is no choice.
 * After the last besieger is out their CO is disgraced and the defender
 * gains his stars; the Supply Phase goes on. */
#include "lincolns_war/lw_supply.h"
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

/* The hexes a Union besieger `u` alone might go to from city (the test's
 * own reading of the rule, without stacking): adjacent, passable, not the
 * camp, nearer a Union supply city, no Confederate there, no CS city. */
static int candidates(const struct lw_state *s, int city, int camp, int out[6])
{
	int nb[6], k = 0;
	int n = tg_hex_neighbours(&lw_D()->grid, city, nb);
	for (int i = 0; i < n; i++) {
		const struct lw_hex *h = lw_data_hex(lw_D(), nb[i]);
		int tmp[LW_MAX_UNITS], c = lw_city_at(nb[i]);
		if (nb[i] == camp || !h || h->terrain == LW_TERRAIN_OCEAN ||
		    (lw_data_hexside_flags(lw_D(), city, nb[i]) & LW_HS_IMPASSABLE) ||
		    lw_units_at(s, nb[i], LW_CONFEDERATE, tmp) > 0 ||
		    (c >= 0 && lw_city_controller(s, c) == LW_CONFEDERATE) ||
		    supply_dist(s, LW_UNION, nb[i]) >= supply_dist(s, LW_UNION, city))
			continue;
		out[k++] = nb[i];
	}
	return k;
}

/* The offered siege_return entries: their "to" (and whether they name a
 * general). */
static int offers(const struct lw_state *s, int side, int to[32], bool *general)
{
	json_t *l = lw_legal_actions(s, side);
	int n = 0;
	*general = false;
	for (size_t i = 0; i < json_array_size(l) && n < 32; i++) {
		json_t *a = json_object_get(json_array_get(l, i), "action");
		if (strcmp(json_string_value(json_object_get(a, "type")), "siege_return") != 0)
			continue;
		to[n++] = (int)json_integer_value(json_object_get(a, "to"));
		*general |= json_object_get(a, "general") != NULL;
	}
	json_decref(l);
	return n;
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

#define APPLY_OK(s, side, js)                                                                      \
	do {                                                                                       \
		char w_[256];                                                                      \
		CHECKF(apply((s), (side), (js), w_, sizeof w_) == 0, "%s refused: %s", (js), w_);  \
	} while (0)
#define APPLY_REFUSED(s, side, js, rule)                                                           \
	do {                                                                                       \
		char w_[256];                                                                      \
		int rc_ = apply((s), (side), (js), w_, sizeof w_);                                 \
		CHECKF(rc_ != 0 && strstr(w_, (rule)), "%s: rc %d '%s' (want %s)", (js), rc_, w_,  \
		       (rule));                                                                    \
	} while (0)

static int the_city = LW_NO_HEX;

/* A Confederate city of supply 2+ with a plain neighbour (the camp) and at
 * least two other hexes nearer Union supply. */
static int find_city(void)
{
	struct lw_state *s = fx_new(3);
	if (!s)
		exit(1);
	const struct lw_data *d = lw_D();
	int found = LW_NO_HEX, want[6];
	for (size_t c = 0; c < d->n_cities && found == LW_NO_HEX; c++) {
		int hex = d->cities[c].hex, camp = fx_plain_neighbour(hex);
		if (d->cities[c].supply >= 2 && !d->cities[c].bracketed &&
		    lw_city_controller(s, (int)c) == LW_CONFEDERATE && camp != LW_NO_HEX &&
		    candidates(s, hex, camp, want) >= 2)
			found = hex;
	}
	free(s);
	return found;
}

/* Union besiegers (stars[]) of the city from camp, a Confederate in camp
 * and the Supply Phase run up to the return. */
static struct lw_state *held(int *nash, int *camp, const int *stars, int n, int *us, int *cs)
{
	struct lw_state *s = fx_new(3);
	if (!s)
		exit(1);
	*nash = the_city;
	*camp = fx_plain_neighbour(*nash);
	us[0] = am_general(s, LW_UNION, *camp, stars[0], LW_NONE);
	*cs = am_general(s, LW_CONFEDERATE, *nash, 2, LW_NONE);
	am_besiege(s, *nash, *camp, us, 1);
	for (int i = 1; i < n; i++)
		us[i] = am_general(s, LW_UNION, *nash, stars[i], us[i - 1]);
	am_general(s, LW_CONFEDERATE, *camp, 1, *cs); /* the hex they came from is taken */
	s->phase = LW_PH_SUPPLY;
	lw_siege_before_supply(s);
	lw_supply_phase(s);
	CHECK_EQ_INT(s->command.supply_stage, LW_SS_NONE);
	return s;
}

int main(void)
{
	int nash, camp, us[3], cs, to[32], want[6];
	bool general;
	char js[160], id[48];

	the_city = find_city();
	if (!CHECKF(the_city != LW_NO_HEX, "a city with two hexes nearer Union supply"))
		return tap_done();
	/* the whole force fits in some hex: its owner picks among them */
	struct lw_state *s = held(&nash, &camp, (int[]){2, 1}, 2, us, &cs);
	int nw = candidates(s, nash, camp, want);
	CHECKF(nw >= 2, "Nashville has %d hexes nearer Union supply (want two)", nw);
	CHECK(lw_siege_after_supply(s));
	CHECK_EQ_INT(lw_siege_choice_side(s), LW_UNION);
	CHECK_EQ_INT((int)lw_awaiting(s), (int)LW_SIDE_BIT(LW_UNION));
	CHECK_EQ_INT(s->unit[us[0]].hex, nash); /* nobody moved yet */
	int no = offers(s, LW_UNION, to, &general);
	CHECK(!general);
	CHECK_EQ_INT(no, nw);
	for (int i = 0; i < nw; i++)
		CHECKF(am_has(to, no, want[i]), "%04d offered", want[i]);
	CHECK_EQ_INT(offers(s, LW_CONFEDERATE, to, &general), 0);
	snprintf(js, sizeof js, "{\"type\":\"siege_return\",\"to\":%d}", want[0]);
	APPLY_REFUSED(s, LW_CONFEDERATE, js, "");
	snprintf(js, sizeof js, "{\"type\":\"siege_return\",\"to\":%d}", camp);
	APPLY_REFUSED(s, LW_UNION, js, "16.9.5.4.3"); /* the enemy holds it */
	/* a hex not nearer supply */
	int nb[6], far = LW_NO_HEX;
	int m = tg_hex_neighbours(&lw_D()->grid, nash, nb);
	for (int i = 0; i < m; i++)
		if (nb[i] != camp && !am_has(want, nw, nb[i]))
			far = nb[i];
	if (far != LW_NO_HEX) {
		snprintf(js, sizeof js, "{\"type\":\"siege_return\",\"to\":%d}", far);
		APPLY_REFUSED(s, LW_UNION, js, "16.9.5.4.3");
	}
	/* one general alone while a hex takes them all */
	snprintf(js, sizeof js, "{\"type\":\"siege_return\",\"general\":\"%s\",\"to\":%d}",
	         lw_unit_id(s, us[1], id, sizeof id), want[0]);
	APPLY_REFUSED(s, LW_UNION, js, "16.9.5.4.3");
	/* the owner's pick: the last hex, not the engine's first */
	int pick = want[nw - 1];
	int co_stars = s->unit[us[0]].stars, cpc = s->side[LW_CONFEDERATE].pc;
	snprintf(js, sizeof js, "{\"type\":\"siege_return\",\"to\":%d}", pick);
	APPLY_OK(s, LW_UNION, js);
	CHECK_EQ_INT(s->unit[us[1]].hex, pick);
	CHECK_EQ_INT(s->unit[us[0]].where, LW_W_DISGRACED); /* their CO */
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc >= cpc + co_stars, 1);
	CHECK_EQ_INT(lw_siege_at(s, nash), -1);
	CHECK_EQ_INT(lw_siege_choice_side(s), LW_NOSIDE);
	CHECK(s->phase != LW_PH_SUPPLY); /* the phase went on to the next turn */
	free(s);

	/* no hex takes the whole force: one general at a time, the owner
	 * choosing who goes where; then the rest together */
	s = held(&nash, &camp, (int[]){2, 2, 2}, 3, us, &cs);
	nw = candidates(s, nash, camp, want);
	int filler = LW_NONE;
	for (int i = 0; i < nw; i++) /* two stars there: 6 + 2 > 6, 2 + 2 fits */
		filler = am_general(s, LW_UNION, want[i], 2, filler);
	int bco = lw_force_co_side(s, nash, LW_UNION);
	CHECK(lw_siege_after_supply(s));
	no = offers(s, LW_UNION, to, &general);
	CHECK(general);
	CHECK(no >= 3 * nw); /* each general to each hex */
	snprintf(js, sizeof js, "{\"type\":\"siege_return\",\"to\":%d}", want[0]);
	APPLY_REFUSED(s, LW_UNION, js, "16.9.5.4.3");
	snprintf(js, sizeof js, "{\"type\":\"siege_return\",\"general\":\"%s\",\"to\":%d}",
	         lw_unit_id(s, us[2], id, sizeof id), want[0]);
	APPLY_OK(s, LW_UNION, js);
	CHECK_EQ_INT(s->unit[us[2]].hex, want[0]);
	CHECK_EQ_INT(s->unit[us[0]].hex, nash);
	CHECK_EQ_INT(lw_siege_choice_side(s), LW_UNION); /* two still in the city */
	/* the two left fit as one force (2 + 2 + 2) elsewhere, not where the
	 * first went (4 + 4 > 6) */
	no = offers(s, LW_UNION, to, &general);
	CHECK(!general);
	CHECK_EQ_INT(no, nw - 1);
	CHECK(!am_has(to, no, want[0]));
	snprintf(js, sizeof js, "{\"type\":\"siege_return\",\"to\":%d}", want[0]);
	APPLY_REFUSED(s, LW_UNION, js, "16.9.5.4.3");
	while (lw_siege_choice_side(s) == LW_UNION) {
		json_t *l = lw_legal_actions(s, LW_UNION);
		json_t *a = json_object_get(json_array_get(l, json_array_size(l) - 1), "action");
		struct tg_error err = {0};
		int rc = a ? lw_apply(s, LW_UNION, a, NULL, &err) : -1;
		json_decref(l);
		if (!CHECKF(rc == 0, "siege_return: %s", err.message))
			break;
	}
	for (int i = 0; i < 3; i++)
		if (us[i] != bco)
			CHECK(s->unit[us[i]].where == LW_W_MAP &&
			      am_has(want, nw, s->unit[us[i]].hex));
	CHECK_EQ_INT(s->unit[bco].where, LW_W_DISGRACED); /* their CO at the Supply Phase */
	CHECK_EQ_INT(lw_siege_at(s, nash), -1);
	free(s);

	/* back where they came from: no choice */
	s = held(&nash, &camp, (int[]){2, 1}, 2, us, &cs);
	int blocker = LW_NONE;
	for (int u = 0; u < s->n_units; u++)
		if (s->unit[u].where == LW_W_MAP && s->unit[u].hex == camp)
			blocker = u;
	s->unit[blocker].where = LW_W_PENDING;
	s->unit[blocker].hex = LW_NO_HEX;
	/* the siege ends at once; the phase stops after it all the same (its
	 * end may have asked a question: lw_continue goes on once none waits),
	 * and the next call finds no siege left */
	CHECK(lw_siege_after_supply(s));
	CHECK_EQ_INT(s->unit[us[1]].hex, camp);
	CHECK_EQ_INT(lw_siege_choice_side(s), LW_NOSIDE);
	CHECK_EQ_INT(s->command.supply_stage, LW_SS_SIEGE);
	CHECK(!lw_siege_after_supply(s));
	CHECK_EQ_INT(s->command.supply_stage, LW_SS_NONE);

	/* the flag survives save/load */
	free(s);
	s = held(&nash, &camp, (int[]){2, 1}, 2, us, &cs);
	CHECK(lw_siege_after_supply(s));
	json_t *j = lw_amphib_save(&s->amphib);
	struct lw_amphib back;
	CHECK_EQ_INT(lw_amphib_load(&back, j, s->n_units), 0);
	CHECK(memcmp(&back, &s->amphib, sizeof back) == 0);
	json_decref(j);
	free(s);
	return tap_done();
}
