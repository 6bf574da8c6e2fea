/* lw_supply.h — 20.0 supply over the game state: tracing a supply line
 * (overland two hexes, rail, rivers by section 20.1, raided cities, cavalry
 * interdiction 13.2.6) and the Supply Phase's IT, demotions and forage
 * (20.4 - 20.7).
 */
#ifndef LW_SUPPLY_H
#define LW_SUPPLY_H

#include <stdbool.h>
#include <stdint.h>

#include "lw_engine.h"

/* Per-hex memory of the 20.1 die rolls for enemy infantry beside a river:
 * 0 not rolled yet, 1 supply gets through, 2 blocked. */
struct lw_river_rolls {
	uint8_t r[10000];
};

/* Can the force of `side` at hex trace supply for its stars (20.0)?
 * rolls NULL: an enemy infantry force on a river blocks it (no die is rolled;
 * used during movement, 12.10); otherwise the die is rolled once per hex and
 * remembered in *rolls, with s's generator (so s must be mutable then: pass
 * it through lw_supply_traced_roll). */
bool lw_supply_traced(const struct lw_state *s, int hex, int side,
                      const struct lw_river_rolls *rolls);
bool lw_supply_traced_roll(struct lw_state *s, int hex, int side, struct lw_river_rolls *rolls);

/* 20.1: may `side` trace supply across or along river `river` between the
 * adjacent hexes a and b (friendly uncontested: yes; unfriendly uncontested:
 * never; contested: the Union only)? Exposed for the rules tests. */
bool lw_supply_river_ok(const struct lw_state *s, int side, const char *river, int a, int b);

/* The whole Supply Phase for both sides (20.4 - 20.7.2): IT demotions, one
 * wound off each general, supply check, IT removal in supply, Out-of-Supply
 * tokens and forage (cards drawn from each side's deck), Raided tokens off.
 * Demotions are chosen automatically: a TCO first, then the subordinate
 * with the fewest stars, the CO last (README "Land rules decisions"). */
void lw_supply_phase(struct lw_state *s);

/* 20.4 for one force: demotions for every five IT, then (in supply) all IT
 * off. Returns the number of demotions. Exposed for the rules tests. */
int lw_supply_it_demotions(struct lw_state *s, int hex, int side);

#endif
