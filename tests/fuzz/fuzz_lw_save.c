/* fuzz_lw_save.c — Lincoln's War's save loader (lw_save.c, game.h load()),
 * by the edit scripts of save_edit.h applied to saves of this game: a fresh
 * game, an early Operations Phase, and games deep enough to hold battles,
 * sieges, naval assets and IT, played by the rules tests' prudent bot. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "lw_bot.h"
#include "save_edit.h"

extern const struct game_module lincolns_war_module;
static const struct game_module *M = &lincolns_war_module;

/* (scenario, bot steps): a fresh game, an early Operations Phase, and games
 * deep enough to hold battles, sieges, naval assets and IT. */
static const struct {
	int scenario;
	int steps;
	uint64_t seed;
} base_spec[] = {{0, 0, 1}, {0, 60, 2}, {1, 400, 3}, {2, 900, 4}, {2, 2500, 5}};
#define N_BASES (sizeof base_spec / sizeof base_spec[0])

static json_t *make_base(size_t i)
{
	uint8_t key[TG_SEED_BYTES] = {(uint8_t)(0x51 + i), 0x5a};
	struct tg_error err;
	int nsc = 0;
	while (M->scenarios[nsc].id)
		nsc++;
	struct game *g = M->setup(key, M->scenarios[base_spec[i].scenario % nsc].id, NULL, &err);
	if (!g)
		abort();
	struct lw_bot bot;
	lw_bot_init_prudent(&bot, base_spec[i].seed);
	for (int step = 0; step < base_spec[i].steps; step++) {
		char role[TG_ROLE_MAX * 2];
		json_t *a = NULL;
		if (lw_bot_choose(&bot, M, g, role, &a) <= 0)
			break;
		M->act(g, role, a, NULL, &err);
		json_decref(a);
	}
	json_t *s = M->save(g);
	M->free(g);
	return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct save_fuzz f = {"lw_save", &lincolns_war_module, N_BASES, make_base};
	return save_fuzz_one(&f, data, size);
}
