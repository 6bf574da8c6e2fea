/* 13.2.5 harassment of a moving force by the non-phasing player: asked
 * after each hex the force enters next to one of his forces (with or
 * without cavalry, so that being asked reveals nothing); a force without
 * cavalry takes IT equal to the harasser's stars (13.2.5.1); cavalry
 * against cavalry: equal ranks nothing, else the weaker side one IT; all
 * cavalry revealed; several hexes harass one at a time (13.2.5.2); the
 * force then goes on moving. */
#include "lw_land_fixture.h"

static int harass(struct lw_state *s, const char *json)
{
	json_error_t je;
	json_t *a = json_loads(json, 0, &je);
	struct tg_error err = {0};
	struct game_outcome out = {0};
	int rc = lw_harass_act(s, LW_CONFEDERATE, a, &out, &err);
	if (rc != 0)
		printf("# %s -> %s\n", json, err.message);
	json_decref(a);
	return rc;
}

static int n_offers(const struct lw_state *s, int side)
{
	json_t *l = json_array();
	lw_harass_offer(s, side, TG_OFFERS_TREE(l));
	int n = (int)json_array_size(l);
	json_decref(l);
	return n;
}

/* A clear hex y with a plain neighbour x (where the force starts) and two
 * more plain neighbours z1, z2 of y, not next to x. */
static bool geometry(int *x, int *y, int *z1, int *z2)
{
	const struct lw_data *d = lw_D();
	for (size_t i = 0; i < d->n_hexes; i++) {
		const struct lw_hex *h = &d->hexes[i];
		if (h->terrain != LW_TERRAIN_CLEAR || h->city >= 0 || strcmp(h->state, "TN") != 0)
			continue;
		int nb[6], k = 0, plain[6];
		int n = tg_hex_neighbours(&d->grid, h->id, nb);
		for (int j = 0; j < n; j++) {
			const struct lw_hex *g = lw_data_hex(d, nb[j]);
			if (g && g->terrain == LW_TERRAIN_CLEAR && g->city < 0 &&
			    !(lw_data_hexside_flags(d, h->id, nb[j]) &
			      (LW_HS_RIVER | LW_HS_IMPASSABLE)))
				plain[k++] = nb[j];
		}
		for (int a = 0; a < k; a++) {
			int found = 0, zz[2];
			for (int b = 0; b < k && found < 2; b++)
				if (b != a && !tg_hex_adjacent(&d->grid, plain[a], plain[b]))
					zz[found++] = plain[b];
			if (found == 2) {
				*x = plain[a];
				*y = h->id;
				*z1 = zz[0];
				*z2 = zz[1];
				return true;
			}
		}
	}
	return false;
}

static void start(struct lw_state *s, int co, int x)
{
	int us[LW_MAX_UNITS];
	int n = lw_units_at(s, x, LW_UNION, us);
	(void)n;
	s->phase = LW_PH_OPS;
	s->play.side = LW_UNION;
	s->phasing = LW_UNION;
	lw_march_begin(s, co, false);
}

