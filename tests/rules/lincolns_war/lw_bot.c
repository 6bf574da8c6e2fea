/* lw_bot.c — see lw_bot.h. */
#include "lw_bot.h"

#include "kit/param_by.h"
#include "lincolns_war/lw_engine.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void lw_bot_init(struct lw_bot *b, uint64_t seed)
{
	b->x = seed ? seed : 0x9e3779b97f4a7c15ull;
	b->prudent = 0;
	b->seek = 0;
	b->war = 0;
}

void lw_bot_seek_war_aims(struct lw_bot *b, bool on)
{
	b->war = on ? 1 : 0;
}

void lw_bot_seek_sieges(struct lw_bot *b, bool on)
{
	b->seek = on ? 1 : 0;
}

void lw_bot_init_prudent(struct lw_bot *b, uint64_t seed)
{
	lw_bot_init(b, seed);
	b->prudent = 1;
}

static uint64_t next(struct lw_bot *b)
{
	b->x ^= b->x >> 12;
	b->x ^= b->x << 25;
	b->x ^= b->x >> 27;
	return b->x * 0x2545f4914f6cdd1dull;
}

uint32_t lw_bot_below(struct lw_bot *b, uint32_t n)
{
	return n ? (uint32_t)(next(b) % n) : 0;
}

static const json_t *act_of(const json_t *entry)
{
	return json_object_get(entry, "action");
}

/* The enemy force in a city at hex: 1 single, 2 minor, 3 major; 0 none. */
static int enemy_city_force(const json_t *board, const char *role, json_int_t hex)
{
	bool city = false;
	int kind = 0;
	size_t i;
	json_t *x;
	json_array_foreach(json_object_get(board, "cities"), i, x)
	{
		city |= json_integer_value(json_object_get(x, "hex")) == hex;
	}
	json_array_foreach(json_object_get(board, "forces"), i, x)
	{
		const char *side = json_string_value(json_object_get(x, "side"));
		const char *k = json_string_value(json_object_get(x, "kind"));
		if (json_integer_value(json_object_get(x, "hex")) == hex && side && k &&
		    strcmp(side, role) != 0)
			kind = k[0] == 's' ? 1 : k[1] == 'i' ? 2 : 3;
	}
	return city ? kind : 0;
}

/* The stars of the own force whose CO is `id` (the owner sees them). */
static int own_stars(const json_t *board, const char *id)
{
	size_t i;
	json_t *x;
	json_array_foreach(json_object_get(board, "forces"), i, x)
	{
		const char *co = json_string_value(json_object_get(json_object_get(x, "co"), "id"));
		if (co && id && strcmp(co, id) == 0)
			return (int)json_integer_value(json_object_get(x, "stars"));
	}
	return 0;
}

static bool is(const char *t, const char *want)
{
	return t && strcmp(t, want) == 0;
}

/* The hex of the own force whose CO is `id`, or -1. */
static int own_hex(const json_t *board, const char *id)
{
	size_t i;
	json_t *x;
	json_array_foreach(json_object_get(board, "forces"), i, x)
	{
		const char *co = json_string_value(json_object_get(json_object_get(x, "co"), "id"));
		if (co && id && strcmp(co, id) == 0)
			return (int)json_integer_value(json_object_get(x, "hex"));
	}
	return -1;
}

static bool activates(const json_t *a)
{
	const char *t = json_string_value(json_object_get(a, "type"));
	return t && json_object_get(a, "general") &&
	       (is(t, "activate") ||
	        (is(t, "play") && is(json_string_value(json_object_get(a, "use")), "activate")));
}

/* The siege-seeking policy's score of an offered action (0: no preference):
 * a siege or assault decision; standing rather than withdrawing; an attack
 * on the weakest enemy force in a city; activating the biggest own force. */
static int seek_score(const json_t *board, const char *role, const json_t *a)
{
	static const char *const first[] = {
	    "offer_siege",   "besiege", "siege_press", "river_assault",
	    "ocean_assault", "stand",   NULL};
	const char *t = json_string_value(json_object_get(a, "type"));
	for (int f = 0; t && first[f]; f++)
		if (strcmp(t, first[f]) == 0)
			return 1000;
	if (is(t, "attack")) {
		int kind =
		    enemy_city_force(board, role, json_integer_value(json_object_get(a, "target")));
		return kind ? 900 - kind : 0;
	}
	if (activates(a))
		return 1 + own_stars(board, json_string_value(json_object_get(a, "general")));
	return 0;
}

/* The enemy force at hex as the view shows it: its CO's stars (public,
 * 11.0.1) and its kind (1 single, 2 minor, 3 major); false if none. */
