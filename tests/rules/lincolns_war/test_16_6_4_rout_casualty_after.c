/* 16.6.4: "For the loser of the battle, first remove all IT from the routed
 * force. Next, the routed Force's CO is sent to the Disgraced Generals Box.
 * ... Draw cards for general casualties. If a routed force suffers a
 * general casualty during the card draw, the disgraced CO is exempt from any
 * result." (16.0: "Check For Loser Rout and Apply Results" comes before the
 * casualty draw.) So the casualty cards are drawn once the CO is gone, and
 * the general left alone rolls with the -1 of 16.8 ("If a general is the
 * GiC, a CO, or lone general in a hex"). Price (the CO) and Early are
 * routed; the Confederate card shows a star; Early, alone, rolls at -1.
 * Through act() and view(). */
#include "lincolns_war/lw_combat.h"
#include "lw_land_fixture.h"

/* The log line index (in s->log_total terms) of the first line at or after
 * `from` containing needle, or -1. */
static long log_at(const struct lw_state *s, uint32_t from, const char *needle)
{
	uint32_t first = s->log_total > LW_LOG_LINES ? s->log_total - LW_LOG_LINES : 0;
	for (uint32_t i = from > first ? from : first; i < s->log_total; i++)
		if (strstr(s->log[i % LW_LOG_LINES], needle))
			return (long)i;
	return -1;
}

/* A rout for the Union in which Early's casualty roll (2d6, read from the
 * log since the attack) is 2 or 9: without the -1 those are a wound and a
 * kill, with it a miss and a wound. */
static bool early_rolls(struct game *g, const struct bx_burn *b, void *ctx)
{
	int *roll = ctx;
	struct lw_state *s = &g->s;
	long r = log_at(s, b->log_from, "Casualty roll ");
	*roll = 0;
	if (r >= 0)
		sscanf(strstr(s->log[r % LW_LOG_LINES], "Casualty roll "), "Casualty roll %d",
		       roll);
	return s->battle.rout && s->battle.winner == LW_UNION && (*roll == 2 || *roll == 9);
}

int main(void)
{
	free(bx_game(2)); /* loads the data */
	/* a clear Confederate hex and a generator position where the rout
	 * happens and Early rolls 2 or 9 */
	struct bx_burn b = {.grant_stars = 3,
	                    .sherman_stars = 3,
	                    .price_stars = 2,
	                    .early_stars = 1,
	                    .cs_sym = LW_SYM_CASUALTY,
	                    .burns = 80};
	int roll = 0;
	struct game *g = bx_burn_search(&b, early_rolls, &roll);
	if (!CHECKF(g != NULL, "a rout where Early rolls 2 or 9"))
		return tap_done();
	int early = b.early;
	uint32_t from = b.log_from;
	struct lw_state *s = &g->s;
	/* the rout first, then the cards */
	long disgraced = log_at(s, from, "ROUT:");
	long card = log_at(s, from, "Confederate casualty card shows a star");
	CHECK(disgraced >= 0);
	CHECK(card >= 0);
	CHECKF(disgraced < card, "the CO is disgraced (line %ld) before the card (line %ld)",
	       disgraced, card);
	/* Early, the general left, takes the roll with -1 */
	enum lw_gct want = lw_gct_lookup(1, roll - 1);
	CHECKF(want != lw_gct_lookup(1, roll), "roll %d tells the modifier apart", roll);
	if (want == LW_GCT_MISS) {
		CHECK_EQ_INT(s->unit[early].wounds, 0);
		CHECK(s->unit[early].where != LW_W_DECEASED);
	} else {
		CHECK_EQ_INT(want, LW_GCT_WOUND);
		CHECK_EQ_INT(s->unit[early].wounds, 1);
		CHECK(s->unit[early].where != LW_W_DECEASED);
	}
	free(g);
	return tap_done();
}
