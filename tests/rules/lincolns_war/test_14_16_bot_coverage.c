/* 14.0 / 16.9.5 in play: the random legal-action bot of the playouts meets
 * the amphibious moves through the offers alone (offered, accepted, logged
 * with their rule) over Campaign games from fixed seeds; the counts of
 * assaults, sieges and staging areas are reported. */
#include "lw_bot.h"
#include "lw_testkit.h"

#define GAMES 16
#define MAX_ACTIONS 20000

static const char *const marks[] = {
    "by river to",       /* 14.1.1 */
    "by sea to",         /* 14.2.1 */
    "assault on",        /* 14.1.2 / 14.2.2 */
    "offers siege",      /* 16.9.5 */
    "Port City Staging", /* 14.4.1 */
};
#define N_MARKS (int)(sizeof marks / sizeof *marks)

static void count_marks(void *ctx, const char *line)
{
	int *seen = ctx;
	for (int k = 0; k < N_MARKS; k++)
		seen[k] += strstr(line, marks[k]) != NULL;
}

int main(void)
{
	const struct game_module *M = &lincolns_war_module;
	int seen[N_MARKS] = {0};
	const struct lw_bot_hooks hooks = {.ctx = seen, .log_line = count_marks};
	for (int game = 0; game < GAMES; game++) {
		struct game *g = tk_new("campaign", 100 + game);
		struct lw_bot bot;
		lw_bot_init(&bot, 9001u + (uint64_t)game);
		char why[256];
		CHECKF(lw_bot_play(&bot, M, g, MAX_ACTIONS, &hooks, why, sizeof why) >= 0,
		       "game %d: %s", game, why);
		M->free(g);
	}
	for (int k = 0; k < N_MARKS; k++)
		printf("# '%s' seen %d times\n", marks[k], seen[k]);
	/* river and sea moves are frequent; assaults, sieges and the staging
	 * area are rare in random play (battles in supply-2 cities are few):
	 * the scripted tests cover them, the counts are only reported */
	CHECK(seen[0] > 0);
	CHECK(seen[1] > 0);
	return tap_done();
}
