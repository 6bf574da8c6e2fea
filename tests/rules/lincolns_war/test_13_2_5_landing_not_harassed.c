/* 13.2.5: "A cavalry general (whether alone or with a larger force) may
 * attempt to harass a moving enemy Force in each adjacent hex entered by
 * that moving Force during the Operations Phase only (No Harassment is
 * permitted during the Rail Phase). Cavalry cannot harass across a river,
 * into enemy city hexes ..." 13.2.5.1: "If the moving Force has not used
 * its full movement allowance it must pause to resolve the harassment
 * before continuing its movement".
 *
 * Issue 22 reading: a river or ocean landing next to enemy cavalry is never
 * harassed. Readings: (a) harassment is of land movement, hex by hex
 * against a movement allowance, and a force carried by water "enters" no
 * hex on its way (14.1.1: "These forces are activated the normal way" but
 * move "along" the river and "land"; 14.2.1: "They may not continue to
 * move after landing"); (b) the landing hex is a hex entered in the
 * Operations Phase, so adjacent cavalry may harass it. Decision (docs/decisions.md "13.2.5: a river
 * or ocean landing next to enemy cavalry"): (a), the engine as it was: 13.2.5.1's pause "before
 * continuing its movement" has no meaning for a landing that ends the move, an ocean move always
 * lands in a friendly port (an enemy city to the harasser, which 13.2.5 excludes anyway), and the
 * rule names the phases, not the mode, only to exclude rail. The same hex entered by land is
 * harassed (the control below). */
#include "lw_amphib_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(2); /* Summer 1862 */
	if (!s)
		return 1;
	int cairo = am_hex("cairo");
	enum { LANDING = 707 };
	/* Forrest next to the landing hex, across no river from it */
	int nb[6], cav_hex = LW_NO_HEX, from = LW_NO_HEX;
	int n = tg_hex_neighbours(&lw_D()->grid, LANDING, nb);
	for (int i = 0; i < n; i++) {
		const struct lw_hex *h = lw_data_hex(lw_D(), nb[i]);
		bool dry = h && h->terrain == LW_TERRAIN_CLEAR && lw_city_at(nb[i]) < 0 &&
		           !(lw_data_hexside_flags(lw_D(), LANDING, nb[i]) &
		             (LW_HS_RIVER | LW_HS_IMPASSABLE));
		if (dry && cav_hex == LW_NO_HEX)
			cav_hex = nb[i];
		else if (dry && from == LW_NO_HEX &&
		         !tg_hex_adjacent(&lw_D()->grid, nb[i], cav_hex))
			from = nb[i];
	}
	if (!CHECK(cav_hex != LW_NO_HEX && from != LW_NO_HEX))
		return tap_done();
	fx_place(s, "forrest", cav_hex, 1);

	/* by river from Cairo: landed, and nobody is asked to harass */
	int g = am_general(s, LW_UNION, cairo, 2, LW_NONE);
	am_activate(s, LW_UNION, &g, 1);
	AM_OK(s, LW_UNION, "{\"type\":\"river_move\",\"to\":707}");
	CHECK_EQ_INT(s->unit[g].hex, LANDING);
	CHECK(s->step != LW_ST_HARASS);
	CHECK(!am_offered(s, LW_CONFEDERATE, "harass"));

	/* the control: the same hex entered by land is harassed */
	s->unit[g].hex = (int16_t)from;
	am_activate(s, LW_UNION, &g, 1);
	char a[64];
	snprintf(a, sizeof a, "{\"type\":\"move\",\"to\":%d}", LANDING);
	AM_OK(s, LW_UNION, a);
	CHECK_EQ_INT(s->step, LW_ST_HARASS);
	free(s);
	return tap_done();
}
