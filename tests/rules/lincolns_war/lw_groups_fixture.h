/* lw_groups_fixture.h — helpers for the movement-group and campaign tests
 * (12.0, 12.5, 12.8, 10.7.3) that play through act(): a Campaign game in
 * the card play of turn 1 with the map emptied, and plain hexes (clear, no
 * city, no unit, no river or impassable hexside between) to walk on. */
#ifndef LW_GROUPS_FIXTURE_H
#define LW_GROUPS_FIXTURE_H

#include "lw_testkit.h"

/* A Campaign game in the card play of turn 1, `side` to play, nobody on the
 * map, both hands holding a spare card so that the card play goes on. */
static inline struct game *gf_new(int seed, int side)
{
	struct game *g = tk_new("campaign", seed);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	tk_goto_ops(g, 1, side);
	for (int i = 0; i < s->n_units; i++)
		if (s->unit[i].where == LW_W_MAP) {
			s->unit[i].where = LW_W_PENDING;
			s->unit[i].hex = LW_NO_HEX;
		}
	for (int p = LW_UNION; p <= LW_CONFEDERATE; p++) {
		s->side[p].gic = LW_NONE;
		s->side[p].pc = 12;
		tk_clear_hand(s, p);
		tk_give_any(s, p);
	}
	return g;
}

/* Puts general `id` with `stars` at hex; the last placed of equal rank
 * commands (11.0.1). */
static inline int gf_place(struct game *g, const char *id, int hex, int stars)
{
	struct lw_state *s = &g->s;
	int u = tk_unit(g, id);
	tk_place(g, u, hex);
	s->unit[u].stars = (uint8_t)stars;
	s->unit[u].it = s->unit[u].it_new = 0;
	s->unit[u].flags = 0;
	s->unit[u].cmd = ++s->cmd_seq;
	return u;
}

/* A non-erratic activation card of exactly pc PC given to side. */
static inline int gf_card(struct game *g, int side, int pc)
{
	for (int n = 1; n <= 57; n++) {
		const struct lw_card *k = lw_card(side, n);
		if (k->kind == LW_KIND_ACTIVATION && k->pc == pc && !k->erratic) {
			tk_give(&g->s, side, n);
			return n;
		}
	}
	fprintf(stderr, "no %d-PC card\n", pc);
	exit(1);
}

static inline bool gf_plain(const struct game *g, int hex)
{
	const struct lw_hex *h = lw_data_hex(lw_D(), hex);
	return h && h->terrain == LW_TERRAIN_CLEAR && h->city < 0 &&
	       lw_hex_owner_force(&g->s, hex) == LW_NOSIDE;
}

/* A plain neighbour of `from` in `state` ("" for any state, "!VA" for any
 * state but VA) that is not in avoid[0..n), or LW_NO_HEX. */
static inline int gf_next(const struct game *g, int from, const char *state, const int *avoid,
                          int n)
{
	const struct lw_data *d = lw_D();
	int nb[6];
	int k = tg_hex_neighbours(&d->grid, from, nb);
	for (int i = 0; i < k; i++) {
		const struct lw_hex *h = lw_data_hex(d, nb[i]);
		if (!gf_plain(g, nb[i]) ||
		    (lw_data_hexside_flags(d, from, nb[i]) & (LW_HS_RIVER | LW_HS_IMPASSABLE)))
			continue;
		if (state[0] == '!' ? strcmp(h->state, state + 1) == 0
		                    : state[0] && strcmp(h->state, state) != 0)
			continue;
		bool bad = false;
		for (int j = 0; j < n; j++)
			bad |= avoid[j] == nb[i];
		if (!bad)
			return nb[i];
	}
	return LW_NO_HEX;
}

/* A path of len plain hexes of `state`, each next to the one before, and a
 * second branch of `branch` hexes from the first one (path[len..]). */
static inline bool gf_paths(const struct game *g, const char *state, int len, int branch, int *path)
{
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes; i++) {
		const struct lw_hex *h = &d->hexes[i];
		if (strcmp(h->state, state) != 0 || !gf_plain(g, h->id))
			continue;
		int n = 0;
		path[n++] = h->id;
		while (n < len && (path[n] = gf_next(g, path[n - 1], state, path, n)) != LW_NO_HEX)
			n++;
		if (n < len)
			continue;
		int from = path[0];
		while (n < len + branch &&
		       (path[n] = gf_next(g, from, state, path, n)) != LW_NO_HEX)
			from = path[n++];
		if (n == len + branch)
			return true;
	}
	return false;
}

static inline char *gf_move(char *buf, size_t n, int to)
{
	snprintf(buf, n, "{\"type\":\"move\",\"to\":%d}", to);
	return buf;
}

/* An action the Union must be allowed (one check, the refusal printed). */
#define GF_OK(g, json) CHECKF(tk_act((g), "union", (json)) == 0, "%s", tk_err.message)

/* The 12.x tests' force at hex: Grant (3) with Sherman (2, if `sherman`)
 * and Thomas (1), Grant in command (11.0.1); returns Grant. */
static inline int gf_grant_force(struct game *g, int hex, bool sherman)
{
	int grant = gf_place(g, "grant", hex, 3);
	if (sherman)
		gf_place(g, "sherman", hex, 2);
	gf_place(g, "thomas", hex, 1);
	g->s.unit[grant].cmd = ++g->s.cmd_seq;
	return grant;
}

/* The Union plays a card of exactly pc PC to activate `general` (one
 * check). */
static inline bool gf_activate(struct game *g, int pc, const char *general)
{
	char buf[200];
	snprintf(buf, sizeof buf,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"%s\"}",
	         gf_card(g, LW_UNION, pc), general);
	return GF_OK(g, buf);
}

/* "next_group" at hex, as the Union: act()'s result. */
static inline int gf_next_group(struct game *g, int hex)
{
	char buf[64];
	snprintf(buf, sizeof buf, "{\"type\":\"next_group\",\"hex\":%d}", hex);
	return tk_act(g, "union", buf);
}

#endif
