/* 12.0 / 12.8 separate groups and 10.7.3.1 campaign designation in play:
 * the random legal-action bot of the playouts meets them through the
 * offers alone (offered, accepted, logged with their rule) over Campaign
 * games from fixed seeds. A re-entry into the force a group was dispersed
 * from (12.5) is never offered: every accepted move is checked against it. */
#include "lincolns_war/lw_march.h"
#include "lw_bot.h"
#include "lw_testkit.h"

#define GAMES 16
#define MAX_ACTIONS 20000

static const char *const marks[] = {
    "as a separate group (12.8)",     /* next_group */
    "stays behind",                   /* detach */
    "designates the campaign forces", /* 10.7.3.1, two forces */
    "designates one campaign force",  /* 10.7.3.1, one force */
};
#define N_MARKS (int)(sizeof marks / sizeof *marks)

int main(void)
{
	const struct game_module *M = &lincolns_war_module;
	int seen[N_MARKS] = {0};
	int reentries = 0, outside = 0;
	for (int game = 0; game < GAMES; game++) {
		struct game *g = tk_new("campaign", 300 + game);
		struct lw_bot bot;
		lw_bot_init(&bot, 7001u + (uint64_t)game);
		uint32_t logged = g->s.log_total;
		for (int n = 0; n < MAX_ACTIONS; n++) {
			char role[TG_ROLE_MAX * 2];
			json_t *a = NULL;
			int got = lw_bot_choose(&bot, M, g, role, &a);
			if (got <= 0) {
				CHECKF(got == 0, "game %d: dead end", game);
				break;
			}
			const struct lw_state *s = &g->s;
			const char *type = json_string_value(json_object_get(a, "type"));
			bool move = s->step == LW_ST_MOVE && type && strcmp(type, "move") == 0;
			int to = move ? (int)json_integer_value(json_object_get(a, "to")) : 0;
			int region = move ? lw_campaign_region_now(s) : -1;
			if (move) {
				/* 12.5: nobody of this activation's force, not moving, is there */
				int us[LW_MAX_UNITS];
				int k = lw_units_at(s, to, s->play.side, us);
				for (int i = 0; i < k; i++) {
					bool mover = false;
					for (int m = 0; m < s->play.movers_n; m++)
						mover |= s->play.movers[m] == us[i];
					reentries +=
					    !mover && lw_groups_find(&s->groups, us[i]) >= 0;
				}
				const struct lw_hex *h = lw_data_hex(lw_D(), to);
				outside += region >= 0 && (!h || (int)h->region != region);
			}
			struct game_outcome out = {0};
			int rc = M->act(g, role, a, &out, &tk_err);
			CHECKF(rc == 0, "game %d: offered action refused: %s", game,
			       tk_err.message);
			json_decref(a);
			if (rc)
				break;
			for (; logged < g->s.log_total; logged++) {
				const char *line = g->s.log[logged % LW_LOG_LINES];
				for (int k = 0; k < N_MARKS; k++)
					seen[k] += strstr(line, marks[k]) != NULL;
			}
		}
		M->free(g);
	}
	for (int k = 0; k < N_MARKS; k++)
		printf("# '%s' seen %d times\n", marks[k], seen[k]);
	CHECK(seen[0] > 0);
	CHECK(seen[1] > 0);
	CHECK(seen[2] + seen[3] > 0);
	CHECK_EQ_INT(reentries, 0);
	CHECK_EQ_INT(outside, 0);
	return tap_done();
}
