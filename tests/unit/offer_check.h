/* offer_check.h — the shape of one entry of a view's "actions", as
 * protocol/schema/view.json gives it (and game.h): a string "label", an
 * "action" object with a string "type", and "params", an array of
 * {"name", "label"?, "many"?, "choices": [{"value", "label"?}]} with at
 * least one choice each (a client cannot fill a param without). A game's
 * playouts check every offer it makes so; with want_params, "params" must
 * be there even when empty (Birth of a Legend gives it on every offer, as
 * Lincoln's War and kit/pending.c do, so that a client or bot reads one
 * shape). */
#ifndef TG_TEST_OFFER_CHECK_H
#define TG_TEST_OFFER_CHECK_H

#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>

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
	}
	return NULL;
}

#endif
