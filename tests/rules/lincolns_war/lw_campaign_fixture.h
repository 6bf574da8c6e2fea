/* lw_campaign_fixture.h — geometry for the 10.7.3 campaign tests: plain
 * land hexes at a known distance from a campaign region. */
#ifndef LW_CAMPAIGN_FIXTURE_H
#define LW_CAMPAIGN_FIXTURE_H

#include "kit/param_by.h"
#include "lincolns_war/lw_amphib.h"
#include "lincolns_war/lw_campaign.h"
#include "lincolns_war/lw_march.h"
#include "lw_groups_fixture.h"

/* Hex steps from hex to the nearest hex of `region` (terrain ignored). */
static inline int cf_dist(int hex, int region)
{
	const struct lw_data *d = lw_D();
	int best = 9999;
	for (size_t i = 0; i < d->n_hexes; i++)
		if ((int)d->hexes[i].region == region) {
			int k = tg_hex_distance(&d->grid, hex, d->hexes[i].id);
			if (k >= 0 && k < best)
				best = k;
		}
	return best;
}

static inline int cf_region(int hex)
{
	const struct lw_hex *h = lw_data_hex(lw_D(), hex);
	return h ? (int)h->region : LW_REGION_NONE;
}

/* Land a general or a minor army may enter (12.2: rivers and mountains are
 * no obstacle to it): no ocean, no city, nobody there, not Kentucky (2.4.3
 * neutrality has its own effects). */
static inline bool cf_land(const struct game *g, int hex)
{
	const struct lw_hex *h = lw_data_hex(lw_D(), hex);
	return h && h->terrain != LW_TERRAIN_OCEAN && h->city < 0 &&
	       lw_hex_owner_force(&g->s, hex) == LW_NOSIDE && strcmp(h->state, "KY") != 0;
}

/* A free general of `side` (not cavalry) put at hex with `stars`, no IT,
 * the newest in seniority (the last placed of equal rank commands). */
static inline int cf_put_any(struct game *g, int side, int hex, int stars)
{
	struct lw_state *s = &g->s;
	for (int u = 0; u < s->n_units; u++) {
		struct lw_unit *x = &s->unit[u];
		if (x->gen < 0 || x->side != side || x->where == LW_W_MAP || x->cavalry)
			continue;
		tk_place(g, u, hex);
		x->stars = (uint8_t)stars;
		x->it = x->it_new = 0;
		x->flags = 0;
		x->cmd = ++s->cmd_seq;
		return u;
	}
	return LW_NONE;
}

/* Is there a step from a into b (cf_land, no impassable hexside)? */
static inline bool cf_step(const struct game *g, int a, int b)
{
	const struct lw_data *d = lw_D();
	return cf_land(g, b) && tg_hex_adjacent(&d->grid, a, b) &&
	       !(lw_data_hexside_flags(d, a, b) & LW_HS_IMPASSABLE);
}

/* A walk p[0..n) of steps (cf_step) where p[i] lies at distance want[i] from
 * `region` (0: inside it), none of them in avoid[0..na). */
static inline bool cf_walk(const struct game *g, int region, const int *want, int n, int *p,
                           const int *avoid, int na)
{
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes; i++) {
		int h0 = d->hexes[i].id;
		bool bad = !cf_land(g, h0) || cf_dist(h0, region) != want[0];
		for (int j = 0; j < na && !bad; j++)
			bad = avoid[j] == h0;
		if (bad)
			continue;
		p[0] = h0;
		int k = 1;
		while (k < n) {
			int nb[6], found = LW_NO_HEX;
			int c = tg_hex_neighbours(&d->grid, p[k - 1], nb);
			for (int j = 0; j < c && found == LW_NO_HEX; j++) {
				bool used = false;
				for (int q = 0; q < k; q++)
					used |= p[q] == nb[j];
				for (int q = 0; q < na; q++)
					used |= avoid[q] == nb[j];
				if (!used && cf_step(g, p[k - 1], nb[j]) &&
				    cf_dist(nb[j], region) == want[k])
					found = nb[j];
			}
			if (found == LW_NO_HEX)
				break;
			p[k++] = found;
		}
		if (k == n)
			return true;
	}
	return false;
}

/* The "second" choices of the designation offered for `first` (NULL if
 * `first` is not offered); the caller decrefs. */
