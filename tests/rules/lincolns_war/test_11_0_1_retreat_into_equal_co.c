/* 11.0.1 "The CO ... must be the highest ranking general and/or the general
 * who occupied the hex into which other general(s) of equal or lesser rank
 * have moved", also when they come by retreat (16.9): a beaten two-star
 * retreats into the hex of a friendly two-star who once joined it as a
 * subordinate (his CO gone since, so nothing marked him as commanding). The
 * general in place keeps command, whatever the order of the two in the unit
 * table (test_11_0_1_equal_rank_stationary_co is the same by march). */
#include "lw_land_fixture.h"

struct bt {
	struct game *g;
	int z, y, host_hex;
};

/* Grant, at two stars, attacks from x the lone two-star Z at y; the two-star Y
 * stands in a neighbour of y with cmd 0. */
static bool setup(struct bt *t, int x, int y, int csp, const char *zid, const char *yid)
{
	t->g = bx_game(2);
	if (!t->g)
		return false;
	struct lw_state *s = &t->g->s;
	const struct lw_data *d = lw_D();
	int grant = fx_place(s, "grant", x, 2);
	t->z = fx_place(s, zid, y, 2);
	t->host_hex = LW_NO_HEX;
	int nb[6], n = tg_hex_neighbours(&d->grid, y, nb);
	for (int k = 0; k < n && t->host_hex == LW_NO_HEX; k++) {
		const struct lw_hex *h = lw_data_hex(d, nb[k]);
		if (nb[k] == x || !h || h->terrain != LW_TERRAIN_CLEAR || h->city >= 0 ||
		    (lw_data_hexside_flags(d, y, nb[k]) & (LW_HS_RIVER | LW_HS_IMPASSABLE)))
			continue;
		t->host_hex = nb[k];
	}
	if (t->host_hex == LW_NO_HEX)
		return false;
	t->y = fx_place(s, yid, t->host_hex, 2);
	s->unit[t->y].cmd = 0; /* once joined as a subordinate, his CO gone */
	s->side[LW_UNION].csp = (int16_t)csp;
	fx_stack_deck(s, LW_UNION, 0, 0, 12);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 12);
	bx_attack(t->g, grant, y);
	bx_commit(t->g, csp, 0);
	return true;
}

int main(void)
{
	free(bx_game(2)); /* loads the data */
	struct lw_state *probe = fx_new(2);
	if (!CHECK(probe != NULL))
		return tap_done();
	/* Z comes before Y in the unit table: the order would favour Z */
	int u1 = lw_unit_by_id(probe, "price"), u2 = lw_unit_by_id(probe, "early");
	free(probe);
	if (!CHECK(u1 != LW_NONE && u2 != LW_NONE))
		return tap_done();
	const char *zid = u1 < u2 ? "price" : "early", *yid = u1 < u2 ? "early" : "price";
	struct bt t = {0};
	bool found = false;
	size_t i = 0;
	int y, x;
	char act[96];
	while (!found && (y = fx_next_cs_clear(&i, &x)) != LW_NO_HEX) {
		for (int csp = 0; csp <= 5 && !found; csp++) {
			if (!setup(&t, x, y, csp, zid, yid)) {
				free(t.g);
				break;
			}
			const struct lw_state *s = &t.g->s;
			found = s->battle.active && s->step == LW_ST_RETREAT &&
			        s->battle.winner == LW_UNION && s->land.group_n == 1;
			if (found) {
				/* the retreat into Y's hex must be offered */
				snprintf(act, sizeof act, "{\"type\":\"retreat\",\"to\":%d}",
				         t.host_hex);
				struct game *c = bx_copy(t.g);
				found = c && bx_act(c, LW_CONFEDERATE, act) == 0;
				free(c);
			}
			if (!found)
				free(t.g);
		}
	}
	if (!CHECKF(found, "a beaten lone defender who may retreat to Y"))
		return tap_done();
	struct lw_state *s = &t.g->s;
	CHECK(t.z < t.y);
	BX_OK(t.g, LW_CONFEDERATE, act);
	CHECK_EQ_INT(s->unit[t.z].hex, t.host_hex);
	CHECK_EQ_INT(lw_force_co(s, t.host_hex), t.y);
	free(t.g);
	return tap_done();
}
