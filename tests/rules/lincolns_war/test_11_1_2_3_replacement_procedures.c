/* 11.1.2.3 Replacement Procedures, through lw_apply / lw_legal_actions:
 * - "All new GiCs must be placed in their respective capitals unless under
 *   enemy control ... If placement of the new GiC would produce an
 *   overstacked condition, simply displace enough stars from the stack":
 *   he goes to a full capital and stars are displaced (12.4), his owner
 *   then choosing who and where.
 * - "If the capital is enemy controlled, players have the choice to
 *   relocate him to the city closest to their captured capital (if there is
 *   more than one ... the owner chooses), OR they may be brought into the
 *   nearest Major Army to the captured capital ... you may select the
 *   current CO of that army (in which case no relocation takes place), or
 *   replace him with your desired choice": a prompt (gic_place) with
 *   exactly those places; anything else refused citing 11.1.2.3. */
#include "lincolns_war/lw_move.h"
#include "lw_amphib_fixture.h"

static int apply(struct lw_state *s, int side, const char *json, char *why, size_t n)
{
	json_error_t je;
	json_t *a = json_loads(json, 0, &je);
	struct tg_error err = {0};
	struct game_outcome out = {0};
	int rc = lw_apply(s, side, a, &out, &err);
	snprintf(why, n, "%.200s", rc ? err.message : "");
	json_decref(a);
	return rc;
}

#define OK(s, json)                                                                                \
	do {                                                                                       \
		char w_[256];                                                                      \
		int rc_ = apply((s), LW_UNION, (json), w_, sizeof w_);                             \
		CHECKF(rc_ == 0, "%s refused: %s", (json), w_);                                    \
	} while (0)
#define REFUSED(s, json)                                                                           \
	do {                                                                                       \
		char w_[256];                                                                      \
		int rc_ = apply((s), LW_UNION, (json), w_, sizeof w_);                             \
		CHECKF(rc_ != 0 && strstr(w_, "11.1.2.3"), "%s: rc %d '%s'", (json), rc_, w_);     \
	} while (0)

static int stars_at(const struct lw_state *s, int hex, int side)
{
	int u[LW_MAX_UNITS], st = 0;
	int n = lw_units_at(s, hex, side, u);
	for (int i = 0; i < n; i++)
		st += s->unit[u[i]].stars;
	return st;
}

/* The `to` of every gic_place the Union is offered; *co_hex the hex of
 * the one with a "general" (the army CO option), *co that general. */
static int place_offers(struct lw_state *s, int out[32], int *co_hex, int *co)
{
	json_t *l = lw_legal_actions(s, LW_UNION);
	int n = 0;
	*co_hex = LW_NO_HEX;
	*co = LW_NONE;
	for (size_t i = 0; i < json_array_size(l); i++) {
		json_t *a = json_object_get(json_array_get(l, i), "action");
		if (strcmp(json_string_value(json_object_get(a, "type")), "gic_place") != 0)
			continue;
		int to = (int)json_integer_value(json_object_get(a, "to"));
		const char *g = json_string_value(json_object_get(a, "general"));
		if (g) {
			*co_hex = to;
			*co = lw_unit_by_id(s, g);
		} else if (n < 32) {
			out[n++] = to;
		}
	}
	json_decref(l);
	return n;
}

static struct {
	int old, pick, other, army_co, army_sub, army_b, lone, ha, hb;
} P;

/* The Union's GiC `old` is disgraced; `pick` and `other` (three stars)
 * may succeed him. Washington is Confederate; a Major Army (3+2+2 stars)
 * stands near it at ha, another far away at hb, a lone two-star nearer. */
