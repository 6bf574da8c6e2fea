/* offered_types.c — the action types a view's actions offer. */
#include "core/offered_types.h"

#include <string.h>

static void add(json_t *types, const json_t *t)
{
	const char *s = json_string_value(t);
	if (!s)
		return;
	size_t i;
	json_t *x;
	json_array_foreach(types, i, x) if (strcmp(json_string_value(x), s) == 0) return;
	json_array_append_new(types, json_string(s));
}

json_t *tg_offered_types(const json_t *actions)
{
	json_t *types = json_array();
	size_t i, j, k;
	json_t *e, *p, *c;
	json_array_foreach(actions, i, e)
	{
		add(types, json_object_get(json_object_get(e, "action"), "type"));
		json_array_foreach(json_object_get(e, "params"), j, p)
		{
			const char *name = json_string_value(json_object_get(p, "name"));
			if (!name || strcmp(name, "type") != 0)
				continue;
			json_array_foreach(json_object_get(p, "choices"), k, c)
			    add(types, json_object_get(c, "value"));
		}
	}
	return types;
}
