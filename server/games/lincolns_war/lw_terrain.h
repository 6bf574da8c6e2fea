/* lw_terrain.h — 15.0 terrain effects on combat.
 *
 * Terrain bonuses are not cumulative: the defender uses the best one of his
 * city's defense (2.3, 16.10.2), +2 in mountains, or +2 against an attack
 * across a river (the text says "defender's choice"; the best is always the
 * one a defender would choose, so it is taken for him).
 */
#ifndef LW_TERRAIN_H
#define LW_TERRAIN_H

#include <stdbool.h>

#include "lw_state.h"

enum lw_terrain_kind {
	LW_TK_NONE,
	LW_TK_CITY,     /* the city's defense value (15.0 "Cities") */
	LW_TK_MOUNTAIN, /* +2 (15.0 "Mountains") */
	LW_TK_RIVER,    /* +2 across a river (15.0 "Rivers") */
};

#define LW_MOUNTAIN_BONUS 2
#define LW_RIVER_BONUS 2

/* Pure: the best of the three (ties go to the city, then mountains). */
int lw_terrain_best(int city_defense, bool mountain, bool across_river,
                    enum lw_terrain_kind *which);

/* Over the state: the bonus of `def_side` defending def_hex against an attack
 * from att_hex (att_hex LW_NO_HEX: no hexside crossed). A city counts only
 * when the defender controls it and it is not a bracketed region (2.3). */
int lw_terrain_defense(const struct lw_state *s, int att_hex, int def_hex, int def_side,
                       enum lw_terrain_kind *which);

#endif
