/* lw_campaign.c — 10.7.3 where a campaign force ends its movement (see
 * lw_campaign.h). */
#include "lw_campaign.h"

#include <stdlib.h>
#include <string.h>

#include "lw_amphib.h"
#include "lw_march.h"

#define REACH_LAND_MAX 512 /* river landing hexes looked at */
#define REACH_PORTS_MAX 64

static int region_of(int hex)
{
	const struct lw_hex *h = lw_data_hex(lw_D(), hex);
	return h ? (int)h->region : LW_REGION_NONE;
}

static unsigned bit_of(int hex)
{
	return LW_CAMP_BIT(region_of(hex));
}

static int popcount(unsigned m)
{
	int n = 0;
	for (; m; m &= m - 1)
		n++;
	return n;
}

static const char *region_name(int r)
{
	static const char *const names[LW_REGION_COUNT] = {
	    "no campaign region",
	    "the Eastern Theater (VA)",
	    "Up North (IL, IN, OH, PA, MD)",
	    "Kentucky/Tennessee",
	    "Down South (NC, SC, GA, FL, AL, MS)",
	    "the Trans-Mississippi (IA, MO, KS, AR, Indian Territory, LA, TX)"};
	return r >= 0 && r < LW_REGION_COUNT ? names[r] : "?";
}

/* ---- what is allowed --------------------------------------------------------------- */

static unsigned allowed_for(const struct lw_state *s, int i)
{
	const struct lw_groups *g = &s->groups;
	if (!s->play.campaign || i < 0 || i >= g->camp_n)
		return 0;
	if (g->camp_region[i] > LW_REGION_NONE)
		return LW_CAMP_BIT(g->camp_region[i]);
	/* 10.7.3.2: any theater but the one the other force took */
	unsigned m = LW_CAMP_THEATERS;
	int o = 1 - i;
	if (o < g->camp_n)
		m &= ~LW_CAMP_BIT(g->camp_region[o]);
	return m;
}

unsigned lw_campaign_allowed(const struct lw_state *s)
{
	return allowed_for(s, s->groups.camp_now);
}

/* A sentence naming what is allowed, for the refusals. */
static int fail_end(const struct lw_state *s, struct tg_error *err, const char *why)
{
	unsigned al = lw_campaign_allowed(s);
	if (s->play.campaign == 1) {
		int r = 0;
		for (int k = 1; k < LW_REGION_COUNT; k++)
			if (al & LW_CAMP_BIT(k))
				r = k;
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.7.3.1: both campaign forces must end their movement in the "
		               "region named on the card, %s: %s",
		               region_name(r), why);
	}
	if (popcount(al) == 1) {
		int r = 0;
		for (int k = 1; k < LW_REGION_COUNT; k++)
			if (al & LW_CAMP_BIT(k))
				r = k;
		return tg_fail(err, TG_E_ILLEGAL,
		               "10.7.3.2: the two forces must end their movement in two separate "
		               "theaters, this one in %s: %s",
		               region_name(r), why);
	}
	return tg_fail(err, TG_E_ILLEGAL,
	               "10.7.3.2: the two forces must end their movement in two separate "
	               "theaters (one of the five regions, not the other force's): %s",
	               why);
}

/* ---- the search ------------------------------------------------------------------------- */

struct reach {
	unsigned want; /* the regions looked for */
	int need;      /* how many of them are enough */
	unsigned mask; /* the regions found */
};

static bool enough(const struct reach *r)
{
	return popcount(r->mask & r->want) >= r->need;
}

/* Is a hex of a wanted region not yet found within `dist` hexes of hex
 * (a bound that ignores terrain)? */
static bool worth_looking(const struct reach *r, int hex, int dist)
{
	const struct lw_data *d = lw_D();
	unsigned missing = r->want & ~r->mask;
	if (!missing || dist <= 0)
		return false;
	int ring[64], n = 0, next[64];
	ring[n++] = hex;
	for (int k = 0; k < dist; k++) {
		int m = 0;
		for (int i = 0; i < n; i++) {
			int nb[6];
			int c = tg_hex_neighbours(&d->grid, ring[i], nb);
			for (int j = 0; j < c; j++) {
				if (bit_of(nb[j]) & missing)
					return true;
				if (k + 1 < dist && m < 64)
					next[m++] = nb[j];
			}
		}
		memcpy(ring, next, (size_t)m * sizeof ring[0]);
		n = m;
	}
	return false;
}

/* By water from where the movers stand (14.0: only at the start of the
 * move; a landing or an assault ends it). */
