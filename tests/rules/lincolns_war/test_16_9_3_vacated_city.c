/* 16.9.3 Vacated or undefended cities (with 16.9.2 -> 16.2): a force that
 * withdraws before battle from its own city leaves it to be attacked as a
 * vacant city (16.1.2): the battle goes on against the city's defense
 * alone, and the defender may not spend CSP (7.1.6). A withdrawal from a hex
 * without a city ends the battle. */
#include "lw_land_fixture.h"

/* A lone Confederate cavalry general withdraws (automatic, 16.2) from hex
 * def before Grant's attack from att; returns the state after the retreat. */
static struct lw_state *withdraw_from(int att, int def)
{
	struct lw_state *s = fx_new(1);
	if (!s)
		return NULL;
	int grant = fx_place(s, "grant", att, 2);
	fx_place(s, "stuart", def, 1);
	fx_stack_deck(s, LW_UNION, 0, 0, 10);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 10);
	s->side[LW_CONFEDERATE].csp = 5;
	lw_march_begin(s, grant, false);
	char a[96];
	snprintf(a, sizeof a, "{\"type\":\"attack\",\"target\":%d}", def);
	ACT_OK(s, LW_UNION, a);
	CHECK_EQ_INT(s->step, LW_ST_WITHDRAW);
	ACT_OK(s, LW_CONFEDERATE, "{\"type\":\"withdraw\"}");
	if (s->step == LW_ST_RETREAT) {
		int to = fx_first_offer(s, LW_CONFEDERATE, "retreat", "to");
		snprintf(a, sizeof a, "{\"type\":\"retreat\",\"to\":%d}", to);
		ACT_OK(s, LW_CONFEDERATE, a);
	}
	return s;
}

int main(void)
{
	free(fx_new(1)); /* loads the data */
	const struct lw_data *d = lw_D();
	/* a Confederate city (not a capital, not bracketed) with a clear
	 * neighbour across no river */
	int city_hex = LW_NO_HEX, from = LW_NO_HEX, c = -1;
	for (size_t i = 0; i < d->n_cities && city_hex == LW_NO_HEX; i++) {
		const struct lw_city *cy = &d->cities[i];
		if (cy->control != LW_CTRL_CONFEDERATE || cy->bracketed || cy->capital ||
		    cy->defense < 1 || cy->defense > 9)
			continue;
		int nb[6];
		int n = tg_hex_neighbours(&d->grid, cy->hex, nb);
		for (int k = 0; k < n && city_hex == LW_NO_HEX; k++) {
			const struct lw_hex *h = lw_data_hex(d, nb[k]);
			if (h && h->terrain == LW_TERRAIN_CLEAR && h->city < 0 &&
			    !lw_is_kentucky(nb[k]) &&
			    !(lw_data_hexside_flags(d, nb[k], cy->hex) &
			      (LW_HS_RIVER | LW_HS_IMPASSABLE))) {
				city_hex = cy->hex;
				from = nb[k];
				c = (int)i;
			}
		}
	}
	if (!CHECKF(city_hex != LW_NO_HEX, "a Confederate city with a clear neighbour"))
		return tap_done();
	struct lw_state *s = withdraw_from(from, city_hex);
	if (!CHECK(s != NULL))
		return tap_done();
	CHECK(lw_hex_owner_force(s, city_hex) != LW_CONFEDERATE); /* he is gone */
	CHECK(s->battle.active);
	CHECK_EQ_INT(s->battle.empty_city, 1);
	CHECK_EQ_INT(s->step, LW_ST_COMMIT);
	int def = lw_city_defense(s, c);
	uint32_t from_log = s->log_total;
	ACT_OK(s, LW_UNION, "{\"type\":\"commit\",\"resource\":72,\"csp\":0}");
	ACT_FAILS(s, LW_CONFEDERATE, "{\"type\":\"commit\",\"resource\":72,\"csp\":3}");
	ACT_OK(s, LW_CONFEDERATE, "{\"type\":\"commit\",\"resource\":72,\"csp\":0}");
	CHECK(ff_logged(s, from_log, "against the city", NULL));
	CHECK_EQ_INT(s->battle.strength[LW_CONFEDERATE], def); /* no CSP, no general */
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].csp, 5);
	free(s);

	/* the same withdrawal from open country: no battle goes on */
	int x = LW_NO_HEX, y = LW_NO_HEX;
	if (CHECK(fx_plain_pair("TN", &x, &y))) {
		s = withdraw_from(x, y);
		if (CHECK(s != NULL)) {
			CHECK(!s->battle.active || s->step != LW_ST_COMMIT);
			free(s);
		}
	}
	return tap_done();
}
