/* 16.9.4 "Any Union force retreating from a captured Confederate port with
 * no land-based supply route must retreat by water to the nearest friendly
 * (Union or captured Confederate) port." When two friendly ports are
 * equally near, the text does not name one: the retreating player chooses
 * (as he chooses his retreat hex, 16.9.1). A Union general in captured
 * Charleston, the Union holding captured Jacksonville and New Bern (both
 * four hexes away, nearer than any other Union port), loses a battle
 * through the battle sequence: he declines the siege and is offered those
 * two ports, and only them, by the retreat prompt; he goes to the one he
 * picks (on odd seeds the farther one in the list), the port is surrendered
 * and his CO loses a star. With only one of them held, no prompt: he goes
 * there at once. */
#include "lincolns_war/lw_combat.h"
#include "lw_amphib_fixture.h"

struct seen {
	int seed;
	int offered[8], n; /* the retreat hexes offered to the Union */
	bool asked;        /* the Union was asked where to retreat */
	int picked;        /* the port he chose */
};

static json_t *answer(struct lw_state *s, int side, const json_t *list, void *ctx)
{
	(void)s;
	struct seen *w = ctx;
	json_t *act = am_pick(list, "decline_siege");
	if (act || side != LW_UNION)
		return act;
	if (!am_pick(list, "retreat"))
		return NULL;
	w->asked = true;
	w->n = 0;
	json_t *last = NULL;
	for (size_t i = 0; i < json_array_size(list); i++) {
		json_t *a = json_object_get(json_array_get(list, i), "action");
		if (strcmp(json_string_value(json_object_get(a, "type")), "retreat") != 0)
			continue;
		if (w->n < 8)
			w->offered[w->n++] = (int)json_integer_value(json_object_get(a, "to"));
		if (!last || w->seed % 2)
			last = a; /* even seeds: the first offered; odd: the last */
	}
	w->picked = (int)json_integer_value(json_object_get(last, "to"));
	return last;
}

int main(void)
{
	struct lw_state *s0 = fx_new(4); /* loads the map */
	if (!s0)
		return 1;
	free(s0);
	int hc = am_hex("charleston"), chas = am_city("charleston");
	int jax = am_hex("jacksonville"), bern = am_hex("new_bern");
	int lost = 0, picks_jax = 0, picks_bern = 0;
	for (int seed = 1; seed <= 24; seed++) {
		struct lw_state *s = am_seeded(4, seed, 0x49);
		if (!s)
			return 1;
		const struct tg_hexgrid *g = &lw_D()->grid;
		if (seed == 1) {
			/* the map: the two ports equally near, every Union port farther */
			CHECK_EQ_INT(tg_hex_distance(g, hc, jax), tg_hex_distance(g, hc, bern));
			for (int c = 0; c < s->n_cities; c++)
				if (lw_amphib_ocean_port(c) && lw_city_controller(s, c) == LW_UNION)
					CHECKF(tg_hex_distance(g, hc, lw_D()->cities[c].hex) >
					           tg_hex_distance(g, hc, jax),
					       "%s is as near as Jacksonville",
					       lw_D()->cities[c].name);
		}
		s->city[chas].owner = LW_UNION;
		s->city[chas].garrison = 1;
		s->city[am_city("jacksonville")].owner = LW_UNION;
		s->city[am_city("new_bern")].owner = LW_UNION;
		int u = am_attack_lone_union(s, hc);
		struct seen w = {.seed = seed};
		am_play_out(s, LW_UNION, true, answer, &w);
		if (s->unit[u].where != LW_W_MAP || s->unit[u].hex == hc)
			goto next; /* he won, or was not beaten out of the port */
		lost++;
		CHECKF(w.asked, "seed %d: the Union was not asked which port", seed);
		CHECKF(w.n == 2 && am_has(w.offered, w.n, jax) && am_has(w.offered, w.n, bern),
		       "seed %d: offered %d hexes, not exactly Jacksonville and New Bern", seed,
		       w.n);
		CHECKF(s->unit[u].hex == w.picked, "seed %d: went to %04d, chose %04d", seed,
		       s->unit[u].hex, w.picked);
		picks_jax += s->unit[u].hex == jax;
		picks_bern += s->unit[u].hex == bern;
		CHECK(am_log_has(s, "retreats by water"));
		CHECK_EQ_INT(s->unit[u].stars, 1); /* the CO loses a star */
		CHECK_EQ_INT(lw_city_controller(s, chas), LW_CONFEDERATE);
	next:
		free(s);
	}
	printf("# %d lost, %d to Jacksonville, %d to New Bern\n", lost, picks_jax, picks_bern);
	CHECK(lost > 0);
	CHECK(picks_jax > 0 && picks_bern > 0); /* both choices were honoured */

	/* only Jacksonville held: the one nearest port, no question asked */
	for (int seed = 1; seed <= 8; seed++) {
		struct lw_state *s = am_seeded(4, seed, 0x4a);
		if (!s)
			return 1;
		s->city[chas].owner = LW_UNION;
		s->city[chas].garrison = 1;
		s->city[am_city("jacksonville")].owner = LW_UNION;
		int u = am_attack_lone_union(s, hc);
		struct seen w = {.seed = seed};
		am_play_out(s, LW_UNION, true, answer, &w);
		if (s->unit[u].where == LW_W_MAP && s->unit[u].hex != hc) {
			CHECKF(!w.asked, "seed %d: asked with one nearest port", seed);
			CHECK_EQ_INT(s->unit[u].hex, jax);
		}
		free(s);
	}
	return tap_done();
}