static void reach_by_water(struct lw_state *w, struct reach *r)
{
	int side = w->play.side, from = lw_march_hex(w);
	int *land = malloc(REACH_LAND_MAX * sizeof *land);
	int ports[REACH_PORTS_MAX], np = 0;
	if (!land)
		return;
	int nl =
	    lw_amphib_river_reach(w, side, from, land, REACH_LAND_MAX, ports, &np, REACH_PORTS_MAX);
	for (int i = 0; i < nl && !enough(r); i++)
		if ((bit_of(land[i]) & ~r->mask) &&
		    lw_amphib_check_reached(w, side, LW_AM_RIVER_MOVE, land[i], NULL) == 0)
			r->mask |= bit_of(land[i]);
	for (int i = 0; i < np && !enough(r); i++)
		if ((bit_of(ports[i]) & ~r->mask) &&
		    lw_amphib_check_reached(w, side, LW_AM_RIVER_ASSAULT, ports[i], NULL) == 0)
			r->mask |= bit_of(ports[i]);
	free(land);
	if (side != LW_UNION)
		return;
	for (int c = 0; c < w->n_cities && !enough(r); c++) {
		if (!lw_amphib_ocean_port(c))
			continue;
		int hex = lw_D()->cities[c].hex;
		if (!(bit_of(hex) & ~r->mask))
			continue;
		if (lw_amphib_check(w, side, LW_AM_OCEAN_MOVE, hex, NULL) == 0 ||
		    lw_amphib_check(w, side, LW_AM_OCEAN_ASSAULT, hex, NULL) == 0)
			r->mask |= bit_of(hex);
	}
}

/* The movers of w take one step into `to`, as act_move records it. */
static void apply_step(struct lw_state *w, int to)
{
	struct lw_play *p = &w->play;
	int from = lw_march_hex(w);
	struct lw_hexstep st;
	lw_hexstep_between(w, from, to, lw_group_is_major(w, p->movers, p->movers_n), &st);
	struct lw_move_track t;
	lw_march_track(w, &t);
	lw_move_step_record(&t, &st);
	p->moved = (uint8_t)t.moved;
	p->crossed_river = t.crossed_river;
	w->land.mountain = t.entered_mountain;
	for (int i = 0; i < p->movers_n; i++)
		w->unit[p->movers[i]].hex = (int16_t)to;
}

struct saved_step {
	int16_t hex[LW_MAX_MOVERS];
	uint8_t moved, crossed_river, mountain;
};

static void save_step(const struct lw_state *w, struct saved_step *b)
{
	for (int i = 0; i < w->play.movers_n; i++)
		b->hex[i] = w->unit[w->play.movers[i]].hex;
	b->moved = w->play.moved;
	b->crossed_river = w->play.crossed_river;
	b->mountain = w->land.mountain;
}

static void restore_step(struct lw_state *w, const struct saved_step *b)
{
	for (int i = 0; i < w->play.movers_n; i++)
		w->unit[w->play.movers[i]].hex = b->hex[i];
	w->play.moved = b->moved;
	w->play.crossed_river = b->crossed_river;
	w->land.mountain = b->mountain;
}

/* Where the movers of w could end their movement from here: standing (a
 * stop or an attack ends it here), by water at the start, one more step. */
static void search(struct lw_state *w, struct reach *r)
{
	int hex = lw_march_hex(w);
	if (hex == LW_NO_HEX)
		return;
	r->mask |= bit_of(hex);
	if (enough(r))
		return;
	if (w->play.moved == 0 && !w->play.attacked)
		reach_by_water(w, r);
	if (enough(r) || w->play.attacked || w->land.stopped)
		return;
	struct lw_move_track t;
	lw_march_track(w, &t);
	if (!worth_looking(r, hex, lw_move_max(&t) - (int)w->play.moved))
		return;
	int nb[6];
	int n = tg_hex_neighbours(&lw_D()->grid, hex, nb);
	for (int i = 0; i < n && !enough(r); i++) {
		if (lw_move_check(w, nb[i], NULL) != 0)
			continue;
		bool stops = lw_march_step_stops(w, nb[i]);
		struct saved_step b;
		save_step(w, &b);
		apply_step(w, nb[i]);
		if (stops)
			r->mask |= bit_of(nb[i]);
		else
			search(w, r);
		restore_step(w, &b);
	}
}

/* A working copy of s in which no campaign region is enforced (the search
 * judges the regions itself). */
static struct lw_state *scratch(const struct lw_state *s)
{
	struct lw_state *w = malloc(sizeof *w);
	if (!w)
		return NULL;
	memcpy(w, s, sizeof *w);
	w->groups.camp_now = -1;
	return w;
}

