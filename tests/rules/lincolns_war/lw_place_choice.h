/* lw_place_choice.h — test helpers for the 7.3 / 7.1.1 / 2.1 placement
 * prompts: the offered entry of a type, its "to" choices, and answering it. */
#ifndef LW_PLACE_CHOICE_H
#define LW_PLACE_CHOICE_H

#include "lw_testkit.h"

/* The legal-action entry of side whose action has `type` (a new reference),
 * NULL if none; *n_entries the size of the whole list. */
static inline json_t *pc_entry(struct game *g, int side, const char *type, size_t *n_entries)
{
	json_t *list = lw_legal_actions(&g->s, side), *found = NULL, *e;
	size_t i;
	json_array_foreach(list, i, e)
	{
		const char *t =
		    json_string_value(json_object_get(json_object_get(e, "action"), "type"));
		if (!found && t && strcmp(t, type) == 0)
			found = json_incref(e);
	}
	if (n_entries)
		*n_entries = json_array_size(list);
	json_decref(list);
	return found;
}

/* The "to" choices of an entry (hexes), their count; 0 if it has none. */
static inline int pc_choices(const json_t *e, int *out, int max)
{
	json_t *p = json_array_get(json_object_get(e, "params"), 0);
	const char *name = json_string_value(json_object_get(p, "name"));
	if (!name || strcmp(name, "to") != 0)
		return 0;
	json_t *c = json_object_get(p, "choices"), *x;
	size_t i;
	int n = 0;
	json_array_foreach(c, i, x)
	{
		if (n < max)
			out[n++] = (int)json_integer_value(json_object_get(x, "value"));
	}
	return n;
}

/* Sends the entry's action with "to" = hex (0: without "to"). */
static inline int pc_send(struct game *g, const char *role, const json_t *e, int hex)
{
	json_t *a = json_deep_copy(json_object_get(e, "action"));
	if (hex)
		json_object_set_new(a, "to", json_integer(hex));
	char *txt = json_dumps(a, JSON_COMPACT);
	int rc = tk_act(g, role, txt);
	free(txt);
	json_decref(a);
	return rc;
}

/* Both players end the Administration Phase of turn 1 (Spring 1862): the
 * reinforcements arrive (7.3), or the owner is asked where. */
static inline void pc_end_admin(struct game *g)
{
	struct lw_state *s = &g->s;
	s->turn = 1;
	s->phase = LW_PH_ADMIN;
	s->phasing = LW_UNION;
	s->first = LW_UNION;
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++)
		s->side[side].admin_done = 0;
	CHECKF(tk_act(g, "union", "{\"type\":\"end_admin\"}") == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "confederate", "{\"type\":\"end_admin\"}") == 0, "%s", tk_err.message);
}

/* A Campaign game (GiCs chosen) in which Wheeler (cavalry, arriving Spring
 * 1862) finds `other` (a one-star, placed by hand and no longer arriving)
 * at his entry hex, or nobody when `other` is NULL. */
static inline struct game *pc_wheeler_game(int seed, const char *other, int *wheeler, int *entry)
{
	struct game *g = tk_new("campaign", seed);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	*wheeler = tk_unit(g, "wheeler");
	*entry = lw_D()->generals[s->unit[*wheeler].gen].entry_hex;
	if (other) {
		int o = tk_unit(g, other);
		s->unit[o].arrive_turn = 9; /* placed by hand, not a reinforcement */
		tk_place(g, o, *entry);
		s->unit[o].stars = 1;
	}
	return g;
}

/* A Campaign game (GiCs chosen) in which Stuart is disgraced and Hampton
 * (cavalry, placed by hand) stands in Stuart's starting hex. */
static inline struct game *pc_stuart_game(int seed, int *stuart, int *start)
{
	struct game *g = tk_new("campaign", seed);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	*stuart = tk_unit(g, "stuart");
	*start = lw_D()->generals[s->unit[*stuart].gen].setup_hex;
	CHECK_EQ_INT(s->unit[*stuart].hex, *start);
	lw_disgrace(s, *stuart);
	CHECK_EQ_INT(s->unit[*stuart].where, LW_W_DISGRACED);
	int hampton = tk_unit(g, "hampton");
	tk_place(g, hampton, *start);
	s->unit[hampton].arrive_turn = 9;
	return g;
}

/* The Confederate buys a disgraced general back in the Administration
 * Phase, with 5 PC (7.1.1): the rehabilitate entry's state. */
static inline void pc_rehab_admin(struct lw_state *s)
{
	s->phase = LW_PH_ADMIN;
	s->phasing = LW_CONFEDERATE;
	s->side[LW_CONFEDERATE].pc = 5;
}

#endif
