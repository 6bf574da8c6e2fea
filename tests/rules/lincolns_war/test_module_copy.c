/* test_module_copy.c — game.h copy() for Lincoln's War: the daemon keeps
 * the undo base as a copy of the state (issue 17), so a copy must behave
 * exactly as the game it was taken from, and be independent of it. Along
 * random games: a copy saves to the same JSON as its original; the same
 * action applied to both leaves them equal; an action applied to the copy
 * alone leaves the original as it was. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_bot.h"
#include "lw_engine.h"
#include "tap.h"

extern const struct game_module lincolns_war_module;
static const struct game_module *M = &lincolns_war_module;

static char *save_str(const struct game *g)
{
	json_t *j = M->save(g);
	char *s = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(j);
	return s;
}

struct ctx {
	struct lw_bot bot;
	long actions, checked, failures;
};

static void after(void *p, struct game *g)
{
	struct ctx *c = p;
	if (++c->actions % 13 != 0)
		return;
	struct game *k = M->copy(g);
	char *a = save_str(g), *b = k ? save_str(k) : NULL;
	bool ok = b && strcmp(a, b) == 0;
	char role[TG_ROLE_MAX * 2];
	json_t *act = NULL;
	struct lw_bot probe = c->bot; /* the same choice for both */
	if (ok && lw_bot_choose(&probe, M, g, role, &act) == 1) {
		struct tg_error e1 = {0}, e2 = {0};
		int r2 = M->act(k, role, act, NULL, &e2);
		char *after_copy_acted = save_str(g);
		ok = strcmp(a, after_copy_acted) == 0; /* the original is untouched */
		free(after_copy_acted);
		struct game *k2 = M->copy(g);
		int r1 = k2 ? M->act(k2, role, act, NULL, &e1) : -2;
		char *s1 = k2 ? save_str(k2) : NULL, *s2 = save_str(k);
		ok = ok && r1 == r2 && s1 && strcmp(s1, s2) == 0;
		free(s1);
		free(s2);
		if (k2)
			M->free(k2);
	}
	json_decref(act);
	if (!ok && c->failures++ < 3)
		CHECKF(false, "action %ld: the copy behaves as the original", c->actions);
	c->checked++;
	free(a);
	free(b);
	if (k)
		M->free(k);
}

int main(void)
{
	CHECKF(M->copy != NULL, "Lincoln's War offers copy() (game.h)");
	if (!M->copy)
		return tap_done();
	struct ctx c = {0};
	for (int game = 0; game < 4; game++) {
		uint8_t seed[TG_SEED_BYTES] = {(uint8_t)game, 0xc0};
		struct tg_error err = {0};
		struct game *g = M->setup(seed, game % 2 ? "tournament" : "campaign", NULL, &err);
		CHECKF(g != NULL, "setup: %s", err.message);
		if (!g)
			break;
		lw_bot_init_prudent(&c.bot, 1000u + (uint64_t)game);
		struct lw_bot_hooks h = {.ctx = &c, .after = after};
		char why[200] = "";
		CHECKF(lw_bot_play(&c.bot, M, g, 1500, &h, why, sizeof why) > 0, "plays: %s", why);
		M->free(g);
	}
	CHECKF(c.failures == 0 && c.checked > 50, "%ld copies behave as their originals",
	       c.checked - c.failures);
	return tap_done();
}
