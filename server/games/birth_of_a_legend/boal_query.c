/* boal_query.c — stacking, control, path traces, victory conditions
 * (boal_query.h). */
#include "boal_query.h"

int boal_units_in(const struct boal_state *s, const struct boal_data *d, int side, int a)
{
	int n = 0;
	for (int u = 0; u < s->n_units; u++)
		n += s->unit[u].area == a && d->unit[u].side == side;
	return n;
}

int boal_fresh_units_in(const struct boal_state *s, const struct boal_data *d, int side, int a)
{
	int n = 0;
	for (int u = 0; u < s->n_units; u++)
		n += s->unit[u].area == a && d->unit[u].side == side && !s->unit[u].exhausted;
	return n;
}

bool boal_fully_stacked(const struct boal_state *s, const struct boal_data *d, int side, int a)
{
	/* 7.1: "Each side may have a maximum of ten units per Area." */
	return boal_units_in(s, d, side, a) >= d->stacking_max;
}

bool boal_contested(const struct boal_state *s, const struct boal_data *d, int a)
{
	/* 7.3: "An Area is Contested if it contains units of both sides." */
	return boal_units_in(s, d, BOAL_UNION, a) > 0 &&
	       boal_units_in(s, d, BOAL_CONFEDERATE, a) > 0;
}

bool boal_vacant(const struct boal_state *s, const struct boal_data *d, int side, int a)
{
	/* 7.4: "Vacant if it contains no enemy units, regardless of the presence
	 * of friendly units or who currently Controls it." */
	return boal_units_in(s, d, !side, a) == 0;
}

bool boal_free(const struct boal_state *s, const struct boal_data *d, int side, int a)
{
	/* 7.5: "Free if it is Vacant and under friendly Control." */
	return boal_vacant(s, d, side, a) && s->control[a] == side;
}

struct trace_ctx {
	const struct boal_state *s;
};

static bool crossable(const void *ctx, int a, const struct tg_area_edge *e)
{
	(void)a;
	const struct trace_ctx *c = ctx;
	return e->bridge < 0 || c->s->bridge[e->bridge] != BOAL_NOBODY;
}

bool boal_trace(const struct boal_state *s, const struct boal_data *d, int side, int from, int to)
{
	bool ok[TG_AREA_MAX + 1] = {false};
	for (int a = 1; a <= BOAL_AREAS; a++)
		ok[a] = s->control[a] == side;
	struct trace_ctx c = {.s = s};
	return tg_areagraph_reach(&d->graph, from, to, ok, crossable, &c);
}

bool boal_replacement_eligible(const struct boal_state *s, const struct boal_data *d, int side,
                               int a)
{
	/* 13.3.1: "A Confederate unit must be able trace a path of
	 * friendly-Controlled Areas to Richmond" */
	if (side == BOAL_CONFEDERATE)
		return boal_trace(s, d, side, a, BOAL_RICHMOND);
	/* "... A Union unit ... to the Supply Train marker in White House Landing
	 * or Harrison's Landing ... If the Supply Train marker is on the Game
	 * Turn Track ... to Harrison's Landing." */
	int to = s->train_area == BOAL_NOWHERE ? BOAL_HARRISONS : s->train_area;
	return boal_trace(s, d, side, a, to);
}

bool boal_union_automatic(const struct boal_state *s, const struct boal_data *d)
{
	/* 14.1 Note: "In the unlikely event the Union Supply Train is in transit
	 * the Union player will not be able to claim an automatic victory" */
	if (s->train_area == BOAL_NOWHERE)
		return false;
	if (boal_fresh_units_in(s, d, BOAL_UNION, BOAL_RICHMOND) == 0)
		return false;
	return boal_trace(s, d, BOAL_UNION, BOAL_RICHMOND, s->train_area);
}

static bool csa_holds(const struct boal_state *s, const struct boal_data *d, int a)
{
	/* 14.2: "The Areas must be able to trace a path of friendly-Controlled
	 * Areas to Richmond (Area 44)" */
	return s->control[a] == BOAL_CONFEDERATE &&
	       boal_trace(s, d, BOAL_CONFEDERATE, a, BOAL_RICHMOND);
}

