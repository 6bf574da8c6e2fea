/* lw_rail.h — 9.0 the Rail Phase: rail transport (9.1), absorbing TCO stars
 * (9.2, through lw_tco.h's 17.5 helper) and removing the Rail Interdiction
 * Tokens (9.3).
 *
 * struct lw_rail is the rail part of the match state (lw_state.h embeds it
 * as `rail`): plain fixed fields, saved by lw_rail_save(). The rules below
 * work over the whole state.
 *
 * Actions of the side whose turn it is in the Rail Phase:
 *   {"type":"rail","unit":ID,"to":HEX,"force":true}  the CO and his whole
 *        force, IT included (each IT counts as a star, 9.1)
 *   {"type":"rail","unit":ID,"to":HEX,"force":false} one general alone,
 *        his IT left with the force he leaves (9.1 last sentence)
 *   {"type":"absorb_tco","tco":ID,"general":ID}      9.2 / 17.5, one PC
 *   {"type":"end_rail"}                              done; the other side
 *        goes next, then 9.3 and the card draw
 */
#ifndef LW_RAIL_H
#define LW_RAIL_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#include "lw_base.h"
#include "lw_move.h"
#include "lw_state.h"

struct tg_offers; /* kit/offer.h */

json_t *lw_rail_save(const struct lw_rail *r);
struct tg_jw; /* kit/json_text.h */
/* The same written as text (game.h save_text): the bytes of the tree
 * above, member for member. */
void lw_rail_save_text(struct tg_jw *w, const struct lw_rail *r);
/* 0, or -1 if `saved` is not a valid rail block. */
int lw_rail_load(struct lw_rail *r, const json_t *saved);

struct lw_state;
struct game_outcome;
struct tg_error;

/* 9.1: stars `side` may move by rail this turn (turn record chart). */
int lw_rail_capacity(const struct lw_state *s, int side);
/* 9.1: is the rail interrupted at hex for `side` (enemy force, enemy city or
 * garrison, an RIT)? Transport may not enter or leave such a hex. */
bool lw_rail_interrupted(const struct lw_state *s, int side, int hex);
/* 9.1: must a rail move of `side` end at hex (next to an RIT, an enemy force
 * or an enemy garrison)? */
bool lw_rail_must_stop(const struct lw_state *s, int side, int hex);
/* 9.1: can `side` rail from hex `from` to hex `to` along unbroken rails? */
bool lw_rail_connected(const struct lw_state *s, int side, int from, int to);
/* 9.1: the cost in capacity of railing unit u (whole force or alone). */
int lw_rail_cost(const struct lw_state *s, int u, bool force);
/* 0 if unit u (or his force) may rail to `to` now, else -1 and err citing 9.1. */
int lw_rail_check(const struct lw_state *s, int u, int to, bool force, struct tg_error *err);
/* lw_rail_check without the rail connection (the offer searches once per
 * origin with lw_rail_reach). */
int lw_rail_check_but_path(const struct lw_state *s, int u, int to, bool force,
                           struct tg_error *err);
/* lw_rail_check_but_path in two parts, for an offer that asks it of one
 * general for every destination: what depends on the general alone (who
 * travels, the capacity, the force he leaves) once, then what depends on
 * the destination. Together they accept exactly what lw_rail_check_but_path
 * accepts. */
struct lw_rail_mover {
	int u;
	bool force;
	int n;
	int us[LW_MAX_UNITS];    /* who travels */
	struct lw_stack_sum sum; /* their stacking (12.4) */
};
/* 0 and m filled if unit u (or his force) may rail somewhere as far as
 * 9.1's checks on him go; else -1. */
int lw_rail_mover_check(const struct lw_state *s, int u, bool force, struct lw_rail_mover *m);
/* With m from a successful lw_rail_mover_check and `there` the sum of the
 * side's units at `to` (lw_stack_sum_add over each): may the move end at
 * `to` (another rail hex, stacking there), the path aside? */
bool lw_rail_mover_may_end(const struct lw_state *s, const struct lw_rail_mover *m, int to,
                           const struct lw_stack_sum *there);