static struct lw_state *enemy_capital(void)
{
	struct lw_state *s = fx_new(3);
	int wash = am_hex("washington");
	s->city[am_city("washington")].owner = LW_CONFEDERATE;
	P.ha = fx_plain_neighbour(am_hex("harrisburg"));
	P.hb = fx_plain_neighbour(am_hex("chicago"));
	int near = fx_plain_neighbour(am_hex("baltimore"));
	P.old = am_general(s, LW_UNION, fx_plain_neighbour(am_hex("cleveland")), 3, LW_NONE);
	s->side[LW_UNION].gic = (int16_t)P.old;
	P.pick = am_general(s, LW_UNION, fx_plain_neighbour(am_hex("indianapolis")), 3, LW_NONE);
	P.other = am_general(s, LW_UNION, fx_plain_neighbour(am_hex("cairo")), 3, LW_NONE);
	P.army_co = am_general(s, LW_UNION, P.ha, 3, LW_NONE);
	P.army_sub = am_general(s, LW_UNION, P.ha, 2, LW_NONE);
	am_general(s, LW_UNION, P.ha, 2, LW_NONE);
	P.army_b = am_general(s, LW_UNION, P.hb, 3, LW_NONE);
	am_general(s, LW_UNION, P.hb, 2, LW_NONE);
	am_general(s, LW_UNION, P.hb, 2, LW_NONE);
	P.lone = am_general(s, LW_UNION, near, 2, LW_NONE);
	CHECK(tg_hex_distance(&lw_D()->grid, wash, P.ha) <
	      tg_hex_distance(&lw_D()->grid, wash, P.hb));
	CHECK(tg_hex_distance(&lw_D()->grid, wash, near) <
	      tg_hex_distance(&lw_D()->grid, wash, P.ha));
	s->side[LW_UNION].pc = 20;
	lw_disgrace(s, P.old);
	CHECK_EQ_INT(s->side[LW_UNION].gic_pending, 1);
	char buf[96], id[48];
	snprintf(buf, sizeof buf, "{\"type\":\"choose_gic\",\"general\":\"%s\"}",
	         lw_unit_id(s, P.pick, id, sizeof id));
	OK(s, buf);
	return s;
}

