/* 3.0 Sequence of play, seen from outside while the prudent bot plays
 * Campaign games: within a turn the phases only go forward, in the order
 * 3.1 Initiative, 3.2 Administration, 3.3 Naval, 3.4 Rail, 3.5 Operations
 * (card draw, then card play), 3.6 Supply; 3.7 Timekeeping then moves the
 * turn on by one and the next turn starts again with Initiative or
 * Administration, both players' CSP moved back to 0 (21.2). Every complete
 * turn passes through Administration, the card draw and the card play. */
#include "lw_bot.h"
#include "lw_testkit.h"

static int rank(int phase)
{
	switch (phase) {
	case LW_PH_GIC:
		return 0;
	case LW_PH_INITIATIVE:
		return 1;
	case LW_PH_ADMIN:
		return 2;
	case LW_PH_NAVAL:
		return 3;
	case LW_PH_RAIL:
		return 4;
	case LW_PH_DRAW:
		return 5;
	case LW_PH_OPS:
		return 6;
	case LW_PH_SUPPLY:
		return 7;
	default:
		return 8; /* over */
	}
}

int main(void)
{
	int games = 12, bad_order = 0, bad_turn = 0, bad_csp = 0, missing = 0, turns = 0;
	for (int seed = 1; seed <= games; seed++) {
		struct game *g = tk_new("campaign", 300 + seed);
		struct lw_bot bot;
		lw_bot_init_prudent(&bot, (uint64_t)seed * 7919u);
		const struct lw_state *s = &g->s;
		int turn = s->turn, last = rank(s->phase);
		unsigned seen = 1u << s->phase;
		for (int n = 0; n < 20000 && s->phase != LW_PH_OVER; n++) {
			char role[TG_ROLE_MAX * 2];
			json_t *a = NULL;
			if (lw_bot_choose(&bot, &lincolns_war_module, g, role, &a) != 1)
				break;
			char *txt = json_dumps(a, JSON_COMPACT);
			json_decref(a);
			int rc = tk_act(g, role, txt);
			free(txt);
			if (rc != 0)
				break;
			if (s->phase == LW_PH_OVER)
				break;
			int r = rank(s->phase);
			if (s->turn != turn) {
				bad_turn += s->turn != turn + 1;
				bad_order += r > rank(LW_PH_ADMIN);
				/* the turn just ended went through 3.2 and 3.5 */
				missing += !(seen & (1u << LW_PH_ADMIN)) ||
				           !(seen & (1u << LW_PH_DRAW)) ||
				           !(seen & (1u << LW_PH_OPS));
				/* 3.7 / 21.2: no purchase yet, both CSP back at 0 */
				bad_csp +=
				    s->side[LW_UNION].csp != 0 || s->side[LW_CONFEDERATE].csp != 0;
				turns++;
				turn = s->turn;
				seen = 0;
			} else {
				if (r < last)
					printf("# seed %d turn %d: phase %d after %d\n", seed, turn,
					       s->phase, last);
				bad_order += r < last;
			}
			seen |= 1u << s->phase;
			last = r;
		}
		lincolns_war_module.free(g);
	}
	CHECKF(turns >= games, "%d turn changes seen", turns);
	CHECK_EQ_INT(bad_order, 0);
	CHECK_EQ_INT(bad_turn, 0);
	CHECK_EQ_INT(missing, 0);
	CHECK_EQ_INT(bad_csp, 0);
	return tap_done();
}
