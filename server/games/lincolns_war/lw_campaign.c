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
	unsigned want;  /* the regions looked for */
	int need;       /* how many of them are enough */
	unsigned mask;  /* the regions found */
	bool land_only; /* no water move (the campaign's one is taken, 10.7.3.1) */
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

/* Where the movers could go by water from where they stand (14.1.1: the
 * river network does not depend on who sails). */
struct water {
	int *land; /* REACH_LAND_MAX landing hexes */
	int nl;
	int ports[REACH_PORTS_MAX];
	int np;
};

static bool water_find(const struct lw_state *w, struct water *wt)
{
	wt->nl = wt->np = 0;
	wt->land = malloc(REACH_LAND_MAX * sizeof *wt->land);
	if (!wt->land)
		return false;
	wt->nl = lw_amphib_river_reach(w, w->play.side, lw_march_hex(w), wt->land, REACH_LAND_MAX,
	                               wt->ports, &wt->np, REACH_PORTS_MAX);
	return true;
}

/* By water from where the movers stand (14.0: only at the start of the
 * move, as lw_amphib_check allows; a landing or an assault ends it). */
static void water_reach(struct lw_state *w, const struct water *wt, struct reach *r)
{
	int side = w->play.side;
	for (int i = 0; i < wt->nl && !enough(r); i++)
		if ((bit_of(wt->land[i]) & ~r->mask) &&
		    lw_amphib_check_reached(w, side, LW_AM_RIVER_MOVE, wt->land[i], NULL) == 0)
			r->mask |= bit_of(wt->land[i]);
	for (int i = 0; i < wt->np && !enough(r); i++)
		if ((bit_of(wt->ports[i]) & ~r->mask) &&
		    lw_amphib_check_reached(w, side, LW_AM_RIVER_ASSAULT, wt->ports[i], NULL) == 0)
			r->mask |= bit_of(wt->ports[i]);
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

static void reach_by_water(struct lw_state *w, struct reach *r)
{
	struct water wt;
	if (water_find(w, &wt))
		water_reach(w, &wt, r);
	free(wt.land);
}

/* The movers of w take one step into `to`, as act_move records it: the
 * allowance used and, 2.4.2/2.4.3, what entering Kentucky or a neutral city
 * does (lw_border_enter: the violation, the city taken), so that every later
 * check of the search sees the state the real move would leave. */
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
	lw_border_enter(w, p->side, to);
}

/* Would a step into hex change more than save_step keeps (2.4: the first
 * entry into Kentucky, a neutral city taken)? */
static bool border_changes(const struct lw_state *w, int hex)
{
	if (lw_is_kentucky(hex) && w->kentucky.violator == LW_NOSIDE)
		return true;
	int c = lw_city_at(hex);
	return c >= 0 && w->city[c].owner == LW_NOSIDE;
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
 * stop or an attack ends it here), by water at the start, one more step.
 * 9.0: no rail (the Rail Phase is over before any card is played). 13.2.5:
 * harassment is not foreseen: it is the opponent's choice, and what it does
 * (13.2.5.1: IT on the moving force) neither stops the force nor changes
 * any check of the march. */
