/* offer_check.h — the shape of one entry of a view's "actions", as
 * protocol/schema/view.json gives it (and game.h): a string "label", an
 * "action" object with a string "type", and "params", an array of
 * {"name", "label"?, "many"?, "choices": [{"value", "label"?}], "by"?,
 * "choices_by"?} with at least one choice each (a client cannot fill a
 * param without), "by" as kit/param_by.h says. A game's
 * playouts check every offer it makes so; with want_params, "params" must
 * be there even when empty (Birth of a Legend gives it on every offer, as
 * Lincoln's War and kit/pending.c do, so that a client or bot reads one
 * shape). */
#ifndef TG_TEST_OFFER_CHECK_H
#define TG_TEST_OFFER_CHECK_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "kit/param_by.h"

/* NULL when entry has the shape, else a sentence saying what is wrong. */
static inline const char *tg_offer_bad(const json_t *entry, bool want_params, char *why, size_t n)
{
	if (!json_is_object(entry))
		return "an offer that is not an object";
	if (!json_is_string(json_object_get(entry, "label")))
		return "an offer without a string \"label\"";
	const json_t *a = json_object_get(entry, "action");
	if (!json_is_object(a) || !json_is_string(json_object_get(a, "type")))
		return "an offer whose \"action\" is not an object with a string \"type\"";
	const json_t *params = json_object_get(entry, "params");
	if (!params) {
		if (!want_params)
			return NULL;
		snprintf(why, n, "offer \"%s\" has no \"params\"",
		         json_string_value(json_object_get(entry, "label")));
		return why;
	}
	if (!json_is_array(params))
		return "an offer whose \"params\" is not an array";
	size_t i, k;
	const json_t *p, *c;
	json_array_foreach(params, i, p)
	{
		const json_t *choices = json_object_get(p, "choices");
		const json_t *label = json_object_get(p, "label");
		const json_t *many = json_object_get(p, "many");
		if (!json_is_string(json_object_get(p, "name")) ||
		    (label && !json_is_string(label)) || (many && !json_is_boolean(many)) ||
		    !json_is_array(choices) || json_array_size(choices) == 0) {
			snprintf(why, n,
			         "offer \"%s\": param %zu is not {name, label?, many?, choices}",
			         json_string_value(json_object_get(entry, "label")), i);
			return why;
		}
		json_array_foreach(choices, k, c)
		{
			const json_t *cl = json_object_get(c, "label");
			if (!json_is_object(c) || !json_object_get(c, "value") ||
			    (cl && !json_is_string(cl))) {
				snprintf(
				    why, n,
				    "offer \"%s\": param %zu choice %zu is not {value, label?}",
				    json_string_value(json_object_get(entry, "label")), i, k);
				return why;
			}
		}
		/* "by" (kit/param_by.h): names a param before it, not "many";
		 * one "only"/"except" list per choice of that param, each of
		 * ascending indices into this param's choices, leaving one open;
		 * every choice open to one */
		if (!json_object_get(p, "by") && !json_object_get(p, "choices_by"))
			continue;
		long b = tg_param_by_index(params, p);
		const json_t *by = json_array_get(params, (size_t)b);
		const json_t *lists = json_object_get(p, "choices_by");
		size_t nc = json_array_size(choices);
		bool bad =
		    b < 0 || json_is_true(json_object_get(by, "many")) || json_is_true(many) ||
		    !json_is_array(lists) ||
		    json_array_size(lists) != json_array_size(json_object_get(by, "choices"));
		bool *reached = calloc(nc, sizeof *reached);
		const json_t *e;
		json_array_foreach(lists, k, e)
		{
			if (bad || !reached)
				break;
			const json_t *only = json_object_get(e, "only");
			const json_t *list = only ? only : json_object_get(e, "except");
			bad =
			    !json_is_object(e) || json_object_size(e) != 1 || !json_is_array(list);
			long last = -1;
			size_t j, open = 0;
			const json_t *x;
			json_array_foreach(list, j, x)
			{
				bad |= !json_is_integer(x) || json_integer_value(x) <= last ||
				       (size_t)json_integer_value(x) >= nc;
				if (bad)
					break;
				last = (long)json_integer_value(x);
			}
			for (j = 0; !bad && j < nc; j++)
				if (tg_param_open(p, k, j)) {
					open++;
					reached[j] = true;
				}
			bad |= open == 0;
		}
		for (size_t j = 0; !bad && reached && j < nc; j++)
			bad = !reached[j];
		free(reached);
		if (bad) {
			snprintf(why, n,
			         "offer \"%s\": param %zu's \"by\"/\"choices_by\" is not one "
			         "\"only\"/\"except\" list per choice of an earlier param, "
			         "ascending indices, each leaving a choice and every choice open "
			         "to one",
			         json_string_value(json_object_get(entry, "label")), i);
			return why;
		}
	}
	return NULL;
}

#endif
