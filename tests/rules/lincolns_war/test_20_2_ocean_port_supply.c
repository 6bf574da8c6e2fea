/* 20.2: the Union traces supply to friendly and captured ocean ports across
 * the sea back to its own ocean ports: a Union force in a captured ocean
 * port is in supply beyond the port's own value; a Union force next to
 * Fort Monroe (no supply value, "*": 2.3) draws on the sea through it. The
 * Confederates have no sea supply. */
#include "lw_naval_fixture.h"
#include "lw_supply.h"

static void clear_hex(struct lw_state *s, int hex)
{
	for (int u = 0; u < s->n_units; u++)
		if (s->unit[u].where == LW_W_MAP && s->unit[u].hex == hex)
			s->unit[u].where = LW_W_DISGRACED;
}

/* Puts Union generals with `stars` stars in all at hex. */
static void union_force(struct game *g, int hex, int stars)
{
	struct lw_state *s = &g->s;
	for (int u = 0; u < s->n_units && stars > 0; u++) {
		struct lw_unit *x = &s->unit[u];
		if (x->side != LW_UNION || x->gen < 0 || x->cavalry || x->where == LW_W_MAP)
			continue;
		int st = stars >= 3 && lw_D()->generals[x->gen].max_stars >= 3 ? 3
		         : stars >= 2                                          ? 2
		                                                               : 1;
		tk_place(g, u, hex);
		x->stars = (uint8_t)st;
		stars -= st;
	}
}

int main(void)
{
	struct game *g = nv_game(202);
	struct lw_state *s = &g->s;
	int sea = lw_naval_sea_supply(s);
	/* Washington 4 + Baltimore 2 + Philadelphia 3 + New York 3 */
	CHECK(sea >= 12);
	int chs = nv_city("charleston");
	int hex = nv_hex("charleston");
	clear_hex(s, hex);
	s->city[chs].owner = LW_UNION; /* captured */
	s->city[chs].garrison = 1;
	/* isolate it by land: every neighbour gets a CS-held nothing; the port
	 * alone would carry only 3 stars */
	union_force(g, hex, 6);
	CHECK(lw_naval_sea_supplied(s, hex, LW_UNION));
	CHECK(lw_supply_traced(s, hex, LW_UNION, NULL));
	/* the same force in a port the Union does not hold is not sea-supplied */
	CHECK(!lw_naval_sea_supplied(s, nv_hex("savannah"), LW_UNION));
	/* no sea supply for the Confederates */
	CHECK(!lw_naval_sea_supplied(s, nv_hex("wilmington"), LW_CONFEDERATE));
	/* an inland hex is not a port */
	CHECK(!lw_naval_sea_supplied(s, nv_hex("atlanta"), LW_UNION));
	/* the sea supply shrinks with the Union's own ports */
	s->city[nv_city("baltimore")].owner = LW_CONFEDERATE;
	CHECK_EQ_INT(lw_naval_sea_supply(s), sea - 2);
	/* control: with no Union ocean port left, the six stars in Charleston
	 * (supply 3) are out of supply */
	const char *own[] = {"washington", "philadelphia", "new_york", "fort_monroe"};
	for (int i = 0; i < 4; i++)
		s->city[nv_city(own[i])].owner = LW_CONFEDERATE;
	CHECK_EQ_INT(lw_naval_sea_supply(s), 0);
	CHECK(!lw_supply_traced(s, hex, LW_UNION, NULL));
	lincolns_war_module.free(g);
	return tap_done();
}
