/* 10.7.8.2 "Once per turn, if a Union force moves adjacent to Richmond in
 * any way (either by regular movement or advance after combat), the Union
 * player receives an additional one PC." A Union force landing next to
 * Richmond by river (14.1.1) earns it like one marching there, once a turn:
 * a second landing the same turn earns nothing. */
#include "lw_amphib_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(2); /* Summer 1862 */
	if (!CHECK(s != NULL))
		return tap_done();
	const struct lw_data *d = lw_D();
	int richmond = lw_capital_hex(LW_CONFEDERATE);
	/* the Union holds the cities of Virginia but Richmond */
	for (size_t c = 0; c < d->n_cities; c++) {
		const struct lw_hex *h = lw_data_hex(d, d->cities[c].hex);
		if (h && strcmp(h->state, "VA") == 0 && d->cities[c].hex != richmond)
			s->city[c].owner = LW_UNION;
	}
	/* a port from which the boats reach a hex next to Richmond */
	int from = LW_NO_HEX, to = LW_NO_HEX;
	for (size_t c = 0; c < d->n_cities && to == LW_NO_HEX; c++) {
		if (s->city[c].owner != LW_UNION || !lw_amphib_river_port((int)c))
			continue;
		int land[512], ports[64], np = 0;
		int nl =
		    lw_amphib_river_reach(s, LW_UNION, d->cities[c].hex, land, 512, ports, &np, 64);
		for (int i = 0; i < nl && to == LW_NO_HEX; i++)
			if (tg_hex_adjacent(&d->grid, land[i], richmond) && land[i] != richmond) {
				from = d->cities[c].hex;
				to = land[i];
			}
	}
	if (!CHECK(to != LW_NO_HEX))
		return tap_done();
	int g = am_general(s, LW_UNION, from, 1, LW_NONE);
	s->side[LW_UNION].pc = 10;
	s->side[LW_UNION].richmond_bonus = 0;
	am_activate(s, LW_UNION, &g, 1);
	char act[64];
	snprintf(act, sizeof act, "{\"type\":\"river_move\",\"to\":%d}", to);
	AM_OK(s, LW_UNION, act);
	CHECK_EQ_INT(s->unit[g].hex, to);
	CHECK_EQ_INT(s->side[LW_UNION].pc, 11);
	CHECK_EQ_INT(s->side[LW_UNION].richmond_bonus, 1);
	/* once per turn: back to the port, again next door: no more PC */
	s->unit[g].hex = (int16_t)from;
	s->amphib.river_turn[LW_UNION] = 0;
	am_activate(s, LW_UNION, &g, 1);
	AM_OK(s, LW_UNION, act);
	CHECK_EQ_INT(s->side[LW_UNION].pc, 11);
	free(s);
	return tap_done();
}
