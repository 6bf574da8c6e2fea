/* 10.7.5 "A Confederate blockade runner generates PC based on the card's
 * text but only if a particular port has not yet been effectively
 * blockaded (8.2)", and 8.2: "A port occupied by a Union Force or Garrison
 * Token is considered blockaded for the purposes of rule 8.2." A runner
 * whose port the Union holds (no fleet off it) must run the blockade
 * (3-6, 8.1.1) like one whose port is blockaded by fleets. (The engine
 * paid the PC freely into a Union-held port.) */
#include "lw_naval_fixture.h"

/* Plays the runner for its event with its port held by a Union garrison;
 * returns the PC gained (-99: refused). */
static int run(int seed, bool *failed_logged)
{
	struct game *g = nv_game(seed);
	struct lw_state *s = &g->s;
	int card = nv_runner_card();
	const struct lw_card *k = lw_card(LW_CONFEDERATE, card);
	tk_goto_ops(g, 1, LW_CONFEDERATE);
	int c = nv_city(k->blockade_port);
	for (int u = 0; u < s->n_units; u++)
		if (s->unit[u].where == LW_W_MAP && s->unit[u].hex == lw_D()->cities[c].hex)
			s->unit[u].where = LW_W_DISGRACED;
	s->city[c].owner = LW_UNION; /* captured; no fleet on its blockade space */
	s->city[c].garrison = 1;
	CHECK(!lw_naval_effectively_blockaded(s, c));
	CHECK(lw_naval_blockaded_for_effects(s, c));
	return nv_play_runner(g, card, failed_logged);
}

int main(void)
{
	struct game *g = nv_game(1); /* loads the data */
	lincolns_war_module.free(g);
	int card = nv_runner_card();
	if (!CHECK(card != 0))
		return tap_done();
	int want =
	    (int)json_integer_value(json_object_get(lw_card(LW_CONFEDERATE, card)->effect, "pc"));
	int fails = 0, wins = 0;
	for (int seed = 10; seed < 40; seed++) {
		bool failed = false;
		int got = run(seed, &failed);
		CHECKF(got == 0 || got == want, "seed %d: %d PC", seed, got);
		CHECKF((got == 0) == failed, "seed %d: a failed run is logged", seed);
		fails += got == 0;
		wins += got == want;
	}
	CHECKF(fails > 0 && wins > 0, "runs into a Union-held port: %d fail, %d succeed", fails,
	       wins);
	return tap_done();
}
