/* kit/view_sections.c, "An element diffed by its members" (issue 17, the
 * patches' p99 on the wire): a section built item by item (game.h
 * view_items) is kept as its elements' stamps, not their text, so an
 * element changed in place was replaced whole: Lincoln's War's force that
 * gains generals at 7.3's reinforcements was sent whole (about 1 KB for a
 * force of four generals) where one add of the new general and a replace
 * of its stars would do. An object element of 384 bytes or more now keeps
 * its members' stamps (each list member's elements' stamps); changed in
 * place with the same member names it is diffed member by member.
 * A module of two sections, "/forces" built item by item and "/tick":
 *   - a force gains a subordinate: the patch is one add into its
 *     subordinates and a replace of its stars, not the force;
 *   - a force moves: one replace of its hex;
 *   - a small force (under 384 bytes) changed: replaced whole, as before;
 *   - random edits (subordinates added, removed, wounded; forces moved,
 *     added, removed, made small; the co changed): after each, the kept view
 *     is the full view's text, and the patch applied to the previous view
 *     gives the new one (1,000 of them); both kinds of operations are seen. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/kit/view_sections.h"
#include "json_compact.h"
#include "json_patch.h"
#include "tap.h"
#include "view_update_check.h"

#define MAXF 30
#define MAXS 6

struct gen {
	int id, wounds;
};

struct force {
	int hex;
	struct gen co;
	int nsub;
	struct gen sub[MAXS];
};

struct game {
	int nf;
	struct force f[MAXF];
	int tick;
};

static const char *const roles[] = {"a", NULL};
static const char *const sections[] = {"/forces", "/tick", NULL};

static json_t *gen_json(const struct gen *g)
{
	char id[16], name[48];
	snprintf(id, sizeof id, "g%d", g->id);
	snprintf(name, sizeof name, "General Number %d of the Army", g->id);
	return json_pack("{s:s,s:s,s:i,s:b,s:i,s:b,s:i,s:i}", "id", id, "name", name, "stars",
	                 1 + g->id % 2, "cavalry", g->id % 3 == 0, "wounds", g->wounds,
	                 "out_of_supply", 0, "attack", g->id % 4, "defense", 1 + g->id % 3);
}

static json_t *force_json(const struct force *f)
{
	json_t *subs = json_array();
	int stars = 0;
	for (int k = 0; k < f->nsub; k++) {
		json_array_append_new(subs, gen_json(&f->sub[k]));
		stars += 1 + f->sub[k].id % 2;
	}
	return json_pack("{s:i,s:s,s:o,s:b,s:o,s:i}", "hex", f->hex, "side", "union", "co",
	                 gen_json(&f->co), "out_of_supply", 0, "subordinates", subs, "stars",
	                 stars);
}

static bool walk(const struct game *g, const char *role, unsigned i, struct tg_view_items *it)
{
	(void)role;
	if (i != 0)
		return false;
	for (int k = 0; k < g->nf; k++) {
		struct force f = g->f[k];
		memset(f.sub + f.nsub, 0, (size_t)(MAXS - f.nsub) * sizeof *f.sub);
		if (tg_view_item(it, tg_stamp_bytes(0, &f, sizeof f)))
			tg_view_item_set(it, force_json(&g->f[k]));
	}
	return true;
}

static json_t *section(const struct game *g, const char *role, unsigned i)
{
	if (i == 1)
		return json_integer(g->tick);
	struct tg_view_items it;
	tg_view_items_collect(&it);
	walk(g, role, i, &it);
	return tg_view_items_result(&it);
}

static void stamps(const struct game *g, const char *role, uint64_t *st)
{
	(void)g;
	(void)role;
	st[0] = 0; /* walked every time: its elements say what changed */
	st[1] = 0;
}

static json_t *view(const struct game *g, const char *role);

static const struct game_module mod = {
    .id = "members",
    .title = "members",
    .roles = roles,
    .view = view,
    .view_sections = sections,
    .view_stamps = stamps,
    .view_section = section,
    .view_items = walk,
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
	g->nf = 12;
	for (int k = 0; k < g->nf; k++) {
		struct force *f = &g->f[k];
		f->hex = 1000 + 10 * k;
		f->co.id = next_id++;
		f->nsub = k % 4; /* 0: a small force, replaced whole */
		for (int s = 0; s < f->nsub; s++)
			f->sub[s].id = next_id++;
	}
}

/* The update of kept to g, checked (view_update_check.h). */
static json_t *update(struct tg_view_kept *kept, struct game *g, json_t **prev, long *bad)
{
	g->tick++;
	return view_update_check(kept, &mod, g, "a", prev, bad);
}

