/* 10.6: "The phasing player must play one card, pass or ..." — and every
 * other decision of the game: each action type the module accepts is
 * declared once, in the table of type, rule section and handler of the
 * pending decision (or of its step or question) that takes it, and the
 * dispatcher, not the handler, matches the type (issue 23, STYLE.md 5 and
 * 10). The card play's steps (10.4, 10.6, 10.7, 12.0) were the first
 * tables; the phases (5.0, 6.0, 7.0, 8.0, 9.0, 10.3) followed.
 *
 * This test holds the tables to the offers: over games from fixed seeds,
 * every action offered to the side that chooses has exactly one row in the
 * table of the decision now (lw_actions_now), whose rule section is a
 * section of the rulebook (data/rule_sections.tsv, or a subsection of one
 * of its sections); every table lw_actions_now answers is one of
 * lw_action_tables; and every row of those tables is offered in the games,
 * or else built as an offer ("type", "<its type>") by a file of the module,
 * so no row declares a type nobody can be offered. An offer without a row
 * would be a type recognised somewhere without being declared.
 *
 * Every kind of decision has its table: the siege's steps (16.9.5), the
 * siege's return (16.9.5.4.3) and the supply demotions (20.4) were the last
 * to match their types themselves, and lw_actions_now answered NULL for
 * them; now a decision without a table fails (check_action_types.py holds
 * the sources to it too). */
#include <dirent.h>

#include "lw_bot.h"
#include "lw_testkit.h"

#define GAMES 24
#define MAX_ACTIONS 20000
#define MAX_ROWS 64
#define MAX_TABLES 48

struct seen {
	int checked, offered_without_table;
	size_t n_tables;
	const struct lw_actions *const *tables;
	bool row_seen[MAX_TABLES][MAX_ROWS];
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

static int table_index(const struct seen *c, const struct lw_actions *t)
{
	for (size_t i = 0; i < c->n_tables; i++)
		if (c->tables[i] == t)
			return (int)i;
	return -1;
}

static void check_offers(void *ctx, struct game *g, const char *role, const json_t *chosen)
{
	(void)chosen;
	struct seen *c = ctx;
	const struct lw_state *s = &g->s;
	const char *kind = lw_pending_name(s);
	int side = strcmp(role, "union") == 0 ? LW_UNION : LW_CONFEDERATE;
	const struct lw_actions *t = lw_actions_now(s, side);
	if (!kind)
		return;
	if (!CHECKF(t != NULL, "decision %s (step %d) has a table of action types", kind, s->step))
		return;
	int ti = table_index(c, t);
	if (!CHECKF(ti >= 0, "table %s is not one of lw_action_tables", t->name))
		return;
	json_t *list = lw_legal_actions(s, side);
	size_t i;
	json_t *e;
	json_array_foreach(list, i, e)
	{
		const char *type =
		    json_string_value(json_object_get(json_object_get(e, "action"), "type"));
		int rows = 0, row = -1;
		for (size_t r = 0; type && r < t->n; r++)
			if (strcmp(t->rows[r].type, type) == 0)
				rows++, row = (int)r;
		c->checked++;
		if (!CHECKF(rows == 1, "%s offers \"%s\": %d rows of its table declare it", t->name,
		            type ? type : "(none)", rows))
			continue;
		c->row_seen[ti][row] = true;
		CHECKF(lw_action_find(t, type) == &t->rows[row], "%s finds the row of \"%s\"",
		       t->name, type);
		CHECKF(known_section(c, t->rows[row].rule),
		       "\"%s\" cites %s, not a section of the rulebook", type, t->rows[row].rule);
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

/* Does a file of the module build an offer of `type` ("type", "<type>")? */
static bool offered_in_source(const char *type)
{
	const char *dir = TG_SOURCE_DIR "/server/games/lincolns_war";
	char needle[96];
	snprintf(needle, sizeof needle, "\"type\", \"%s\"", type);
	DIR *d = opendir(dir);
	if (!d)
		return false;
	bool found = false;
	struct dirent *de;
	static char text[1 << 20];
	while (!found && (de = readdir(d))) {
		size_t len = strlen(de->d_name);
		if (len < 3 || strcmp(de->d_name + len - 2, ".c") != 0)
			continue;
		char path[512];
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		FILE *f = fopen(path, "r");
		if (!f)
			continue;
		size_t n = fread(text, 1, sizeof text - 1, f);
		fclose(f);
		text[n] = '\0';
		found = strstr(text, needle) != NULL;
	}
	closedir(d);
	return found;
}

int main(void)
{
	static struct seen c;
	load_sections(&c);
	CHECKF(c.n_sections > 100, "%d rule sections read", c.n_sections);
	c.tables = lw_action_tables(&c.n_tables);
	CHECKF(c.n_tables > 0 && c.n_tables <= MAX_TABLES, "%zu tables of action types",
	       c.n_tables);

	/* a table answers for its own types only */
	CHECK(lw_action_find(&lw_ops_card_actions, "play") != NULL);
	CHECK(lw_action_find(&lw_ops_spend_actions, "play") == NULL);
	CHECK(lw_action_find(&lw_ops_move_actions, "no_such_action") == NULL);

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
	int rows = 0, played = 0;
	for (size_t ti = 0; ti < c.n_tables; ti++) {
		const struct lw_actions *t = c.tables[ti];
		CHECKF(t->n <= MAX_ROWS && t->refuse, "table %s", t->name);
		for (size_t r = 0; r < t->n && r < MAX_ROWS; r++) {
			rows++;
			played += c.row_seen[ti][r];
			for (size_t q = 0; q < r; q++)
				CHECKF(strcmp(t->rows[q].type, t->rows[r].type) != 0,
				       "%s declares \"%s\" twice", t->name, t->rows[r].type);
			CHECKF(known_section(&c, t->rows[r].rule), "%s: \"%s\" cites %s", t->name,
			       t->rows[r].type, t->rows[r].rule);
			if (!c.row_seen[ti][r])
				CHECKF(offered_in_source(t->rows[r].type),
				       "%s: \"%s\" is neither offered in the games nor built as an "
				       "offer by the module",
				       t->name, t->rows[r].type);
		}
	}
	printf("# %d offers checked; %zu tables, %d rows, %d of them offered in the games\n",
	       c.checked, c.n_tables, rows, played);
	return tap_done();
}
