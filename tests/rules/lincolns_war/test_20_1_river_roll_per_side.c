/* 20.1: "If the river route contains an enemy infantry force in a hex that
 * has a hex side on that river ... a die roll is made to see if supplies
 * get through." The die is rolled once per hex per Supply Phase, but for
 * the side whose line is traced: where both sides' infantry stand in one
 * river hex (a siege: the besiegers and the besieged), the Union's line is
 * stopped or let through by the Confederate force and the Confederates'
 * line by the Union force, so each side gets its own roll there (docs/decisions.md "20.0 supply").
 * Counted here by the generator's draws: one die per side for that hex, never a second one for the
 * same side. The shared hex is no city here: in a city held by the besieged, the besiegers' line
 * stops at the enemy city before any die. */
#include "lincolns_war/lw_supply.h"
#include "lw_land_fixture.h"

/* The first general (no TCO) of side off the map that is (or is not)
 * cavalry, placed at hex with fx_place. */
static int put(struct lw_state *s, int side, bool cavalry, int hex, int stars)
{
	const struct lw_data *d = lw_D();
	for (int i = 0; i < s->n_units; i++) {
		const struct lw_unit *u = &s->unit[i];
		if (u->gen >= 0 && u->side == side && (bool)u->cavalry == cavalry &&
		    u->where != LW_W_MAP)
			return fx_place(s, d->generals[u->gen].id, hex, stars);
	}
	return LW_NONE;
}

/* How many six-sided dice took the generator from `before` to `after`. */
static int dice_between(const struct tg_rng *before, const struct tg_rng *after)
{
	struct tg_rng r = *before;
	for (int k = 0; k <= 16; k++) {
		if (memcmp(&r, after, sizeof r) == 0)
			return k;
		(void)tg_rng_die(&r, 6);
	}
	return -1;
}

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	const struct lw_data *d = lw_D();
	const char *R = "Mississippi";
	const struct lw_city *memphis = lw_data_city(d, "memphis");
	if (!CHECK(memphis && fx_touches_river(d, memphis->hex, R)))
		return tap_done();
	/* x: a river hex next to Memphis, no city; y, z: two more river hexes
	 * next to x (the lines traced along the river into x) */
	int nb[6], x = LW_NO_HEX, y = LW_NO_HEX, z = LW_NO_HEX;
	int n = tg_hex_neighbours(&d->grid, memphis->hex, nb);
	for (int i = 0; i < n && x == LW_NO_HEX; i++)
		if (lw_city_at(nb[i]) < 0 && fx_touches_river(d, nb[i], R))
			x = nb[i];
	if (!CHECK(x != LW_NO_HEX))
		return tap_done();
	n = tg_hex_neighbours(&d->grid, x, nb);
	for (int i = 0; i < n; i++) {
		if (lw_city_at(nb[i]) >= 0 || !fx_touches_river(d, nb[i], R) ||
		    lw_hex_in_territory(nb[i], LW_UNION))
			continue;
		if (y == LW_NO_HEX)
			y = nb[i];
		else if (z == LW_NO_HEX)
			z = nb[i];
	}
	if (!CHECK(y != LW_NO_HEX && z != LW_NO_HEX))
		return tap_done();
	/* every city on the Mississippi neutral: its sections are open to
	 * both sides, and no enemy city stops either line */
	for (int c = 0; c < s->n_cities; c++)
		if (fx_touches_river(d, d->cities[c].hex, R))
			s->city[c].owner = LW_NOSIDE;
	/* both sides' infantry in x; a lone cavalry general of each side at
	 * y and z (a lone cavalry general does not count for the die), each
	 * with more stars than anything feeds, so the whole river is traced */
	int ui = put(s, LW_UNION, false, x, 2), ci = put(s, LW_CONFEDERATE, false, x, 2);
	int uc = put(s, LW_UNION, true, y, 250), cc = put(s, LW_CONFEDERATE, true, z, 250);
	if (!CHECK(ui != LW_NONE && ci != LW_NONE && uc != LW_NONE && cc != LW_NONE))
		return tap_done();

	struct lw_river_rolls *rolls = calloc(1, sizeof *rolls);
	if (!CHECK(rolls != NULL))
		return tap_done();
	struct tg_rng r0 = s->rng;
	(void)lw_supply_traced_roll(s, y, LW_UNION, rolls);
	struct tg_rng r1 = s->rng;
	CHECKF(dice_between(&r0, &r1) == 1, "the Union line rolls once for the enemy in x");
	(void)lw_supply_traced_roll(s, z, LW_CONFEDERATE, rolls);
	struct tg_rng r2 = s->rng;
	CHECKF(dice_between(&r1, &r2) == 1,
	       "the Confederate line rolls its own die for the Union force in x");
	/* at most once per hex per side per Supply Phase */
	(void)lw_supply_traced_roll(s, y, LW_UNION, rolls);
	(void)lw_supply_traced_roll(s, z, LW_CONFEDERATE, rolls);
	CHECKF(memcmp(&r2, &s->rng, sizeof r2) == 0, "no second die for either side");
	/* and the same dice, in the same order, on a replay */
	struct tg_rng end = s->rng;
	s->rng = r0;
	memset(rolls, 0, sizeof *rolls);
	bool u1 = lw_supply_traced_roll(s, y, LW_UNION, rolls);
	bool c1 = lw_supply_traced_roll(s, z, LW_CONFEDERATE, rolls);
	CHECK(memcmp(&end, &s->rng, sizeof end) == 0);
	s->rng = r0;
	memset(rolls, 0, sizeof *rolls);
	CHECK(lw_supply_traced_roll(s, y, LW_UNION, rolls) == u1);
	CHECK(lw_supply_traced_roll(s, z, LW_CONFEDERATE, rolls) == c1);
	free(rolls);
	free(s);
	return tap_done();
}
