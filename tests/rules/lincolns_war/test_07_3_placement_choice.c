/* 7.3 / 7.1.1 / 2.1: the owner places an arriving general where the text
 * gives a choice. 7.3: "If a cavalry reinforcement is slated to arrive in a
 * hex already containing a cavalry general, place the new arrival in an
 * adjacent friendly hex"; "... the reinforcing general is placed instead in
 * the nearest friendly city"; 2.1: "This also applies to purchased
 * disgraced generals" (7.1.1). Where more than one hex qualifies, the owner
 * is asked (place_arrival, or rehabilitate's "to") with exactly the legal
 * hexes; anything else is refused citing the rule; with one legal hex there
 * is no prompt. Fails if the engine chose, or offered an illegal hex. */
#include "lw_place_choice.h"

#define MAXO 64

/* Independently of the engine's list: may a Confederate general u arrive
 * next door to `from` at hex (adjacent, land, friendly, passable, room)? */
static bool adj_legal(const struct lw_state *s, int u, int from, int hex)
{
	const struct lw_data *d = lw_D();
	const struct lw_hex *h = lw_data_hex(d, hex);
	int c = lw_city_at(hex);
	return tg_hex_adjacent(&d->grid, from, hex) && h && h->terrain != LW_TERRAIN_OCEAN &&
	       lw_hex_owner_force(s, hex) != LW_UNION &&
	       !(c >= 0 && lw_city_controller(s, c) != LW_CONFEDERATE) &&
	       !(lw_data_hexside_flags(d, from, hex) & LW_HS_IMPASSABLE) &&
	       lw_stack_check_hex(s, hex, LW_CONFEDERATE, &u, 1, LW_NONE, 0, NULL) == 0;
}

static int adj_set(const struct lw_state *s, int u, int from, int *out)
{
	int nb[6], n = 0, k = tg_hex_neighbours(&lw_D()->grid, from, nb);
	for (int i = 0; i < k; i++)
		if (adj_legal(s, u, from, nb[i]))
			out[n++] = nb[i];
	return n;
}

/* The friendly cities that can take u, all at the least distance from `from`. */
static int city_set(const struct lw_state *s, int u, int from, int *out)
{
	const struct lw_data *d = lw_D();
	int best = 1 << 30, n = 0;
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < d->n_cities; i++) {
			int hex = d->cities[i].hex;
			if (lw_city_controller(s, (int)i) != LW_CONFEDERATE ||
			    lw_hex_owner_force(s, hex) == LW_UNION ||
			    d->cities[i].no_confederate_entry ||
			    lw_stack_check_hex(s, hex, LW_CONFEDERATE, &u, 1, LW_NONE, 0, NULL) !=
			        0)
				continue;
			int dist = tg_hex_distance(&d->grid, from, hex);
			if (pass == 0 && dist < best)
				best = dist;
			if (pass == 1 && dist == best && n < MAXO)
				out[n++] = hex;
		}
	return n;
}

static bool same_set(const int *a, int na, const int *b, int nb)
{
	if (na != nb)
		return false;
	for (int i = 0; i < na; i++) {
		bool f = false;
		for (int j = 0; j < nb; j++)
			f |= a[i] == b[j];
		if (!f)
			return false;
	}
	return true;
}

static bool in_set(int x, const int *a, int n)
{
	for (int i = 0; i < n; i++)
		if (a[i] == x)
			return true;
	return false;
}

/* A hex that is none of the legal ones (not the entry itself either). */
static int illegal_hex(const int *legal, int n, int entry)
{
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_cities; i++)
		if (!in_set(d->cities[i].hex, legal, n) && d->cities[i].hex != entry)
			return d->cities[i].hex;
	return 0;
}

static bool refused(const char *why, const char *rule)
{
	return strstr(why, rule) != NULL;
}

/* Wheeler (cavalry, entry 0808, Spring 1862) meets Forrest at his entry
 * hex (kind 0) or finds it enemy held (kind 1), or it is free (kind 2). */
