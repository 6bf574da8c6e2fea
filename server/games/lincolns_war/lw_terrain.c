/* lw_terrain.c — 15.0 terrain effects (see lw_terrain.h). */
#include "lw_terrain.h"

#include "lw_engine.h"

int lw_terrain_best(int city_defense, bool mountain, bool across_river, enum lw_terrain_kind *which)
{
	int best = 0;
	enum lw_terrain_kind k = LW_TK_NONE;
	if (city_defense > best) {
		best = city_defense;
		k = LW_TK_CITY;
	}
	if (mountain && LW_MOUNTAIN_BONUS > best) {
		best = LW_MOUNTAIN_BONUS;
		k = LW_TK_MOUNTAIN;
	}
	if (across_river && LW_RIVER_BONUS > best) {
		best = LW_RIVER_BONUS;
		k = LW_TK_RIVER;
	}
	if (which)
		*which = k;
	return best;
}

int lw_terrain_defense(const struct lw_state *s, int att_hex, int def_hex, int def_side,
                       enum lw_terrain_kind *which)
{
	const struct lw_data *d = lw_D();
	int city = 0;
	int c = lw_city_at(def_hex);
	if (c >= 0 && lw_city_controller(s, c) == def_side && !d->cities[c].bracketed)
		city = lw_city_defense(s, c); /* 2.3 capitals, 16.10.2 garrison -1 */
	const struct lw_hex *h = lw_data_hex(d, def_hex);
	bool mountain = h && h->terrain == LW_TERRAIN_MOUNTAIN;
	bool river =
	    att_hex != LW_NO_HEX && (lw_data_hexside_flags(d, att_hex, def_hex) & LW_HS_RIVER) != 0;
	return lw_terrain_best(city, mountain, river, which);
}
