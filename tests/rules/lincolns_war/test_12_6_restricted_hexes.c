/* 12.6 Restricted hexes: a bracketed region (an off-board region, 2.3) may
 * not be captured by the opponent: an empty enemy bracketed region cannot
 * be attacked, and a force that enters it takes neither the city nor its PC
 * (2.3: "neither force their owner to lose PC"). */
#include "lw_land_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(1);
	if (!CHECK(s != NULL))
		return tap_done();
	const struct lw_data *d = lw_D();
	/* a Confederate bracketed region and a land neighbour to come from */
	int target = LW_NO_HEX, from = LW_NO_HEX, c = -1;
	for (size_t i = 0; i < d->n_cities && target == LW_NO_HEX; i++) {
		if (!d->cities[i].bracketed || lw_city_controller(s, (int)i) != LW_CONFEDERATE)
			continue;
		int nb[6];
		int n = tg_hex_neighbours(&d->grid, d->cities[i].hex, nb);
		for (int k = 0; k < n && target == LW_NO_HEX; k++) {
			const struct lw_hex *h = lw_data_hex(d, nb[k]);
			if (h && h->terrain == LW_TERRAIN_CLEAR && h->city < 0 &&
			    !(lw_data_hexside_flags(d, nb[k], d->cities[i].hex) &
			      (LW_HS_RIVER | LW_HS_IMPASSABLE))) {
				target = d->cities[i].hex;
				from = nb[k];
				c = (int)i;
			}
		}
	}
	if (!CHECKF(target != LW_NO_HEX, "a Confederate bracketed region with a clear neighbour"))
		return tap_done();
	int grant = fx_place(s, "grant", from, 2);
	int us = s->side[LW_UNION].pc, cs = s->side[LW_CONFEDERATE].pc;
	lw_march_begin(s, grant, false);
	char a[96];
	snprintf(a, sizeof a, "{\"type\":\"attack\",\"target\":%d}", target);
	json_t *j = json_loads(a, 0, NULL);
	struct tg_error err = {0};
	struct game_outcome out = {0};
	CHECK(lw_march_act(s, LW_UNION, j, &out, &err) != 0);
	CHECKF(strstr(err.message, "12.6") != NULL, "refused citing 12.6: %s", err.message);
	json_decref(j);
	CHECK(!s->battle.active);
	/* he may go in, but takes nothing */
	snprintf(a, sizeof a, "{\"type\":\"move\",\"to\":%d}", target);
	ACT_OK(s, LW_UNION, a);
	CHECK_EQ_INT(s->unit[grant].hex, target);
	if (s->step == LW_ST_MOVE)
		ACT_OK(s, LW_UNION, "{\"type\":\"stop\"}");
	CHECK_EQ_INT(lw_city_controller(s, c), LW_CONFEDERATE);
	CHECK_EQ_INT(s->side[LW_UNION].pc, us);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, cs);
	free(s);
	return tap_done();
}
