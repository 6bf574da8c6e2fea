/* 10.6: "The phasing player must play one card, pass or ..." — the action
 * types of the Operations phase's card play (its steps CARD, SPEND, PEACE
 * and MOVE: 10.4, 10.6, 10.7, 12.0 and what a card's activation may do) are
 * declared once, in lw_ops.c's table of type, rule section and handler, and
 * lw_ops_act dispatches by that table (issue 23, STYLE.md 5 and 10).
 *
 * This test holds the table to the offers: over games from fixed seeds,
 * every action the view offers while the card play itself is the pending
 * decision has a row in its step's table, and the row's rule section is a
 * section of the rulebook (data/rule_sections.tsv, or a subsection of one
 * of its sections). An offer without a row would be an action type
 * recognised somewhere without being declared. */
#include "lw_bot.h"
#include "lw_testkit.h"

#define GAMES 24
#define MAX_ACTIONS 20000

struct seen {
	int checked, rows[4];
	char sections[512][16];
	int n_sections;
};

/* Is `rule` a section of the rulebook, or a subsection of one? */
static bool known_section(const struct seen *c, const char *rule)
{
	for (int i = 0; i < c->n_sections; i++) {
		size_t n = strlen(c->sections[i]);
		if (strncmp(rule, c->sections[i], n) == 0 && (rule[n] == '\0' || rule[n] == '.'))
			return true;
	}
	return false;
}

static int step_index(int step)
{
	switch (step) {
	case LW_ST_CARD:
		return 0;
	case LW_ST_SPEND:
		return 1;
	case LW_ST_PEACE:
		return 2;
	case LW_ST_MOVE:
		return 3;
	default:
		return -1;
	}
}

static void check_offers(void *ctx, struct game *g, const char *role, const json_t *chosen)
{
	(void)chosen;
	struct seen *c = ctx;
	const struct lw_state *s = &g->s;
	const char *kind = lw_pending_name(s);
	int k = step_index(s->step);
	if (!kind || strcmp(kind, "ops") != 0 || k < 0)
		return;
	int side = strcmp(role, "union") == 0 ? LW_UNION : LW_CONFEDERATE;
	json_t *list = lw_legal_actions(s, side);
	size_t i;
	json_t *e;
	json_array_foreach(list, i, e)
	{
		const char *type =
		    json_string_value(json_object_get(json_object_get(e, "action"), "type"));
		const char *rule = lw_ops_action_rule(s->step, type);
		c->checked++;
		c->rows[k] += rule != NULL;
		if (!CHECKF(rule, "step %d offers \"%s\", which its table does not declare",
		            s->step, type ? type : "(none)"))
			continue;
		CHECKF(known_section(c, rule), "\"%s\" cites %s, not a section of the rulebook",
		       type, rule);
	}
	json_decref(list);
}

static void load_sections(struct seen *c)
{
	FILE *f = fopen(TG_SOURCE_DIR "/tests/rules/lincolns_war/data/rule_sections.tsv", "r");
	if (!CHECK(f != NULL))
		exit(tap_done());
	char line[256];
	while (fgets(line, sizeof line, f) && c->n_sections < 512) {
		if (line[0] == '#' || !strchr(line, '\t'))
			continue;
		*strchr(line, '\t') = '\0';
		if (strlen(line) < sizeof c->sections[0])
			memcpy(c->sections[c->n_sections++], line, strlen(line) + 1);
	}
	fclose(f);
}

int main(void)
{
	static struct seen c;
	load_sections(&c);
	CHECKF(c.n_sections > 100, "%d rule sections read", c.n_sections);

	/* the table answers for its own step only */
	CHECK(lw_ops_action_rule(LW_ST_CARD, "play") != NULL);
	CHECK(lw_ops_action_rule(LW_ST_SPEND, "play") == NULL);
	CHECK(lw_ops_action_rule(LW_ST_MOVE, "no_such_action") == NULL);

	const struct game_module *M = &lincolns_war_module;
	const struct lw_bot_hooks hooks = {.ctx = &c, .before = check_offers};
	static const char *const scn[] = {"campaign", "introductory", "tournament"};
	for (int game = 0; game < GAMES; game++) {
		struct game *g = tk_new(scn[game % 3], 900 + game);
		struct lw_bot bot;
		lw_bot_init_prudent(&bot, 9001u + (uint64_t)game);
		lw_bot_seek_sieges(&bot, game % 2 == 1);
		char why[256];
		CHECKF(lw_bot_play(&bot, M, g, MAX_ACTIONS, &hooks, why, sizeof why) >= 0,
		       "game %d: %s", game, why);
		M->free(g);
	}
	printf("# %d offers checked; rows found: card %d, spend %d, peace %d, move %d\n", c.checked,
	       c.rows[0], c.rows[1], c.rows[2], c.rows[3]);
	for (int k = 0; k < 4; k++)
		CHECKF(c.rows[k] > 0 || k == 2, "step %d was met", k);
	return tap_done();
}