static void edit(struct game *g)
{
	int k = g->nf ? (int)below((unsigned)g->nf) : 0;
	struct force *f = &g->f[k];
	switch (below(9)) {
	case 0: /* a force gone */
		if (g->nf > 1) {
			memmove(g->f + k, g->f + k + 1, (size_t)(g->nf - k - 1) * sizeof *g->f);
			g->nf--;
		}
		break;
	case 1: /* a force added */
		if (g->nf < MAXF) {
			memmove(g->f + k + 1, g->f + k, (size_t)(g->nf - k) * sizeof *g->f);
			memset(f, 0, sizeof *f);
			f->hex = 2000 + (int)below(900);
			f->co.id = next_id++;
			f->nsub = (int)below(MAXS + 1);
			for (int s = 0; s < f->nsub; s++)
				f->sub[s].id = next_id++;
			g->nf++;
		}
		break;
	case 2: /* a subordinate gone */
		if (g->nf && f->nsub) {
			int s = (int)below((unsigned)f->nsub);
			memmove(f->sub + s, f->sub + s + 1,
			        (size_t)(f->nsub - s - 1) * sizeof *f->sub);
			f->nsub--;
		}
		break;
	case 3: /* the co changed: a subordinate takes command */
		if (g->nf && f->nsub) {
			f->co = f->sub[0];
			memmove(f->sub, f->sub + 1, (size_t)(f->nsub - 1) * sizeof *f->sub);
			f->nsub--;
		}
		break;
	case 4: /* a subordinate wounded */
		if (g->nf && f->nsub)
			f->sub[below((unsigned)f->nsub)].wounds++;
		break;
	case 5: /* moved */
		if (g->nf)
			f->hex += 1 + (int)below(5);
		break;
	case 6: /* made small */
		if (g->nf && below(3) == 0)
			f->nsub = 0;
		break;
	default: /* a subordinate joins */
		if (g->nf && f->nsub < MAXS) {
			int s = (int)below((unsigned)f->nsub + 1);
			memmove(f->sub + s + 1, f->sub + s, (size_t)(f->nsub - s) * sizeof *f->sub);
			f->sub[s] = (struct gen){next_id++, 0};
			f->nsub++;
		}
		break;
	}
}

static const char *op_path(const json_t *ops, size_t i)
{
	return json_string_value(json_object_get(json_array_get(ops, i), "path"));
}

static const char *op_name(const json_t *ops, size_t i)
{
	return json_string_value(json_object_get(json_array_get(ops, i), "op"));
}

int main(void)
{
	struct game g;
	setup(&g);
	struct tg_view_kept kept = {0};
	tg_view_keep_full(&kept, &mod, &g, "a");
	json_t *prev = view(&g, "a");
	long bad = 0;

	/* force 3 (three subordinates) gains a fourth, at the end */
	g.f[3].sub[g.f[3].nsub++] = (struct gen){next_id++, 0};
	json_t *ops = update(&kept, &g, &prev, &bad);
	char *o = view_dump(ops);
	CHECKF(json_array_size(ops) == 3 && op_path(ops, 0) && op_name(ops, 0) &&
	           strcmp(op_name(ops, 0), "add") == 0 &&
	           strcmp(op_path(ops, 0), "/forces/3/subordinates/3") == 0 && op_path(ops, 1) &&
	           strcmp(op_path(ops, 1), "/forces/3/stars") == 0 && op_path(ops, 2) &&
	           strcmp(op_path(ops, 2), "/tick") == 0,
	       "a subordinate joins: one add into the subordinates and the stars replaced, "
	       "not the force (%s)",
	       o ? o : "");
	free(o);
	json_decref(ops);

	/* force 2 moves */
	g.f[2].hex += 3;
	ops = update(&kept, &g, &prev, &bad);
	o = view_dump(ops);
	CHECKF(json_array_size(ops) == 2 && op_path(ops, 0) &&
	           strcmp(op_path(ops, 0), "/forces/2/hex") == 0,
	       "a force moves: its hex replaced (%s)", o ? o : "");
	free(o);
	json_decref(ops);

	/* force 4 has no subordinate: under 384 bytes, replaced whole */
	g.f[4].hex += 3;
	ops = update(&kept, &g, &prev, &bad);
	o = view_dump(ops);
	CHECKF(json_array_size(ops) == 2 && op_path(ops, 0) &&
	           strcmp(op_path(ops, 0), "/forces/4") == 0,
	       "a small force moves: replaced whole (%s)", o ? o : "");
	free(o);
	json_decref(ops);

	long inside = 0, whole = 0, steps = 0;
	for (int step = 0; step < 1000; step++) {
		int edits = 1 + (int)below(3);
		for (int e = 0; e < edits; e++)
			edit(&g);
		if (below(60) == 0) /* start again now and then */
			setup(&g);
		ops = update(&kept, &g, &prev, &bad);
		size_t i;
		json_t *op;
		json_array_foreach(ops, i, op)
		{
			const char *path = json_string_value(json_object_get(op, "path"));
			const char *name = json_string_value(json_object_get(op, "op"));
			if (!path || !name || strncmp(path, "/forces/", 8) != 0)
				continue;
			const char *rest = strchr(path + 8, '/');
			inside += rest != NULL;
			whole += !rest && strcmp(name, "replace") == 0;
		}
		json_decref(ops);
		steps++;
	}
	CHECKF(bad == 0,
	       "%ld updates: the kept view is the full view, the patch gives it (%ld not)", steps,
	       bad);
	CHECKF(inside > 0 && whole > 0,
	       "forces diffed by their members (%ld operations) and replaced whole (%ld)", inside,
	       whole);
	tg_view_kept_clear(&kept);
	json_decref(prev);
	return tap_done();
}