#define LW_RAIL_HEX_IDS 10000 /* hexes are XXYY */
/* reach[hex] = 1 for every hex `side` may rail to from `from` (9.1). */
void lw_rail_reach(const struct lw_state *s, int side, int from, uint8_t reach[LW_RAIL_HEX_IDS]);
/* lw_rail_reach in two parts, for an offer that walks from several hexes:
 * what the walk reads of the state for one side (the hexes interrupted,
 * the obstacles a move must stop next to, the hexes closed to the side),
 * gathered once; then one walk per start hex over it. */
struct lw_rail_net {
	int side;
	bool shared;         /* lw_rail_walks may share walks (every transit link runs both ways) */
	bool kentucky_shut;  /* 2.4.3: Kentucky's hexes closed to the side (rail transport) */
	int n_transit;       /* transit hexes kept, or -1: more than transit holds */
	int16_t transit[16]; /* by slot in lw_D()->hexes */
	uint8_t flag[LW_RAIL_HEX_IDS]; /* by slot in lw_D()->hexes */
};
void lw_rail_net_build(const struct lw_state *s, int side, struct lw_rail_net *net);
void lw_rail_net_reach(const struct lw_rail_net *net, int from, uint8_t reach[LW_RAIL_HEX_IDS]);
/* The hexes reached, listed in the order the walk met them (each once; an
 * offer reads them rather than every hex of the map): returns how many. */
int lw_rail_net_reach_list(const struct lw_rail_net *net, int from, int16_t list[LW_RAIL_HEX_IDS]);
/* Walks of one net from several start hexes, a walk's list kept for the
 * other start hexes that list the same hexes (issue 17: the Rail Phase's
 * offer walked once per start hex, 520 walks in bench_views 300's 56
 * offers, and a side's generals stand mostly in a few stretches of rail).
 * A walk from a rail hex neither cut, nor closed to the side, nor next to
 * an obstacle goes on from every such hex it reaches, and each of them
 * reaches it back (the rail's hexsides and the transit links run both
 * ways: lw_data's rail_next, and lw_rail_net's `shared`), so a walk from
 * any of them lists the same hexes; its list is kept for them. */
struct lw_rail_walks {
	const struct lw_rail_net *net;
	int n_walks, used;
	int first[255], len[255];         /* the kept walks' lists in kept */
	uint8_t walk_of[LW_RAIL_HEX_IDS]; /* by slot: 0, or 1 + the kept walk a start there lists */
	int16_t kept[4096];
	int16_t list[LW_RAIL_HEX_IDS]; /* a walk not kept */
};
void lw_rail_walks_begin(struct lw_rail_walks *ws, const struct lw_rail_net *net);
/* lw_rail_net_reach_list's hexes from `from` (in the order of the walk
 * that listed them), in *list, valid until the next call: returns how
 * many. */
int lw_rail_walks_from(struct lw_rail_walks *ws, int from, const int16_t **list);
/* Applies a move lw_rail_check accepted: capacity spent, units moved.
 * held: what lw_units_hold gave the caller, given back (lw_units_release)
 * once who travels is read, before any unit moves (act_rail holds the
 * units over the check and these reads: issue 17, session 29). */
void lw_rail_move(struct lw_state *s, int u, int to, bool force, bool held);
/* Did unit u travel by rail this turn? (for 14.0: not also by sea) */
bool lw_rail_used_by(const struct lw_state *s, int u);

/* 3.4: the Rail Phase of this turn is still to be played (lw_begin_draw
 * asks, so that it comes after whatever phase precedes the draw). */
bool lw_rail_pending(const struct lw_state *s);
/* The phase (3.4): start it (clears the turn's rail record), offer, act. */
void lw_rail_begin(struct lw_state *s, struct game_outcome *out);
void lw_rail_offer(const struct lw_state *s, int side, struct tg_offers *list);
/* The phase's action types (rail, absorb_tco, end_rail), declared once. */
extern const struct lw_actions lw_rail_actions;
int lw_rail_act(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                struct tg_error *err);
/* The side's own rail record for its view (capacity left); NULL for others. */
json_t *lw_rail_view(const struct lw_state *s, int side);

#endif
