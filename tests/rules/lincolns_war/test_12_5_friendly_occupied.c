/* 12.5 / 12.9 friendly occupied hexes, 12.3 Major Army in mountains over the
 * state, 12.1 allowance. */
#include "lincolns_war/lw_march.h"
#include "lw_land_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	const struct lw_data *d = lw_D();
	/* three clear hexes in a row: a - b - c */
	int a = LW_NO_HEX, b = LW_NO_HEX;
	for (size_t i = 0; i < d->n_hexes && a == LW_NO_HEX; i++) {
		const struct lw_hex *h = &d->hexes[i];
		if (h->terrain != LW_TERRAIN_CLEAR || h->city >= 0 || strcmp(h->state, "OH") != 0)
			continue;
		int n = fx_plain_neighbour(h->id);
		if (n != LW_NO_HEX && fx_plain_neighbour(n) != LW_NO_HEX) {
			a = h->id;
			b = n;
		}
	}
	if (!CHECK(a != LW_NO_HEX))
		return tap_done();
	int sherman = fx_place(s, "sherman", a, 2);
	int grant = fx_place(s, "grant", b, 3);
	lw_march_begin(s, sherman, false);
	char act[64];
	snprintf(act, sizeof act, "{\"type\":\"move\",\"to\":%d}", b);
	ACT_OK(s, LW_UNION, act);
	/* 12.5: entering the hex of a CO of higher rank ends the move */
	CHECK_EQ_INT(lw_force_co(s, b), grant);
	CHECK(s->step != LW_ST_MOVE);

	/* a lower-ranked CO does not stop a three-star: he passes through */
	fx_place(s, "sherman", a, 2);
	s->unit[grant].hex = (int16_t)a;
	s->unit[grant].cmd = ++s->cmd_seq;
	int thomas = fx_place(s, "thomas", b, 1);
	s->phase = LW_PH_OPS;
	s->play.side = LW_UNION; /* the first march ended the card play */
	lw_march_begin(s, grant, false);
	CHECK_EQ_INT(s->play.movers_n, 2);
	ACT_OK(s, LW_UNION, act);
	CHECK_EQ_INT(s->step, LW_ST_MOVE);
	CHECK_EQ_INT(lw_march_hex(s), b);
	ACT_OK(s, LW_UNION, "{\"type\":\"pickup\"}");
	CHECK_EQ_INT(s->play.movers_n, 3);
	/* 12.5 "pick up a force": part of it is picked up by taking it all and
	 * leaving the rest where it stood (README "Land rules: how some rules are played") */
	char leave[96], tid[16];
	snprintf(leave, sizeof leave, "{\"type\":\"detach\",\"unit\":\"%s\"}",
	         lw_unit_id(s, thomas, tid, sizeof tid));
	ACT_OK(s, LW_UNION, leave);
	CHECK_EQ_INT(s->play.movers_n, 2);
	CHECK_EQ_INT(s->unit[thomas].hex, b);
	CHECK_EQ_INT(lw_march_hex(s), b);

	/* 12.3: a Major Army may not step into mountains */
	struct tg_error err;
	int mtn = LW_NO_HEX, from = LW_NO_HEX;
	for (size_t i = 0; i < d->n_hexes && mtn == LW_NO_HEX; i++) {
		const struct lw_hex *h = &d->hexes[i];
		if (h->terrain != LW_TERRAIN_MOUNTAIN || h->city >= 0)
			continue;
		int nb[6];
		int n = tg_hex_neighbours(&d->grid, h->id, nb);
		for (int k = 0; k < n; k++) {
			const struct lw_hex *g = lw_data_hex(d, nb[k]);
			if (g && g->terrain == LW_TERRAIN_CLEAR && lw_city_at(nb[k]) < 0 &&
			    !(lw_data_hexside_flags(d, h->id, nb[k]) &
			      (LW_HS_RIVER | LW_HS_IMPASSABLE))) {
				mtn = h->id;
				from = nb[k];
				break;
			}
		}
	}
	if (!CHECK(mtn != LW_NO_HEX))
		return tap_done();
	struct lw_state *t = fx_new(2);
	int g1 = fx_place(t, "grant", from, 3);
	fx_place(t, "sherman", from, 3);
	fx_place(t, "thomas", from, 1);
	lw_march_begin(t, g1, false);
	CHECK(t->play.major);
	CHECK_EQ_INT(lw_move_check(t, mtn, &err), -1);
	CHECK_EQ_STR(err.message, "12.3: a Major Army may not enter mountains");
	free(t);
	free(s);
	return tap_done();
}
