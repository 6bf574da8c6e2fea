/* 12.0 / 12.8 separate groups and 10.7.3.1 campaign designation in play:
 * the random legal-action bot of the playouts meets them through the
 * offers alone (offered, accepted, logged with their rule) over Campaign
 * games from fixed seeds. A re-entry into the force a group was dispersed
 * from (12.5) is never offered: every accepted move is checked against it.
 * A campaign group never ends its movement (stop, attack) outside the
 * region it must end in while a way in is still open (10.7.3); the
 * engine's last resort (nothing brings it in any more: it ends where it
 * is) is counted, not forbidden, since random play can close the way. */
#include "lincolns_war/lw_campaign.h"
#include "lincolns_war/lw_march.h"
#include "lw_bot.h"
#include "lw_testkit.h"

#define GAMES 32 /* campaigns are rare: about one game in ten */
#define MAX_ACTIONS 20000

static const char *const marks[] = {
    "as a separate group (12.8)",     /* next_group */
    "stays behind",                   /* detach */
    "designates the campaign forces", /* 10.7.3.1, two forces */
    "designates one campaign force",  /* 10.7.3.1, one force */
};
#define N_MARKS (int)(sizeof marks / sizeof *marks)

struct counts {
	int seen[N_MARKS], reentries, outside, last_resort, passed;
};

/* every move the bot is about to make, checked before it is sent */
static void check_move(void *ctx, struct game *g, const char *role, const json_t *a)
{
	(void)role;
	struct counts *c = ctx;
	const struct lw_state *s = &g->s;
	const char *type = json_string_value(json_object_get(a, "type"));
	if (s->step != LW_ST_MOVE || !type)
		return;
	/* 10.7.3: a campaign group ends its movement (stop, attack) in its
	 * region; on the way it may pass outside it */
	unsigned al = lw_campaign_allowed(s);
	int here = lw_march_hex(s);
	const struct lw_hex *hh = here != LW_NO_HEX ? lw_data_hex(lw_D(), here) : NULL;
	bool in = hh && (al & LW_CAMP_BIT((int)hh->region));
	if (al && hh && !in && (strcmp(type, "stop") == 0 || strcmp(type, "attack") == 0)) {
		struct tg_error err = {0};
		if (lw_campaign_stop_check(s, &err) == 0)
			c->last_resort++; /* the way in is closed */
		else
			c->outside++;
	}
	if (strcmp(type, "move") != 0)
		return;
	int to = (int)json_integer_value(json_object_get(a, "to"));
	const struct lw_hex *h = lw_data_hex(lw_D(), to);
	c->passed += al && h && !(al & LW_CAMP_BIT((int)h->region));
	/* 12.5: nobody of this activation's force, not moving, is there */
	int us[LW_MAX_UNITS];
	int k = lw_units_at(s, to, s->play.side, us);
	for (int i = 0; i < k; i++) {
		bool mover = false;
		for (int m = 0; m < s->play.movers_n; m++)
			mover |= s->play.movers[m] == us[i];
		c->reentries += !mover && lw_groups_find(&s->groups, us[i]) >= 0;
	}
}

static void count_marks(void *ctx, const char *line)
{
	struct counts *c = ctx;
	for (int k = 0; k < N_MARKS; k++)
		c->seen[k] += strstr(line, marks[k]) != NULL;
}

int main(void)
{
	const struct game_module *M = &lincolns_war_module;
	struct counts c = {{0}, 0, 0, 0, 0};
	const struct lw_bot_hooks hooks = {
	    .ctx = &c, .before = check_move, .log_line = count_marks};
	for (int game = 0; game < GAMES; game++) {
		struct game *g = tk_new("campaign", 300 + game);
		struct lw_bot bot;
		lw_bot_init(&bot, 7001u + (uint64_t)game);
		char why[256];
		CHECKF(lw_bot_play(&bot, M, g, MAX_ACTIONS, &hooks, why, sizeof why) >= 0,
		       "game %d: %s", game, why);
		M->free(g);
	}
	int *seen = c.seen, reentries = c.reentries, outside = c.outside;
	for (int k = 0; k < N_MARKS; k++)
		printf("# '%s' seen %d times\n", marks[k], seen[k]);
	printf("# campaign steps out of the region on the way: %d\n", c.passed);
	printf("# campaign groups ending outside, the way in closed: %d\n", c.last_resort);
	CHECK(seen[0] > 0);
	CHECK(seen[1] > 0);
	CHECK(seen[2] + seen[3] > 0);
	CHECK_EQ_INT(reentries, 0);
	CHECK_EQ_INT(outside, 0);
	return tap_done();
}