static inline json_t *cf_second_choices(struct game *g, const char *role, const char *first)
{
	json_t *v = lincolns_war_module.view(g, role);
	json_t *acts = json_object_get(v, "actions"), *found = NULL;
	for (size_t i = 0; i < json_array_size(acts) && !found; i++) {
		json_t *e = json_array_get(acts, i);
		json_t *a = json_object_get(e, "action");
		const char *t = json_string_value(json_object_get(a, "type"));
		if (!t || strcmp(t, "campaign_forces") != 0)
			continue;
		/* one entry: params "first" and "second", "second" by "first"
		 * (kit/param_by.h): the choices his list opens */
		json_t *ps = json_object_get(e, "params");
		json_t *pf = json_array_get(ps, 0), *p2 = json_array_get(ps, 1);
		json_t *val = json_string(first);
		long f = tg_param_choice_index(pf, val);
		json_decref(val);
		if (f < 0)
			continue;
		found = json_array();
		for (size_t k = 0; k < json_array_size(json_object_get(p2, "choices")); k++)
			if (tg_param_open(p2, (size_t)f, k))
				json_array_append(
				    found, json_array_get(json_object_get(p2, "choices"), k));
	}
	json_decref(v);
	return found;
}

static inline bool cf_has_value(const json_t *choices, const char *value)
{
	size_t i;
	const json_t *c;
	json_array_foreach(choices, i, c)
	{
		const char *v = json_string_value(json_object_get(c, "value"));
		if (v && strcmp(v, value) == 0)
			return true;
	}
	return false;
}

/* A land hex of region r1 with a step (cf_step) into region r2 (*into),
 * neither hex in avoid[0..n) nor next to one of them. With far > 0 the hex
 * has no river hexside (no boat takes it elsewhere) and lies at least `far`
 * hexes from every theater but r1 and r2. */
static inline int cf_border(const struct game *g, int r1, int r2, int far, int *into,
                            const int *avoid, int n)
{
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes; i++) {
		int h = d->hexes[i].id;
		bool bad = cf_region(h) != r1 || !cf_land(g, h) || (far > 0 && d->hexes[i].river);
		for (int k = 0; k < n && !bad; k++)
			bad = avoid[k] == h || tg_hex_adjacent(&d->grid, avoid[k], h);
		for (int o = 1; o < LW_REGION_COUNT && far > 0 && !bad; o++)
			bad = o != r1 && o != r2 && cf_dist(h, o) < far;
		if (bad)
			continue;
		int nb[6];
		int c = tg_hex_neighbours(&d->grid, h, nb);
		for (int j = 0; j < c; j++) {
			bool used = false;
			for (int k = 0; k < n; k++)
				used |= avoid[k] == nb[j];
			if (!used && cf_region(nb[j]) == r2 && cf_step(g, h, nb[j])) {
				*into = nb[j];
				return h;
			}
		}
	}
	return LW_NO_HEX;
}

/* A land hex of region r at least `far` hexes from every other theater,
 * with no river hexside (no boat takes it elsewhere), not `avoid`. */
static inline int cf_deep(const struct game *g, int r, int far, int avoid)
{
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes; i++) {
		const struct lw_hex *h = &d->hexes[i];
		if ((int)h->region != r || !cf_land(g, h->id) || h->river || h->id == avoid)
			continue;
		bool ok = true;
		for (int o = 1; o < LW_REGION_COUNT && ok; o++)
			ok = o == r || cf_dist(h->id, o) >= far;
		if (ok)
			return h->id;
	}
	return LW_NO_HEX;
}

/* 10.7.3.2: the "theater" choices offered to name the theater of campaign
 * force `general` (NULL if no such prompt); the caller decrefs. */
static inline json_t *cf_theater_choices(struct game *g, const char *role, const char *general)
{
	json_t *v = lincolns_war_module.view(g, role);
	json_t *acts = json_object_get(v, "actions"), *found = NULL;
	for (size_t i = 0; i < json_array_size(acts) && !found; i++) {
		json_t *e = json_array_get(acts, i);
		json_t *a = json_object_get(e, "action");
		const char *t = json_string_value(json_object_get(a, "type"));
		const char *f = json_string_value(json_object_get(a, "general"));
		if (t && f && strcmp(t, "campaign_theater") == 0 && strcmp(f, general) == 0)
			found = json_object_get(json_array_get(json_object_get(e, "params"), 0),
			                        "choices");
	}
	json_incref(found);
	json_decref(v);
	return found;
}

