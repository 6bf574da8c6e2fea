/* 2.2 "Random Card Draw: Any card held in the hand (including the 0
 * Resource card) may be drawn for a random discard. If the 0 Resource card
 * is drawn, it returns to the hand in time for the next activation."
 * The random discard of 7.1.9.1 (a President assassinated): with one card
 * and the 0 card in hand, about half the draws take the 0 card and nothing
 * is lost; with no card but the 0 card nothing is ever lost. */
#include "lw_testkit.h"

/* Runs the Confederate plot from `base` with generator key k; returns the
 * Union's hand size after it when Lincoln died, -1 otherwise. */
static int plot_with_key(const struct lw_state *base, int k)
{
	struct lw_state *s = malloc(sizeof *s);
	memcpy(s, base, sizeof *s);
	uint8_t key[32] = {(uint8_t)k, (uint8_t)(k >> 8), 0x22, 0x02};
	tg_rng_init(&s->rng, key);
	lw_plot_resolve(s, LW_CONFEDERATE);
	int r = s->side[LW_UNION].president_killed ? s->side[LW_UNION].cards.hand_n : -1;
	free(s);
	return r;
}

int main(void)
{
	struct game *g = tk_new("campaign", 22);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	tk_clear_hand(s, LW_UNION);
	tk_give_any(s, LW_UNION);
	CHECK_EQ_INT(s->side[LW_UNION].cards.hand_n, 1);

	int killed = 0, kept = 0, lost = 0;
	for (int k = 0; k < 3000 && killed < 200; k++) {
		int n = plot_with_key(s, k);
		if (n < 0)
			continue;
		killed++;
		kept += n == 1;
		lost += n == 0;
	}
	CHECK_EQ_INT(killed, 200);
	CHECK_EQ_INT(kept + lost, killed);
	/* two cards to draw from (the real one and the 0 card): each about half */
	CHECKF(kept >= 70 && lost >= 70, "kept %d, lost %d of %d", kept, lost, killed);

	/* only the 0 card in hand: it is drawn and comes back */
	tk_clear_hand(s, LW_UNION);
	int seen = 0;
	for (int k = 0; k < 3000 && seen < 20; k++) {
		int n = plot_with_key(s, k);
		if (n < 0)
			continue;
		seen++;
		CHECK_EQ_INT(n, 0);
	}
	CHECK_EQ_INT(seen, 20);
	lincolns_war_module.free(g);
	return tap_done();
}
