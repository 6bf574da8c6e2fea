/* test_undo_spans.c — what every flat game says an action wrote (game.h
 * game_outcome.before) is true, and the daemon's undo base kept from it is
 * the base (issue 17, session 26: the base's runs are brought up to date
 * from those spans alone, core/undo_base.c, so a write the spans miss is a
 * wrong undo, not a slower one).
 *
 * Random games of Lincoln's War, Birth of a Legend and the fixture game,
 * random legal actions (offer_fill.h, as the playouts pick them). Before
 * each action the test keeps a whole copy of the state; after an accepted
 * one it checks that
 *   - the spans are sorted, do not overlap and lie inside the state;
 *   - each span's bytes before are the copy's bytes there;
 *   - every byte the action changed lies in a span;
 *   - the runs brought up to date from the spans (tg_byte_runs_update, as
 *     the daemon does) equal, byte for byte, the runs of a whole diff of a
 *     whole copy of the base (taken at every barrier) and the state, and
 *     give that base back.
 * A refused action must leave the state as it was (game.h act), byte for
 * byte: the daemon keeps no copy to put it back.
 *
 * A game may name narrower spans than "all it might write" when it knows
 * parts no action writes: Lincoln's War leaves out the unit and city slots
 * past n_units and n_cities (issue 17, session 28: 2.5 KB an action less
 * for the daemon to compare); the test checks that no span covers them. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "kit/rng.h"
#include "lw_state.h"
#include "offer_fill.h"
#include "tap.h"
#include "util/byte_runs.h"

extern const struct game_module lincolns_war_module;
extern const struct game_module birth_of_a_legend_module;
extern const struct game_module fixture_duel_module;

struct tally {
	long acts, spans_bad, before_bad, missed, runs_bad, refused_changed, barriers, refused;
	long unused_covered; /* actions with a span over a part the game says no action writes */
	size_t span_bytes;
};

static bool same_runs(const struct tg_byte_runs *a, const struct tg_byte_runs *b)
{
	return a->len == b->len && a->runs == b->runs &&
	       (a->len == 0 || memcmp(a->buf, b->buf, a->len) == 0);
}

/* The parts of a game's state no action writes, [from[i], to[i]) for i
 * below the count returned (the spans must leave them out). */
typedef size_t (*unused_fn)(const unsigned char *state, size_t from[], size_t to[]);

/* Lincoln's War: the unit and city slots past the counts set at setup. */
static size_t lw_unused(const unsigned char *state, size_t from[], size_t to[])
{
	uint16_t nu, nc;
	memcpy(&nu, state + offsetof(struct lw_state, n_units), sizeof nu);
	memcpy(&nc, state + offsetof(struct lw_state, n_cities), sizeof nc);
	from[0] = offsetof(struct lw_state, unit) + nu * sizeof(struct lw_unit);
	to[0] = offsetof(struct lw_state, unit) + LW_MAX_UNITS * sizeof(struct lw_unit);
	from[1] = offsetof(struct lw_state, city) + nc * sizeof(struct lw_city_state);
	to[1] = offsetof(struct lw_state, city) + LW_MAX_CITIES * sizeof(struct lw_city_state);
	return 2;
}

/* The spans' own checks and the changed bytes against them. */
static void check_spans(const struct game_outcome *o, const unsigned char *pre,
                        const unsigned char *cur, size_t n, unused_fn unused, struct tally *t)
{
	if (!o->before) {
		t->spans_bad++;
		return;
	}
	size_t prev = 0;
	bool bad = false;
	for (size_t i = 0; i < o->nbefore; i++) {
		const struct tg_byte_span *s = &o->before[i];
		if (s->at < prev || s->at > n || s->len > n - s->at) {
			bad = true;
			break;
		}
		if (memcmp(s->before, pre + s->at, s->len) != 0)
			t->before_bad++;
		prev = s->at + s->len;
		t->span_bytes += s->len;
	}
	size_t from[4], to[4], nu = unused ? unused(cur, from, to) : 0;
	for (size_t i = 0; i < o->nbefore && !bad; i++)
		for (size_t j = 0; j < nu; j++)
			if (from[j] < to[j] && o->before[i].at < to[j] &&
			    o->before[i].at + o->before[i].len > from[j]) {
				t->unused_covered++;
				i = o->nbefore;
				break;
			}
	if (bad) {
		t->spans_bad++;
		return;
	}
	/* every changed byte inside a span (the spans are sorted) */
	size_t k = 0;
	for (size_t i = 0; i < n; i++) {
		if (pre[i] == cur[i])
			continue;
		while (k < o->nbefore && o->before[k].at + o->before[k].len <= i)
			k++;
		if (k == o->nbefore || o->before[k].at > i) {
			t->missed++;
			return;
		}
	}
}

/* Every boolean option of mod on (Lincoln's War's Irregulars write the
 * log after the action proper: 23.2.5), or NULL. */
