/* 11.1.3.2 in play: the random legal-action bot of the playouts meets the
 * consolidation prompts through the offers alone. Random games rarely put a
 * GiC next to other generals (test_playouts plays those), so positions are
 * scripted and the bot plays on: Grant, activated next to two generals,
 * with either nothing chosen yet (the bot draws in whom it likes, ends the
 * consolidation or moves) or both already drawn in, fourteen stars (the
 * bot must meet the limit again). Before every action the stacking limit
 * is met everywhere but in the GiC's hex while his consolidating group
 * still stands in it, and no overstack outlives the group's move. */
#include "lincolns_war/lw_consolidation.h"
#include "lw_bot.h"
#include "lw_groups_fixture.h"

#define SEEDS 24
#define ACTIONS 40 /* enough for the GiC's activation and more */

static const char *const marks[] = {
    "starts a consolidation move",     /* the first general drawn in */
    "into the General in Chief's hex", /* each general drawn in */
    "ends his consolidation move",     /* consolidate_done */
    "by the end of the GiC's move",    /* consolidate_return */
};
#define N_MARKS (int)(sizeof marks / sizeof *marks)

struct counts {
	int seen[N_MARKS], over, over_left;
};

static void count_marks(void *ctx, const char *line)
{
	struct counts *c = ctx;
	for (int k = 0; k < N_MARKS; k++)
		c->seen[k] += strstr(line, marks[k]) != NULL;
}

/* before each action: the state the previous one left */
static void check_state(void *ctx, struct game *g, const char *role, const json_t *a)
{
	(void)role;
	(void)a;
	struct counts *c = ctx;
	const struct lw_state *s = &g->s;
	bool over = lw_consolidation_overstacked(s);
	c->over += over;
	/* nowhere else over the limit once the group has left or ended */
	for (int u = 0; u < s->n_units; u++) {
		const struct lw_unit *x = &s->unit[u];
		if (x->where != LW_W_MAP ||
		    (lw_consolidation_open(s) && x->hex == s->play.cons_hex))
			continue;
		bool mover = false;
		for (int k = 0; k < s->play.movers_n; k++)
			mover |= s->play.movers[k] == u;
		if (!mover && !s->battle.active &&
		    lw_stack_check_hex(s, x->hex, x->side, NULL, 0, LW_NONE, 0, NULL) != 0)
			c->over_left++;
	}
}

int main(void)
{
	const struct game_module *M = &lincolns_war_module;
	struct counts c = {{0}, 0, 0};
	const struct lw_bot_hooks hooks = {
	    .ctx = &c, .before = check_state, .log_line = count_marks};
	int resolved = 0, scripted = 0;
	for (int seed = 0; seed < SEEDS; seed++) {
		struct game *g = gf_new(60 + seed, LW_UNION);
		struct lw_state *s = &g->s;
		int p[3];
		if (!CHECK(gf_paths(g, "OH", 2, 1, p)))
			break;
		int grant = gf_place(g, "grant", p[0], 3);
		s->side[LW_UNION].gic = (int16_t)grant;
		gf_place(g, "sherman", p[0], 3);
		gf_place(g, "mcpherson", p[0], 3);
		gf_place(g, "thomas", p[1], 3);
		gf_place(g, "buell", p[2], 2);
		char buf[160];
		snprintf(buf, sizeof buf,
		         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":"
		         "\"grant\"}",
		         gf_card(g, LW_UNION, 3));
		CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
		if (seed % 2) { /* odd seeds: fourteen stars drawn in by the script */
			CHECKF(tk_act(g, "union",
			              "{\"type\":\"consolidate\",\"general\":\"thomas\"}") == 0,
			       "%s", tk_err.message);
			CHECKF(tk_act(g, "union",
			              "{\"type\":\"consolidate\",\"general\":\"buell\"}") == 0,
			       "%s", tk_err.message);
			CHECK(lw_consolidation_overstacked(s));
			scripted++;
		}
		struct lw_bot bot;
		lw_bot_init(&bot, 77u + (uint64_t)seed);
		char why[256];
		CHECKF(lw_bot_play(&bot, M, g, ACTIONS, &hooks, why, sizeof why) >= 0,
		       "seed %d: %s", seed, why);
		resolved += seed % 2 && s->play.cons_hex == 0;
		M->free(g);
	}
	for (int k = 0; k < N_MARKS; k++)
		printf("# '%s' seen %d times\n", marks[k], c.seen[k]);
	printf("# actions chosen over the limit: %d\n", c.over);
	printf("# scripted overstacks resolved within %d actions: %d of %d\n", ACTIONS, resolved,
	       scripted);
	CHECK(c.seen[0] > 0);            /* the bot started a consolidation */
	CHECK(c.seen[1] >= c.seen[0]);   /* drawing generals in */
	CHECK(c.seen[2] > 0);            /* and ended it */
	CHECK(c.seen[3] > 0);            /* it sent a general back */
	CHECK(resolved >= scripted / 2); /* the GiC's move went on */
	CHECK_EQ_INT(c.over_left, 0);
	return tap_done();
}
