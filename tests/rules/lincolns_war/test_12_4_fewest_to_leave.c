/* 12.4 / 16.6.4: lw_stack_fewest_to_leave, the one search behind "retreat
 * the lowest number of stars possible ... so as to comply with stacking
 * restrictions" (16.6.4, a routed attacker: counted in stars) and "only
 * with the maximum amount of units to prevent overstacking in the city.
 * Any excess must retreat" (16.6.4, a routed besieged force: counted in
 * generals, holding the generals already named). A hex of eight stars
 * without a three-star general (12.4: six at most) — three two-star and two
 * one-star generals — gives different answers for each way of counting,
 * with and without a general who must leave, and none when the generals
 * searched cannot make the hex legal. */
#include "lw_testkit.h"

#include "lw_march.h"

static const char *const ids[] = {"lyon", "sigel", "banks", "patterson", "rosecrans"};
static const int stars[] = {2, 2, 2, 1, 1};
enum { N = 5 };

/* Runs the search; in_best starts all true so a reset is seen. */
static int fewest(struct lw_state *s, int hex, const int *u, int n, unsigned must, bool by_stars,
                  bool *in_best)
{
	for (int i = 0; i < N; i++)
		in_best[i] = true;
	return lw_stack_fewest_to_leave(s, hex, LW_UNION, u, n, must, by_stars, in_best);
}

static bool marks(const bool *in_best, const char *want)
{
	for (int i = 0; i < N; i++)
		if (in_best[i] != (want[i] == '1'))
			return false;
	return true;
}

int main(void)
{
	struct game *g = tk_new("campaign", 41);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	int hex = tk_empty_hex(g, "IL", 0), u[N];
	for (int i = 0; i < N; i++) {
		u[i] = tk_put(g, ids[i], hex, stars[i], 0);
		CHECKF(s->side[LW_UNION].gic != u[i], "%s is not the GiC", ids[i]);
		s->unit[u[i]].cavalry = 0;
	}
	bool in_best[N];
	/* eight stars, no three-star general: overstacked (12.4) */
	CHECK(lw_stack_check_without(s, hex, LW_UNION, NULL, 0, NULL) != 0);

	/* counted in generals: any one two-star general is enough */
	CHECK_EQ_INT(fewest(s, hex, u, N, 0, false, in_best), 1);
	CHECKF(marks(in_best, "11100"), "the two-star generals, no one-star one");
	/* counted in stars: two stars, a two-star general or both one-star ones */
	CHECK_EQ_INT(fewest(s, hex, u, N, 0, true, in_best), 2);
	CHECKF(marks(in_best, "11111"), "every general is in some two-star set");

	/* Patterson (one star) must leave: two generals either way of counting;
	 * in stars only Rosecrans completes him (2), a two-star would make 3 */
	unsigned must = 1u << 3;
	CHECK_EQ_INT(fewest(s, hex, u, N, must, false, in_best), 2);
	CHECKF(marks(in_best, "11111"), "Patterson with anyone");
	CHECK_EQ_INT(fewest(s, hex, u, N, must, true, in_best), 2);
	CHECKF(marks(in_best, "00011"), "Patterson and Rosecrans only");
	/* two who must leave and are enough already: nobody else is marked */
	must = 1u << 0 | 1u << 1;
	CHECK_EQ_INT(fewest(s, hex, u, N, must, false, in_best), 2);
	CHECKF(marks(in_best, "11000"), "only the two named");

	/* searching only the one-star generals: both must go (2 generals) */
	CHECK_EQ_INT(fewest(s, hex, u + 3, 2, 0, false, in_best), 2);
	CHECKF(in_best[0] && in_best[1], "both one-star generals");
	/* searching Patterson alone: nothing makes the hex legal */
	CHECK_EQ_INT(fewest(s, hex, u + 3, 1, 0, true, in_best), 0);
	CHECKF(!in_best[0], "nobody marked when no set works");

	/* seven stars: still overstacked; one of the one-star generals suffices */
	tk_place(g, u[4], tk_empty_hex(g, "IL", hex));
	CHECK_EQ_INT(fewest(s, hex, u, 4, 0, true, in_best), 1);
	CHECKF(in_best[3] && !in_best[0] && !in_best[1] && !in_best[2],
	       "in stars: Patterson, the only one-star general left");
	CHECK_EQ_INT(fewest(s, hex, u, 4, 0, false, in_best), 1);
	CHECKF(in_best[0] && in_best[1] && in_best[2] && in_best[3], "in generals: anyone");

	/* six stars: the hex is legal, -1 and nobody marked */
	tk_place(g, u[3], tk_empty_hex(g, "IL", hex));
	CHECK_EQ_INT(fewest(s, hex, u, 3, 0, false, in_best), -1);
	CHECKF(!in_best[0] && !in_best[1] && !in_best[2], "legal: nobody marked");
	CHECK_EQ_INT(fewest(s, hex, u, 3, 1u << 0, true, in_best), -1);
	lincolns_war_module.free(g);
	return tap_done();
}