static void reinforcement(int kind)
{
	int wheeler, entry;
	static const char *const at_entry[] = {"forrest", "grant", NULL};
	struct game *g = pc_wheeler_game(731 + kind, at_entry[kind], &wheeler, &entry);
	struct lw_state *s = &g->s;
	int legal[MAXO], nl = kind == 0   ? adj_set(s, wheeler, entry, legal)
	                      : kind == 1 ? city_set(s, wheeler, entry, legal)
	                                  : 0;
	pc_end_admin(g);
	size_t n_entries = 0;
	json_t *e = pc_entry(g, LW_CONFEDERATE, "place_arrival", &n_entries);
	if (kind == 2) {
		/* one legal hex: no prompt, he is there */
		CHECK(e == NULL);
		CHECK_EQ_INT(s->unit[wheeler].where, LW_W_MAP);
		CHECK_EQ_INT(s->unit[wheeler].hex, entry);
		CHECK(s->phase != LW_PH_ADMIN);
		json_decref(e);
		lincolns_war_module.free(g);
		return;
	}
	CHECK(nl > 1); /* the set-up gives a real choice */
	CHECKF(e != NULL, "kind %d: no place_arrival prompt: the engine chose", kind);
	CHECK_EQ_INT(s->unit[wheeler].where, LW_W_PENDING); /* not placed by the engine */
	CHECK_EQ_INT(tk_awaiting(g), LW_SIDE_BIT(LW_CONFEDERATE));
	CHECK_EQ_INT((int)n_entries, 1); /* asked before anything else */
	int opt[MAXO], n = e ? pc_choices(e, opt, MAXO) : 0;
	CHECKF(same_set(opt, n, legal, nl), "kind %d: offered %d hexes, %d legal", kind, n, nl);
	/* anything else refused, citing 7.3 */
	CHECK(tk_act(g, "confederate", "{\"type\":\"buy_csp\",\"amount\":1}") != 0);
	CHECK(refused(tk_err.message, "7.3"));
	CHECK(tk_act(g, "union", "{\"type\":\"end_admin\"}") != 0);
	CHECK(pc_send(g, "confederate", e, 0) != 0); /* no "to" with several */
	CHECK(refused(tk_err.message, "7.3"));
	CHECK(pc_send(g, "confederate", e, entry) != 0);
	CHECK(refused(tk_err.message, "7.3"));
	int bad = illegal_hex(legal, nl, entry);
	CHECK(bad && pc_send(g, "confederate", e, bad) != 0);
	CHECK(refused(tk_err.message, "7.3"));
	CHECK_EQ_INT(s->unit[wheeler].where, LW_W_PENDING);
	/* the owner's choice (the last offered, not the engine's first) */
	int to = n ? opt[n - 1] : 0;
	CHECKF(pc_send(g, "confederate", e, to) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[wheeler].where, LW_W_MAP);
	CHECK_EQ_INT(s->unit[wheeler].hex, to);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].arrive_place, 0);
	CHECK(s->phase != LW_PH_ADMIN); /* the turn goes on */
	json_decref(e);
	lincolns_war_module.free(g);
}

/* Stuart bought back from disgrace while Hampton stands in his starting
 * hex: the owner picks the adjacent friendly hex (7.1.1, 2.1). */
static void disgraced(void)
{
	int stuart, start;
	struct game *g = pc_stuart_game(741, &stuart, &start);
	struct lw_state *s = &g->s;
	pc_rehab_admin(s);
	int legal[MAXO], nl = adj_set(s, stuart, start, legal);
	CHECK(nl > 1);
	json_t *e = pc_entry(g, LW_CONFEDERATE, "rehabilitate", NULL);
	int opt[MAXO], n = e ? pc_choices(e, opt, MAXO) : 0;
	CHECKF(same_set(opt, n, legal, nl), "offered %d hexes, %d legal", n, nl);
	CHECK(pc_send(g, "confederate", e, 0) != 0);
	CHECK(refused(tk_err.message, "7.1.1"));
	int bad = illegal_hex(legal, nl, start);
	CHECK(bad && pc_send(g, "confederate", e, bad) != 0);
	CHECK(refused(tk_err.message, "7.1.1"));
	CHECK_EQ_INT(s->unit[stuart].where, LW_W_DISGRACED);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, 5);
	int to = n ? opt[n - 1] : 0;
	CHECKF(pc_send(g, "confederate", e, to) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[stuart].where, LW_W_MAP);
	CHECK_EQ_INT(s->unit[stuart].hex, to);
	json_decref(e);
	lincolns_war_module.free(g);
}

int main(void)
{
	reinforcement(0);
	reinforcement(1);
	reinforcement(2);
	disgraced();
	return tap_done();
}
