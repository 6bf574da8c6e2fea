/* 14.1.1: "Boats may move along a river network ... up to, but not into,
 * a river hexside of an Enemy Controlled Port or where the enemy has
 * Forces on both sides." lw_amphib_river_reach (the MOVE step's river
 * moves and assaults, what act() accepts, the campaign reach's water
 * moves) gathers the hexes where the enemy stands once per search (issue
 * 17: it walked every unit for each bank of each river hexside). This test
 * holds it to the plain reading, built here the slow way: every river
 * hexside in data order, blocked when either bank is an enemy controlled
 * port or lw_units_at finds the enemy on both; the hexsides reached from
 * those touching the start hex, breadth first, each hexside's neighbours
 * in data order (two hexsides touch when their three hexes meet at one
 * vertex); the enemy ports met first on a blocked hexside (and right
 * across the start hex), in the order met; the landing hexes, either bank
 * of a reached hexside that is not the start, not ocean and free of the
 * enemy. The lists, in order, must be the same from the hex of every
 * general of the side to move, at every MOVE step of bot-played games of
 * every scenario. */
#include <string.h>

#include "lincolns_war/lw_amphib.h"
#include "lw_testkit.h"

#define MAXS 512

static int states, compared, nonempty;

static bool enemies(const struct lw_state *s, int side, int hex)
{
	int u[LW_MAX_UNITS];
	return lw_units_at(s, hex, LW_OTHER(side), u) > 0;
}

static bool enemy_port(const struct lw_state *s, int side, int hex)
{
	int c = lw_city_at(hex);
	return c >= 0 && (lw_amphib_river_port(c) || lw_amphib_ocean_port(c)) &&
	       lw_city_controller(s, c) == LW_OTHER(side);
}

static bool touch(int a, int b, int c, int d)
{
	int x, y;
	if (a == c)
		x = b, y = d;
	else if (a == d)
		x = b, y = c;
	else if (b == c)
		x = a, y = d;
	else if (b == d)
		x = a, y = c;
	else
		return false;
	return x != y && tg_hex_adjacent(&lw_D()->grid, x, y);
}

static void add(int *l, int *n, int x)
{
	for (int i = 0; i < *n; i++)
		if (l[i] == x)
			return;
	l[(*n)++] = x;
}

static void plain(const struct lw_state *s, int side, int from, int land[], int *nl, int ports[],
                  int *np)
{
	const struct lw_data *d = lw_D();
	const struct lw_hexside *hs[MAXS];
	int n = 0, q[MAXS], qh = 0, qt = 0;
	uint8_t st[MAXS] = {0}; /* 0 unseen, 1 reached, 2 blocked */
	for (size_t i = 0; i < d->n_hexsides && n < MAXS; i++)
		if (d->hexsides[i].flags & LW_HS_RIVER)
			hs[n++] = &d->hexsides[i];
	*nl = *np = 0;
	for (int k = 0; k < n; k++) {
		int a = hs[k]->a, b = hs[k]->b;
		if (enemy_port(s, side, a) || enemy_port(s, side, b) ||
		    (enemies(s, side, a) && enemies(s, side, b))) {
			st[k] = 2;
			int other = a == from ? b : b == from ? a : LW_NO_HEX;
			if (other != LW_NO_HEX && enemy_port(s, side, other))
				ports[(*np)++] = other;
		} else if (a == from || b == from) {
			st[k] = 1;
			q[qt++] = k;
		}
	}
	while (qh < qt) {
		int k = q[qh++];
		for (int j = 0; j < n; j++) {
			if (st[j] == 1 || !touch(hs[k]->a, hs[k]->b, hs[j]->a, hs[j]->b))
				continue;
			if (st[j] == 2) {
				int pts[2] = {hs[j]->a, hs[j]->b};
				for (int e = 0; e < 2; e++)
					if (pts[e] != from && enemy_port(s, side, pts[e]))
						add(ports, np, pts[e]);
				continue;
			}
			st[j] = 1;
			q[qt++] = j;
		}
	}
	for (int k = 0; k < n; k++) {
		if (st[k] != 1)
			continue;
		int pts[2] = {hs[k]->a, hs[k]->b};
		for (int e = 0; e < 2; e++) {
			const struct lw_hex *h = lw_data_hex(d, pts[e]);
			if (pts[e] != from && !enemies(s, side, pts[e]) && h &&
			    h->terrain != LW_TERRAIN_OCEAN)
				add(land, nl, pts[e]);
		}
	}
}

static void after(void *ctx, struct game *g)
{
	(void)ctx;
	const struct lw_state *s = &g->s;
	if (s->phase != LW_PH_OPS || s->step != LW_ST_MOVE || s->play.movers_n == 0)
		return;
	int side = s->play.side;
	states++;
	for (int u = 0; u < s->n_units; u++) {
		const struct lw_unit *x = &s->unit[u];
		const struct lw_hex *h = lw_data_hex(lw_D(), x->hex);
		if (x->side != side || x->where != LW_W_MAP || !h || !h->river)
			continue;
		int land[MAXS], ports[64], nl, np = 0, wl[MAXS], wp[MAXS], wnl, wnp;
		nl = lw_amphib_river_reach(s, side, x->hex, land, MAXS, ports, &np, 64);
		plain(s, side, x->hex, wl, &wnl, wp, &wnp);
		compared++;
		nonempty += nl > 0;
		CHECKF(nl == wnl && np == wnp && memcmp(land, wl, sizeof *land * (size_t)nl) == 0 &&
		           memcmp(ports, wp, sizeof *ports * (size_t)np) == 0,
		       "turn %d, from %d: %d landings and %d ports, want %d and %d", s->turn,
		       x->hex, nl, np, wnl, wnp);
	}
}

int main(void)
{
	/* every scenario in turn */
	tk_bot_positions(
	    &(struct tk_positions){
	        .games = 6, .seed_tag = 0x14, .bot_mul = 13, .bot_add = 1, .max_actions = 1500},
	    after, NULL);
	printf("# %d MOVE steps, %d river searches compared (%d with landings)\n", states, compared,
	       nonempty);
	CHECK(states > 100);
	CHECK(compared > 300);
	CHECK(nonempty > 100);
	return tap_done();
}
