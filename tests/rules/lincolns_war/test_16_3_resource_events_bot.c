/* 16.3 in play: the random legal-action bot of the playouts meets the
 * Resource card events through the offers alone — it commits Surprise
 * Attack!, To Steal a March and Reluctant to Follow Orders as Resource
 * cards, answers the To Steal a March prompt, and every game goes on to its
 * end (no dead end, every offered action accepted). Battles are few in
 * random play and a given card is rarely in hand then, so when a battle
 * asks for commitments the event cards are moved into the hands (from the
 * deck or the discards) and the bot picks among the offers as always. The
 * counts are reported (the reversal and the march depend on the random
 * trajectories; their section tests drive them). */
#include "lw_bot.h"
#include "lw_testkit.h"

#define GAMES 24
#define MAX_ACTIONS 20000

static const char *const marks[] = {
    "the battle is in",                /* Surprise Attack!: roles reversed */
    "the roles stay as they are",      /* ... or not (empty city, 10.6.6...) */
    "is already the attacker",         /* ... or played by the attacker */
    "the battle is fought there",      /* To Steal a March: marched */
    "fights where it stands",          /* ... held */
    "until the supply phase (10.7.4)", /* Reluctant to Follow Orders in battle */
    "sharpshooters take aim",          /* 16.8 */
};
#define N_MARKS (int)(sizeof marks / sizeof *marks)

/* The event cards into the hands of both sides at a commitment (the
 * Confederate gets Surprise Attack! or To Steal a March in turn), never the
 * card being played (it is in no pile until the play ends). */
static void salt(struct lw_state *s, int game)
{
	if (!s->battle.active || s->step != LW_ST_COMMIT)
		return;
	int cards[LW_SIDE_SLOTS][2] = {{0, 0}, {29, 20}, {game % 2 ? 54 : 31, 55}};
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		struct lw_cards *c = &s->side[side].cards;
		if (s->battle.committed[side] || c->hand_n + 2 > LW_HAND_MAX)
			continue;
		for (int k = 0; k < 2; k++)
			if (lw_hand_find(s, side, cards[side][k]) < 0 &&
			    !(s->play.side == side && s->play.card == cards[side][k]))
				tk_give(s, side, cards[side][k]);
	}
}

/* load(save(g)) gives the same save while the events' block is in use. */
static void roundtrip(struct game *g, int game)
{
	const struct game_module *M = &lincolns_war_module;
	json_t *j = M->save(g);
	char *a = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
	struct game *h = M->load(j, &tk_err);
	json_decref(j);
	if (CHECKF(h != NULL, "game %d: load: %s", game, tk_err.message)) {
		json_t *k = M->save(h);
		char *b = json_dumps(k, JSON_COMPACT | JSON_SORT_KEYS);
		CHECKF(strcmp(a, b) == 0, "game %d: load(save) differs", game);
		CHECKF(memcmp(&g->s.resev, &h->s.resev, sizeof g->s.resev) == 0,
		       "game %d: the resev block is not restored", game);
		free(b);
		json_decref(k);
		M->free(h);
	}
	free(a);
}

struct ctx {
	int game, prompts, seen[N_MARKS];
};

/* Before each choice the event cards may be salted in: the bot then
 * chooses from the new offers. */
static bool salt_hook(void *ctx, struct game *g)
{
	salt(&g->s, ((struct ctx *)ctx)->game);
	return true;
}

static void count_prompt(void *ctx, struct game *g, const char *role, const json_t *a)
{
	(void)g;
	(void)role;
	const char *type = json_string_value(json_object_get(a, "type"));
	((struct ctx *)ctx)->prompts += type && strncmp(type, "steal_march", 11) == 0;
}

static void check_saved(void *ctx, struct game *g)
{
	if (g->s.resev.declarer != LW_NOSIDE) /* the block in use: saved? */
		roundtrip(g, ((struct ctx *)ctx)->game);
}

static void count_marks(void *ctx, const char *line)
{
	struct ctx *c = ctx;
	for (int k = 0; k < N_MARKS; k++)
		c->seen[k] += strstr(line, marks[k]) != NULL;
}

int main(void)
{
	const struct game_module *M = &lincolns_war_module;
	struct ctx c = {0};
	const struct lw_bot_hooks hooks = {.ctx = &c,
	                                   .alter = salt_hook,
	                                   .before = count_prompt,
	                                   .after = check_saved,
	                                   .log_line = count_marks};
	int finished = 0;
	for (int game = 0; game < GAMES; game++) {
		static const char *const scn[] = {"campaign", "introductory", "tournament"};
		struct game *g = tk_new(scn[game % 3], 300 + game);
		struct lw_bot bot;
		lw_bot_init(&bot, 7001u + (uint64_t)game);
		c.game = game;
		char why[256];
		int n = lw_bot_play(&bot, M, g, MAX_ACTIONS, &hooks, why, sizeof why);
		CHECKF(n >= 0, "game %d: %s", game, why);
		finished += n >= 0 && n < MAX_ACTIONS;
		M->free(g);
	}
	int *seen = c.seen, prompts = c.prompts;
	for (int k = 0; k < N_MARKS; k++)
		printf("# '%s' seen %d times\n", marks[k], seen[k]);
	printf("# %d To Steal a March answers, %d games finished\n", prompts, finished);
	CHECK_EQ_INT(finished, GAMES);
	/* each answer of the prompt is logged; the reversal and the march
	 * depend on the random trajectories (their section tests drive them):
	 * counted, not required; the token is met in most games */
	CHECK_EQ_INT(prompts, seen[3] + seen[4]);
	CHECK(seen[5] > 0);
	return tap_done();
}
