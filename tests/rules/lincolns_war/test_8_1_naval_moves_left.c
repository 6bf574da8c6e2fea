/* 8.1: "the player with initiative will have determined who moves first";
 * a side with nothing to move is not asked (docs/naval.md "Naval order").
 * Whether a side has a naval move is lw_naval_moves_left(), a walk that
 * stops at the first move (issue 17: it was the whole offer list, built to
 * be counted). It must answer exactly "the list lw_naval_offer() writes
 * has more than its end_naval entry", for both sides, on:
 *   - every other state of bot games of the three scenarios, put in the
 *     Naval Phase's first stage with that side moving;
 *   - the same states with the navy and the ports' owners drawn at random
 *     (Raiders, Assets and Fleets in any place a piece can be, moved or
 *     not; ports of either side; Kentucky neutral or not), where the moves
 *     of every kind of piece, and their absence, come up far more often
 *     than in play.
 * And outside those stages (Blockade IT, fleets home, another phase, the
 * side not moving) it says no move, as the list has none. */
#include <stdlib.h>

#include "lw_bot.h"
#include "lw_naval_fixture.h"

static long compared, with_moves, without_moves, differ;

static bool listed(const struct lw_state *s, int side)
{
	json_t *l = json_array();
	lw_naval_offer(s, side, TG_OFFERS_TREE(l));
	size_t n = json_array_size(l);
	bool end_only = n == 1;
	const char *last = n ? json_string_value(json_object_get(
	                           json_object_get(json_array_get(l, n - 1), "action"), "type"))
	                     : NULL;
	CHECKF(n == 0 || (last && strcmp(last, "end_naval") == 0),
	       "the list ends with end_naval (%zu entries)", n);
	json_decref(l);
	return n > 0 && !end_only;
}

static void compare(struct lw_state *s, int side, const char *what)
{
	s->navy.mover = (int8_t)side;
	bool want = listed(s, side), got = lw_naval_moves_left(s, side);
	compared++;
	want ? with_moves++ : without_moves++;
	if (want != got && differ++ < 5)
		CHECKF(false, "%s, side %d, stage %d: the list has %s move, moves_left says %d",
		       what, side, s->navy.stage, want ? "a" : "no", got);
}

static struct nv_ports P; /* nv_ports_find at the first game */

static void place(struct lw_navy_piece *x, int where)
{
	memset(x, 0, sizeof *x);
	x->where = (uint8_t)where;
	x->moved = nv_rnd(3) == 0;
	x->revealed = nv_rnd(2);
	if (where == LW_NW_PORT)
		x->hex = (int16_t)lw_D()->cities[P.port[nv_rnd((uint32_t)P.n_ports)]].hex;
	else if (where == LW_NW_BLOCKADE)
		x->hex = (int16_t)P.space[nv_rnd((uint32_t)P.n_spaces)];
	else if (where == LW_NW_RAID || where == LW_NW_SHADOW || where == LW_NW_HUNT)
		x->col = (int8_t)nv_rnd(LW_NAVY_COLUMNS);
}

/* The navy and the ports' owners drawn at random; each piece somewhere a
 * piece of its kind can be (or anywhere, one time in eight). Sparse: most
 * pieces in the pool, so that "no move" comes up too. */
