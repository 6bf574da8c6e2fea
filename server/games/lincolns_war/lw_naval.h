/* lw_naval.h — the naval war (7.1.7, 7.1.8, 8.0, 8.2, 8.3, 20.2 and the
 * port/raider rows of 21.3): the naval block of the match state (lw_state.h
 * embeds it as `navy`), its save/load and view, the purchases of the
 * Administration phase and the Naval Phase.
 *
 * Pieces are fixed slots. The seven CSN Asset tokens are slots 0..6 whose
 * identity follows the data's mix (ironclads first, then the Hunley, then
 * the False Information counter): the slot number IS the identity, so it
 * never leaves the Confederate view until the asset is revealed; the Union
 * view lists assets by hex only.
 */
#ifndef LW_NAVAL_H
#define LW_NAVAL_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "lw_base.h"
#include "lw_state.h"

struct tg_offers; /* kit/offer.h */

struct lw_state;
struct game_outcome;
struct tg_error;

json_t *lw_naval_save(const struct lw_navy *n);
struct tg_jw; /* kit/json_text.h */
/* The same written as text (game.h save_text): the bytes of the tree
 * above, member for member. */
void lw_naval_save_text(struct tg_jw *w, const struct lw_navy *n);
/* 0, or -1 if not a valid naval block. */
int lw_naval_load(struct lw_navy *n, const json_t *saved);
/* The naval board as `viewer` may see it (LW_NOSIDE: observer). */
json_t *lw_naval_view(const struct lw_state *s, int viewer);
struct tg_text; /* protocol/json_compact.h */
/* The same written as text (game.h view_section_text): the bytes of the
 * tree above, member for member (test_view_sections compares them). */
void lw_naval_view_text(const struct lw_state *s, int viewer, struct tg_text *t);

/* Identity of asset slot i (from the data's mix). */
enum lw_asset_kind lw_naval_asset_kind(int i);
const char *lw_naval_asset_name(enum lw_asset_kind k);

/* ---- blockade (8.2) ------------------------------------------------------------ */
/* Fleets on blockade space hex. */
int lw_naval_fleets_on(const struct lw_state *s, int hex);
/* How many fleets the blockade space hex holds (one; Savannah's two, 8.1.3). */
int lw_naval_space_capacity(int hex);
/* City index whose blockade space is hex, or -1. */
int lw_naval_space_port(int hex);
/* 8.2: all blockade spaces of ocean port c are full (Savannah: two fleets). */
bool lw_naval_effectively_blockaded(const struct lw_state *s, int c);
/* 8.2 last paragraph: blockaded, or occupied by a Union force or garrison. */
bool lw_naval_blockaded_for_effects(const struct lw_state *s, int c);
/* 8.2.1/8.1.2.1: change to city c's defense: -1 blockaded, +1 revealed ironclad. */
int lw_naval_defense_mod(const struct lw_state *s, int c);
/* The same for every city at once, mod[c] for c < s->n_cities: the fleets
 * on blockade and the revealed ironclads walked once, not once a city
 * (issue 17: the view's cities asked it for each city, each role). */
void lw_naval_defense_mods(const struct lw_state *s, int mod[LW_MAX_CITIES]);
/* 8.2.2: supply points of the blockaded Southern ports. */
int lw_naval_blockaded_supply(const struct lw_state *s);

/* ---- ports --------------------------------------------------------------------- */
/* Assets (placed) in the port at hex. */
int lw_naval_assets_at(const struct lw_state *s, int hex);
/* A friendly port for CS naval pieces: CS-controlled port city (ocean/river). */
bool lw_naval_cs_port(const struct lw_state *s, int c, bool ocean);

/* ---- hooks for the land rules / amphibious ------------------------------------- */
/* A port city c was captured by `side` (8.1.2.1, 8.1.2.3, 8.3.4): ironclads
 * escape within four hexes or are lost, the Hunley is lost, raiders run the
 * blockade. amphibious: captured by an amphibious invasion (assets scuttled). */
void lw_naval_port_captured(struct lw_state *s, int c, bool amphibious);
/* ---- 8.1.2.1 / 8.3.4 ships leaving a captured port (lw_naval_escape.c) ---------- */
/* Ironclad i / raider r in a port taken by land: it goes at once where only
 * one place is left, is lost where none is, else waits (LW_NW_ESCAPE) for
 * the Confederate's choice; a raider first runs the blockade of port c. */
void lw_naval_escape_ironclad(struct lw_state *s, int i);
void lw_naval_escape_raider(struct lw_state *s, int r, int from_c);
/* 8.0 (silent, docs/naval.md "Union Fleets in a port the Confederates capture"): Union fleet i in a
 * Union port the Confederates captured goes to the nearest Union-held 7.1.8 port (the Union's
 * choice among equally near ones, waiting in LW_NW_ESCAPE), is lost with none. */
void lw_naval_escape_fleet(struct lw_state *s, int i);
/* The 7.1.8 ports (Washington, Baltimore, Philadelphia, New York) the Union
 * holds, in that order; returns how many (lw_naval_phase.c). */
int lw_naval_home_ports(const struct lw_state *s, int hex[4]);
/* LW_CONFEDERATE while a ship of his waits for his choice, else LW_UNION
 * while a fleet waits for the Union's (asked before any other action,
 * lw_actions.c), else LW_NOSIDE. */
int lw_naval_escape_side(const struct lw_state *s);
const char *lw_naval_escape_prompt(const struct lw_state *s);
void lw_naval_escape_offer(const struct lw_state *s, int side, struct tg_offers *list);
/* Its action type (naval_escape), declared once. */
extern const struct lw_actions lw_naval_escape_actions;
int lw_naval_escape_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                        struct tg_error *err);

