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

struct tg_offers; /* kit/offer.h */

/* Memory of the 20.1 die rolls for enemy infantry beside a river, per hex
 * and per side whose line is traced: for each roll made, its hex, that
 * side, and r 1 supply gets through, 2 blocked (a pair not listed is not
 * rolled yet). Per side because where both sides' infantry share a river
 * hex (a siege), each side's line is stopped by the other side's force,
 * and each gets its own roll (docs/decisions.md "20.0 supply"). A pair
 * rolls only where the other side's infantry stands, so there are at most
 * LW_MAX_UNITS of them. All zero: none rolled. Lives only inside one
 * Supply Phase computation: never saved. (Issue 17: it was an array by
 * side and hex id, 30 KB cleared each Supply Phase, 2.0 M of lw_act's
 * instructions in bench_rules 6 6 for the 23 dice its phases rolled.) */
struct lw_river_rolls {
	int n;
	struct {
		int16_t hex;
		int8_t side;
		uint8_t r;
	} roll[LW_MAX_UNITS];
};

/* Can the force of `side` at hex trace supply for its stars (20.0)?
 * rolls NULL: an enemy infantry force on a river blocks it (no die is rolled;
 * used during movement, 12.10); otherwise the die is rolled once per hex and
 * side whose line is traced and remembered in *rolls, with s's generator (so s must be mutable
 * then: pass it through lw_supply_traced_roll). */
bool lw_supply_traced(const struct lw_state *s, int hex, int side,
                      const struct lw_river_rolls *rolls);
bool lw_supply_traced_roll(struct lw_state *s, int hex, int side, struct lw_river_rolls *rolls);
/* 20.6: "OOS tokens are automatically removed from forces as soon as a line
 * of supply is opened up": every force with an Out-of-Supply token that can
 * now trace supply (no die rolled; not while besieged) loses it. Run after
 * each action of the Operations and Rail phases (lw_actions.c). */
void lw_supply_reopen(struct lw_state *s);
/* 12.10 / 20.6 for the force of side at hex: its Out-of-Supply tokens come
 * off if it traces supply (no die rolled). Traces only when one of its
 * units carries a token (issue 17: the end of every march traced supply,
 * 711 traces in bench_rules 6 6, though most forces marched in supply and
 * the answer changed nothing). */
void lw_supply_reopen_force(struct lw_state *s, int hex, int side);

/* 20.1: may `side` trace supply across or along river `river` between the
 * adjacent hexes a and b (friendly uncontested: yes; unfriendly uncontested:
 * never; contested: the Union only)? Exposed for the rules tests. */
bool lw_supply_river_ok(const struct lw_state *s, int side, const char *river, int a, int b);

/* The Supply Phase for both sides (20.4 - 20.7.2), in stages: the 20.4
 * demotions for every five IT (all forces, before any supply check), one
 * wound off each general, supply check, IT removal in supply, Out-of-Supply
 * tokens and forage (cards drawn from each side's deck), the 20.5
 * demotions after foraging, Raided tokens off. A demotion in a force of
 * two or more generals is the owner's choice ("demote" prompt, lw_command.c):
 * the phase then stops with s->command.supply_stage set and goes on with
 * lw_supply_demote_act(). A lone general is demoted without asking. */
void lw_supply_phase(struct lw_state *s);
/* The force (hex, side) whose owner must pick a demotion now; false if none. */
bool lw_supply_choice_force(const struct lw_state *s, int *hex, int *side);
void lw_supply_demote_offer(const struct lw_state *s, int side, struct tg_offers *list);
int lw_supply_demote_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                         struct tg_error *err);
/* Stage LW_SS_IT or LW_SS_FORAGE with no demotion left to choose and no
 * 11.0.3 / 12.4 question of a demotion waiting (the owner answered, or
 * something else changed the force): the stage may go on. Its own test,
 * not "nothing is awaited": the demotions go on while a new GiC is chosen,
 * as they always did (kit/continuation.h's `ready`). */
bool lw_supply_demotions_ready(const struct lw_state *s);
/* Such a stage goes on (lw_continue calls it). When it finishes, as when
 * lw_supply_demote_act's answer finishes it, it records stage
 * LW_SS_SUPPLIED and returns: the driver runs the sieges and the rest of
 * the phase (lw_supply_phase_done, lw_time.c) at once. */
void lw_supply_demotions_go_on(struct lw_state *s, struct game_outcome *out);

/* 20.4 for one force, every demotion chosen for the owner (a TCO first,
 * then the subordinate with the fewest stars, the CO last): demotions for
 * every five IT. Returns the number of demotions. Exposed for the rules
 * tests (the 20.4 Pillow example). */
int lw_supply_it_demotions(struct lw_state *s, int hex, int side);

#endif
