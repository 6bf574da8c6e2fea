/* lw_data_sections.h — the river sections of 20.1, worked out once at load.
 *
 * "River Sections" (20.1) are the stretches of a river between river
 * cities: who holds the cities at a section's ends decides whether supply
 * may be traced across or along it. Which cities bound the section around
 * a hex is a fact of the map; the loader finds each river's sections once
 * (lw_data_map.c river_sections), and the supply trace reads them
 * (lw_supply.c section_ends; issue 17: its walk of the section for every
 * river step was a fifth of an action's instructions).
 */
#ifndef TG_LW_DATA_SECTIONS_H
#define TG_LW_DATA_SECTIONS_H

#include "lw_data.h"

/* The city hexes that bound the section of the river of river_bit (a
 * hexside's river_bit, one river) around hexes a and b: a hex of a or b
 * that is a city is its own end; any other ends at the cities next to the
 * hexes that touch the river, walking on through the hexes touching it
 * that are not cities. Each city hex once, at most cap of them written
 * to out; returns how many there are. Hexes not in 1..LW_HEX_IDS - 1 are
 * no seed. */
int lw_data_section_ends(const struct lw_data *d, uint32_t river_bit, int a, int b, int16_t *out,
                         int cap);

/* The city hexes lw_data_section_ends gives for the hex x alone (a == b
 * == x), kept at load: *ends points at them (each once) and their number
 * is returned; the ends of a and b are those of a and those of b. 0 for a
 * hex that is no seed; -1 when none are kept (x not a hex of the data,
 * river_bit not one river's): ask lw_data_section_ends. Issue 17: the
 * supply trace asks a section's ends for every river step, and the walk
 * of each hex's neighbours was a sixth of a trace. */
int lw_data_section_ends_of(const struct lw_data *d, uint32_t river_bit, int x,
                            const int16_t **ends);

/* A set of the data's cities by index (lw_data.cities): city c is bit
 * c % 64 of w[c / 64]. */
#define LW_CITY_SET_WORDS 2
struct lw_city_set {
	uint64_t w[LW_CITY_SET_WORDS];
};

/* The cities at the hexes lw_data_section_ends_of gives for x and
 * river_bit, as a set (every end is a city's hex), kept at load; NULL
 * where lw_data_section_ends_of returns -1, or when the data has more
 * cities than a set holds: ask lw_data_section_ends_of then. Issue 17:
 * the supply trace judged each end of a hex's list at every river step
 * (section_ok, 15 M of lw_act's 158 M in bench_rules 6 6); with the sets,
 * who holds a section's ends is a few word operations. */
const struct lw_city_set *lw_data_section_end_set(const struct lw_data *d, uint32_t river_bit,
                                                  int x);

#endif
