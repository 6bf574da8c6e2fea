/* 2.4.1: Maryland and Delaware "are for all game intents and purposes under
 * Union control": their cities start Union without garrison tokens, every
 * hex of both states is Union territory (16.3.1, 16.9.1), and, unlike
 * Kentucky (2.4.3), a Confederate force entering them breaks no neutrality
 * and gives the Union nothing. */
#include "lw_land_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(1);
	if (!CHECK(s != NULL))
		return tap_done();
	const struct lw_data *d = lw_D();
	int hexes = 0, cities = 0, md_hex = LW_NO_HEX;
	for (size_t i = 0; i < d->n_hexes; i++) {
		const struct lw_hex *h = &d->hexes[i];
		if (strcmp(h->state, "MD") != 0 && strcmp(h->state, "DE") != 0)
			continue;
		hexes++;
		CHECKF(h->territory == LW_CTRL_UNION, "hex %04d of %s is Union territory", h->id,
		       h->state);
		CHECKF(lw_hex_in_territory(h->id, LW_UNION), "hex %04d is in Union territory",
		       h->id);
		CHECKF(!lw_hex_in_territory(h->id, LW_CONFEDERATE), "hex %04d is not Confederate",
		       h->id);
		CHECKF(!lw_is_kentucky(h->id), "hex %04d is not neutral Kentucky", h->id);
		int c = lw_city_at(h->id);
		if (c >= 0) {
			cities++;
			CHECKF(lw_city_controller(s, c) == LW_UNION, "%s starts Union",
			       d->cities[c].name);
			CHECKF(!s->city[c].garrison, "%s needs no garrison token",
			       d->cities[c].name);
		} else if (md_hex == LW_NO_HEX && strcmp(h->state, "MD") == 0) {
			md_hex = h->id;
		}
	}
	CHECKF(hexes >= 2, "Maryland and Delaware have %d hexes on the map", hexes);
	CHECKF(cities >= 1, "Maryland has %d cities", cities);

	/* a Confederate force entering Maryland: no neutrality broken, no PC */
	if (CHECK(md_hex != LW_NO_HEX)) {
		int us = s->side[LW_UNION].pc, cs = s->side[LW_CONFEDERATE].pc;
		lw_border_enter(s, LW_CONFEDERATE, md_hex);
		lw_border_card_end(s);
		CHECK_EQ_INT(s->kentucky.violator, LW_NOSIDE);
		CHECK_EQ_INT(s->side[LW_UNION].pc, us);
		CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, cs);
		/* the contrast that makes the check meaningful: Kentucky is neutral */
		int ky = LW_NO_HEX;
		for (size_t i = 0; i < d->n_hexes && ky == LW_NO_HEX; i++)
			if (lw_is_kentucky(d->hexes[i].id))
				ky = d->hexes[i].id;
		lw_border_enter(s, LW_CONFEDERATE, ky);
		lw_border_card_end(s);
		CHECK_EQ_INT(s->kentucky.violator, LW_CONFEDERATE);
		CHECK(s->side[LW_UNION].pc >= us + 5); /* 2.4.3: five PC to the opponent */
	}
	free(s);
	return tap_done();
}