static json_t *all_options(const struct game_module *mod)
{
	json_t *list = mod->options ? mod->options() : NULL, *on = json_object(), *v;
	const char *key;
	json_object_foreach(list, key, v)
	{
		const char *type = json_string_value(json_object_get(v, "type"));
		if (type && strcmp(type, "boolean") == 0)
			json_object_set_new(on, key, json_true());
	}
	json_decref(list);
	return on;
}

static void play(const struct game_module *mod, const char *scenario, uint32_t seed, bool opts,
                 int max, unused_fn unused, struct tally *t)
{
	uint8_t sb[TG_SEED_BYTES] = {0};
	memcpy(sb, &seed, sizeof seed);
	struct tg_error err = {0};
	json_t *options = opts ? all_options(mod) : NULL;
	struct game *g = mod->setup(sb, scenario, options, &err);
	json_decref(options);
	CHECKF(g != NULL, "%s %s: set up (%s)", mod->id, scenario, err.message);
	if (!g)
		return;
	size_t n = mod->flat_size;
	unsigned char *pre = malloc(n), *base = malloc(n), *made = malloc(n);
	memcpy(base, g, n);
	struct tg_byte_runs runs = {0}, whole = {0}, scratch = {0};
	struct tg_rng r;
	tg_rng_init(&r, sb);
	for (int step = 0; step < max; step++) {
		struct game_status st;
		mod->status(g, &st);
		if (st.finished || !st.awaiting)
			break;
		int role = 0, k = (int)tg_rng_below(&r, (uint32_t)__builtin_popcount(st.awaiting));
		while (!(st.awaiting >> role & 1u) || k-- > 0)
			role++;
		json_t *view = mod->view(g, mod->roles[role]);
		const json_t *entry =
		    tg_offer_pick(json_object_get(view, "actions"), &r, NULL, NULL, 0, 1);
		json_t *a = entry ? tg_offer_fill(entry, &r, NULL) : NULL;
		json_decref(view);
		if (!a)
			break;
		memcpy(pre, g, n);
		struct game_outcome o = {0};
		if (mod->act(g, mod->roles[role], a, &o, &err) != 0) {
			/* a refused offer (a few games refuse what they offered when
			 * a choice's combination breaks a rule): nothing changed */
			t->refused++;
			if (memcmp(pre, g, n) != 0)
				t->refused_changed++;
			json_decref(a);
			continue;
		}
		json_decref(a);
		t->acts++;
		check_spans(&o, pre, (const unsigned char *)g, n, unused, t);
		if (o.barrier) { /* the daemon's base goes: the state is the base */
			t->barriers++;
			memcpy(base, g, n);
			tg_byte_runs_clear(&runs);
			continue;
		}
		bool ok = o.before &&
		          tg_byte_runs_update(&runs, &scratch, g, n, o.before, o.nbefore) == 0 &&
		          tg_byte_runs_diff(&whole, base, g, n) == 0 && same_runs(&runs, &whole);
		memcpy(made, g, n);
		if (!ok || !tg_byte_runs_apply(&runs, made, n) || memcmp(made, base, n) != 0)
			t->runs_bad++;
	}
	tg_byte_runs_clear(&runs);
	tg_byte_runs_clear(&whole);
	tg_byte_runs_clear(&scratch);
	free(pre);
	free(base);
	free(made);
	mod->free(g);
}

static void game(const struct game_module *mod, int games, int max, unused_fn unused)
{
	struct tally t = {0};
	for (int i = 0; i < games; i++) {
		int scn = 0;
		while (mod->scenarios[scn + 1].id && scn < i)
			scn++;
		play(mod, mod->scenarios[scn].id, 1000u + (uint32_t)i, i % 2 == 1, max, unused, &t);
	}
	printf("# %s: %ld actions (%ld barriers, %ld refused), %.0f span bytes an action of %zu\n",
	       mod->id, t.acts, t.barriers, t.refused, t.acts ? (double)t.span_bytes / t.acts : 0.0,
	       mod->flat_size);
	CHECKF(t.acts > 0, "%s: actions played", mod->id);
	CHECKF(t.spans_bad == 0, "%s: %ld actions without spans, or out of order", mod->id,
	       t.spans_bad);
	CHECKF(t.before_bad == 0, "%s: %ld spans whose bytes before are not the state's", mod->id,
	       t.before_bad);
	CHECKF(t.missed == 0, "%s: %ld actions changed a byte outside their spans", mod->id,
	       t.missed);
	CHECKF(t.runs_bad == 0, "%s: %ld actions after which the runs are not the base's", mod->id,
	       t.runs_bad);
	CHECKF(t.unused_covered == 0, "%s: %ld actions whose spans cover a part no action writes",
	       mod->id, t.unused_covered);
	CHECKF(t.refused_changed == 0, "%s: %ld refused actions changed the state", mod->id,
	       t.refused_changed);
}

int main(void)
{
	CHECKF(lincolns_war_module.flat_size == sizeof(struct lw_state),
	       "Lincoln's War's flat state is its struct lw_state");
	game(&lincolns_war_module, 4, 4000, lw_unused);
	game(&birth_of_a_legend_module, 4, 4000, NULL);
	game(&fixture_duel_module, 20, 200, NULL);
	return tap_done();
}