static bool enemy_force_at(const json_t *board, const char *role, json_int_t hex, int *co_stars,
                           int *kind)
{
	size_t i;
	json_t *x;
	json_array_foreach(json_object_get(board, "forces"), i, x)
	{
		const char *side = json_string_value(json_object_get(x, "side"));
		const char *k = json_string_value(json_object_get(x, "kind"));
		if (json_integer_value(json_object_get(x, "hex")) != hex || !side || !k ||
		    strcmp(side, role) == 0)
			continue;
		*co_stars =
		    (int)json_integer_value(json_object_get(json_object_get(x, "co"), "stars"));
		*kind = k[0] == 's' ? 1 : k[1] == 'i' ? 2 : 3;
		return true;
	}
	return false;
}

/* The war-aims policy's marching goals, read once a choice: the cities of
 * the enemy's own territory (19.2 "north of the border" for the
 * Confederate; the five cities of 7.1.9 for the Union) that the enemy owns
 * and no enemy force holds. */
struct war_goals {
	int hex[128];
	int n;
};

static void war_goals(const json_t *board, const char *role, struct war_goals *w)
{
	int enemy = is(role, "union") ? LW_CONFEDERATE : LW_UNION;
	int held[256], nh = 0;
	size_t i;
	json_t *x;
	json_array_foreach(json_object_get(board, "forces"), i, x)
	{
		const char *side = json_string_value(json_object_get(x, "side"));
		if (side && strcmp(side, role) != 0 && nh < 256)
			held[nh++] = (int)json_integer_value(json_object_get(x, "hex"));
	}
	w->n = 0;
	json_array_foreach(json_object_get(board, "cities"), i, x)
	{
		const char *owner = json_string_value(json_object_get(x, "owner"));
		int h = (int)json_integer_value(json_object_get(x, "hex"));
		bool taken = false;
		for (int k = 0; k < nh && !taken; k++)
			taken = held[k] == h;
		if (owner && strcmp(owner, role) != 0 && !taken && lw_hex_in_territory(h, enemy) &&
		    w->n < 128)
			w->hex[w->n++] = h;
	}
}

/* Hex steps from hex to the nearest goal (a large number if none). */
static int goal_distance(const struct war_goals *w, int hex)
{
	const struct tg_hexgrid *grid = &lw_D()->grid;
	int best = 1 << 20;
	for (int i = 0; i < w->n; i++) {
		int d = tg_hex_distance(grid, hex, w->hex[i]);
		if (d >= 0 && d < best)
			best = d;
	}
	return best;
}

/* Turns after this one in the game (board.turn.index against the last
 * turn of board.scenario, from the static, public scenario data). */
static int turns_left(const json_t *board)
{
	static const char *const ids[LW_SCN_COUNT] = {"campaign", "introductory", "tournament"};
	json_int_t scn = json_integer_value(json_object_get(board, "scenario"));
	const json_t *turn = json_object_get(board, "turn");
	if (json_is_true(json_object_get(turn, "last")) || scn < 0 || scn >= LW_SCN_COUNT)
		return 0;
	const struct lw_scenario *sc = lw_data_scenario(lw_D(), ids[scn]);
	int left = sc ? sc->last_turn - (int)json_integer_value(json_object_get(turn, "index")) : 0;
	return left > 0 ? left : 0;
}

/* The war-aims policy's score of an offered action (lw_bot.h). */
static int war_score(const json_t *board, const char *role, const struct war_goals *w,
                     const json_t *a)
{
	const char *t = json_string_value(json_object_get(a, "type"));
	/* 7.1.9: the Union's plot when it may. The Confederate's on the last
	 * turn, when the Union may not answer but by 7.1.9.3; or at once while
	 * two turns or more are left (the five cities may not last), so that a
	 * success leaves the Union Administration Phases to buy his own; with
	 * one turn left he waits for the last. */
	if (is(t, "buy_assassination_plot")) {
		int left = turns_left(board);
		return is(role, "union") || left == 0 || left >= 2 ? 1100 : 0;
	}
	if (is(t, "attack")) {
		json_int_t hex = json_integer_value(json_object_get(a, "target"));
		int co = 0, kind = 0;
		if (enemy_force_at(board, role, hex, &co, &kind)) {
			/* 19.1: a Confederate CO of two or three stars, six stars or more */
			if (is(role, "union") && co >= 2 && kind >= 2)
				return 950;
			/* 19.2: a Union three-star CO, north of the border or in
			 * Washington before Spring 1863 */
			if (is(role, "confederate") && co == 3)
				return lw_hex_in_territory((int)hex, LW_UNION) ? 970 : 950;
		}
		int k = enemy_city_force(board, role, hex);
		if (k)
			return 900 - k;
		/* 16.1.2: an empty enemy city is taken by attacking it */
		return goal_distance(w, (int)hex) == 0 ? 880 : 0;
	}
	if (is(t, "move")) {
		int to = (int)json_integer_value(json_object_get(a, "to"));
		const json_t *from = json_object_get(json_object_get(board, "play"), "moving_from");
		int d_to = goal_distance(w, to);
		if (d_to == 0)
			return 850; /* a bracketed enemy city (16.1.2) */
		if (json_is_integer(from) && d_to < goal_distance(w, (int)json_integer_value(from)))
			return 600;
		return 0;
	}
	/* a force within three hexes of a goal first, the biggest first */
	if (activates(a)) {
		const char *id = json_string_value(json_object_get(a, "general"));
		int hex = own_hex(board, id);
		return (hex >= 0 && goal_distance(w, hex) <= 3 ? 100 : 0) + 1 +
		       own_stars(board, id);
	}
	return seek_score(board, role, a);
}

