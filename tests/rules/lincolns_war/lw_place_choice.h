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

#endif
