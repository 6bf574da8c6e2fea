/* 16.1.2 "Any city which does not contain a force ... will fight with its
 * inherent defense ability as combat value (Example: without a defending
 * force, St. Louis would defend at a combat value of two)." On the map:
 * two Confederate generals attack an empty St. Louis; the city fights at
 * two; the attacker alone draws a casualty card; a Major Victory (5 CSP)
 * causes more IT than two: the city falls, the Union pays its supply in PC
 * and the Confederate gains it; the attacker takes one, and only one, IT.
 * Decision (16.10.1: "In the case of a Major Victory ... the entire
 * attacking Force must advance"): the whole force enters the city. Through
 * act() and view(). */
#include "lincolns_war/lw_combat.h"
#include "lw_land_fixture.h"

int main(void)
{
	free(bx_game(2)); /* loads the data */
	const struct lw_data *d = lw_D();
	int stl = -1;
	for (size_t c = 0; c < d->n_cities; c++)
		if (strcmp(d->cities[c].id, "st_louis") == 0)
			stl = (int)c;
	if (!CHECK(stl >= 0))
		return tap_done();
	int target = d->cities[stl].hex;
	int nb[6];
	int n = tg_hex_neighbours(&d->grid, target, nb);
	bool done = false;
	for (int k = 0; k < n && !done; k++) {
		const struct lw_hex *h = lw_data_hex(d, nb[k]);
		/* 16.3.1: not from Union territory (Missouri is not) */
		if (!h || h->terrain == LW_TERRAIN_OCEAN || lw_city_at(nb[k]) >= 0 ||
		    lw_hex_in_territory(nb[k], LW_UNION))
			continue;
		struct game *g = bx_game(2);
		if (!g)
			return tap_done();
		struct lw_state *s = &g->s;
		s->play.side = LW_CONFEDERATE;
		g->s.phasing = LW_CONFEDERATE;
		int price = fx_place(s, "price", nb[k], 2);
		int mc = fx_place(s, "mcculloch", nb[k], 1);
		s->side[LW_CONFEDERATE].csp = 5;
		fx_stack_deck(s, LW_UNION, 0, 0, 12);
		fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 12);
		lw_march_begin(s, price, false);
		if (!fx_march_offers(s, LW_CONFEDERATE, "attack", "target", target)) {
			free(g);
			continue;
		}
		done = true;
		CHECK_EQ_INT(lw_city_defense(s, stl), 2);
		int upc = s->side[LW_UNION].pc, cpc = s->side[LW_CONFEDERATE].pc;
		char a[96];
		snprintf(a, sizeof a, "{\"type\":\"attack\",\"target\":%d}", target);
		BX_OK(g, LW_CONFEDERATE, a);
		CHECK(s->battle.empty_city);
		CHECK_EQ_INT(s->step, LW_ST_COMMIT); /* nobody to withdraw */
		/* 16.1.2: no CSP for the city */
		BX_FAILS(g, LW_UNION, "{\"type\":\"commit\",\"resource\":72,\"csp\":1}");
		BX_OK(g, LW_UNION, "{\"type\":\"commit\",\"resource\":72,\"csp\":0}");
		BX_OK(g, LW_CONFEDERATE, "{\"type\":\"commit\",\"resource\":72,\"csp\":5}");
		/* the example: the city fights at two */
		CHECK_EQ_INT(s->battle.strength[LW_UNION], 2);
		int att = s->battle.strength[LW_CONFEDERATE];
		CHECKF(att - 2 >= 5, "a Major Victory (%d against 2)", att);
		CHECK_EQ_INT(s->battle.active, 0);
		/* the city fell; the whole force went in */
		CHECK_EQ_INT(lw_city_controller(s, stl), LW_CONFEDERATE);
		CHECK_EQ_INT(s->unit[price].hex, target);
		CHECK_EQ_INT(s->unit[mc].hex, target);
		int sup = d->cities[stl].supply;
		CHECK_EQ_INT(s->side[LW_UNION].pc, upc - sup);
		CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, cpc + sup);
		/* one, and only one, IT (also the 16.10.1.1 capture IT) */
		CHECK_EQ_INT(lw_force_it(s, target), 1);
		free(g);
	}
	CHECKF(done, "a hex from which St. Louis can be attacked");
	/* the arithmetic agrees: after a Major Victory the whole force advances */
	struct lw_combat_in in = {.empty_city = true};
	in.att = (struct lw_combat_side){.factors = 7, .co_stars = 2, .stars = 3};
	in.def = (struct lw_combat_side){.factors = 2};
	struct lw_combat_out o;
	lw_combat_resolve(&in, &o);
	CHECK(o.city_falls);
	CHECK(o.attacker_advance_all);
	in.def.factors = 1;
	in.att.factors = 4; /* a Minor Victory: 2 IT > 1, the city falls */
	lw_combat_resolve(&in, &o);
	CHECK(o.city_falls);
	CHECK(!o.attacker_advance_all);
	return tap_done();
}
