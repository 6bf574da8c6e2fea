/* test_module_save_text.c — game.h save_text() for Lincoln's War: the
 * daemon's snapshot is the save written straight as text (issue 17: no
 * jansson tree built and freed at every game turn), so the text must be
 * byte for byte what the store wrote for save()'s tree. Along random games
 * of every scenario, after every action: save_text equals
 * json_dumps(save(), JSON_COMPACT | JSON_ENSURE_ASCII) and the store's
 * writer of the tree (protocol/json_compact.h), and a text appended to
 * text already in the buffer is the same bytes after it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_compact.h"
#include "lw_bot.h"
#include "lw_engine.h"
#include "tap.h"

extern const struct game_module lincolns_war_module;
static const struct game_module *M = &lincolns_war_module;

struct ctx {
	long actions, checked, failures;
};

/* The first byte where a and b differ, shown around it. */
static void say_difference(long action, const char *a, const char *b)
{
	size_t i = 0;
	while (a[i] && a[i] == b[i])
		i++;
	size_t from = i > 40 ? i - 40 : 0;
	CHECKF(
	    false,
	    "action %ld: the text differs from the tree's at byte %zu:\n# tree %.80s\n# text %.80s",
	    action, i, a + from, b + from);
}

static void check(struct ctx *c, const struct game *g)
{
	c->actions++;
	json_t *tree = M->save(g);
	char *dumped = json_dumps(tree, JSON_COMPACT | JSON_ENSURE_ASCII);
	struct tg_text stored = {0}, text = {0}, after = {0};
	int rc_stored = tg_json_compact_append(&stored, tree);
	json_decref(tree);
	int rc = M->save_text(g, &text);
	tg_text_put(&after, "[1,", 3);
	int rc_after = M->save_text(g, &after);
	bool ok = dumped && rc_stored == 0 && rc == 0 && rc_after == 0 && text.p &&
	          strcmp(dumped, text.p) == 0 && strcmp(stored.p, text.p) == 0 &&
	          after.n == text.n + 3 && memcmp(after.p + 3, text.p, text.n) == 0;
	if (!ok && c->failures++ < 3) {
		if (dumped && text.p)
			say_difference(c->actions, dumped, text.p);
		else
			CHECKF(false, "action %ld: save_text %d, tree %s", c->actions, rc,
			       dumped ? "dumped" : "not dumped");
	}
	c->checked++;
	free(dumped);
	free(stored.p);
	free(text.p);
	free(after.p);
}

static void after_act(void *p, struct game *g)
{
	check(p, g);
}

int main(void)
{
	CHECKF(M->save_text != NULL, "Lincoln's War offers save_text() (game.h)");
	if (!M->save_text)
		return tap_done();
	static const char *const scenarios[] = {"campaign", "tournament", "introductory"};
	struct ctx c = {0};
	for (int game = 0; game < 6; game++) {
		uint8_t seed[TG_SEED_BYTES] = {(uint8_t)game, 0x5a, 0x7e};
		struct tg_error err = {0};
		struct game *g = M->setup(seed, scenarios[game % 3], NULL, &err);
		CHECKF(g != NULL, "setup: %s", err.message);
		if (!g)
			break;
		check(&c, g);
		struct lw_bot bot;
		lw_bot_init(&bot, 7000u + (uint64_t)game);
		struct lw_bot_hooks h = {.ctx = &c, .after = after_act};
		char why[200] = "";
		CHECKF(lw_bot_play(&bot, M, g, 1200, &h, why, sizeof why) > 0, "plays: %s", why);
		M->free(g);
	}
	CHECKF(c.failures == 0 && c.checked > 1000, "%ld states: save_text is save()'s text",
	       c.checked - c.failures);
	return tap_done();
}