static void scramble_navy(struct lw_state *s)
{
	static const int raider_at[] = {LW_NW_POOL, LW_NW_PORT, LW_NW_RAID, LW_NW_GONE};
	static const int asset_at[] = {LW_NW_POOL, LW_NW_PORT, LW_NW_GONE, LW_NW_DRAWN};
	static const int fleet_at[] = {LW_NW_POOL,   LW_NW_PORT, LW_NW_BLOCKADE,
	                               LW_NW_SHADOW, LW_NW_HUNT, LW_NW_GONE};
	int busy = 1 + (int)nv_rnd(8); /* one in `busy` pieces out of the pool */
	for (int i = 0; i < LW_NAVY_RAIDERS; i++)
		place(&s->navy.raider[i], nv_rnd((uint32_t)busy) ? LW_NW_POOL
		                          : nv_rnd(8)            ? raider_at[nv_rnd(4)]
		                                                 : (int)nv_rnd(LW_NW_HUNT + 1));
	for (int i = 0; i < LW_NAVY_ASSETS; i++)
		place(&s->navy.asset[i], nv_rnd((uint32_t)busy) ? LW_NW_POOL
		                         : nv_rnd(8)            ? asset_at[nv_rnd(4)]
		                                                : (int)nv_rnd(LW_NW_HUNT + 1));
	for (int i = 0; i < LW_NAVY_FLEETS; i++)
		place(&s->navy.fleet[i], nv_rnd((uint32_t)busy) ? LW_NW_POOL
		                         : nv_rnd(8)            ? fleet_at[nv_rnd(6)]
		                                                : (int)nv_rnd(LW_NW_HUNT + 1));
	/* One time in four a Raider on the track shadowed already, so that
	 * the other Fleets' move to its HUNT box comes up. */
	if (nv_rnd(4) == 0) {
		int col = (int)nv_rnd(LW_NAVY_COLUMNS);
		place(&s->navy.raider[nv_rnd(LW_NAVY_RAIDERS)], LW_NW_RAID);
		place(&s->navy.fleet[0], LW_NW_SHADOW);
		for (int i = 0; i < LW_NAVY_RAIDERS; i++)
			if (s->navy.raider[i].where == LW_NW_RAID)
				s->navy.raider[i].col = (int8_t)col;
		s->navy.fleet[0].col = (int8_t)col;
	}
	/* One time in three few places to go: most ports the Union's (no
	 * blockade space, no Confederate port to sail to), the Union's own
	 * ports mostly lost, so that a piece's only move, of each kind, comes
	 * up (a Fleet's HUNT box, a Raider's one port, ...). */
	bool scarce = nv_rnd(3) == 0;
	for (int k = 0; k < P.n_ports; k++)
		if (scarce ? true : nv_rnd(4) == 0)
			s->city[P.port[k]].owner =
			    (scarce ? nv_rnd(8) : nv_rnd(2)) ? LW_UNION : LW_CONFEDERATE;
	static const char *const union_ports[] = {"washington", "baltimore", "philadelphia",
	                                          "new_york"};
	for (int k = 0; k < 4; k++)
		if (scarce || nv_rnd(3) == 0)
			s->city[nv_city(union_ports[k])].owner =
			    (scarce ? nv_rnd(4) == 0 : nv_rnd(2)) ? LW_UNION : LW_CONFEDERATE;
	s->kentucky.violator =
	    nv_rnd(3) ? LW_NOSIDE : (int8_t)(nv_rnd(2) ? LW_UNION : LW_CONFEDERATE);
	s->navy.foote = nv_rnd(2);
}

static struct lw_state work;
static long states;

static void after_act(void *ctx, struct game *g)
{
	(void)ctx;
	if (states++ % 2)
		return;
	for (int v = 0; v < 3; v++) {
		work = g->s;
		if (v)
			scramble_navy(&work);
		work.phase = LW_PH_NAVAL;
		work.navy.stage = (uint8_t)(nv_rnd(2) ? LW_NS_FIRST : LW_NS_SECOND);
		compare(&work, LW_UNION, v ? "scrambled" : "played");
		compare(&work, LW_CONFEDERATE, v ? "scrambled" : "played");
	}
	/* outside the move stages, or not the mover: no move, as no list */
	work = g->s;
	scramble_navy(&work);
	work.phase = LW_PH_NAVAL;
	work.navy.stage = (uint8_t)(nv_rnd(2) ? LW_NS_IT : LW_NS_HOME);
	work.navy.mover = LW_CONFEDERATE;
	bool none = !lw_naval_moves_left(&work, LW_CONFEDERATE);
	work.navy.stage = LW_NS_FIRST;
	work.navy.mover = LW_UNION;
	none = none && !lw_naval_moves_left(&work, LW_CONFEDERATE);
	work.phase = LW_PH_ADMIN;
	work.navy.mover = LW_CONFEDERATE;
	none = none && !lw_naval_moves_left(&work, LW_CONFEDERATE);
	if (!none && differ++ < 5)
		CHECKF(false, "a move said outside the move stages or for the side not moving");
}

int main(void)
{
	nv_rnd_seed(0x2545f4914f6cdd1du); /* the test's own numbers */
	static const char *const scenarios[] = {"tournament", "campaign", "introductory"};
	for (int k = 0; k < 3; k++)
		for (int game = 0; game < 2; game++) {
			struct game *g = tk_new(scenarios[k], 40 + game);
			if (!P.n_ports) /* the data is loaded with the first game */
				nv_ports_find(&P);
			struct lw_bot bot;
			lw_bot_init_prudent(&bot, 8100u + (uint64_t)(10 * k + game));
			struct lw_bot_hooks h = {.after = after_act};
			char why[200] = "";
			CHECKF(lw_bot_play(&bot, &lincolns_war_module, g, 400, &h, why,
			                   sizeof why) > 0,
			       "%s game %d plays: %s", scenarios[k], game, why);
			lincolns_war_module.free(g);
		}
	CHECKF(differ == 0, "%ld of %ld states: moves_left is the list's", compared - differ,
	       compared);
	/* the states must show both answers, each many times */
	CHECKF(with_moves > 200 && without_moves > 200, "%ld with moves, %ld without", with_moves,
	       without_moves);
	printf("# %ld states compared (%ld with moves, %ld without)\n", compared, with_moves,
	       without_moves);
	return tap_done();
}
