/* lw_battle_fixture.h — battles set up by hand (lw_land_fixture.h) inside
 * a real `struct game`, so that every decision is sent through the
 * module's act() and every offer read from its view(), as a client would. */
#ifndef LW_BATTLE_FIXTURE_H
#define LW_BATTLE_FIXTURE_H

#include "lw_land_fixture.h"

extern const struct game_module lincolns_war_module;

static inline const char *bx_role(int side)
{
	return side == LW_UNION ? "union" : "confederate";
}

/* fx_new(turn) inside a game the module can act on. */
static inline struct game *bx_game(int turn)
{
	struct lw_state *s = fx_new(turn);
	if (!s)
		return NULL;
	struct game *g = calloc(1, sizeof *g);
	if (g)
		g->s = *s;
	free(s);
	if (g)
		g->s.phasing = LW_UNION;
	return g;
}

static inline struct game *bx_copy(const struct game *g)
{
	struct game *c = malloc(sizeof *c);
	if (c)
		*c = *g;
	return c;
}

/* act() as `side`; 0 or the error (printed as a TAP comment). */
static inline int bx_act(struct game *g, int side, const char *json)
{
	json_error_t je;
	json_t *a = json_loads(json, 0, &je);
	struct tg_error err = {0};
	struct game_outcome out = {0};
	int rc = lincolns_war_module.act(g, bx_role(side), a, &out, &err);
	if (rc != 0)
		printf("# %s -> %s: %s\n", json, err.code, err.message);
	json_decref(a);
	return rc;
}

#define BX_OK(g, side, json)                                                                       \
	do {                                                                                       \
		int rc_ = bx_act((g), (side), (json));                                             \
		CHECKF(rc_ == 0, "action %s refused", (json));                                     \
	} while (0)
#define BX_FAILS(g, side, json)                                                                    \
	do {                                                                                       \
		int rc_ = bx_act((g), (side), (json));                                             \
		CHECKF(rc_ != 0, "action %s accepted", (json));                                    \
	} while (0)

/* The actions view() offers `side` whose type is `type`, as a JSON array
 * (caller frees). */
static inline json_t *bx_offers(struct game *g, int side, const char *type)
{
	json_t *v = lincolns_war_module.view(g, bx_role(side));
	json_t *acts = json_object_get(v, "actions"), *r = json_array();
	size_t i;
	json_t *e;
	json_array_foreach(acts, i, e)
	{
		json_t *a = json_object_get(e, "action");
		const char *t = json_string_value(json_object_get(a, "type"));
		if (t && strcmp(t, type) == 0)
			json_array_append(r, a);
	}
	json_decref(v);
	return r;
}

/* Does the offered list hold an action with "unit" = unit id (and "to" =
 * to, unless to is LW_NO_HEX)? */
static inline bool bx_has_unit(const struct game *g, json_t *offers, int u, int to)
{
	char id[48];
	lw_unit_id(&g->s, u, id, sizeof id);
	size_t i;
	json_t *a;
	json_array_foreach(offers, i, a)
	{
		const char *x = json_string_value(json_object_get(a, "unit"));
		if (x && strcmp(x, id) == 0 &&
		    (to == LW_NO_HEX || json_integer_value(json_object_get(a, "to")) == to))
			return true;
	}
	return false;
}

/* The number of distinct units named by the offers. */
static inline int bx_units_offered(json_t *offers)
{
	const char *seen[64];
	int n = 0;
	size_t i;
	json_t *a;
	json_array_foreach(offers, i, a)
	{
		const char *x = json_string_value(json_object_get(a, "unit"));
		bool dup = !x;
		for (int k = 0; k < n && !dup; k++)
			dup = strcmp(seen[k], x) == 0;
		if (!dup && n < 64)
			seen[n++] = x;
	}
	return n;
}

/* Sends "{"type":type,"unit":id(u)[,"to":to]}" as side. */
static inline int bx_act_unit(struct game *g, int side, const char *type, int u, int to)
{
	char id[48], a[160];
	lw_unit_id(&g->s, u, id, sizeof id);
	if (to == LW_NO_HEX)
		snprintf(a, sizeof a, "{\"type\":\"%s\",\"unit\":\"%s\"}", type, id);
	else
		snprintf(a, sizeof a, "{\"type\":\"%s\",\"unit\":\"%s\",\"to\":%d}", type, id, to);
	return bx_act(g, side, a);
}

/* The attack of hex `target` by the force of `co` (march begun here). */
static inline void bx_attack(struct game *g, int co, int target)
{
	lw_march_begin(&g->s, co, false);
	char a[96];
	snprintf(a, sizeof a, "{\"type\":\"attack\",\"target\":%d}", target);
	BX_OK(g, g->s.unit[co].side, a);
	if (g->s.step == LW_ST_WITHDRAW)
		BX_OK(g, LW_OTHER(g->s.unit[co].side), "{\"type\":\"stand\"}");
}

/* Both commit the 0 Resource card and `csp_*` CSP. */
static inline void bx_commit(struct game *g, int csp_union, int csp_conf)
{
	char a[96];
	snprintf(a, sizeof a, "{\"type\":\"commit\",\"resource\":72,\"csp\":%d}", csp_conf);
	BX_OK(g, LW_CONFEDERATE, a);
	snprintf(a, sizeof a, "{\"type\":\"commit\",\"resource\":72,\"csp\":%d}", csp_union);
	BX_OK(g, LW_UNION, a);
}

/* Is `needle` in one of the last n log lines? */
static inline bool bx_logged(const struct lw_state *s, int n, const char *needle)
{
	for (uint32_t k = 0; k < (uint32_t)n && k < s->log_total; k++)
		if (strstr(s->log[(s->log_total - 1 - k) % LW_LOG_LINES], needle))
			return true;
	return false;
}

#endif
