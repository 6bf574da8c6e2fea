/* 10.6.2: "Activation ... Each Force to be activated costs a number of PC
 * equal to its CO's activation rating" (with 18.1's IT, 16.8.1's wounds,
 * 10.7.4, 20.5: lw_activation_cost). The activation check
 * (lw_play_check_activate) reads the units at the general's hex once and
 * computes the cost from them, and hands it to the offers
 * (lw_play_check_activate_cost; issue 17, session 29). At every position of
 * bot-played games, for every unit of both sides, this test holds the check
 * to lw_activation_cost asked on its own:
 *  - lw_play_check_activate_cost accepts exactly the units
 *    lw_play_check_activate accepts for any PC, and gives
 *    lw_activation_cost;
 *  - lw_play_check_activate accepts such a unit for a card of exactly that
 *    cost and refuses it for one PC less;
 *  - with IT added to another general of his force (a copy), the cost is
 *    still lw_activation_cost's (18.1: the force's IT, not his own). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "lincolns_war/lw_card_play.h"
#include "lw_testkit.h"

static int positions, accepted, with_it, bad, raised;

/* One check of many: counted, the first few failures said. */
static void expect(bool ok, const struct lw_state *s, int u, const char *what, int a, int b)
{
	if (ok)
		return;
	if (bad++ < 10)
		printf("# turn %d unit %d: %s (%d, %d)\n", s->turn, u, what, a, b);
}

/* The force's IT counts, not only his own (18.1): the check's cost again
 * with IT added on another unit of his side at his hex, in a copy. */
static void with_it_added(const struct lw_state *s, int side, int u)
{
	int us[LW_MAX_UNITS], n = lw_units_at(s, s->unit[u].hex, side, us);
	for (int k = 0; k < n; k++) {
		if (us[k] == u)
			continue;
		struct lw_state *x = malloc(sizeof *x);
		if (!x) {
			bad++;
			return;
		}
		memcpy(x, s, sizeof *x);
		x->unit[us[k]].it = (int16_t)(x->unit[us[k]].it + 4);
		int cost = -1;
		if (lw_play_check_activate_cost(x, side, u, INT_MAX, &cost, NULL) == 0) {
			int want = lw_activation_cost(x, u);
			expect(cost == want, x, u, "cost with IT added, lw_activation_cost", cost,
			       want);
			raised += want != lw_activation_cost(s, u);
		}
		free(x);
		return;
	}
}

static void after(void *ctx, struct game *g)
{
	(void)ctx;
	const struct lw_state *s = &g->s;
	positions++;
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++)
		for (int u = 0; u < s->n_units; u++) {
			int cost = -1;
			int any = lw_play_check_activate(s, side, u, INT_MAX, false, NULL);
			int got = lw_play_check_activate_cost(s, side, u, INT_MAX, &cost, NULL);
			expect(got == any, s, u, "the check and its cost form disagree", got, any);
			if (any != 0)
				continue;
			accepted++;
			with_it += lw_force_it(s, s->unit[u].hex) > 0;
			int want = lw_activation_cost(s, u);
			expect(cost == want, s, u, "cost, lw_activation_cost", cost, want);
			expect(lw_play_check_activate(s, side, u, want, false, NULL) == 0, s, u,
			       "refused for a card of his cost", want, want);
			expect(lw_play_check_activate(s, side, u, want - 1, false, NULL) != 0, s, u,
			       "accepted for a card of one PC less than his cost", want - 1, want);
			with_it_added(s, side, u);
		}
}

int main(void)
{
	tk_bot_positions(&(struct tk_positions){.games = 2,
	                                        .seed_tag = 0x62,
	                                        .scenario = "campaign",
	                                        .bot_mul = 31,
	                                        .bot_add = 7,
	                                        .max_actions = 400},
	                 after, NULL);
	printf("# %d positions, %d activations checked, %d of a force with IT, %d costs "
	       "raised by IT added to another general\n",
	       positions, accepted, with_it, raised);
	CHECK_EQ_INT(bad, 0);
	CHECK(positions > 100);
	CHECK(accepted > 1000);
	CHECK(with_it > 100);
	CHECK(raised > 100);
	return tap_done();
}
