/* 10.7.5 Blockade runners (three Confederate cards): played for its event,
 * a runner brings its PC while its port is not effectively blockaded (8.2);
 * once the port is blockaded the run needs a roll (8.1.1) and fails below
 * it, bringing nothing. The card may always be spent for its printed PC. */
#include "lw_naval_fixture.h"

/* Plays the runner for its event; returns the PC gained (-99: refused). */
static int run(int seed, bool blockaded, bool *failed_logged)
{
	struct game *g = nv_game(seed);
	struct lw_state *s = &g->s;
	int card = nv_runner_card();
	const struct lw_card *k = lw_card(LW_CONFEDERATE, card);
	if (blockaded)
		nv_blockade(s, k->blockade_port, 0);
	tk_goto_ops(g, 1, LW_CONFEDERATE);
	return nv_play_runner(g, card, failed_logged);
}

int main(void)
{
	struct game *g = nv_game(1); /* loads the data */
	lincolns_war_module.free(g);
	int n = 0;
	for (int c = 1; c <= 57; c++) {
		const struct lw_card *k = lw_card(LW_CONFEDERATE, c);
		n += k && strcmp(k->effect_kind, "blockade_runner") == 0;
	}
	CHECK_EQ_INT(n, 3);
	int card = nv_runner_card();
	if (!CHECK(card != 0))
		return tap_done();
	json_int_t want =
	    json_integer_value(json_object_get(lw_card(LW_CONFEDERATE, card)->effect, "pc"));
	CHECK(want > 0);
	bool failed = false;
	CHECK_EQ_INT(run(5, false, &failed), (int)want); /* open port: the PC */
	CHECK(!failed);
	/* blockaded: over some seeds the run both fails (nothing) and succeeds */
	int fails = 0, wins = 0;
	for (int seed = 10; seed < 40; seed++) {
		int got = run(seed, true, &failed);
		CHECKF(got == 0 || got == (int)want, "seed %d: %d PC", seed, got);
		CHECKF((got == 0) == failed, "seed %d: a failed run is logged", seed);
		fails += got == 0;
		wins += got == (int)want;
	}
	CHECKF(fails > 0 && wins > 0, "blockaded runs: %d fail, %d succeed", fails, wins);
	return tap_done();
}