static void search(struct lw_state *w, struct reach *r)
{
	int hex = lw_march_hex(w);
	if (hex == LW_NO_HEX)
		return;
	r->mask |= bit_of(hex);
	if (enough(r))
		return;
	if (w->play.moved == 0 && !w->play.attacked && !r->land_only)
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
		if (lw_march_step_stops(w, nb[i])) {
			r->mask |= bit_of(nb[i]); /* the movers end there */
			continue;
		}
		if (border_changes(w, nb[i])) {
			/* 2.4: a step that changes more than save_step keeps is
			 * searched on a copy of its own */
			struct lw_state *c = malloc(sizeof *c);
			if (!c)
				continue;
			memcpy(c, w, sizeof *c);
			apply_step(c, nb[i]);
			search(c, r);
			free(c);
			continue;
		}
		struct saved_step b;
		save_step(w, &b);
		apply_step(w, nb[i]);
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

/* The regions of `want` the movers of w reach by land alone. */
static unsigned land_reach(struct lw_state *w, unsigned want)
{
	struct reach r = {.want = want, .need = popcount(want), .land_only = true};
	search(w, &r);
	return r.mask & want;
}

/* 14.1.1 "They may be dispersed from a larger activated force to perform
 * this movement" (14.2.1 alike), 12.8: at the start of its move a group too
 * large to go by water whole may leave some generals behind (detach), send
 * the others by water, and the ones left behind move on by land as a
 * separate group afterwards (10.7.3.1: the campaign's one water move is
 * taken). The group gets in when every part does, in one region (a force
 * ends in one theater, 10.7.3.2): the water part by water, each general
 * left behind alone (as lw_campaign_detach_check judges him) and all of
 * them together (the group lw_march_group_setup makes of them) by land. */
static void split_by_water(struct lw_state *w, struct reach *r)
{
	struct lw_play *p = &w->play;
	int n = p->movers_n, side = p->side;
	if (n < 2 || n > LW_MAX_MOVERS || p->moved || p->attacked || w->land.stopped ||
	    r->land_only || enough(r))
		return;
	if (p->co >= 0 && (w->unit[p->co].flags & LW_UF_RELUCTANT))
		return; /* 10.7.4: no detaching */
	/* no boat here (14.1.1 a river hexside, 14.2.1 an ocean port) */
	int here = lw_march_hex(w), port = lw_city_at(here);
	const struct lw_hex *h = lw_data_hex(lw_D(), here);
	if (!(h && h->river) && !(side == LW_UNION && port >= 0 && lw_amphib_ocean_port(port)))
		return;
	int most = lw_amphib_river_stars(side), least = 99;
	if (side == LW_UNION && lw_D()->turns[w->turn].amphib_stars > most)
		most = lw_D()->turns[w->turn].amphib_stars;
	for (int i = 0; i < n; i++)
		if (w->unit[p->movers[i]].stars < least)
			least = w->unit[p->movers[i]].stars;
	if (least > most)
		return; /* nobody fits in the boats */
	int16_t all[LW_MAX_MOVERS];
	unsigned alone[LW_MAX_MOVERS];
	memcpy(all, p->movers, (size_t)n * sizeof all[0]);
	for (int i = 0; i < n; i++) {
		p->movers[0] = all[i];
		p->movers_n = 1;
		alone[i] = land_reach(w, r->want & ~r->mask);
	}
	struct water wt;
	bool have = water_find(w, &wt);
	for (unsigned m = 1; have && m + 1 < (1u << n) && !enough(r); m++) {
		int stars = 0;
		unsigned land = r->want & ~r->mask;
		for (int i = 0; i < n; i++) {
			if (m & (1u << i))
				stars += w->unit[all[i]].stars;
			else
				land &= alone[i];
		}
		if (stars > most || !land)
			continue;
		int k = 0;
		for (int i = 0; i < n; i++)
			if (m & (1u << i))
				p->movers[k++] = all[i];
		p->movers_n = (uint8_t)k;
		struct reach rs = {.want = land, .need = popcount(land)};
		water_reach(w, &wt, &rs);
		land &= rs.mask;
		if (!land)
			continue;
		k = 0;
		for (int i = 0; i < n; i++)
			if (!(m & (1u << i)))
				p->movers[k++] = all[i];
		p->movers_n = (uint8_t)k;
		r->mask |= land_reach(w, land);
	}
	free(wt.land);
	memcpy(p->movers, all, (size_t)n * sizeof all[0]);
	p->movers_n = (uint8_t)n;
}

/* Regions the movers of w can end their movement in (w is consumed). */
static unsigned reach_of(struct lw_state *w, unsigned want, int need)
{
	struct reach r = {.want = want, .need = need, .mask = 0};
	if (w) {
		search(w, &r);
		split_by_water(w, &r);
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