/* A port at hex is attacked (8.1.2.1): the assets there are revealed; the
 * False Information counter returns to the pool. */
void lw_naval_port_attacked(struct lw_state *s, int hex);

/* 8.1.2.3: the Hunley is in the port at hex / is spent (lw_amphib.c's hooks). */
bool lw_naval_hunley_at(const struct lw_state *s, int hex);
void lw_naval_hunley_remove(struct lw_state *s, int hex);

/* ---- 7.1.7 / 7.1.8 purchases (Administration phase) ------------------------------ */
void lw_naval_admin_offer(const struct lw_state *s, int side, struct tg_offers *list);
/* The naval purchases' handlers, rows of lw_admin.c's tables: 7.1.7 place
 * the drawn Asset, buy an Asset or a Raider; 7.1.8 buy a Fleet. */
int lw_naval_place_asset_act(struct lw_state *s, int side, const json_t *a,
                             struct game_outcome *out, struct tg_error *err);
int lw_naval_buy_asset_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                           struct tg_error *err);
int lw_naval_buy_raider_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                            struct tg_error *err);
int lw_naval_buy_fleet_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                           struct tg_error *err);
/* The drawn asset still waits for its port: the Confederate may not end. */
bool lw_naval_admin_pending(const struct lw_state *s);
/* New turn: purchase counters and moved flags off. */
void lw_naval_new_turn(struct lw_state *s);

/* ---- 8.0 the Naval Phase ---------------------------------------------------------- */
/* Starts the phase (the initiative order of 8.1); may resolve at once when
 * nobody has a naval move. Returns true when the phase is over. */
bool lw_naval_begin(struct lw_state *s, struct game_outcome *out);
unsigned lw_naval_awaiting(const struct lw_state *s);
/* The prompt of the player awaited in the Naval Phase. */
const char *lw_naval_prompt(const struct lw_state *s);
void lw_naval_offer(const struct lw_state *s, int side, struct tg_offers *list);
/* Whether that list has a move for `side` (a Raider, a Fleet or an Asset),
 * not only the end of his naval moves: false outside the phase's First
 * and Second stages or when `side` is not the mover. Stops at the first
 * move (it does not build the list). */
bool lw_naval_moves_left(const struct lw_state *s, int side);
/* The phase's action types (8.1 moves, 8.2.2 blockade IT, 8.3.5 fleets
 * home), one table a stage: the table of the stage now. */
const struct lw_actions *lw_naval_actions(const struct lw_state *s);
extern const struct lw_actions lw_naval_home_actions, lw_naval_it_actions, lw_naval_move_actions;
/* The engine's handler of the phase: the mover's action by the table, then
 * the Rail Phase and the card draw (3.3, 10.3) once the phase is over. */
int lw_naval_phase_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                       struct tg_error *err);
/* 8.3.2: raids; returns CSP/PC the Union lost. */
int lw_naval_raids(struct lw_state *s);
/* 8.3.4 hunting; returns raiders sunk. */
int lw_naval_hunt(struct lw_state *s);
/* 8.1.2.5/8.3.4: assets in blockaded ports; returns assets destroyed. */
int lw_naval_destroy_in_ports(struct lw_state *s);
/* 8.3.5: unopposed fleets on the track go home. */
void lw_naval_return_fleets(struct lw_state *s);

/* ---- 8.1.2.1 ironclad river moves ------------------------------------------------ */
/* Hexes in the shortest river route from -> to (at most four, 8.1.2.1) for a
 * CS ironclad, or -1 if none. *kentucky set when every such route uses the
 * Kentucky river hexside 0806/0905 (8.1.2.2). */
int lw_naval_river_route(const struct lw_state *s, int from, int to, bool *kentucky);
/* 8.1.2.2: a river route of at most four hexes from -> to that follows one
 * of Kentucky's border rivers (without the interior hexside): the move the
 * Confederate may choose to make a violation of Kentucky's neutrality. */
bool lw_naval_river_route_ky_border(const struct lw_state *s, int from, int to);
/* The two above for every destination from one hex (an offer's list of
 * them, issue 17: each destination was a search of its own, the Naval
 * Phase's Confederate offer 2.9 M instructions): lw_naval_river_reach
 * searches once from `from` (the routes with and without the Kentucky
 * hexside; the border-river routes on the first ask), then each ask
 * answers what lw_naval_river_route / lw_naval_river_route_ky_border
 * would for (from, to) on the same state. The state must not change
 * between the reach and its asks. */
struct lw_river_reach {
	const struct lw_state *s;
	int from, n[2], border_n;
	int16_t hex[2][256]; /* the hexes reached, without then with 0806/0905 */
	int8_t dist[2][256];
	int16_t border_hex[512];
	uint8_t border_flag[512];
};
void lw_naval_river_reach(const struct lw_state *s, int from, struct lw_river_reach *r);
int lw_naval_river_reach_route(const struct lw_river_reach *r, int to, bool *kentucky);
bool lw_naval_river_reach_ky_border(struct lw_river_reach *r, int to);

/* ---- 20.2 / 21.3 ----------------------------------------------------------------- */
/* 20.2: a Union force at hex is supplied by sea (a Union-held ocean port). */
bool lw_naval_sea_supplied(const struct lw_state *s, int hex, int side);
/* 20.2: the supply reached by sea: the Union's own ocean ports' values. */
int lw_naval_sea_supply(const struct lw_state *s);
/* 21.3 Southern Ocean Port rows: VP of port c for side (US: blockaded or
 * held; CS: its supply value if open and not Union-occupied). */
int lw_naval_port_vp(const struct lw_state *s, int c, int side);
/* 21.3 "Raiders in play": raiders in a RAID hex. */
int lw_naval_raiders_on_track(const struct lw_state *s);

#endif
