/* kit/view_sections.c, "An entry diffed by its lists" (issue 17, the
 * patches' p99): the offers are kept as their entries' stamps, not their
 * text, so an entry changed in place was replaced whole; an entry of 512
 * bytes or more in kit/offer.h's form keeps its lists' stamps, and changed
 * in place with the same text outside its lists it is diffed list by list.
 * A module of two sections, "/actions" written as text (game.h
 * view_section_text) and "/tick", offers one entry like Lincoln's War's
 * rail move: a param "unit" and a param "to" by it (kit/param_by.h), each
 * general his destinations as "only" or "except", and a short entry.
 *   - One general's destinations changed: the patch is one replace of that
 *     general's choices_by element, not the entry (it was the entry
 *     whole, 1.5 KB, before).
 *   - A general gone: one remove from each of the two lists.
 *   - Random edits (generals and destinations added, removed, changed, the
 *     label changed, the entry gone and back, the entry made short): after
 *     each, the kept view is the full view's text, and the patch applied to
 *     the previous view gives the new one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/kit/offer.h"
#include "games/kit/view_sections.h"
#include "json_compact.h"
#include "json_patch.h"
#include "tap.h"
#include "view_update_check.h"

#define MAXG 24
#define MAXD 40

struct game {
	int ng, nd;
	int gen[MAXG];                 /* each general's number */
	int dest[MAXD];                /* each destination's hex */
	unsigned long long bits[MAXG]; /* general g's destinations, by index in dest */
	int label;                     /* the entry's label's variant */
	bool gone;                     /* no such entry offered */
	int tick;
};

static const char *const roles[] = {"a", NULL};
static const char *const sections[] = {"/actions", "/tick", NULL};

static void offers(const struct game *g, struct tg_offers *o)
{
	if (!g->gone && g->ng > 0 && g->nd > 0) {
		json_t *units = json_array(), *dests = json_array(), *by = json_array();
		for (int d = 0; d < g->nd; d++)
			json_array_append_new(dests, json_pack("{s:i,s:s}", "value", g->dest[d],
			                                       "label", "a city \"with\" a name"));
		for (int k = 0; k < g->ng; k++) {
			char id[16], label[64];
			snprintf(id, sizeof id, "g%d", g->gen[k]);
			snprintf(label, sizeof label, "General number %d (2 stars)", g->gen[k]);
			json_array_append_new(units,
			                      json_pack("{s:s,s:s}", "value", id, "label", label));
			int his = __builtin_popcountll(g->bits[k]);
			bool only = 2 * his < g->nd;
			json_t *idx = json_array();
			for (int d = 0; d < g->nd; d++)
				if ((((g->bits[k] >> d) & 1) != 0) == only)
					json_array_append_new(idx, json_integer(d));
			json_array_append_new(by,
			                      json_pack("{s:o}", only ? "only" : "except", idx));
		}
		tg_offer_entry(
		    o,
		    json_pack("{s:s,s:{s:s,s:b},s:[{s:s,s:s,s:o},{s:s,s:s,s:s,s:o,s:o}]}", "label",
		              g->label ? "Rail a general alone" : "Rail a general", "action",
		              "type", "rail", "force", g->label == 0, "params", "name", "unit",
		              "label", "General", "choices", units, "name", "to", "label",
		              "Destination", "by", "unit", "choices", dests, "choices_by", by));
	}
	tg_offer(o, tg_act(o, "{s:s}", "type", "end"), "End the phase");
}

static json_t *section(const struct game *g, const char *role, unsigned i)
{
	(void)role;
	if (i == 1)
		return json_integer(g->tick);
	json_t *a = json_array();
	struct tg_offers o;
	tg_offers_tree(&o, a);
	offers(g, &o);
	return a;
}

static bool section_text(const struct game *g, const char *role, unsigned i, struct tg_text *t)
{
	(void)role;
	if (i != 0)
		return false;
	struct tg_offers o;
	tg_offers_text(&o, t);
	offers(g, &o);
	return tg_offers_close(&o) == 0;
}

static void stamps(const struct game *g, const char *role, uint64_t *st)
{
	(void)g;
	(void)role;
	st[0] = 0; /* rebuilt every time */
	st[1] = 0;
}

static json_t *view(const struct game *g, const char *role);

static const struct game_module mod = {
    .id = "offer-lists",
    .title = "offer lists",
    .roles = roles,
    .view = view,
    .view_sections = sections,
    .view_stamps = stamps,
    .view_section = section,
    .view_section_text = section_text,
};

static json_t *view(const struct game *g, const char *role)
{
	return tg_view_assemble(&mod, g, role);
}

