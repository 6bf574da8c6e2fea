/* 2.4.3: the first side to enter Kentucky violates its neutrality: the
 * opponent gains 5 PC at once; the violator captures the cities he enters;
 * at the end of the card the other Kentucky cities go to the opponent with
 * their supply values. */
#include "lw_testkit.h"

int main(void)
{
	struct game *g = tk_new("campaign", 70);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	const struct lw_data *d = lw_D();
	int ky_city = -1, n_ky = 0;
	for (size_t i = 0; i < d->n_cities; i++)
		if (lw_is_kentucky(d->cities[i].hex)) {
			n_ky++;
			CHECK_EQ_INT(s->city[i].owner, LW_NOSIDE);
			if (ky_city < 0)
				ky_city = (int)i;
		}
	CHECK_EQ_INT(n_ky, 4);
	int us = s->side[LW_UNION].pc, cs = s->side[LW_CONFEDERATE].pc;
	int hex = d->cities[ky_city].hex;
	int u = tk_unit(g, "grant");
	tk_place(g, u, hex);
	lw_border_enter(s, LW_UNION, hex);
	CHECK_EQ_INT(s->kentucky.violator, LW_UNION);
	CHECK_EQ_INT(s->city[ky_city].owner, LW_UNION);
	int sup = d->cities[ky_city].supply > 0 ? d->cities[ky_city].supply : 0;
	CHECK_EQ_INT(s->side[LW_UNION].pc, us + sup);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, cs + 5);
	lw_border_card_end(s);
	int rest = 0;
	for (size_t i = 0; i < d->n_cities; i++)
		if (lw_is_kentucky(d->cities[i].hex) && (int)i != ky_city) {
			CHECK_EQ_INT(s->city[i].owner, LW_CONFEDERATE);
			CHECK(s->city[i].garrison);
			rest += d->cities[i].supply > 0 ? d->cities[i].supply : 0;
		}
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, cs + 5 + rest);
	/* 16.10.1.1: the capturing CO took one IT */
	CHECK_EQ_INT(s->unit[u].it, 1);
	lincolns_war_module.free(g);
	return tap_done();
}
