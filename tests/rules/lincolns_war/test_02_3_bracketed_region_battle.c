/* 2.3 Bracketed regions: "If occupied by an opposing player they neither
 * force their owner to lose PC nor do they lend any additional defense to
 * the occupying force or army in the hex"; 2.2: the "*" defense "indicates
 * that the city may not be attacked"; 12.6: they "may not be captured by an
 * opponent".
 *
 * The region itself is never attacked (vacant, it is no target: 12.6), nor
 * its owner's force in it (the "*"), but an opposing force that entered it
 * may be: the text speaks of the defense of the force occupying it, which
 * only matters if it can be attacked. So the owner attacks the invader
 * (else it would sit there untouchable), who has no city defense there. */
#include "lincolns_war/lw_terrain.h"
#include "lw_land_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	const struct lw_data *d = lw_D();
	int c = fx_city("cleveland");
	if (!CHECK(c >= 0) || !CHECK(d->cities[c].bracketed))
		return tap_done();
	int region = d->cities[c].hex;
	/* a Union general on a neighbour of the region with no river between */
	int from = LW_NO_HEX, nb[6], n = tg_hex_neighbours(&d->grid, region, nb);
	for (int k = 0; k < n && from == LW_NO_HEX; k++) {
		const struct lw_hex *h = lw_data_hex(d, nb[k]);
		if (h && h->terrain != LW_TERRAIN_OCEAN && lw_city_at(nb[k]) < 0 &&
		    !(lw_data_hexside_flags(d, nb[k], region) & (LW_HS_RIVER | LW_HS_IMPASSABLE)))
			from = nb[k];
	}
	if (!CHECK(from != LW_NO_HEX))
		return tap_done();
	struct tg_error err = {0};
	/* a vacant region is no target, not even for the other side (12.6) */
	CHECK(lw_may_attack_hex(s, LW_CONFEDERATE, region, NULL) != 0);
	/* a Confederate force has entered the Union's region */
	int cs = fx_place(s, "jackson", region, 1);
	CHECK_EQ_INT(lw_city_controller(s, c), LW_UNION); /* 12.6: not captured */
	int us = fx_place(s, "grant", from, 1);
	CHECKF(lw_may_attack_hex(s, LW_UNION, region, &err) == 0,
	       "2.3: the owner may attack the force in his region (%s)", err.message);
	/* no city defense for the occupier (2.3) */
	CHECK_EQ_INT(lw_terrain_defense(s, from, region, LW_CONFEDERATE, NULL), 0);
	/* through the march: the attack is accepted and a battle begins */
	lw_march_begin(s, us, false);
	char a[96];
	snprintf(a, sizeof a, "{\"type\":\"attack\",\"target\":%d}", region);
	ACT_OK(s, LW_UNION, a);
	CHECK(s->battle.active);
	CHECK_EQ_INT(s->battle.def_hex, region);
	(void)cs;
	/* the owner's own force in his region stays out of reach (2.2 "*") */
	s->battle.active = 0;
	s->unit[cs].where = LW_W_PENDING;
	s->unit[cs].hex = LW_NO_HEX;
	s->unit[us].hex = (int16_t)region;
	fx_place(s, "jackson", from, 1);
	CHECK(lw_may_attack_hex(s, LW_CONFEDERATE, region, NULL) != 0);
	free(s);
	return tap_done();
}
