/* test_tourney_glicko2.c — Glicko-2 against Glickman's own worked example
 * ("Example of the Glicko-2 system", section "Example calculation"): a
 * 1500 / 200 / 0.06 player meets 1400 / 30, 1550 / 100 and 1700 / 300,
 * winning the first game and losing the other two, with tau = 0.5. His
 * paper gives r' = 1464.06, RD' = 151.52, sigma' = 0.05999. */
#include "tap.h"
#include "tourney/glicko2.h"

#include <math.h>
#include <stddef.h>

static bool near(double got, double want, double tol)
{
	return fabs(got - want) <= tol;
}

int main(void)
{
	struct tg_glicko me = {1500, 200, 0.06};
	struct tg_glicko_game games[3] = {
	    {{1400, 30, 0.06}, 1},
	    {{1550, 100, 0.06}, 0},
	    {{1700, 300, 0.06}, 0},
	};
	struct tg_glicko out = tg_glicko_update(me, games, 3, 0.5);
	CHECKF(near(out.rating, 1464.06, 0.01), "rating %.4f", out.rating);
	CHECKF(near(out.deviation, 151.52, 0.01), "deviation %.4f", out.deviation);
	/* The paper prints sigma' cut to five places: 0.059996 is 0.05999. */
	CHECKF(out.volatility >= 0.05999 && out.volatility < 0.06000, "volatility %.6f",
	       out.volatility);

	/* A new player. */
	struct tg_glicko n = tg_glicko_initial();
	CHECK(n.rating == 1500 && n.deviation == 350 && n.volatility == 0.06);

	/* A period without games: only the deviation grows (step 6), and never
	 * past a newcomer's 350. */
	struct tg_glicko idle = tg_glicko_update(me, NULL, 0, 0.5);
	CHECK(idle.rating == 1500 && idle.volatility == 0.06);
	CHECKF(near(idle.deviation, sqrt(200.0 * 200.0 + pow(0.06 * 173.7178, 2)), 1e-9),
	       "idle deviation %.6f", idle.deviation);
	CHECK(tg_glicko_update(n, NULL, 0, 0.5).deviation == 350);

	/* Symmetry: two equal newcomers, one wins: equal and opposite moves. */
	struct tg_glicko_game won = {n, 1}, lost = {n, 0};
	struct tg_glicko w = tg_glicko_update(n, &won, 1, 0.5);
	struct tg_glicko l = tg_glicko_update(n, &lost, 1, 0.5);
	CHECKF(near(w.rating - 1500, 1500 - l.rating, 1e-9), "%f %f", w.rating, l.rating);
	CHECK(w.rating > 1500 && w.deviation < 350);

	/* A draw between equals moves nobody's rating. */
	struct tg_glicko_game drew = {n, 0.5};
	CHECK(near(tg_glicko_update(n, &drew, 1, 0.5).rating, 1500, 1e-9));

	/* The volatility step converges for a wildly surprising result
	 * (the case that needs the k-loop of step 5.2). */
	struct tg_glicko weak = {1000, 50, 0.06};
	struct tg_glicko_game upset = {{2500, 50, 0.06}, 1};
	struct tg_glicko u = tg_glicko_update(weak, &upset, 1, 0.5);
	CHECK(isfinite(u.rating) && isfinite(u.volatility) && u.rating > 1000 &&
	      u.volatility > 0.06);
	return tap_done();
}
