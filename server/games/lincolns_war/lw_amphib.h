/* lw_amphib.h — 14.0 amphibious movement and assaults (river and ocean),
 * and the block of the state that holds all of part 2's amphibious work:
 * the once-per-turn uses, the assault in progress, the Port City Staging
 * Area (lw_pcsa.h) and the siege (lw_siege.h). lw_state.h embeds it as
 * `amphib`; lw_amphib_save()/lw_amphib_load() keep it.
 *
 * Actions of the phasing player in the MOVE step, before the activated
 * force has moved (offered by lw_amphib_offer, handled by lw_amphib_river_move_act and its three
 * siblings):
 *   {"type":"river_move","to":HEX}       14.1.1 (Union 2 stars, CS 1 star)
 *   {"type":"river_assault","target":HEX} 14.1.2 (Union, 10+ PC, from a port)
 *   {"type":"ocean_move","to":HEX}       14.2.1 (Union, the turn track's stars)
 *   {"type":"ocean_assault","target":HEX} 14.2.2 (Union, 10+ PC)
 * A move lands the force and ends its march; an assault is a battle of the
 * land rules (lw_battle_declare) fought in the port; when it fails the force
 * stays in (returns to) the port it sailed from, with one more IT (river)
 * or its CO demoted (ocean), 14.1.3 / 14.2.2.
 */
#ifndef LW_AMPHIB_H
#define LW_AMPHIB_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "lw_base.h"
#include "lw_pcsa.h"
#include "lw_siege.h"
#include "lw_state.h"

struct tg_offers; /* kit/offer.h */

struct lw_state;
struct game_outcome;
struct tg_error;

void lw_amphib_init(struct lw_amphib *a);
json_t *lw_amphib_save(const struct lw_amphib *a);
struct tg_jw; /* kit/json_text.h */
/* The same written as text (game.h save_text): the bytes of the tree
 * above, member for member. */
void lw_amphib_save_text(struct tg_jw *w, const struct lw_amphib *a);
/* 0, or -1 if `saved` is not a valid block (NULL: a save from before part 2). */
int lw_amphib_load(struct lw_amphib *a, const json_t *saved, int n_units);
/* What everyone sees (nothing here is hidden): the PCSA and the siege. */
json_t *lw_amphib_view(const struct lw_state *s, int side);

/* ---- pure rules (14.1 - 14.3) --------------------------------------------------- */

/* Stars a side may move by river in one operation (14.1.1): 2 Union, 1 CS. */
int lw_amphib_river_stars(int side);
/* 14.1.2 / 14.2.2: the Union needs 10 PC on his track to assault. */
#define LW_AMPHIB_ASSAULT_PC 10
/* Is city c a river port / an ocean port (14.3: New Orleans is both;
 * Charleston, Savannah, Apalachicola and Mobile are ocean ports only)? */
bool lw_amphib_river_port(int c);
bool lw_amphib_ocean_port(int c);

/* ---- over the state ----------------------------------------------------------------- */

/* The hexes the movers may reach by river (14.1.1): landing hexes in
 * `land` (no enemy in them), and the enemy ports a river assault would
 * strike first in `ports` (14.1.2). Returns the number of landing hexes. */
int lw_amphib_river_reach(const struct lw_state *s, int side, int from, int land[], int max_land,
                          int ports[], int *n_ports, int max_ports);
/* 0 if the movers may do `kind` to hex now, else -1, err citing the rule. */
int lw_amphib_check(const struct lw_state *s, int side, int kind, int hex, struct tg_error *err);
/* The same for a river hex the caller took from lw_amphib_river_reach()
 * (the river search is not made again). */
int lw_amphib_check_reached(const struct lw_state *s, int side, int kind, int hex,
                            struct tg_error *err);
void lw_amphib_offer(const struct lw_state *s, int side, struct tg_offers *list);
/* Could `side` still make some water move this turn (10.6.6 PC, 10.7.3.1
 * the campaign's one, 14.1.1 / 14.2.1 once per turn)? A quick bound for the
 * 10.7.3 reach search; lw_amphib_check decides. */
bool lw_amphib_water_open(const struct lw_state *s, int side);
/* The water move of the movers is done: what act records of it (14.1.1 /
 * 14.2.1 once per turn, 14.3 its units, 10.7.3.1 the campaign's one). */
void lw_amphib_note_use(struct lw_state *s, bool river);
/* The handlers of the four water moves ("river_move", "river_assault",
 * "ocean_move", "ocean_assault"; 0 done, -1 refused with err), named by
 * lw_card_play.c's table of the MOVE step's actions. */
