/* lw_data_units.c — reads generals.json: the general counters (1.3.1) and
 * the TCO counter mix (17.1). Turn ids are resolved against turns.json, so
 * turns are loaded first. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_data_internal.h"

static const char F[] = "generals.json";

static int rank_value(const struct lw_ctx *c, const json_t *r, const char *key, int *out)
{
	const json_t *v = json_object_get(r, key);
	if (json_is_string(v) && strcmp(json_string_value(v), "*") == 0) {
		*out = LW_INDECISIVE;
		return 0;
	}
	return lw_get_int(c, r, key, 0, 9, out);
}

static int load_ranks(const struct lw_ctx *c, const json_t *j, struct lw_general *g)
{
	const json_t *ranks;
	if (lw_get_array(c, j, "ranks", &ranks) < 0)
		return -1;
	size_t n = json_array_size(ranks);
	if (n < 2 || n > 3)
		return lw_fail(c->err, LW_DATA_ERULE, F, c->item,
		               "a general has a one- and a two-star side and maybe a three-star "
		               "counter (1.3.1); got %zu ranks",
		               n);
	if (g->cavalry && n == 3)
		return lw_fail(c->err, LW_DATA_ERULE, F, c->item,
		               "cavalry generals have no three-star counter (1.3.1)");
	for (size_t i = 0; i < n; i++) {
		const json_t *r = json_array_get(ranks, i);
		struct lw_rank *k = &g->rank[i];
		if (lw_get_int(c, r, "stars", (int)i + 1, (int)i + 1, &k->stars) < 0 ||
		    lw_get_int(c, r, "activation", 0, 6, &k->activation) < 0 ||
		    rank_value(c, r, "attack", &k->attack) < 0 ||
		    rank_value(c, r, "defense", &k->defense) < 0)
			return -1;
	}
	g->max_stars = (int)n;
	return 0;
}

static int load_general(struct lw_data_owned *o, const json_t *j, size_t i,
                        struct lw_data_error *err)
{
	struct lw_general *g = &o->generals[i];
	char item[80];
	const char *id = json_string_value(json_object_get(j, "id"));
	snprintf(item, sizeof item, "general '%s'", id ? id : "?");
	struct lw_ctx c = {err, F, item};
	const char *side;
	if (lw_get_str(&c, j, "id", &g->id) < 0 || lw_get_str(&c, j, "name", &g->name) < 0 ||
	    lw_get_str(&c, j, "side", &side) < 0 ||
	    lw_get_bool(&c, j, "cavalry", false, &g->cavalry) < 0 || load_ranks(&c, j, g) < 0 ||
	    lw_get_hex(&c, &o->pub.grid, j, "setup", true, &g->setup_hex) < 0 ||
	    lw_get_hex(&c, &o->pub.grid, j, "entry", true, &g->entry_hex) < 0 ||
	    lw_get_int(&c, j, "seniority", 1, 999, &g->seniority) < 0 ||
	    lw_get_bool(&c, j, "gic_candidate", false, &g->gic_candidate) < 0 ||
	    lw_check_source(&c, j, &g->source) < 0)
		return -1;
	int s = lw_side_parse(side);
	if (s < 0)
		return lw_fail(err, LW_DATA_ESCHEMA, F, item, "side must be union or confederate");
	g->side = (enum lw_side)s;
	const json_t *arr = json_object_get(j, "arrives");
	if (arr == NULL || json_is_null(arr)) {
		g->arrival_turn = LW_ON_MAP;
		if (g->setup_hex == 0)
			return lw_fail(err, LW_DATA_ERULE, F, item,
			               "needs a setup hex or an arrival turn (5.0)");
		if (g->entry_hex != 0)
			return lw_fail(err, LW_DATA_ERULE, F, item,
			               "a general on the map at the start has no entry hex");
	} else {
		const char *t = json_string_value(arr);
		if (t != NULL && strcmp(t, "emancipation") == 0)
			g->arrival_turn = LW_ARRIVES_EMANCIPATION;
		else if ((g->arrival_turn = lw_data_turn_index(&o->pub, t ? t : "")) < 0)
			return lw_fail(err, LW_DATA_EREF, F, item, "arrives on unknown turn \"%s\"",
			               t ? t : "(not a string)");
		if (g->setup_hex != 0 || g->entry_hex == 0)
			return lw_fail(err, LW_DATA_ERULE, F, item,
			               "a reinforcement has an entry hex and no setup hex (7.3)");
	}
	for (size_t q = 0; q < i; q++) {
		if (strcmp(o->generals[q].id, g->id) == 0)
			return lw_fail(err, LW_DATA_ERULE, F, item, "duplicate general id");
		if (o->generals[q].side == g->side && o->generals[q].seniority == g->seniority)
			return lw_fail(err, LW_DATA_ERULE, F, item, "seniority %d also held by %s",
			               g->seniority, o->generals[q].id);
	}
	return 0;
}

static int load_tcos(struct lw_data_owned *o, const json_t *root, struct lw_data_error *err)
{
	struct lw_ctx c = {err, F, "tco"};
	const json_t *arr;
	if (lw_get_array(&c, root, "tco", &arr) < 0)
		return -1;
	size_t n = json_array_size(arr);
	o->tcos = calloc(n ? n : 1, sizeof *o->tcos);
	if (o->tcos == NULL)
		return lw_fail(err, LW_DATA_ENOMEM, F, "tco", "out of memory");
	size_t i;
	const json_t *j;
	json_array_foreach(arr, i, j)
	{
		struct lw_tco *t = &o->tcos[i];
		char item[32];
		snprintf(item, sizeof item, "tco #%zu", i + 1);
		struct lw_ctx cc = {err, F, item};
		const char *side;
		if (lw_get_str(&cc, j, "side", &side) < 0 ||
		    lw_get_bool(&cc, j, "cavalry", false, &t->cavalry) < 0 ||
		    lw_get_int(&cc, j, "stars", 1, t->cavalry ? 2 : 3, &t->stars) < 0 ||
		    lw_get_int(&cc, j, "count", 1, 9, &t->count) < 0 ||
		    lw_check_source(&cc, j, &t->source) < 0)
			return -1;
		int s = lw_side_parse(side);
		if (s < 0)
			return lw_fail(err, LW_DATA_ESCHEMA, F, item,
			               "side must be union or confederate");
		t->side = (enum lw_side)s;
	}
	o->pub.tcos = o->tcos;
	o->pub.n_tcos = n;
	return 0;
}

/* The table of the generals by id (lw_data_internal.h, general_slot): at
 * least twice as many slots as generals, so that a probe is short; the ids
 * are unique (load_general) */
