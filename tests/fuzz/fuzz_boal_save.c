/* fuzz_boal_save.c — Birth of a Legend's save loader (boal_save.c, game.h
 * load()), by the edit scripts of save_edit.h applied to saves of this
 * game: fresh games of each kind, a 16.1 bid half written, and games driven
 * a fixed number of decisions into the sequence of play, each decision one
 * of the actions offered. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "boal_module.h"
#include "save_edit.h"

static const struct game_module *M = &birth_of_a_legend_module;

/* (options, decisions): fresh games of each kind, a bid written, and games
 * into their later turns */
static const struct {
	const char *options;
	int steps;
} base_spec[] = {{NULL, 0},
                 {"{\"bidding\":true}", 1},
                 {"{\"advanced\":true}", 40},
                 {NULL, 120},
                 {"{\"advanced\":true,\"bidding\":true,\"bid_for_union\":true}", 400}};
#define N_BASES (sizeof base_spec / sizeof base_spec[0])

static json_t *make_base(size_t i)
{
	uint8_t key[TG_SEED_BYTES] = {(uint8_t)(0x61 + i), 0x5b};
	struct tg_error err;
	json_t *o = base_spec[i].options ? json_loads(base_spec[i].options, 0, NULL) : NULL;
	struct game *g = M->setup(key, "seven-days", o, &err);
	json_decref(o);
	if (!g)
		abort();
	for (int step = 0; step < base_spec[i].steps; step++) {
		struct game_status st;
		M->status(g, &st);
		if (st.finished)
			break;
		const char *role = st.awaiting & 1u ? "union" : "confederate";
		json_t *v = M->view(g, role);
		json_t *acts = json_object_get(v, "actions");
		json_t *a = json_deep_copy(json_object_get(
		    json_array_get(acts, (size_t)step % json_array_size(acts)), "action"));
		if (!json_object_get(a, "rp") &&
		    strcmp(json_string_value(json_object_get(a, "type")), "bid") == 0)
			json_object_set_new(a, "rp", json_integer(step % 7));
		json_decref(v);
		M->act(g, role, a, NULL, &err);
		json_decref(a);
	}
	json_t *s = M->save(g);
	M->free(g);
	return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct save_fuzz f = {"boal_save", &birth_of_a_legend_module, N_BASES,
	                                   make_base};
	return save_fuzz_one(&f, data, size);
}
