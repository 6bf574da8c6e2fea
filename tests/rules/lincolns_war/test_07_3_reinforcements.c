/* 7.3: reinforcements arrive on their turn at their entry hex, as one-star
 * generals, after both players end their administration; an entry hex held
 * by the enemy sends them to the nearest friendly city. */
#include "lw_testkit.h"

int main(void)
{
	struct game *g = tk_new("campaign", 110);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	const struct lw_data *d = lw_D();
	int pend = LW_NONE, blocked = LW_NONE;
	for (int u = 0; u < (int)d->n_generals; u++)
		if (s->unit[u].where == LW_W_PENDING && s->unit[u].arrive_turn == 1 &&
		    !s->unit[u].cavalry) {
			if (pend == LW_NONE)
				pend = u;
			else if (blocked == LW_NONE &&
			         d->generals[u].entry_hex != d->generals[pend].entry_hex &&
			         lw_hex_owner_force(s, d->generals[u].entry_hex) == LW_NOSIDE)
				blocked = u;
		}
	CHECK(pend != LW_NONE);
	s->turn = 1;
	lw_begin_admin(s);
	/* the enemy holds the second one's entry hex */
	int enemy = LW_NONE;
	if (blocked != LW_NONE) {
		for (int u = 0; u < (int)d->n_generals && enemy == LW_NONE; u++)
			if (s->unit[u].side != s->unit[blocked].side &&
			    s->unit[u].where == LW_W_MAP && s->side[s->unit[u].side].gic != u)
				enemy = u;
		tk_place(g, enemy, d->generals[blocked].entry_hex);
	}
	const char *first = lw_side_name(s->phasing);
	char buf[64];
	snprintf(buf, sizeof buf, "{\"type\":\"end_admin\"}");
	CHECK(s->unit[pend].where == LW_W_PENDING);
	CHECKF(tk_act(g, first, buf) == 0, "%s", tk_err.message);
	CHECK(s->unit[pend].where == LW_W_PENDING); /* not before both have ended */
	CHECKF(tk_act(g, lw_side_name(LW_OTHER(lw_role_side(first))), buf) == 0, "%s",
	       tk_err.message);
	CHECK_EQ_INT(s->unit[pend].where, LW_W_MAP);
	CHECK_EQ_INT(s->unit[pend].stars, 1);
	int want = d->generals[pend].entry_hex;
	int occ_side = s->unit[pend].side;
	if (lw_hex_owner_force(s, want) == occ_side)
		CHECK_EQ_INT(s->unit[pend].hex, want);
	if (blocked != LW_NONE) {
		CHECK_EQ_INT(s->unit[blocked].where, LW_W_MAP);
		CHECK(s->unit[blocked].hex != d->generals[blocked].entry_hex);
		int c = lw_city_at(s->unit[blocked].hex);
		CHECK(c >= 0 && lw_city_controller(s, c) == s->unit[blocked].side);
	}
	lincolns_war_module.free(g);
	return tap_done();
}
