/* 13.2.2.1: "Cavalry generals also have a modifier of -1 to the die roll if
 * out of supply at the moment of activation and -1 per IT carried."
 *
 * The raid reads the general's Out-of-Supply marker when he raids; that is
 * the marker he had at his activation because 12.10 lifts it only when his
 * move ends (lw_march_finish), and a raid ends the activation. A one-star
 * cavalry general activated out of supply next to Washington rides into it
 * and raids a Confederate force next to it: the logged modified roll is the
 * die - 1; only after the raid has ended his move is he back in supply. */
#include "lincolns_war/lw_cavalry.h"
#include "lincolns_war/lw_march.h"
#include "lw_land_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	const struct lw_data *d = lw_D();
	int from = fx_plain_neighbour(1903);
	/* a neighbour of Washington across no river for the enemy force */
	int target = LW_NO_HEX, nb[6];
	int n = tg_hex_neighbours(&d->grid, 1903, nb);
	for (int i = 0; i < n && target == LW_NO_HEX; i++) {
		const struct lw_hex *h = lw_data_hex(d, nb[i]);
		if (nb[i] != from && h && h->terrain != LW_TERRAIN_OCEAN && lw_city_at(nb[i]) < 0 &&
		    !(lw_data_hexside_flags(d, 1903, nb[i]) & (LW_HS_RIVER | LW_HS_IMPASSABLE)))
			target = nb[i];
	}
	if (!CHECK(from != LW_NO_HEX && target != LW_NO_HEX))
		return tap_done();
	int cav = fx_place(s, "stoneman", from, 1);
	fx_place(s, "longstreet", target, 1);
	s->unit[cav].flags |= LW_UF_OOS;
	lw_march_begin(s, cav, true);
	ACT_OK(s, LW_UNION, "{\"type\":\"move\",\"to\":1903}");
	CHECK(s->unit[cav].flags & LW_UF_OOS); /* still his marker of the activation */
	CHECK_EQ_INT(lw_raid_modified(s, cav, 4), 3);

	char act[64];
	snprintf(act, sizeof act, "{\"type\":\"raid\",\"target\":%d}", target);
	uint32_t before = s->log_total;
	ACT_OK(s, LW_UNION, act);
	bool seen = false;
	for (uint32_t k = before; k < s->log_total; k++) {
		const char *l = strstr(s->log[k % LW_LOG_LINES], "die ");
		int die, mod;
		if (l && sscanf(l, "die %d, modified %d", &die, &mod) == 2) {
			seen = true;
			CHECKF(mod == die - 1, "die %d, modified %d", die, mod);
		}
	}
	CHECK(seen);
	/* the raid ended his move in Washington: 12.10 now lifts the marker */
	CHECK(!(s->unit[cav].flags & LW_UF_OOS));
	free(s);
	return tap_done();
}
