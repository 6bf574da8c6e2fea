/* offer_fill.h — a random legal-action player's pick inside one offer
 * (game.h, protocol/schema/view.json): the offer's action with each param
 * set to one of its choices' values, or, for a param of several choices
 * ("many": true), to an array of some of them in the choices' order: half
 * the time all, else each with even odds (so none, some and all are
 * played); a param "by" another, to one of the choices the other's value
 * opens (kit/param_by.h). The games' random playouts fill offers so, as the integration
 * harness's pick_action does; and their pick of the offer to fill. */
#ifndef TG_TEST_OFFER_FILL_H
#define TG_TEST_OFFER_FILL_H

#include <jansson.h>
#include <stdbool.h>

#include "kit/param_by.h"
#include "kit/rng.h"

/* The filled action (a new reference). *some, when given, is set when a
 * "many" param was given fewer than all of its choices. */
static inline json_t *tg_offer_fill(const json_t *entry, struct tg_rng *r, bool *some)
{
	json_t *a = json_deep_copy(json_object_get(entry, "action"));
	if (some)
		*some = false;
	if (!a)
		return NULL;
	size_t i, k;
	json_t *p, *c;
	const json_t *params = json_object_get(entry, "params");
	json_array_foreach(params, i, p)
	{
		const char *name = json_string_value(json_object_get(p, "name"));
		json_t *ch = json_object_get(p, "choices");
		size_t n = json_array_size(ch);
		if (!name || n == 0)
			continue;
		if (!json_is_true(json_object_get(p, "many"))) {
			/* a param "by" another (kit/param_by.h): one of the choices
			 * the other's value opens */
			long by = tg_param_by_index(params, p), b = -1;
			if (by >= 0) {
				const json_t *q = json_array_get(params, (size_t)by);
				b = tg_param_choice_index(
				    q, json_object_get(
				           a, json_string_value(json_object_get(q, "name"))));
			}
			uint32_t open = 0;
			for (k = 0; k < n; k++)
				open += b < 0 || tg_param_open(p, (size_t)b, k);
			uint32_t x = open ? tg_rng_below(r, open) : 0;
			for (k = 0; k < n; k++)
				if ((b < 0 || tg_param_open(p, (size_t)b, k)) && x-- == 0) {
					json_object_set(
					    a, name,
					    json_object_get(json_array_get(ch, k), "value"));
					break;
				}
			continue;
		}
		bool all = tg_rng_below(r, 2) == 0;
		json_t *v = json_array();
		json_array_foreach(ch, k, c)
		{
			if (all || tg_rng_below(r, 2) == 0)
				json_array_append(v, json_object_get(c, "value"));
		}
		if (some && json_array_size(v) < n)
			*some = true;
		json_object_set_new(a, name, v);
	}
	return a;
}

/* A random player's pick of one offer of legal (an array of offers):
 * uniform among all; then, when favour is given and holds for some of
 * them, with odds num in den, uniform among those instead (the games'
 * random players so weight up the offers a uniform pick rarely takes). The
 * draws, in this order: the uniform pick; if some are favoured, the odds;
 * if they came up, the pick among the favoured. NULL (nothing drawn) when
 * legal is empty. */
static inline const json_t *tg_offer_pick(const json_t *legal, struct tg_rng *r,
                                          bool (*favour)(const void *ctx, const json_t *offer),
                                          const void *ctx, uint32_t num, uint32_t den)
{
	size_t n = json_array_size(legal);
	if (n == 0)
		return NULL;
	const json_t *e = json_array_get(legal, tg_rng_below(r, (uint32_t)n));
	if (!favour)
		return e;
	uint32_t favoured = 0;
	for (size_t i = 0; i < n; i++)
		favoured += favour(ctx, json_array_get(legal, i));
	if (favoured > 0 && tg_rng_below(r, den) < num)
		for (size_t i = 0, x = tg_rng_below(r, favoured); i < n; i++)
			if (favour(ctx, json_array_get(legal, i)) && x-- == 0)
				e = json_array_get(legal, i);
	return e;
}

#endif