int main(void)
{
	CHECK_EQ_INT(lw_harass_result(1, 0), 1);
	CHECK_EQ_INT(lw_harass_result(2, 0), 2);
	CHECK_EQ_INT(lw_harass_result(1, 1), 0);
	CHECK_EQ_INT(lw_harass_result(2, 2), 0);
	CHECK_EQ_INT(lw_harass_result(2, 1), 1);
	CHECK_EQ_INT(lw_harass_result(1, 2), -1);

	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	int x = 0, y = 0, z1 = 0, z2 = 0;
	if (!CHECK(geometry(&x, &y, &z1, &z2)))
		return tap_done();
	char mv[64];
	snprintf(mv, sizeof mv, "{\"type\":\"move\",\"to\":%d}", y);

	/* an infantry force moves next to a force holding (hidden) cavalry */
	int grant = fx_place(s, "grant", x, 2);
	int sherman = fx_place(s, "sherman", x, 1);
	int bragg = fx_place(s, "bragg", z1, 2);
	int stuart = fx_place(s, "stuart", z1, 1);
	start(s, grant, x);
	ACT_OK(s, LW_UNION, mv);
	CHECK_EQ_INT(s->step, LW_ST_HARASS);
	CHECK_EQ_INT(lw_ops_awaiting(s), LW_SIDE_BIT(LW_CONFEDERATE));
	CHECK_EQ_INT(n_offers(s, LW_CONFEDERATE), 2); /* harass from z1, or not */
	CHECK_EQ_INT(n_offers(s, LW_UNION), 0);
	char h1[64], h2[64];
	snprintf(h1, sizeof h1, "{\"type\":\"harass\",\"from\":%d}", z1);
	snprintf(h2, sizeof h2, "{\"type\":\"harass\",\"from\":%d}", z2);
	CHECK(harass(s, h2) != 0); /* nobody there */
	{
		int r_ = harass(s, h1);
		CHECK_EQ_INT(r_, 0);
	}
	/* no cavalry in the moving force: IT equal to Stuart's one star */
	CHECK_EQ_INT(lw_force_it(s, y), 1);
	CHECK(s->unit[stuart].flags & LW_UF_REVEALED);
	CHECK_EQ_INT(lw_force_it(s, z1), 0);
	/* the force goes on moving */
	CHECK_EQ_INT(s->step, LW_ST_MOVE);
	CHECK_EQ_INT(s->unit[sherman].hex, y);

	/* back, and again with a two-star Stuart and a second harasser: each
	 * hex harasses in turn (13.2.5.2) */
	free(s);
	s = fx_new(2);
	grant = fx_place(s, "grant", x, 2);
	fx_place(s, "sherman", x, 1);
	bragg = fx_place(s, "bragg", z1, 2);
	stuart = fx_place(s, "stuart", z1, 2);
	int hood = fx_place(s, "hood", z2, 1);
	int wheeler = fx_place(s, "wheeler", z2, 1);
	start(s, grant, x);
	ACT_OK(s, LW_UNION, mv);
	CHECK_EQ_INT(n_offers(s, LW_CONFEDERATE), 3);
	{
		int r_ = harass(s, h1);
		CHECK_EQ_INT(r_, 0);
	}
	CHECK_EQ_INT(lw_force_it(s, y), 2);
	CHECK_EQ_INT(s->step, LW_ST_HARASS); /* z2 may still harass */
	CHECK(harass(s, h1) != 0);           /* z1 has had its turn */
	{
		int r_ = harass(s, h2);
		CHECK_EQ_INT(r_, 0);
	}
	CHECK_EQ_INT(lw_force_it(s, y), 3);
	CHECK_EQ_INT(s->step, LW_ST_MOVE);
	CHECK(s->unit[wheeler].flags & LW_UF_REVEALED);
	(void)hood;

	/* cavalry in the moving force: Buford (1) against Stuart (2): the
	 * moving force takes one IT; against Wheeler (1): nothing; a two-star
	 * Buford against Wheeler: the harassing force takes one IT */
	free(s);
	s = fx_new(2);
	grant = fx_place(s, "grant", x, 2);
	int buford = fx_place(s, "buford", x, 1);
	bragg = fx_place(s, "bragg", z1, 2);
	stuart = fx_place(s, "stuart", z1, 2);
	hood = fx_place(s, "hood", z2, 1);
	wheeler = fx_place(s, "wheeler", z2, 1);
	start(s, grant, x);
	ACT_OK(s, LW_UNION, mv);
	{
		int r_ = harass(s, h1);
		CHECK_EQ_INT(r_, 0);
	}
	CHECK_EQ_INT(lw_force_it(s, y), 1);
	CHECK(s->unit[buford].flags & LW_UF_REVEALED); /* both sides' cavalry */
	{
		int r_ = harass(s, h2);
		CHECK_EQ_INT(r_, 0);
	}
	CHECK_EQ_INT(lw_force_it(s, y), 1);
	CHECK_EQ_INT(lw_force_it(s, z2), 0);

	free(s);
	s = fx_new(2);
	grant = fx_place(s, "grant", x, 2);
	buford = fx_place(s, "buford", x, 2);
	hood = fx_place(s, "hood", z2, 2);
	wheeler = fx_place(s, "wheeler", z2, 1);
	start(s, grant, x);
	ACT_OK(s, LW_UNION, mv);
	{
		int r_ = harass(s, h2);
		CHECK_EQ_INT(r_, 0);
	}
	CHECK_EQ_INT(lw_force_it(s, y), 0);
	CHECK_EQ_INT(lw_force_it(s, z2), 1);

	/* no cavalry next door: still asked (nothing is revealed by asking),
	 * the only answer is to let the force go */
	free(s);
	s = fx_new(2);
	grant = fx_place(s, "grant", x, 2);
	hood = fx_place(s, "hood", z2, 1);
	start(s, grant, x);
	ACT_OK(s, LW_UNION, mv);
	CHECK_EQ_INT(s->step, LW_ST_HARASS);
	CHECK_EQ_INT(n_offers(s, LW_CONFEDERATE), 1);
	CHECK(harass(s, h2) != 0);
	{
		int r_ = harass(s, "{\"type\":\"no_harass\"}");
		CHECK_EQ_INT(r_, 0);
	}
	CHECK_EQ_INT(s->step, LW_ST_MOVE);
	CHECK_EQ_INT(lw_force_it(s, y), 0);

	/* nobody next door: not asked */
	free(s);
	s = fx_new(2);
	grant = fx_place(s, "grant", x, 2);
	start(s, grant, x);
	ACT_OK(s, LW_UNION, mv);
	CHECK_EQ_INT(s->step, LW_ST_MOVE);
	(void)bragg;
	free(s);
	return tap_done();
}