int main(void)
{
	const struct lw_data *d = lw_D();
	(void)d;
	/* ---- the capital friendly but full: he goes there, stars displaced ---- */
	struct lw_state *s = fx_new(3);
	if (!s)
		return 1;
	int wash = am_hex("washington");
	d = lw_D();
	int old = am_general(s, LW_UNION, fx_plain_neighbour(am_hex("cleveland")), 3, LW_NONE);
	s->side[LW_UNION].gic = (int16_t)old;
	int pick = am_general(s, LW_UNION, fx_plain_neighbour(am_hex("indianapolis")), 3, LW_NONE);
	int from = s->unit[pick].hex;
	int in_cap[5];
	static const int cap_stars[5] = {3, 3, 3, 2, 1}; /* twelve: full */
	for (int i = 0; i < 5; i++)
		in_cap[i] = am_general(s, LW_UNION, wash, cap_stars[i], LW_NONE);
	CHECK_EQ_INT(stars_at(s, wash, LW_UNION), 12);
	s->side[LW_UNION].pc = 20;
	lw_disgrace(s, old);
	char buf[160], id[48], why[256];
	snprintf(buf, sizeof buf, "{\"type\":\"choose_gic\",\"general\":\"%s\"}",
	         lw_unit_id(s, pick, id, sizeof id));
	OK(s, buf);
	CHECK_EQ_INT(s->side[LW_UNION].gic, pick);
	CHECK_EQ_INT(s->unit[pick].hex, wash); /* placed in the capital anyway */
	CHECK(s->unit[pick].hex != from);
	CHECK_EQ_INT(lw_force_co_side(s, wash, LW_UNION), pick); /* 11.1.3.1 */
	CHECK_EQ_INT(lw_stack_check_hex(s, wash, LW_UNION, NULL, 0, LW_NONE, 0, NULL), 0);
	CHECK(stars_at(s, wash, LW_UNION) <= 12);
	CHECK(s->unit[in_cap[4]].hex != wash); /* the junior stars went */
	CHECK_EQ_INT(s->unit[in_cap[4]].where, LW_W_MAP);
	CHECK_EQ_INT(s->side[LW_UNION].gic_place, 0);
	CHECK_EQ_INT(lw_command_choice_side(s), LW_UNION); /* who and where: 12.4 */
	free(s);

	/* ---- the capital enemy controlled: the owner's choice ---- */
	s = enemy_capital();
	CHECK_EQ_INT(s->side[LW_UNION].gic, P.pick);
	CHECK_EQ_INT(s->side[LW_UNION].gic_place, LW_GIC_PLACE_LOSS);
	CHECK_EQ_INT(lw_gic_choice_side(s), LW_UNION);
	CHECK(lw_awaiting(s) == LW_SIDE_BIT(LW_UNION));
	int pick_hex = s->unit[P.pick].hex;
	/* the places: the friendly cities closest to Washington, the Major
	 * Army nearest to it (not the far one, not the lone two-star) */
	int best = 1 << 30, cities[16], nc = 0;
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < d->n_cities; i++) {
			int c = d->cities[i].hex;
			if (c == wash || lw_city_controller(s, (int)i) != LW_UNION)
				continue;
			int dist = tg_hex_distance(&d->grid, wash, c);
			if (pass == 0 && dist < best)
				best = dist;
			if (pass == 1 && dist == best)
				cities[nc++] = c;
		}
	int offers[32], co_hex, co;
	int no = place_offers(s, offers, &co_hex, &co);
	CHECK_EQ_INT(no, nc + 1);
	for (int i = 0; i < nc; i++)
		CHECK(am_has(offers, no, cities[i]));
	CHECK(am_has(offers, no, P.ha));
	CHECK(!am_has(offers, no, P.hb));
	CHECK(!am_has(offers, no, s->unit[P.lone].hex));
	CHECK_EQ_INT(co_hex, P.ha);
	CHECK_EQ_INT(co, P.army_co);
	/* refused: anything else first, the far army, a city not the closest,
	 * another general of the army as GiC */
	REFUSED(s, "{\"type\":\"pass\"}");
	snprintf(buf, sizeof buf, "{\"type\":\"gic_place\",\"to\":%d}", P.hb);
	REFUSED(s, buf);
	snprintf(buf, sizeof buf, "{\"type\":\"gic_place\",\"to\":%d}", am_hex("chicago"));
	REFUSED(s, buf);
	snprintf(buf, sizeof buf, "{\"type\":\"gic_place\",\"to\":%d,\"general\":\"%s\"}", P.ha,
	         lw_unit_id(s, P.army_sub, id, sizeof id));
	REFUSED(s, buf);
	/* the army's CO takes the GiC token: no relocation */
	snprintf(buf, sizeof buf, "{\"type\":\"gic_place\",\"to\":%d,\"general\":\"%s\"}", P.ha,
	         lw_unit_id(s, P.army_co, id, sizeof id));
	OK(s, buf);
	CHECK_EQ_INT(s->side[LW_UNION].gic, P.army_co);
	CHECK_EQ_INT(s->unit[P.army_co].hex, P.ha);
	CHECK_EQ_INT(s->unit[P.pick].hex, pick_hex);
	CHECK_EQ_INT(s->side[LW_UNION].gic_place, 0);
	CHECK_EQ_INT(lw_gic_choice_side(s), LW_NOSIDE);
	free(s);

	/* the closest city */
	s = enemy_capital();
	snprintf(buf, sizeof buf, "{\"type\":\"gic_place\",\"to\":%d}", cities[nc - 1]);
	OK(s, buf);
	CHECK_EQ_INT(s->unit[P.pick].hex, cities[nc - 1]);
	CHECK_EQ_INT(s->side[LW_UNION].gic, P.pick);
	CHECK_EQ_INT(lw_gic_choice_side(s), LW_NOSIDE);
	free(s);

	/* into the army: he commands it (11.1.3.1), the hex legally stacked */
	s = enemy_capital();
	snprintf(buf, sizeof buf, "{\"type\":\"gic_place\",\"to\":%d}", P.ha);
	OK(s, buf);
	CHECK_EQ_INT(s->unit[P.pick].hex, P.ha);
	CHECK_EQ_INT(lw_force_co_side(s, P.ha, LW_UNION), P.pick);
	CHECK_EQ_INT(lw_stack_check_hex(s, P.ha, LW_UNION, NULL, 0, LW_NONE, 0, NULL), 0);
	free(s);

	/* every entry offered (what the random bot of the playouts may pick)
	 * is accepted and leaves legal stacks and no question behind */
	s = enemy_capital();
	json_t *l = lw_legal_actions(s, LW_UNION);
	size_t nl = json_array_size(l);
	CHECK(nl >= 3);
	free(s);
	for (size_t i = 0; i < nl; i++) {
		s = enemy_capital();
		json_t *a = json_object_get(json_array_get(l, i), "action");
		struct tg_error e = {0};
		struct game_outcome out = {0};
		CHECKF(lw_apply(s, LW_UNION, a, &out, &e) == 0, "%s", e.message);
		CHECK_EQ_INT(s->side[LW_UNION].gic_place, 0);
		int g = s->side[LW_UNION].gic;
		CHECK_EQ_INT(
		    lw_stack_check_hex(s, s->unit[g].hex, LW_UNION, NULL, 0, LW_NONE, 0, NULL), 0);
		free(s);
	}
	json_decref(l);

	/* the pending question survives save and load */
	s = enemy_capital();
	json_t *saved = lw_save_json(s);
	struct lw_state *t = calloc(1, sizeof *t);
	struct tg_error err = {0};
	CHECKF(lw_load_json(t, saved, &err) == 0, "%s", err.message);
	CHECK_EQ_INT(t->side[LW_UNION].gic_place, LW_GIC_PLACE_LOSS);
	CHECK(memcmp(&t->side[LW_UNION], &s->side[LW_UNION], sizeof s->side[LW_UNION]) == 0);
	json_decref(saved);
	free(t);
	free(s);
	(void)why;
	return tap_done();
}
