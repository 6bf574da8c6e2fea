/* 20.5 example over the state: Sherman's force out of supply in Georgia
 * draws seven forage cards; six haystacks: no IT at all. */
#include "lincolns_war/lw_supply.h"
#include "lw_land_fixture.h"

/* A Georgia hex where Sherman's eight stars find no supply. */
static int georgia_hex(struct lw_state *s, int sherman)
{
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes; i++) {
		const struct lw_hex *h = &d->hexes[i];
		if (strcmp(h->state, "GA") != 0 || h->terrain != LW_TERRAIN_CLEAR || h->city >= 0)
			continue;
		s->unit[sherman].hex = (int16_t)h->id;
		if (!lw_supply_traced(s, h->id, LW_UNION, NULL))
			return h->id;
	}
	return LW_NO_HEX;
}

static int run(int forage_found)
{
	struct lw_state *s = fx_new(5);
	if (!s)
		return -1;
	int sherman = fx_place(s, "sherman", LW_NO_HEX, 3);
	s->unit[sherman].stars = 8; /* the whole force's stars while searching */
	int hex = georgia_hex(s, sherman);
	if (!CHECK(hex != LW_NO_HEX))
		return -1;
	sherman = fx_place(s, "sherman", hex, 3);
	fx_place(s, "halleck", hex, 2);
	fx_place(s, "mcclelland", hex, 1);
	fx_place(s, "thomas", hex, 1);
	fx_place(s, "stoneman", hex, 1);
	CHECK_EQ_INT(lw_force_co(s, hex), sherman);
	fx_stack_deck(s, LW_UNION, LW_SYM_FORAGE, forage_found, 12 - forage_found);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 5);
	int before = s->side[LW_UNION].cards.draw_n;
	lw_supply_phase(s);
	CHECK_EQ_INT(before - s->side[LW_UNION].cards.draw_n, 7); /* seven draws */
	CHECK(s->unit[sherman].flags & LW_UF_OOS);
	int it = lw_force_it(s, hex);
	free(s);
	return it;
}

int main(void)
{
	CHECK_EQ_INT(run(6), 0); /* one more than the five generals */
	CHECK_EQ_INT(run(4), 2); /* one for being OOS, one for the shortfall */
	CHECK_EQ_INT(run(5), 1);
	return tap_done();
}