/* Regions the movers of w can end their movement in (w is consumed). */
static unsigned reach_of(struct lw_state *w, unsigned want, int need)
{
	struct reach r = {.want = want, .need = need, .mask = 0};
	if (w) {
		search(w, &r);
		free(w);
	}
	return r.mask;
}

/* When no copy can be made (no memory), nothing counts as reachable, so
 * the refusals that need a way in do not apply: no dead end. */
static unsigned reach_now(const struct lw_state *s, unsigned want)
{
	return reach_of(scratch(s), want, 1);
}

unsigned lw_campaign_reach_force(const struct lw_state *s, int side, int u, unsigned want, int need)
{
	struct lw_state *w = scratch(s);
	if (!w)
		return 0;
	const struct lw_unit *x = &w->unit[u];
	bool cav_alone = x->cavalry && lw_force_co(w, x->hex) != u;
	w->play.side = (int8_t)side;
	lw_march_begin(w, u, cav_alone);
	return reach_of(w, want, need);
}

/* ---- the checks -------------------------------------------------------------------------- */

int lw_campaign_step_check(const struct lw_state *s, int to, struct tg_error *err)
{
	unsigned al = lw_campaign_allowed(s);
	if (!al || (al & bit_of(to)))
		return 0;
	struct lw_state *w = scratch(s);
	if (!w)
		return fail_end(s, err, "out of memory");
	bool stops = lw_march_step_stops(w, to);
	apply_step(w, to);
	unsigned m;
	if (stops) {
		m = bit_of(to);
		free(w);
	} else {
		m = reach_of(w, al, 1);
	}
	if (m & al)
		return 0;
	return fail_end(s, err,
	                stops ? "the force would stop there, outside it"
	                      : "from there it could not end its movement inside it");
}

int lw_campaign_stop_check(const struct lw_state *s, struct tg_error *err)
{
	unsigned al = lw_campaign_allowed(s);
	int hex = lw_march_hex(s);
	if (!al || hex == LW_NO_HEX || (al & bit_of(hex)))
		return 0;
	if (!(reach_now(s, al) & al))
		return 0; /* nothing brings it in any more: it ends here */
	return fail_end(s, err,
	                "this force, outside it, can still get there (moving, stopping, "
	                "attacking or raiding ends its movement)");
}

int lw_campaign_end_check(const struct lw_state *s, int hex, struct tg_error *err)
{
	unsigned al = lw_campaign_allowed(s);
	if (!al || (al & bit_of(hex)))
		return 0;
	return fail_end(s, err, "a landing or an amphibious assault ends the movement there");
}

int lw_campaign_detach_check(const struct lw_state *s, int u, struct tg_error *err)
{
	const struct lw_play *p = &s->play;
	unsigned al = lw_campaign_allowed(s);
	int hex = lw_march_hex(s);
	if (!al || hex == LW_NO_HEX || (al & bit_of(hex)))
		return 0;
	if (!(reach_now(s, al) & al))
		return 0; /* the whole group is past helping */
	/* 12.8: he may move on later with what is left of the allowance */
	if (p->moved < p->max_move && !s->land.stopped) {
		struct lw_state *w = scratch(s);
		if (w) {
			w->play.movers[0] = (int16_t)u;
			w->play.movers_n = 1;
			if (reach_of(w, al, 1) & al)
				return 0;
		}
	}
	return fail_end(s, err,
	                "a general left behind here, outside it, could not move into it "
	                "afterwards");
}

int lw_campaign_leave_check(const struct lw_state *s, struct tg_error *err)
{
	unsigned al = lw_campaign_allowed(s);
	const struct lw_groups *g = &s->groups;
	if (!al || s->play.movers_n)
		return 0;
	for (int i = 0; i < g->n; i++) {
		if (!g->wait[i] || (al & bit_of(g->hex[i])))
			continue;
		const struct lw_unit *x = &s->unit[g->unit[i]];
		if (x->where != LW_W_MAP || x->side != s->play.side || x->hex != g->hex[i])
			continue;
		struct lw_state *w = scratch(s);
		if (!w)
			continue;
		if (lw_march_group_setup(w, g->hex[i]) == 0) {
			free(w);
			continue;
		}
		if (reach_of(w, al, 1) & al)
			return fail_end(s, err,
			                "the generals left outside it can still move into it "
			                "(next_group)");
	}
	return 0;
}

void lw_campaign_note_end(struct lw_state *s, int hex)
{
	struct lw_groups *g = &s->groups;
	int i = g->camp_now;
	if (s->play.campaign != 2 || i < 0 || i >= g->camp_n || g->camp_region[i] > LW_REGION_NONE)
		return;
	if (allowed_for(s, i) & bit_of(hex))
		g->camp_region[i] = (int8_t)region_of(hex);
}
