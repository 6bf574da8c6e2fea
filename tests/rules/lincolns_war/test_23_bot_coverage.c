/* 23.x in play: with every optional rule on, the random legal-action bot
 * of the playouts meets the optional cards through the offers alone (no
 * dead end, every offered action accepted): Irregulars placed (23.2) and
 * raiding, Peculiar Generals played (cards 70-71), Laying a Trap committed
 * (Union 73). The trap and dispersals are rare in random play and are only
 * reported; their scripted tests cover them. */
#include "lw_bot.h"
#include "lw_testkit.h"

#define GAMES 24
#define MAX_ACTIONS 20000

static const char *const marks[] = {
    "Irregulars take the field", /* 23.2 placement */
    "The Irregulars at",         /* 23.2 raid */
    "disperses the Irregulars",  /* 23.2.5 */
};
#define N_MARKS (int)(sizeof marks / sizeof *marks)

struct counts {
	int seen[N_MARKS], peculiar, trap;
};

static void count_cards(void *ctx, struct game *g, const char *role, const json_t *a)
{
	(void)g;
	struct counts *c = ctx;
	const char *type = json_string_value(json_object_get(a, "type"));
	int card = (int)json_integer_value(json_object_get(a, "card"));
	int res = (int)json_integer_value(json_object_get(a, "resource"));
	if (type && strcmp(type, "play") == 0 && (card == 70 || card == 71))
		c->peculiar++;
	if (type && strcmp(type, "commit") == 0 && res == 73 && strcmp(role, "union") == 0)
		c->trap++;
}

static void count_marks(void *ctx, const char *line)
{
	struct counts *c = ctx;
	for (int m = 0; m < N_MARKS; m++)
		c->seen[m] += strstr(line, marks[m]) != NULL;
}

int main(void)
{
	const struct game_module *M = &lincolns_war_module;
	struct counts c = {{0}, 0, 0};
	const struct lw_bot_hooks hooks = {
	    .ctx = &c, .before = count_cards, .log_line = count_marks};
	json_t *opts = json_object();
	json_t *all = M->options();
	const char *k;
	json_t *v;
	json_object_foreach(all, k, v)
	{
		json_object_set_new(opts, k, json_true());
	}
	json_decref(all);
	for (int game = 0; game < GAMES; game++) {
		uint8_t key[TG_SEED_BYTES] = {(uint8_t)game, 0x23, 0xb0};
		struct game *g = M->setup(key, M->scenarios[game % 3].id, opts, &tk_err);
		if (!CHECKF(g != NULL, "setup: %s", tk_err.message))
			break;
		struct lw_bot bot;
		lw_bot_init(&bot, 2300u + (uint64_t)game);
		char why[256];
		CHECKF(lw_bot_play(&bot, M, g, MAX_ACTIONS, &hooks, why, sizeof why) >= 0,
		       "game %d: %s", game, why);
		M->free(g);
	}
	json_decref(opts);
	int *seen = c.seen, peculiar = c.peculiar, trap = c.trap;
	for (int m = 0; m < N_MARKS; m++)
		printf("# '%s' seen %d times\n", marks[m], seen[m]);
	printf("# Peculiar General cards played %d times, Laying a Trap committed %d times\n",
	       peculiar, trap);
	CHECK(seen[0] > 0);
	CHECK(seen[1] > 0);
	CHECK(peculiar > 0);
	/* the Union defending while holding card 73 is rare in random play:
	 * reported only (test_23_laying_a_trap scripts it) */
	return tap_done();
}