int lw_amphib_river_move_act(struct lw_state *s, int side, const json_t *a,
                             struct game_outcome *out, struct tg_error *err);
int lw_amphib_river_assault_act(struct lw_state *s, int side, const json_t *a,
                                struct game_outcome *out, struct tg_error *err);
int lw_amphib_ocean_move_act(struct lw_state *s, int side, const json_t *a,
                             struct game_outcome *out, struct tg_error *err);
int lw_amphib_ocean_assault_act(struct lw_state *s, int side, const json_t *a,
                                struct game_outcome *out, struct tg_error *err);
/* 14.1.3 / 14.2.2: a successful assault occupies the port: while an
 * assault's battle asks for the advance, "decline" is neither offered
 * (lw_amphib_battle_filter sets list's filter, which keeps it out, the
 * previous one saved in *was for tg_offers_unfilter after the battle's
 * offer) nor accepted (the decline's handler asks lw_amphib_must_occupy,
 * -1 with err while it must). */
struct tg_offers_keep;
void lw_amphib_battle_filter(const struct lw_state *s, struct tg_offers *list,
                             struct tg_offers_keep *was);
int lw_amphib_must_occupy(const struct lw_state *s, struct tg_error *err);
/* After every accepted action: a finished assault's consequences (14.1.3,
 * 14.2.2), the PCSA's and the siege's bookkeeping. */
void lw_amphib_settle(struct lw_state *s);

/* 16.9.4: the losing Union defender of a captured Confederate port with no
 * land-based supply route retreats by water to the nearest friendly port
 * (Union or captured) of the same kind: the port is surrendered (its supply
 * in PC changes hands), the CO loses a star and the victor gains his stars
 * in PC. Called by the battle flow before the 16.9 retreat; true when the
 * force went by water (the hex is then empty and the victor advances);
 * false also when several ports are equally near (see below). */
bool lw_amphib_water_retreat(struct lw_state *s);
/* The same for some of the defender's generals, u[0..n): the excess a routed
 * Major Army offering siege sends away (16.6.4). It goes by water to the
 * nearest such port that stacks it and its CO loses a star (the victor
 * gaining his stars in PC); the port is surrendered only when nobody of the
 * force is left in it. True when the generals went by water. */
bool lw_amphib_water_retreat_some(struct lw_state *s, const int *u, int n);
/* 16.9.4 with several ports equally near: the retreating (Union) player
 * chooses. The ports the defender's generals u[0..n) may go to by water
 * (the nearest that stack them, all of those equally near), at most max;
 * 0 when 16.9.4 does not apply or no port takes them. Both functions above
 * go by water only when exactly one port is nearest; with several, the
 * battle's retreat prompt offers them (lw_battle_retreat.c) and
 * lw_amphib_water_retreat_to moves the generals to the one chosen. */
int lw_amphib_water_ports(const struct lw_state *s, const int *u, int n, int *out, int max);
void lw_amphib_water_retreat_to(struct lw_state *s, const int *u, int n, int to);
/* The pure part: nearest port hex among `cands` to `from` (-1 if none);
 * lw_amphib_nearest_all: every one of them at that distance (at most max). */
int lw_amphib_nearest(int from, const int *cands, int n);
int lw_amphib_nearest_all(int from, const int *cands, int n, int *out, int max);

/* The Hunley (8.1.2.3), owned by the naval rules: when the naval block
 * registers these, an ocean assault on a port holding the Hunley rolls to
 * cancel (3-6) first. Both NULL: no Hunley on the map. */
struct lw_amphib_naval_hooks {
	/* the Hunley is in the ocean port at hex (and not yet rolled for) */
	bool (*hunley_at)(const struct lw_state *s, int hex);
	/* remove the Hunley from the game (after its roll, or when the port falls) */
	void (*hunley_remove)(struct lw_state *s, int hex);
};
extern struct lw_amphib_naval_hooks lw_amphib_naval;
/* 8.1.2.3: the Hunley's roll cancels the attack on 3-6. */
bool lw_amphib_hunley_cancels(int die);
/* 8.1.2.3 "The Hunley may roll": before an amphibious assault (river or
 * ocean) on a port holding a face-down Asset or the Hunley, the
 * Confederate is asked (step LW_ST_HUNLEY): {"type":"hunley_roll"} (only
 * with the Hunley there) or {"type":"hunley_hold"}; then the battle. */
void lw_amphib_hunley_offer(const struct lw_state *s, int side, struct tg_offers *list);
/* 8.1.2.3's answers (hunley_roll, hunley_hold), one table. */
extern const struct lw_actions lw_amphib_hunley_actions;
int lw_amphib_hunley_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                         struct tg_error *err);

#endif
