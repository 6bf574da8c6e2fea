/* param_by.h — a param whose choices depend on another param's chosen
 * value (game.h "params", PROTOCOL.md "Actions and their params"):
 *
 *   {"name": "to", "label": "Destination", "by": "unit",
 *    "choices": [ every choice any value of "unit" opens ],
 *    "choices_by": [ one per choice of "unit", in its order:
 *                    {"only": [i, ...]} or {"except": [i, ...]} ] }
 *
 * "by" names a param listed before this one, not "many"; once it has its
 * b-th choice, this param's choices are those of choices_by[b]: "only"
 * the indices (into "choices", ascending) listed, "except" all but them
 * ({"except": []}: all). Issue 17: the Rail Phase offered a mode's
 * (general, destination) pairs as a cover of products, each destination
 * list repeated for a cluster of generals; one shared list with each
 * general's difference says the same pairs in a third of the bytes.
 *
 * Header-only (jansson): the daemon's email numbering and reply, the
 * terminal client and the tests' bots read it so. */
#ifndef TG_KIT_PARAM_BY_H
#define TG_KIT_PARAM_BY_H

#include <jansson.h>
#include <stdbool.h>
#include <string.h>

/* The index in params of the param p depends on ("by"), or -1 when p
 * depends on none (or names no param before it). */
static inline long tg_param_by_index(const json_t *params, const json_t *p)
{
	const char *by = json_string_value(json_object_get(p, "by"));
	if (!by)
		return -1;
	size_t i;
	const json_t *q;
	json_array_foreach(params, i, q)
	{
		if (q == p)
			return -1;
		const char *name = json_string_value(json_object_get(q, "name"));
		if (name && strcmp(name, by) == 0)
			return (long)i;
	}
	return -1;
}

/* Whether choice c of p is open once the param p depends on has its
 * choice b; a p that depends on none has every choice open. */
static inline bool tg_param_open(const json_t *p, size_t b, size_t c)
{
	const json_t *by = json_object_get(p, "choices_by");
	if (!json_is_array(by))
		return true;
	const json_t *e = json_array_get(by, b);
	const json_t *only = json_object_get(e, "only");
	const json_t *list = only ? only : json_object_get(e, "except");
	bool listed = false;
	size_t i;
	const json_t *x;
	json_array_foreach(list, i, x)
	{
		if (json_is_integer(x) && (size_t)json_integer_value(x) == c) {
			listed = true;
			break;
		}
	}
	return only ? listed : !listed;
}

/* The index of value among p's choices, or -1. */
static inline long tg_param_choice_index(const json_t *p, const json_t *value)
{
	size_t i;
	const json_t *c;
	json_array_foreach(json_object_get(p, "choices"), i, c)
	{
		if (json_equal(json_object_get(c, "value"), (json_t *)value))
			return (long)i;
	}
	return -1;
}

#endif