/* The pick of the siege-seeking and war-aims policies among the offered
 * entries, or -1: the best tier offered, chosen nine times in ten (three
 * in four under the war-aims policy alone). */
static int seek_pick(struct lw_bot *b, const json_t *v, const char *role, const json_t *acts)
{
	const json_t *board = json_object_get(v, "board");
	size_t k = json_array_size(acts), idx[256];
	int n = 0, best = 0;
	struct war_goals goals = {.n = 0};
	if (b->war)
		war_goals(board, role, &goals);
	for (size_t i = 0; i < k && i < 256; i++) {
		const json_t *a = act_of(json_array_get(acts, i));
		int score = b->seek ? seek_score(board, role, a) : 0;
		if (b->war) {
			int w = war_score(board, role, &goals, a);
			score = w > score ? w : score;
		}
		if (score > best) {
			best = score;
			n = 0;
		}
		if (score && score == best)
			idx[n++] = i;
	}
	if (n == 0 || lw_bot_below(b, b->seek ? 10 : 4) == 0)
		return -1;
	return (int)idx[lw_bot_below(b, (uint32_t)n)];
}

/* 7.1 purchases: they turn PC into something else. CSP count too: unused
 * CSP are removed after Victory Determination (21.1), so buying them each
 * turn drains the track as surely as a promotion. */
static bool spends_pc(const json_t *action)
{
	const char *t = json_string_value(json_object_get(action, "type"));
	if (!t)
		return false;
	static const char *const buys[] = {"promote",     "draft",      "rehabilitate",
	                                   "appoint_gic", "appoint_co", NULL};
	for (int i = 0; buys[i]; i++)
		if (strcmp(t, buys[i]) == 0)
			return true;
	return strncmp(t, "buy_", 4) == 0;
}

/* The prudent policy (lw_bot.h): one purchase in five choices where others
 * are offered, and none below 4 PC. */
static size_t pick_entry(struct lw_bot *b, const json_t *view, const char *role, const json_t *acts)
{
	size_t k = json_array_size(acts);
	int seek = b->seek || b->war ? seek_pick(b, view, role, acts) : -1;
	if (seek >= 0)
		return (size_t)seek;
	if (!b->prudent)
		return lw_bot_below(b, (uint32_t)k);
	json_int_t pc = json_integer_value(json_object_get(
	    json_object_get(json_object_get(json_object_get(view, "board"), "players"), role),
	    "pc"));
	size_t spend[512], other[512], ns = 0, no = 0;
	for (size_t i = 0; i < k && i < 512; i++) {
		if (spends_pc(json_object_get(json_array_get(acts, i), "action")))
			spend[ns++] = i;
		else
			other[no++] = i;
	}
	if (no == 0)
		return spend[lw_bot_below(b, (uint32_t)ns)];
	if (ns && pc >= 4 && lw_bot_below(b, 5) == 0)
		return spend[lw_bot_below(b, (uint32_t)ns)];
	return other[lw_bot_below(b, (uint32_t)no)];
}

