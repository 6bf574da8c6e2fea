/* 9.2: "The cost of absorbing one TCO star is one PC, and the absorbing
 * general is promoted. A general can only absorb one TCO star per turn."
 * 7.1: "All generals that are in supply at the beginning of the
 * administrative phase are eligible for a single promotion (up to their
 * limit in stars) per turn either by purchase or draft promotion but never
 * both." 17.5: "TCO stars can be absorbed in the rail phase".
 *
 * Issue 22 reading: the "one TCO star per turn" limit reuses the 7.1
 * "promoted this turn" flag, so a general promoted in Administration cannot
 * absorb a TCO star in the Rail Phase of the same turn. Readings: (a) 7.1's
 * single promotion a turn covers every promotion, and absorbing is one
 * ("the absorbing general is promoted"); (b) 7.1 limits the Administration
 * Phase's purchase and draft, 9.2 sets its own count. Decision (docs/decisions.md "9.2 / 17.5: one
 * TCO star a turn"): (a), the engine as it was: 7.1 names no exception, and 9.2 calls the
 * absorption a promotion. A general not promoted in Administration absorbs
 * one star, and only one. */
#include "lincolns_war/lw_tco.h"
#include "lw_land_fixture.h"

static int tco_with(struct lw_state *s, int hex, int stars)
{
	for (int i = 0; i < s->n_units; i++)
		if (s->unit[i].gen < 0 && s->unit[i].side == LW_UNION &&
		    s->unit[i].where == LW_W_UNUSED) {
			s->unit[i].where = LW_W_MAP;
			s->unit[i].hex = (int16_t)hex;
			s->unit[i].stars = (uint8_t)stars;
			s->unit[i].cavalry = 0;
			return i;
		}
	return LW_NONE;
}

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	int grant = fx_place(s, "grant", 805, 1);
	int sherman = fx_place(s, "sherman", 805, 1);
	int t = tco_with(s, 805, 2);
	if (!CHECK(t != LW_NONE))
		return tap_done();
	/* Grant was promoted in Administration (7.1) */
	lw_promote(s, grant);
	CHECK_EQ_INT(s->unit[grant].stars, 2);
	struct tg_error err = {0};
	CHECK(lw_tco_absorb(s, t, grant, &err) != 0);
	printf("# %s\n", err.message);
	CHECK_EQ_INT(s->unit[grant].stars, 2);
	CHECK_EQ_INT(s->unit[t].stars, 2);
	/* Sherman was not: he absorbs one star, and no second */
	CHECK_EQ_INT(lw_tco_absorb(s, t, sherman, &err), 0);
	CHECK_EQ_INT(s->unit[sherman].stars, 2);
	CHECK(lw_tco_absorb(s, t, sherman, &err) != 0);
	CHECK_EQ_INT(s->unit[t].stars, 1);
	free(s);
	return tap_done();
}