static int index_generals(struct lw_data_owned *o)
{
	size_t n = o->pub.n_generals, size = 16;
	while (size < 2 * n)
		size *= 2;
	if (n >= UINT16_MAX)
		return -1;
	o->general_slot = calloc(size, sizeof *o->general_slot);
	if (o->general_slot == NULL)
		return -1;
	o->general_mask = size - 1;
	for (size_t i = 0; i < n; i++) {
		size_t k = lw_data_id_hash(o->generals[i].id) & o->general_mask;
		while (o->general_slot[k])
			k = (k + 1) & o->general_mask;
		o->general_slot[k] = (uint16_t)(i + 1);
	}
	return 0;
}

int lw_load_generals(struct lw_data_owned *o, struct lw_data_error *err)
{
	const json_t *root = o->root[LW_F_GENERALS];
	struct lw_ctx c = {err, F, NULL};
	const json_t *arr;
	if (lw_get_array(&c, root, "generals", &arr) < 0)
		return -1;
	size_t n = json_array_size(arr);
	o->generals = calloc(n ? n : 1, sizeof *o->generals);
	if (o->generals == NULL)
		return lw_fail(err, LW_DATA_ENOMEM, F, NULL, "out of memory");
	o->pub.generals = o->generals;
	size_t i;
	const json_t *j;
	json_array_foreach(arr, i, j)
	{
		if (load_general(o, j, i, err) < 0)
			return -1;
		o->pub.n_generals = i + 1;
	}
	if (index_generals(o) < 0)
		return lw_fail(err, LW_DATA_ENOMEM, F, NULL, "out of memory");
	return load_tcos(o, root, err);
}