static unsigned long long rng = 88172645463325252ull;
static unsigned below(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

static int next_id = 100;

static void setup(struct game *g)
{
	memset(g, 0, sizeof *g);
	g->ng = 12;
	g->nd = 30;
	for (int k = 0; k < g->ng; k++) {
		g->gen[k] = next_id++;
		g->bits[k] =
		    ((1ull << g->nd) - 1) & ~(1ull << (k % g->nd)) & ~(1ull << ((3 * k) % g->nd));
	}
	for (int d = 0; d < g->nd; d++)
		g->dest[d] = 1000 + d;
}

/* The update of kept to g, checked (view_update_check.h). */
static json_t *update(struct tg_view_kept *kept, struct game *g, json_t **prev, long *bad)
{
	g->tick++;
	return view_update_check(kept, &mod, g, "a", prev, bad);
}

static void edit(struct game *g)
{
	int k = g->ng ? (int)below((unsigned)g->ng) : 0;
	switch (below(10)) {
	case 0: /* a general gone */
		if (g->ng > 1) {
			memmove(g->gen + k, g->gen + k + 1,
			        (size_t)(g->ng - k - 1) * sizeof *g->gen);
			memmove(g->bits + k, g->bits + k + 1,
			        (size_t)(g->ng - k - 1) * sizeof *g->bits);
			g->ng--;
		}
		break;
	case 1: /* a general added */
		if (g->ng < MAXG) {
			memmove(g->gen + k + 1, g->gen + k, (size_t)(g->ng - k) * sizeof *g->gen);
			memmove(g->bits + k + 1, g->bits + k,
			        (size_t)(g->ng - k) * sizeof *g->bits);
			g->gen[k] = next_id++;
			g->bits[k] = below(1u << 30) & ((1ull << g->nd) - 1);
			g->ng++;
		}
		break;
	case 2: /* a destination gone: every list's indices shift */
		if (g->nd > 1) {
			int d = (int)below((unsigned)g->nd);
			memmove(g->dest + d, g->dest + d + 1,
			        (size_t)(g->nd - d - 1) * sizeof *g->dest);
			for (int j = 0; j < g->ng; j++) {
				unsigned long long lo = g->bits[j] & ((1ull << d) - 1);
				g->bits[j] = lo | ((g->bits[j] >> (d + 1)) << d);
			}
			g->nd--;
		}
		break;
	case 3:
		g->label = !g->label;
		break;
	case 4:
		g->gone = !g->gone;
		break;
	case 5: /* short: under 512 bytes, replaced whole */
		if (g->ng > 2 && below(3) == 0)
			g->ng = 2;
		break;
	default: /* one general's destinations */
		if (g->ng)
			g->bits[k] ^= 1ull << below((unsigned)g->nd);
		break;
	}
}

int main(void)
{
	struct game g;
	setup(&g);
	struct tg_view_kept kept = {0};
	tg_view_keep_full(&kept, &mod, &g, "a");
	json_t *prev = view(&g, "a");
	long bad = 0;

	/* one general's destinations: one element of choices_by replaced */
	g.bits[4] ^= 1ull << 7;
	json_t *ops = update(&kept, &g, &prev, &bad);
	char *o = view_dump(ops);
	const char *p0 = json_string_value(json_object_get(json_array_get(ops, 0), "path"));
	const char *p1 = json_string_value(json_object_get(json_array_get(ops, 1), "path"));
	CHECKF(json_array_size(ops) == 2 && p0 &&
	           strcmp(p0, "/actions/0/params/1/choices_by/4") == 0 && p1 &&
	           strcmp(p1, "/tick") == 0,
	       "one general's list changed: that list's element replaced, not the entry (%s)",
	       o ? o : "");
	CHECKF(o && strlen(o) < 200, "the patch is short: %zu bytes", o ? strlen(o) : 0);
	free(o);
	json_decref(ops);

	/* a general gone: removed from "unit"'s choices and from choices_by */
	memmove(g.gen + 2, g.gen + 3, (size_t)(g.ng - 3) * sizeof *g.gen);
	memmove(g.bits + 2, g.bits + 3, (size_t)(g.ng - 3) * sizeof *g.bits);
	g.ng--;
	ops = update(&kept, &g, &prev, &bad);
	o = view_dump(ops);
	CHECKF(o && strstr(o, "{\"op\":\"remove\",\"path\":\"/actions/0/params/0/choices/2\"}") &&
	           strstr(o, "{\"op\":\"remove\",\"path\":\"/actions/0/params/1/choices_by/2\"}") &&
	           !strstr(o, "\"path\":\"/actions/0\""),
	       "a general gone: one remove from each list (%s)", o ? o : "");
	free(o);
	json_decref(ops);

	long inside = 0, whole = 0, steps = 0;
	for (int step = 0; step < 3000; step++) {
		edit(&g);
		if (below(50) == 0) { /* start again now and then */
			g.gone = false;
			setup(&g);
		}
		ops = update(&kept, &g, &prev, &bad);
		size_t i;
		json_t *op;
		json_array_foreach(ops, i, op)
		{
			const char *path = json_string_value(json_object_get(op, "path"));
			inside += path && strncmp(path, "/actions/0/", 11) == 0;
			whole += path && strcmp(path, "/actions/0") == 0;
		}
		json_decref(ops);
		steps++;
	}
	CHECKF(bad == 0,
	       "%ld updates: the kept view is the full view, the patch gives it (%ld not)", steps,
	       bad);
	CHECKF(inside > 0 && whole > 0,
	       "entries diffed by their lists (%ld operations) and replaced whole (%ld)", inside,
	       whole);
	CHECKF(kept.nshape == 0 || kept.ishape != NULL, "the lists' stamps are kept (%zu words)",
	       kept.nshape);
	tg_view_kept_clear(&kept);
	json_decref(prev);
	return tap_done();
}
