/* 15.0 worked example: "Terrain effects for combat are not cumulative. For
 * example, a force in a two-strength city attacked from across a river must
 * use either the city defense value or the defensive bonus for defending
 * against a cross-river attack (defender's choice)."
 *
 * A Confederate force holds a two-strength Confederate city (clear terrain).
 * Grant attacks it once from a neighbour across no river and once from a
 * neighbour across a river: the defender's terrain is two both times (the
 * city's two, or the river's two, never 2 + 2), so his battle strength is
 * the same in both battles. */
#include "lincolns_war/lw_terrain.h"
#include "lw_land_fixture.h"

static bool plain(const struct lw_data *d, int hex)
{
	const struct lw_hex *h = lw_data_hex(d, hex);
	return h && h->terrain == LW_TERRAIN_CLEAR && h->city < 0 && !lw_is_kentucky(hex) &&
	       strcmp(h->state, "MO") != 0;
}

/* def: a two-strength Confederate city in clear terrain; att: a plain
 * neighbour across no river; riv: a plain neighbour across a river. */
static bool geometry(const struct lw_state *s, int *def, int *att, int *riv)
{
	const struct lw_data *d = lw_D();
	for (size_t c = 0; c < d->n_cities; c++) {
		int h = d->cities[c].hex;
		const struct lw_hex *x = lw_data_hex(d, h);
		if (!x || x->terrain != LW_TERRAIN_CLEAR || d->cities[c].bracketed ||
		    lw_is_kentucky(h) || lw_city_controller(s, (int)c) != LW_CONFEDERATE ||
		    lw_city_defense(s, (int)c) != 2)
			continue;
		int nb[6];
		int n = tg_hex_neighbours(&d->grid, h, nb);
		*att = *riv = LW_NO_HEX;
		for (int k = 0; k < n; k++) {
			unsigned f = lw_data_hexside_flags(d, h, nb[k]);
			if (!plain(d, nb[k]) || (f & (LW_HS_IMPASSABLE | LW_HS_MISSISSIPPI)))
				continue;
			if ((f & LW_HS_RIVER) && *riv == LW_NO_HEX)
				*riv = nb[k];
			else if (!(f & LW_HS_RIVER) && *att == LW_NO_HEX)
				*att = nb[k];
		}
		if (*att != LW_NO_HEX && *riv != LW_NO_HEX) {
			*def = h;
			return true;
		}
	}
	return false;
}

/* The defender's battle strength when Grant attacks def from `from`. */
static int defender_strength(int from, int *terrain, enum lw_terrain_kind *kind)
{
	struct lw_state *s = fx_new(2);
	int def, att, riv;
	if (!s || !geometry(s, &def, &att, &riv)) {
		free(s);
		return -1;
	}
	int hex = from == 0 ? att : riv;
	int grant = fx_place(s, "grant", hex, 3);
	fx_place(s, "lee", def, 3);
	*terrain = lw_terrain_defense(s, hex, def, LW_CONFEDERATE, kind);
	fx_stack_deck(s, LW_UNION, 0, 0, 12);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 12);
	int got = -1;
	if (CHECKF(ff_fight(s, grant, def, 0, 0), "the battle is fought (step %d)", s->step))
		got = s->battle.strength[LW_CONFEDERATE];
	free(s);
	return got;
}

int main(void)
{
	struct lw_state *s = fx_new(2);
	int def, att, riv;
	if (!CHECKF(s && geometry(s, &def, &att, &riv),
	            "a two-strength city with a river on one side")) {
		free(s);
		return tap_done();
	}
	free(s);
	printf("# city %04d, attacked from %04d (no river) and %04d (river)\n", def, att, riv);
	CHECK(lw_data_hexside_flags(lw_D(), def, riv) & LW_HS_RIVER);

	/* the pure rule: one bonus, the best, never the sum */
	enum lw_terrain_kind k;
	CHECK_EQ_INT(lw_terrain_best(2, false, true, &k), 2);
	CHECK_EQ_INT(lw_terrain_best(0, false, true, &k), 2); /* the river alone */
	CHECK_EQ_INT(k, LW_TK_RIVER);

	int t_plain = -1, t_river = -1;
	enum lw_terrain_kind k_plain = LW_TK_NONE, k_river = LW_TK_NONE;
	int across_none = defender_strength(0, &t_plain, &k_plain);
	int across_river = defender_strength(1, &t_river, &k_river);
	CHECK_EQ_INT(t_plain, 2);
	CHECK_EQ_INT(k_plain, LW_TK_CITY);
	CHECK_EQ_INT(t_river, 2); /* the city's two or the river's two, not four */
	CHECK(across_none > 0);
	/* the same defender, the same city: the river adds nothing */
	CHECK_EQ_INT(across_river, across_none);
	return tap_done();
}
