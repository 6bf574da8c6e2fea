/* 12.5.1 Effect of removal of IT by friendly forces (with 18.2): a force
 * under a higher-ranking CO that wants to remove a friendly force's IT must
 * end its move in that force's hex; if it moves on it forfeits the removal
 * and may use its whole allowance. Removal: up to the joining CO's stars. */
#include "lw_land_fixture.h"

static bool offers(const struct lw_state *s, const char *type)
{
	json_t *l = json_array();
	lw_march_offer(s, LW_UNION, TG_OFFERS_TREE(l));
	bool found = false;
	size_t i;
	json_t *o;
	json_array_foreach(l, i, o)
	{
		const char *t =
		    json_string_value(json_object_get(json_object_get(o, "action"), "type"));
		found |= t && strcmp(t, type) == 0;
	}
	json_decref(l);
	return found;
}

static bool line3(int *x, int *y, int *z)
{
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes; i++) {
		const struct lw_hex *h = &d->hexes[i];
		if (h->terrain != LW_TERRAIN_CLEAR || h->city >= 0 || strcmp(h->state, "OH") != 0)
			continue;
		int nb[6];
		int n = tg_hex_neighbours(&d->grid, h->id, nb), a = LW_NO_HEX, b = LW_NO_HEX;
		for (int k = 0; k < n; k++) {
			const struct lw_hex *o = lw_data_hex(d, nb[k]);
			if (!o || o->terrain != LW_TERRAIN_CLEAR || o->city >= 0 ||
			    (lw_data_hexside_flags(d, h->id, nb[k]) &
			     (LW_HS_RIVER | LW_HS_IMPASSABLE)))
				continue;
			if (a == LW_NO_HEX)
				a = nb[k];
			else if (b == LW_NO_HEX)
				b = nb[k];
		}
		if (b != LW_NO_HEX) {
			*x = a;
			*y = h->id;
			*z = b;
			return true;
		}
	}
	return false;
}

int main(void)
{
	int x = LW_NO_HEX, y = LW_NO_HEX, z = LW_NO_HEX;
	for (int moves_on = 0; moves_on <= 1; moves_on++) {
		struct lw_state *s = fx_new(2);
		if (!CHECK(s != NULL) || !CHECK(line3(&x, &y, &z)))
			return tap_done();
		int grant = fx_place(s, "grant", x, 2);
		int sherman = fx_place(s, "sherman", y, 1);
		s->unit[sherman].it = 3;
		lw_march_begin(s, grant, false);
		CHECK(!offers(s, "revive")); /* not in the hex of the force with IT */
		char a[64];
		snprintf(a, sizeof a, "{\"type\":\"move\",\"to\":%d}", y);
		ACT_OK(s, LW_UNION, a);
		CHECK_EQ_INT(s->step, LW_ST_MOVE); /* a junior CO does not stop him (12.5) */
		CHECK(offers(s, "revive"));
		if (!moves_on) {
			ACT_OK(s, LW_UNION, "{\"type\":\"revive\"}");
			CHECK(s->step != LW_ST_MOVE);       /* the removal ends his move */
			CHECK_EQ_INT(lw_force_it(s, y), 1); /* two IT off: Grant's stars */
			CHECK_EQ_INT(s->unit[grant].hex, y);
		} else {
			snprintf(a, sizeof a, "{\"type\":\"move\",\"to\":%d}", z);
			ACT_OK(s, LW_UNION, a);
			CHECK_EQ_INT(s->unit[grant].hex, z);
			CHECK_EQ_INT(s->unit[sherman].hex, y);
			CHECK(!offers(s, "revive"));
			CHECK_EQ_INT(lw_force_it(s, y), 3); /* forfeited */
		}
		free(s);
	}
	return tap_done();
}