/* 10.7.3.2: names `theater` for campaign force `general` (act()'s result). */
static inline int cf_name_theater(struct game *g, const char *general, const char *theater)
{
	char buf[160];
	snprintf(buf, sizeof buf,
	         "{\"type\":\"campaign_theater\",\"general\":\"%s\",\"theater\":\"%s\"}", general,
	         theater);
	return tk_act(g, "union", buf);
}

/* The Union's Special Campaign card (10.7.3.1) for `region`, or 0. */
static inline int cf_campaign_card(int region)
{
	for (int n = LW_CARD_CAMPAIGN_FIRST; n < LW_CARD_CAMPAIGN_FIRST + 5; n++) {
		const struct lw_card *k = lw_card(LW_UNION, n);
		if (k && k->kind == LW_KIND_CAMPAIGN && (int)k->campaign_region == region)
			return n;
	}
	return 0;
}

/* A clear land hex (cf_land). */
static inline bool cf_plain(const struct game *g, int hex)
{
	const struct lw_hex *h = lw_data_hex(lw_D(), hex);
	return cf_land(g, hex) && h->terrain == LW_TERRAIN_CLEAR;
}

/* The land hexes of region r within three hexes of h, but `skip`, into
 * walls[] (at most max); false when there are more or one is in Kentucky
 * (2.4.3: no force may stand there to wall it). */
static inline bool cf_walls(int h, int r, int skip, int *walls, int *n, int max)
{
	const struct lw_data *d = lw_D();
	*n = 0;
	for (size_t k = 0; k < d->n_hexes; k++) {
		const struct lw_hex *x = &d->hexes[k];
		if ((int)x->region != r || x->terrain == LW_TERRAIN_OCEAN || x->id == skip ||
		    tg_hex_distance(&d->grid, h, x->id) > 3)
			continue;
		if (*n >= max || strcmp(x->state, "KY") == 0)
			return false;
		walls[(*n)++] = x->id;
	}
	return true;
}

/* The Union has no water move left this turn (14.1.1, 14.2.1). */
static inline void cf_no_water(struct lw_state *s)
{
	s->amphib.river_turn[LW_UNION] = (uint8_t)(s->turn + 1);
	s->amphib.ocean_turn = (uint8_t)(s->turn + 1);
	CHECK(!lw_amphib_water_open(s, LW_UNION));
}

/* The Union force of `co` has no way into `region`, and the search decides
 * it (not its cap); then the region's campaign card is played and the force
 * is neither offered nor accepted as a campaign force (10.7.3.1). The CO's
 * id is left in id (for the test's own later checks). */
static inline void cf_check_no_way(struct game *g, int co, int region, char id[48])
{
	struct lw_state *s = &g->s;
	unsigned want = LW_CAMP_BIT(region);
	struct lw_reach_stats st;
	CHECK_EQ_INT((int)lw_campaign_reach_force_stats(s, LW_UNION, co, want, 1, &st), 0);
	CHECKF(!st.capped && st.unproven == 0, "decided: %ld nodes, capped %d", st.nodes,
	       st.capped);
	printf("# no way: %ld nodes\n", st.nodes);
	lw_unit_id(s, co, id, 48);
	int card = cf_campaign_card(region);
	if (!CHECK(card != 0))
		return;
	char buf[200];
	tk_give(s, LW_UNION, card);
	snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":%d,\"use\":\"campaign\"}", card);
	if (!CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message))
		return;
	json_t *ch = cf_second_choices(g, "union", id);
	CHECKF(ch == NULL, "the force of %s is offered for region %d", id, region);
	json_decref(ch);
	snprintf(buf, sizeof buf,
	         "{\"type\":\"campaign_forces\",\"first\":\"%s\",\"second\":\"none\"}", id);
	int rc = tk_act(g, "union", buf);
	CHECKF(rc != 0 && strstr(tk_err.message, "10.7.3.1"), "designation refused: %s",
	       rc ? tk_err.message : "accepted");
}

#endif
