/* 16.3.1 Restriction on the Confederates in the North: the Confederate
 * player may not use CSP in any combat in or into Union territory, attacking
 * or defending; he may when his force, not in Union territory, is attacked
 * from it; Kentucky and Missouri are not Union territory. (Engine decision,
 * README: "in or into" is decided by the battle hex.) The same battle is
 * fought twice, once with the CSP card 0 and once with 3 (5 banked): the
 * difference in strength and in the bank is what the CSP did. */
#include "lw_land_fixture.h"

struct result {
	int strength[LW_SIDE_SLOTS];
	int bank[LW_SIDE_SLOTS];
};

static bool duel(const char *att, int ah, const char *def, int dh, int cs_csp, struct result *r)
{
	struct lw_state *s = fx_new(1);
	if (!s)
		return false;
	int a = fx_place(s, att, ah, 2), d = fx_place(s, def, dh, 2);
	fx_stack_deck(s, LW_UNION, 0, 0, 10);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 10);
	s->side[LW_UNION].csp = 5;
	s->side[LW_CONFEDERATE].csp = 5;
	int us_csp = 0;
	bool ok = s->unit[a].side == LW_UNION ? ff_fight(s, a, dh, us_csp, cs_csp)
	                                      : ff_fight(s, a, dh, cs_csp, us_csp);
	(void)d;
	for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
		r->strength[side] = s->battle.strength[side];
		r->bank[side] = s->side[side].csp;
	}
	free(s);
	return ok;
}

/* What three Confederate CSP add to his strength, and take from his bank. */
static void cs_csp_effect(const char *what, const char *att, int ah, const char *def, int dh,
                          int want)
{
	struct result r0, r3;
	bool ok = duel(att, ah, def, dh, 0, &r0) && duel(att, ah, def, dh, 3, &r3);
	if (!CHECKF(ok, "%s: the battle is fought", what))
		return;
	CHECKF(r3.strength[LW_CONFEDERATE] - r0.strength[LW_CONFEDERATE] == want,
	       "%s: three CS CSP add %d strength (got %d)", what, want,
	       r3.strength[LW_CONFEDERATE] - r0.strength[LW_CONFEDERATE]);
	CHECKF(r3.bank[LW_CONFEDERATE] == 5 - want, "%s: %d CSP left in the bank (got %d)", what,
	       5 - want, r3.bank[LW_CONFEDERATE]);
	CHECK_EQ_INT(r3.strength[LW_UNION], r0.strength[LW_UNION]);
}

int main(void)
{
	free(fx_new(1)); /* loads the data */
	const struct lw_data *d = lw_D();
	int x = LW_NO_HEX, y = LW_NO_HEX;
	/* in Union territory: nothing, attacking or defending */
	if (CHECK(fx_plain_pair("PA", &x, &y) || fx_plain_pair("OH", &x, &y))) {
		CHECK(lw_hex_in_territory(x, LW_UNION) && lw_hex_in_territory(y, LW_UNION));
		cs_csp_effect("CS attack into Union territory", "hardee", y, "grant", x, 0);
		cs_csp_effect("CS defence in Union territory", "grant", y, "hardee", x, 0);
	}
	/* Kentucky is not Union territory: the CSP count */
	if (CHECK(fx_plain_pair("KY", &x, &y)))
		cs_csp_effect("CS attack in Kentucky", "hardee", y, "grant", x, 3);
	/* a CS force outside Union territory attacked from it: the CSP count */
	int in = LW_NO_HEX, out = LW_NO_HEX;
	for (size_t i = 0; i < d->n_hexes && in == LW_NO_HEX; i++) {
		const struct lw_hex *h = &d->hexes[i];
		if (!h->state[0] || !lw_hex_in_territory(h->id, LW_CONFEDERATE) || h->city >= 0 ||
		    h->terrain != LW_TERRAIN_CLEAR)
			continue;
		int nb[6];
		int n = tg_hex_neighbours(&d->grid, h->id, nb);
		for (int k = 0; k < n && in == LW_NO_HEX; k++) {
			const struct lw_hex *o = lw_data_hex(d, nb[k]);
			if (o && lw_hex_in_territory(nb[k], LW_UNION) && o->city < 0 &&
			    o->terrain == LW_TERRAIN_CLEAR &&
			    !(lw_data_hexside_flags(d, h->id, nb[k]) &
			      (LW_HS_RIVER | LW_HS_IMPASSABLE))) {
				in = nb[k];
				out = h->id;
			}
		}
	}
	if (CHECKF(in != LW_NO_HEX, "a Confederate hex next to a Union one"))
		cs_csp_effect("CS defence attacked from Union territory", "grant", in, "hardee",
		              out, 3);
	return tap_done();
}