bool boal_confederate_automatic(const struct boal_state *s, const struct boal_data *d)
{
	/* 14.2: "both White House Landing (Area 17) and Harrison's Landing (Area
	 * 27) are friendly-Controlled" */
	return csa_holds(s, d, BOAL_WHITE_HOUSE) && csa_holds(s, d, BOAL_HARRISONS);
}

bool boal_confederate_final(const struct boal_state *s, const struct boal_data *d)
{
	/* 14.3: "If the Union player has moved his Supply Train the Confederate
	 * player wins by controlling Malvern Hill (Area 35) and either White House
	 * Landing or Harrison's Landing ... If the Union player has not moved his
	 * Supply Train the Confederate player wins by controlling Providence
	 * Church (Area 19) and Harrison's Landing" (README decision 8). */
	(void)d;
	const uint8_t *c = s->control;
	if (s->train_moved)
		return c[BOAL_MALVERN] == BOAL_CONFEDERATE &&
		       (c[BOAL_WHITE_HOUSE] == BOAL_CONFEDERATE ||
		        c[BOAL_HARRISONS] == BOAL_CONFEDERATE);
	return c[BOAL_PROVIDENCE] == BOAL_CONFEDERATE && c[BOAL_HARRISONS] == BOAL_CONFEDERATE;
}

enum boal_bridge_area boal_bridge_area_status(const struct boal_state *s, const struct boal_data *d,
                                              int side, int a)
{
	/* 15.4.2: "+3 Free, +2 Contested Friend-Controlled, +1 Contested,
	 * Enemy-Controlled" */
	if (boal_free(s, d, side, a))
		return BOAL_BRIDGE_AREA_FREE;
	if (boal_contested(s, d, a))
		return s->control[a] == side ? BOAL_BRIDGE_AREA_CONTESTED_FRIENDLY
		                             : BOAL_BRIDGE_AREA_CONTESTED_ENEMY;
	return BOAL_BRIDGE_AREA_OTHER;
}

/* 10.7.2 class of `to` as a retreat's end: 1 Free, 2 friendly-Controlled
 * Contested, 3 fully stacked (passed through), 0 closed */
static int retreat_class(const struct boal_state *s, const struct boal_data *d, int side, int to)
{
	if (s->control[to] != side)
		return 0; /* "may not retreat into an enemy-controlled Area" */
	if (boal_fully_stacked(s, d, side, to))
		return 3;
	return boal_free(s, d, side, to) ? 1 : 2;
}

static bool crosses(const struct boal_state *s, const struct tg_area_edge *e)
{
	return e->bridge < 0 || s->bridge[e->bridge] != BOAL_NOBODY;
}

/* the best class (1 or 2) among the neighbours of `at`, not `skip` */
static int best_ends(const struct boal_state *s, const struct boal_data *d, int side, int at,
                     int skip, int cls, int *out, int n)
{
	for (int i = 0; i < d->graph.degree[at]; i++) {
		const struct tg_area_edge *e = &d->graph.edge[at][i];
		if (e->to == skip || !crosses(s, e) || retreat_class(s, d, side, e->to) != cls)
			continue;
		bool dup = false;
		for (int k = 0; k < n; k++)
			dup |= out[k] == e->to;
		if (!dup)
			out[n++] = e->to;
	}
	return n;
}

int boal_retreat_options(const struct boal_state *s, const struct boal_data *d, int side, int from,
                         int out[TG_AREA_MAX])
{
	for (int cls = 1; cls <= 2; cls++) {
		int n = best_ends(s, d, side, from, 0, cls, out, 0);
		if (n > 0)
			return n;
	}
	/* 10.7.1: "subsequent units must continue their retreat to another Area
	 * that is not fully-stacked": through a full neighbour to the areas
	 * beyond it, by the same priorities */
	for (int cls = 1; cls <= 2; cls++) {
		int n = 0;
		for (int i = 0; i < d->graph.degree[from]; i++) {
			const struct tg_area_edge *e = &d->graph.edge[from][i];
			if (crosses(s, e) && retreat_class(s, d, side, e->to) == 3)
				n = best_ends(s, d, side, e->to, from, cls, out, n);
		}
		if (n > 0)
			return n;
	}
	return 0;
}