static int by_key(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int by_value(const void *a, const void *b)
{
	json_int_t x = json_integer_value(json_object_get(*(json_t *const *)a, "value"));
	json_int_t y = json_integer_value(json_object_get(*(json_t *const *)b, "value"));
	return (x > y) - (x < y);
}

/* 9.1: the Rail Phase offers each mode's (general, destination) pairs as
 * an entry with params "unit" and "to", "to" by "unit" (issue 17); the bot chooses as it
 * did when each general and mode was an entry of his own with his
 * destinations, in unit order, with his force first, the destinations in
 * the data's (hex id) order. Appended to out. */
static void rail_candidates(const struct lw_state *s, const json_t *acts, json_t *out)
{
	static json_t *dests[LW_MAX_UNITS][2];
	size_t i;
	json_t *e;
	json_array_foreach(acts, i, e)
	{
		const json_t *a = json_object_get(e, "action");
		const json_t *ps = json_object_get(e, "params");
		if (strcmp(json_string_value(json_object_get(a, "type")), "rail") != 0)
			continue;
		int f = json_is_true(json_object_get(a, "force")) ? 0 : 1;
		const json_t *units = json_object_get(json_array_get(ps, 0), "choices");
		const json_t *pto = json_array_get(ps, 1);
		const json_t *to = json_object_get(pto, "choices");
		size_t c, k;
		json_t *x, *y;
		json_array_foreach(units, c, x)
		{
			int u = lw_unit_by_id(s, json_string_value(json_object_get(x, "value")));
			if (u < 0 || u >= LW_MAX_UNITS)
				continue;
			if (!dests[u][f])
				dests[u][f] = json_array();
			/* his destinations: the open ones (kit/param_by.h) */
			json_array_foreach(to, k, y)
			{
				if (tg_param_open(pto, c, k))
					json_array_append(dests[u][f], y);
			}
		}
	}
	char id[48];
	for (int u = 0; u < LW_MAX_UNITS; u++)
		for (int f = 0; f < 2; f++) {
			json_t *d = dests[u][f];
			if (!d)
				continue;
			dests[u][f] = NULL;
			size_t n = json_array_size(d);
			json_t **v = malloc(n * sizeof *v);
			for (size_t k = 0; v && k < n; k++)
				v[k] = json_array_get(d, k);
			if (v)
				qsort(v, n, sizeof *v, by_value);
			json_t *sorted = json_array();
			for (size_t k = 0; v && k < n; k++)
				json_array_append(sorted, v[k]);
			free(v);
			json_decref(d);
			json_array_append_new(
			    out, json_pack("{s:s,s:{s:s,s:s,s:b},s:[{s:s,s:o}]}", "label", "rail",
			                   "action", "type", "rail", "unit",
			                   lw_unit_id(s, u, id, sizeof id), "force", f == 0,
			                   "params", "name", "to", "choices", sorted));
		}
}

/* 10.7.3.1: the designation is offered as one entry with params "first"
 * and "second", "second" by "first" (issue 17); the bot chooses as it did
 * when each first force was an entry of its own with his seconds ("none"
 * first, then in unit order). Appended to out. */
static void designation_candidates(const json_t *e, json_t *out)
{
	const json_t *ps = json_object_get(e, "params");
	const json_t *pf = json_array_get(ps, 0), *p2 = json_array_get(ps, 1);
	size_t c, k;
	json_t *x, *y;
	json_array_foreach(json_object_get(pf, "choices"), c, x)
	{
		json_t *open = json_array();
		json_array_foreach(json_object_get(p2, "choices"), k, y)
		{
			if (tg_param_open(p2, c, k))
				json_array_append(open, y);
		}
		json_t *a = json_deep_copy(json_object_get(e, "action"));
		json_object_set(a, "first", json_object_get(x, "value"));
		json_array_append_new(out, json_pack("{s:O,s:o,s:[{s:s,s:o}]}", "label",
		                                     json_object_get(x, "label"), "action", a,
		                                     "params", "name", "second", "choices", open));
	}
}

/* 8.1: a piece kind's naval moves are offered as one entry with params
 * "from" and "to", "to" by "from" (issue 17); the bot chooses as it did
 * when each (from, to) pair was an entry of its own: froms in the offer's
 * order, each one's destinations in the order they are walked (the
 * entry's "to" order). Appended to out. */
static void naval_candidates(const json_t *e, json_t *out)
{
	const json_t *ps = json_object_get(e, "params");
	const json_t *pf = json_array_get(ps, 0), *pt = json_array_get(ps, 1);
	size_t c, k;
	json_t *x, *y;
	json_array_foreach(json_object_get(pf, "choices"), c, x)
	{
		json_array_foreach(json_object_get(pt, "choices"), k, y)
		{
			if (!tg_param_open(pt, c, k))
				continue;
			json_t *a = json_deep_copy(json_object_get(e, "action"));
			json_object_set(a, "from", json_object_get(x, "value"));
			json_object_set(a, "to", json_object_get(y, "value"));
			json_array_append_new(out,
			                      json_pack("{s:O,s:o}", "label",
			                                json_object_get(e, "label"), "action", a));
		}
	}
}

/* 8.1.2: an asset's river moves are one entry, the destination its param
 * "hex", and the chosen violation of Kentucky (8.1.2.2) one more entry
 * right after it, its border destinations the param (issue 17). The bot
 * chooses as it did when each move was an entry: destination by
 * destination, the violation right after the plain move to the same hex
 * (both lists are in the cities' order, the second a part of the first).
 * acts[*i] is the plain entry; *i is left on the last entry used. */
static void asset_candidates(const json_t *acts, size_t *i, json_t *out)
{
	const json_t *e = json_array_get(acts, *i), *k = NULL;
	const json_t *a0 = json_object_get(e, "action");
	const json_t *n = json_array_get(acts, *i + 1);
	const json_t *na = json_object_get(n, "action");
	const char *nt = json_string_value(json_object_get(na, "type"));
	if (nt && strcmp(nt, "asset_move") == 0 &&
	    json_is_true(json_object_get(na, "violate_kentucky")) &&
	    json_equal(json_object_get(na, "asset"), json_object_get(a0, "asset"))) {
		k = n;
		++*i;
	}
	const json_t *pc =
	    json_object_get(json_array_get(json_object_get(e, "params"), 0), "choices");
	const json_t *kc =
	    json_object_get(json_array_get(json_object_get(k, "params"), 0), "choices");
	size_t c, kn = 0;
	json_t *x;
	json_array_foreach(pc, c, x)
	{
		json_t *hex = json_object_get(x, "value");
		json_t *a = json_pack("{s:s,s:O,s:O}", "type", "asset_move", "asset",
		                      json_object_get(a0, "asset"), "hex", hex);
		json_array_append_new(
		    out, json_pack("{s:O,s:o}", "label", json_object_get(e, "label"), "action", a));
		const json_t *y = json_array_get(kc, kn);
		if (y && json_equal(json_object_get(y, "value"), hex)) {
			kn++;
			a = json_pack("{s:s,s:O,s:O,s:b}", "type", "asset_move", "asset",
			              json_object_get(a0, "asset"), "hex", hex, "violate_kentucky",
			              1);
			json_array_append_new(out,
			                      json_pack("{s:O,s:o}", "label",
			                                json_object_get(k, "label"), "action", a));
		}
	}
}

static void expand(json_t *out, const json_t *e, json_t *a, const json_t *params, size_t i)
{
	const json_t *p = json_array_get(params, i);
	if (!p) {
		json_array_append_new(out,
		                      json_pack("{s:O,s:o}", "label", json_object_get(e, "label"),
		                                "action", json_deep_copy(a)));
		return;
	}
	const char *name = json_string_value(json_object_get(p, "name"));
	size_t c;
	json_t *x;
	json_array_foreach(json_object_get(p, "choices"), c, x)
	{
		json_object_set(a, name, json_object_get(x, "value"));
		expand(out, e, a, params, i + 1);
	}
	json_object_del(a, name);
}

/* 13.2.4: a cavalry unit's forays are offered as one entry per kind, the
 * hex a param (issue 17); the bot chooses as it did when each hex and kind
 * was an entry: in the order of the hexes next to him (tg_hex_neighbours),
 * a raid before an RIT. acts[*i] is the unit's first foray entry; its
 * others follow it. Appended to out; *i is left on the unit's last. */
static void foray_candidates(const struct lw_state *s, const json_t *acts, size_t *i, json_t *out)
{
	const json_t *a0 = json_object_get(json_array_get(acts, *i), "action");
	const char *unit = json_string_value(json_object_get(a0, "unit"));
	size_t last = *i;
	while (last + 1 < json_array_size(acts)) {
		const json_t *a = json_object_get(json_array_get(acts, last + 1), "action");
		const char *t = json_string_value(json_object_get(a, "type"));
		const char *v = json_string_value(json_object_get(a, "unit"));
		if (!t || strcmp(t, "foray") != 0 || !v || !unit || strcmp(v, unit) != 0)
			break;
		last++;
	}
	int u = lw_unit_by_id(s, unit);
	int nb[6], n = u >= 0 ? tg_hex_neighbours(&lw_D()->grid, s->unit[u].hex, nb) : 0;
	for (int k = 0; k < n; k++)
		for (size_t j = *i; j <= last; j++) {
			json_t *e = json_array_get(acts, j);
			json_t *ch = json_object_get(
			    json_array_get(json_object_get(e, "params"), 0), "choices");
			size_t c;
			json_t *x;
			json_array_foreach(ch, c, x)
			{
				if (json_integer_value(json_object_get(x, "value")) != nb[k])
					continue;
				json_t *a = json_deep_copy(json_object_get(e, "action"));
				json_object_set_new(a, "target", json_integer(nb[k]));
				json_array_append_new(out, json_pack("{s:O,s:o}", "label",
				                                     json_object_get(e, "label"),
				                                     "action", a));
			}
		}
	*i = last;
}

/* 7.1: the Administration Phase offers each purchase of a general as one
 * entry, the general its param (issue 17); expanded, the bot's candidates
 * are put back in the order of the entries it chose among before, general
 * by general in unit order, each general's purchases in the order below. */
static int admin_rank(const json_t *cand)
{
	static const char *const kinds[] = {"promote", "draft", "rehabilitate", "appoint_gic",
	                                    "appoint_co"};
	const char *t = json_string_value(json_object_get(json_object_get(cand, "action"), "type"));
	for (int i = 0; t && i < 5; i++)
		if (strcmp(t, kinds[i]) == 0)
			return i;
	return -1;
}

static void admin_order(const struct lw_state *s, json_t *out)
{
	size_t n = json_array_size(out), from = 0;
	while (from < n && admin_rank(json_array_get(out, from)) < 0)
		from++;
	size_t to = from;
	while (to < n && admin_rank(json_array_get(out, to)) >= 0)
		to++;
	if (to - from < 2)
		return;
	json_t **v = malloc((to - from) * sizeof *v);
	long *key = malloc((to - from) * sizeof *key);
	if (!v || !key) {
		free(v);
		free(key);
		return;
	}
	for (size_t i = from; i < to; i++) { /* a stable insertion sort */
		json_t *c = json_incref(json_array_get(out, i));
		const char *g =
		    json_string_value(json_object_get(json_object_get(c, "action"), "general"));
		long k = (long)lw_unit_by_id(s, g ? g : "") * 8 + admin_rank(c);
		size_t j = i - from;
		while (j > 0 && key[j - 1] > k) {
			v[j] = v[j - 1];
			key[j] = key[j - 1];
			j--;
		}
		v[j] = c;
		key[j] = k;
	}
	for (size_t i = from; i < to; i++)
		json_array_set_new(out, i, v[i - from]);
	free(v);
	free(key);
}

/* 10.6.2: the CARD step offers the activations as one entry, the cards
 * and the generals its params, the general "by" the card (issue 17; before
 * it, one entry per activation cost); the bot chooses as it did when the
 * cards whose PC activate the same generals made one entry, placed after
 * the "pc" entry of the first of them: each card's generals in unit order,
 * the cards in the hand's order (the order of their first appearance). groups[k] (the candidates of
 * the group whose first card is card[k]) is set for each such card; the number of cards is
 * returned. */
static int activation_groups(const struct lw_state *s, const json_t *acts, int *card,
                             json_t **groups, int max)
{
	int n = 0;
	static json_t *gens[64]; /* each card's {unit index: general id} */
	size_t i;
	json_t *e;
	json_array_foreach(acts, i, e)
	{
		const json_t *a = json_object_get(e, "action");
		const char *t = json_string_value(json_object_get(a, "type"));
		const char *use = json_string_value(json_object_get(a, "use"));
		if (!t || strcmp(t, "play") != 0 || !use || strcmp(use, "activate") != 0)
			continue;
		const json_t *cs = NULL, *gs = NULL, *gby = NULL, *p;
		size_t k;
		json_array_foreach(json_object_get(e, "params"), k, p)
		{
			const char *nm = json_string_value(json_object_get(p, "name"));
			if (nm && strcmp(nm, "card") == 0)
				cs = json_object_get(p, "choices");
			else if (nm && strcmp(nm, "general") == 0) {
				gs = json_object_get(p, "choices");
				gby = json_object_get(p, "choices_by"); /* "by" the card */
			}
		}
		size_t ncs = cs ? json_array_size(cs) : 1;
		for (size_t c = 0; c < ncs; c++) {
			int v = (int)json_integer_value(
			    cs ? json_object_get(json_array_get(cs, c), "value")
			       : json_object_get(a, "card"));
			int j = 0;
			while (j < n && card[j] != v)
				j++;
			if (j == n) {
				if (n == max || n == 64)
					continue;
				card[n] = v;
				gens[n++] = json_object();
			}
			size_t g;
			json_t *x;
			/* the generals card c opens (PROTOCOL.md: choices_by[c]'s
			 * "only", or all but its "except") */
			const json_t *spec = json_array_get(gby, c);
			const json_t *only = json_object_get(spec, "only");
			const json_t *shut = only ? only : json_object_get(spec, "except");
			json_array_foreach(gs, g, x)
			{
				bool listed = false;
				for (size_t q = 0; q < json_array_size(shut); q++)
					listed |= (size_t)json_integer_value(
					              json_array_get(shut, q)) == g;
				if (spec && (only ? !listed : listed))
					continue;
				const char *id = json_string_value(json_object_get(x, "value"));
				char key[16];
				snprintf(key, sizeof key, "%05d", lw_unit_by_id(s, id ? id : ""));
				json_object_set(gens[j], key, json_object_get(x, "value"));
			}
		}
	}
	for (int j = 0; j < n; j++) {
		groups[j] = NULL;
		int first = 0;
		while (first < j && !json_equal(gens[first], gens[j]))
			first++;
		json_t *into = first == j ? (groups[j] = json_array()) : groups[first];
		/* the keys in unit order: the object's keys sorted */
		size_t nk = json_object_size(gens[j]), m = 0;
		const char **keys = malloc((nk ? nk : 1) * sizeof *keys);
		const char *key;
		json_t *x;
		json_object_foreach(gens[j], key, x)
		{
			if (keys)
				keys[m++] = key;
		}
		if (keys)
			qsort(keys, m, sizeof *keys, by_key);
		for (size_t k = 0; keys && k < m; k++)
			json_array_append_new(
			    into, json_pack("{s:s,s:{s:s,s:s,s:i,s:O}}", "label", "activate",
			                    "action", "type", "play", "use", "activate", "card",
			                    card[j], "general", json_object_get(gens[j], keys[k])));
		free(keys);
	}
	for (int j = 0; j < n; j++)
		json_decref(gens[j]);
	return n;
}

/* The entries the bot chooses among: the view's, but an entry whose
 * parameter is the general to act (a card played to activate one, 10.6.2)
 * counts as one entry per general, each with its choice made: which general
 * acts is what the policies weigh (seek_score, war_score), and the bot
 * plays as it did when the server offered each card and general as an
 * entry of its own (issue 17 made the general a parameter; the cards
 * whose PC activate the same generals are one entry since, card and
 * general its parameters, expanded card by card). So does a
 * card played for its event, whose target (a general, a hex, a card) is a
 * parameter since issue 17 too. Any other parameter (a destination, a
 * second force) stays open, drawn after. The Rail Phase's entries likewise
 * count as one per general and mode (rail_candidates), a foray's as one per
 * hex (foray_candidates), a naval move's as one per from and to
 * (naval_candidates), an asset's river move's as one per destination
 * (asset_candidates), the river move's as one per destination. */
static json_t *candidates(const struct lw_state *s, const json_t *acts)
{
	json_t *out = json_array();
	size_t i;
	json_t *e;
	bool railed = false;
	int card[LW_HAND_MAX + 8];
	json_t *groups[LW_HAND_MAX + 8];
	int ncards = activation_groups(s, acts, card, groups, LW_HAND_MAX + 8);
	json_array_foreach(acts, i, e)
	{
		const char *type =
		    json_string_value(json_object_get(json_object_get(e, "action"), "type"));
		const char *use0 =
		    json_string_value(json_object_get(json_object_get(e, "action"), "use"));
		if (type && strcmp(type, "play") == 0 && use0 && strcmp(use0, "activate") == 0)
			continue; /* activation_groups */
		if (type && strcmp(type, "play") == 0 && use0 && strcmp(use0, "pc") == 0) {
			json_array_append(out, e);
			int c = (int)json_integer_value(
			    json_object_get(json_object_get(e, "action"), "card"));
			for (int j = 0; j < ncards; j++)
				if (card[j] == c && groups[j])
					json_array_extend(out, groups[j]);
			continue;
		}
		if (type && strcmp(type, "rail") == 0) {
			if (!railed)
				rail_candidates(s, acts, out);
			railed = true;
			continue;
		}
		if (type && strcmp(type, "foray") == 0) {
			foray_candidates(s, acts, &i, out);
			continue;
		}
		if (type && strcmp(type, "asset_move") == 0 &&
		    json_array_size(json_object_get(e, "params")) == 1 &&
		    !json_is_true(
		        json_object_get(json_object_get(e, "action"), "violate_kentucky"))) {
			asset_candidates(acts, &i, out);
			continue;
		}
		if (type && strcmp(type, "campaign_forces") == 0) {
			designation_candidates(e, out);
			continue;
		}
		if (type && (strcmp(type, "fleet_move") == 0 || strcmp(type, "raider_move") == 0) &&
		    json_array_size(json_object_get(e, "params")) == 2) {
			naval_candidates(e, out);
			continue;
		}
		json_t *params = json_object_get(e, "params");
		json_t *p = json_array_get(params, 0);
		const char *name = json_string_value(json_object_get(p, "name"));
		const char *use =
		    json_string_value(json_object_get(json_object_get(e, "action"), "use"));
		bool event = use && strcmp(use, "event") == 0;
		bool card =
		    name && strcmp(name, "card") == 0 && use && strcmp(use, "activate") == 0;
		/* 7.1.8: the Fleets' ports are one entry, the port its param "hex"
		 * (issue 17); the bot chooses as it did when each port was an entry */
		bool buy =
		    type && (strcmp(type, "buy_csp") == 0 || strcmp(type, "buy_raider") == 0 ||
		             strcmp(type, "buy_fleet") == 0);
		/* 14.1.1: the river moves are one entry, "to" its param (issue 17) */
		bool river = type && strcmp(type, "river_move") == 0;
		/* 7.1.2 / 7.2: the promotion to 2 stars and the draft are one
		 * entry when both are offered, the type a param (issue 17):
		 * expanded, the same candidates as the two entries' */
		bool typed = strcmp(name ? name : "", "type") == 0;
		if (!name ||
		    (strcmp(name, "general") != 0 && !event && !card && !buy && !river && !typed)) {
			json_array_append(out, e);
			continue;
		}
		json_t *a = json_deep_copy(json_object_get(e, "action"));
		expand(out, e, a, params, 0);
		json_decref(a);
	}
	for (int j = 0; j < ncards; j++)
		json_decref(groups[j]);
	admin_order(s, out);
	return out;
}

/* Whether the bot reads the view's section at path (game.h view_sections):
 * the actions always; the players' PC for the prudent policy
 * (pick_entry); the forces, cities, scenario, turn and current play for
 * the siege-seeking and war-aims ones (seek_pick). */
static bool bot_reads(const struct lw_bot *b, const char *path)
{
	static const char *const seeking[] = {"/board/forces", "/board/cities", "/board/scenario",
	                                      "/board/turn",   "/board/play",   NULL};
	if (strcmp(path, "/actions") == 0)
		return true;
	if (b->prudent && strcmp(path, "/board/players") == 0)
		return true;
	for (int i = 0; (b->seek || b->war) && seeking[i]; i++)
		if (strcmp(path, seeking[i]) == 0)
			return true;
	return false;
}

/* role's view as far as the bot reads it: those sections only, each the
 * value view() has there (game.h), at its path. The whole view, built
 * before every action, was about a quarter of test_playouts' CPU (perf,
 * session 17), its forces and cities read only by the seeking policies. A
 * module without sections gives its whole view. */
static json_t *bot_view(const struct lw_bot *b, const struct game_module *m, const struct game *g,
                        const char *role)
{
	if (!m->view_sections || !m->view_section)
		return m->view(g, role);
	json_t *v = json_object(), *board = json_object();
	json_object_set_new(v, "board", board);
	for (unsigned i = 0; m->view_sections[i]; i++) {
		const char *path = m->view_sections[i];
		if (!bot_reads(b, path))
			continue;
		json_t *x = m->view_section(g, role, i);
		if (strncmp(path, "/board/", 7) == 0)
			json_object_set_new(board, path + 7, x);
		else
			json_object_set_new(v, path + 1, x);
	}
	return v;
}

int lw_bot_choose(struct lw_bot *b, const struct game_module *m, const struct game *g,
                  char role[TG_ROLE_MAX * 2], json_t **action)
{
	struct game_status st;
	m->status(g, &st);
	if (st.finished || !st.awaiting)
		return 0;
	int awaited[8], n = 0;
	for (int i = 0; m->roles[i] && i < 8; i++)
		if (st.awaiting & (1u << i))
			awaited[n++] = i;
	int r = awaited[lw_bot_below(b, (uint32_t)n)];
	snprintf(role, TG_ROLE_MAX * 2, "%s", m->roles[r]);
	json_t *v = bot_view(b, m, g, role);
	json_t *acts = candidates(&g->s, json_object_get(v, "actions"));
	json_object_set_new(v, "actions", acts);
	size_t k = json_array_size(acts);
	if (k == 0) {
		json_decref(v);
		return -1;
	}
	json_t *entry = json_array_get(acts, pick_entry(b, v, role, acts));
	*action = json_deep_copy(json_object_get(entry, "action"));
	/* game.h: each parameter the entry leaves open gets one of its choices. */
	size_t i;
	json_t *p;
	json_array_foreach(json_object_get(entry, "params"), i, p)
	{
		json_t *choices = json_object_get(p, "choices");
		size_t c = json_array_size(choices);
		const char *name = json_string_value(json_object_get(p, "name"));
		if (c && name)
			json_object_set(
			    *action, name,
			    json_object_get(json_array_get(choices, lw_bot_below(b, (uint32_t)c)),
			                    "value"));
	}
	json_decref(v);
	return 1;
}

int lw_bot_play(struct lw_bot *b, const struct game_module *m, struct game *g, int max_actions,
                const struct lw_bot_hooks *h, char *why, size_t why_len)
{
	uint32_t logged = g->s.log_total;
	for (int n = 0; n < max_actions; n++) {
		if (h && h->done && h->done(h->ctx, g))
			return n;
		char role[TG_ROLE_MAX * 2];
		json_t *a = NULL;
		int got = lw_bot_choose(b, m, g, role, &a);
		if (got == 0)
			return n;
		if (got > 0 && h && h->alter && h->alter(h->ctx, g)) {
			json_decref(a);
			a = NULL;
			if ((got = lw_bot_choose(b, m, g, role, &a)) == 0) {
				snprintf(why, why_len, "no action after altering the game (%d)", n);
				return -1;
			}
		}
		if (got < 0) {
			snprintf(why, why_len, "dead end after %d actions", n);
			return -1;
		}
		if (h && h->before)
			h->before(h->ctx, g, role, a);
		struct game_outcome out = {0};
		struct tg_error err = {0};
		if (m->act(g, role, a, &out, &err) != 0) {
			char *txt = json_dumps(a, JSON_COMPACT);
			snprintf(why, why_len, "offered action %s by %s refused: %s",
			         txt ? txt : "?", role, err.message);
			free(txt);
			json_decref(a);
			return -1;
		}
		json_decref(a);
		/* the log is a ring: lines older than LW_LOG_LINES are gone */
		if (g->s.log_total - logged > LW_LOG_LINES)
			logged = g->s.log_total - LW_LOG_LINES;
		for (; h && h->log_line && logged < g->s.log_total; logged++)
			h->log_line(h->ctx, g->s.log[logged % LW_LOG_LINES]);
		logged = g->s.log_total;
		if (h && h->after)
			h->after(h->ctx, g);
	}
	return max_actions;
}
