/* 13.2.2 cavalry raids and the Cavalry Raid Table (13.2.2.1): the table
 * and its cumulative modifiers, what may be raided (an adjacent enemy force,
 * an enemy city of supply value 1 or 2, not across a river, once per turn
 * when successful), the PC award (the raided CO's stars, the city's supply
 * value), enemy cavalry present is revealed and fights (a stand-off stops
 * the raid), the Union's
 * 10.6.8.2 PC for a raid into the Eastern Theater, and a raid by an
 * activated cavalry general through the MOVE step. */
#include "lw_land_fixture.h"

enum { COLUMBUS_OH = 1302, NEXT_TO_COLUMBUS = 1303, CHICAGO = 901, NEXT_TO_CHICAGO = 1002 };
enum { CINCINNATI = 1203, LEXINGTON = 1204 };

/* A hex of `state` with a neighbour in the same state, no river between
 * and no city in either (terrain does not matter to a raid). */
static void pair_in(const char *state, int *x, int *y)
{
	const struct lw_data *d = lw_D();
	*x = *y = LW_NO_HEX;
	for (size_t i = 0; i < d->n_hexes && *x == LW_NO_HEX; i++) {
		const struct lw_hex *h = &d->hexes[i];
		if (h->city >= 0 || strcmp(h->state, state) != 0)
			continue;
		int nb[6];
		int n = tg_hex_neighbours(&d->grid, h->id, nb);
		for (int j = 0; j < n && *x == LW_NO_HEX; j++) {
			const struct lw_hex *g = lw_data_hex(d, nb[j]);
			if (g && g->city < 0 && strcmp(g->state, state) == 0 &&
			    !(lw_data_hexside_flags(d, h->id, nb[j]) &
			      (LW_HS_RIVER | LW_HS_IMPASSABLE))) {
				*x = h->id;
				*y = nb[j];
			}
		}
	}
}

/* The next die the state's generator gives, without using it up. */
static int next_die(const struct lw_state *s)
{
	struct tg_rng r = s->rng;
	return tg_rng_die(&r, 6);
}

int main(void)
{
	/* the table as printed: 1-2 fail, 3-6 succeed; out-of-range rolls clamp */
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	CHECK(!lw_raid_table_succeeds(0));
	CHECK(!lw_raid_table_succeeds(1));
	CHECK(!lw_raid_table_succeeds(2));
	for (int d = 3; d <= 7; d++)
		CHECK(lw_raid_table_succeeds(d));

	/* modifiers: +1 two stars, -1 out of supply, -1 per IT, cumulative */
	int morgan = fx_place(s, "morgan", NEXT_TO_COLUMBUS, 1);
	CHECK_EQ_INT(lw_raid_modified(s, morgan, 3), 3);
	s->unit[morgan].stars = 2;
	CHECK_EQ_INT(lw_raid_modified(s, morgan, 3), 4);
	s->unit[morgan].flags |= LW_UF_OOS;
	s->unit[morgan].it = 2;
	CHECK_EQ_INT(lw_raid_modified(s, morgan, 3), 1);
	CHECK(!lw_raid_table_succeeds(lw_raid_modified(s, morgan, 3)));
	s->unit[morgan].flags = 0;
	s->unit[morgan].it = 0;
	s->unit[morgan].stars = 1;

	struct tg_error err;
	/* a vacant enemy city of supply value 1: Columbus, Ohio */
	{
		int r_ = lw_raid_check(s, morgan, COLUMBUS_OH, false, &err);
		CHECK_EQ_INT(r_, 0);
	}
	int c = lw_city_at(COLUMBUS_OH);
	int tries = 0;
	bool done = false;
	while (!done && tries++ < 60) {
		int pc = s->side[LW_CONFEDERATE].pc;
		bool will = lw_raid_table_succeeds(lw_raid_modified(s, morgan, next_die(s)));
		lw_raid(s, morgan, COLUMBUS_OH, false, NULL);
		/* an unsuccessful raid may be tried again later (13.2.2.1) */
		CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, pc + (will ? 1 : 0));
		CHECK_EQ_INT(s->city[c].raided, will ? 1 : 0);
		done = will;
	}
	CHECK(done);
	/* once successfully raided, no more raids this turn */
	CHECK(lw_raid_check(s, morgan, COLUMBUS_OH, false, &err) != 0);
	CHECK(strstr(err.message, "13.2.2.1") != NULL);

	/* not a city of supply value 3 (Chicago), not across a river */
	int hampton = fx_place(s, "hampton", NEXT_TO_CHICAGO, 1);
	CHECK(lw_raid_check(s, hampton, CHICAGO, false, &err) != 0);
	CHECK(strstr(err.message, "1 or 2") != NULL);
	int wheeler = fx_place(s, "wheeler", LEXINGTON, 1);
	CHECK(lw_raid_check(s, wheeler, CINCINNATI, false, &err) != 0);
	CHECK(strstr(err.message, "river") != NULL);
	/* not a hex two away, not an infantry general */
	CHECK(lw_raid_check(s, wheeler, COLUMBUS_OH, false, &err) != 0);
	int polk = fx_place(s, "polk", 1304, 1);
	CHECK(lw_raid_check(s, polk, COLUMBUS_OH, false, &err) != 0);
	s->unit[polk].where = LW_W_PENDING;

	/* an enemy force: PC equal to the raided CO's stars, the CO marked */
	int x, y;
	pair_in("TN", &x, &y);
	if (!CHECK(x != LW_NO_HEX))
		return tap_done();
	int forrest = fx_place(s, "forrest", x, 2);
	int grant = fx_place(s, "grant", y, 2);
	fx_place(s, "sherman", y, 1);
	done = false;
	tries = 0;
	while (!done && tries++ < 60) {
		int pc = s->side[LW_CONFEDERATE].pc;
		bool will = lw_raid_table_succeeds(lw_raid_modified(s, forrest, next_die(s)));
		lw_raid(s, forrest, y, false, NULL);
		CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, pc + (will ? 2 : 0));
		done = will;
	}
	CHECK(done);
	CHECK(lw_co_raided(s, grant));
	CHECK(lw_raid_check(s, forrest, y, false, &err) != 0);

	/* enemy cavalry in the raided hex: revealed; Forrest (attack 3) against
	 * Buford (defense 2) is a stand-off that stops the raid (the cavalry
	 * battle itself: test_13_2_2_cavalry_battle) */
	s->cav.raided[grant / 8] = 0;
	int buford = fx_place(s, "buford", y, 1);
	CHECK(!(s->unit[buford].flags & LW_UF_REVEALED));
	int pc = s->side[LW_CONFEDERATE].pc;
	lw_raid(s, forrest, y, false, NULL);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, pc);
	CHECK(s->unit[buford].flags & LW_UF_REVEALED);
	CHECK(s->unit[forrest].flags & LW_UF_REVEALED);
	CHECK(!lw_co_raided(s, grant));

	/* 10.6.8.2: a Union raid by standard activation into Virginia earns a
	 * PC, whatever the result; a foray raid does not */
	pair_in("VA", &x, &y);
	if (!CHECK(x != LW_NO_HEX))
		return tap_done();
	int stoneman = fx_place(s, "stoneman", x, 1);
	fx_place(s, "longstreet", y, 1);
	int upc = s->side[LW_UNION].pc;
	bool will = lw_raid_table_succeeds(lw_raid_modified(s, stoneman, next_die(s)));
	s->side[LW_UNION].eastern_done = 0;
	lw_raid(s, stoneman, y, false, NULL);
	CHECK_EQ_INT(s->side[LW_UNION].pc, upc + 1 + (will ? 1 : 0));
	/* 10.7.8.1: the raid itself does not meet the Eastern Theater
	 * requirement; the cavalry activated in Virginia does, when its
	 * activation ends there (test_10_7_8_1_raid_into_virginia) */
	CHECK(!s->side[LW_UNION].eastern_done);
	if (!will) {
		upc = s->side[LW_UNION].pc;
		will = lw_raid_table_succeeds(lw_raid_modified(s, stoneman, next_die(s)));
		lw_raid(s, stoneman, y, true, NULL);
		CHECK_EQ_INT(s->side[LW_UNION].pc, upc + (will ? 1 : 0));
	}

	/* through the MOVE step: an activated cavalry general raids and his
	 * activation ends (like an attack) */
	s->unit[stoneman].where = LW_W_PENDING;
	pair_in("TN", &x, &y);
	s->cav.raided[grant / 8] = 0;
	s->unit[buford].where = LW_W_PENDING;
	s->phase = LW_PH_OPS;
	s->play.side = LW_CONFEDERATE;
	s->play.card = 0;
	lw_march_begin(s, forrest, true);
	CHECK_EQ_INT(s->step, LW_ST_MOVE);
	char a[80];
	snprintf(a, sizeof a, "{\"type\":\"raid\",\"target\":%d}", y);
	ACT_OK(s, LW_CONFEDERATE, a);
	CHECK(s->step != LW_ST_MOVE);
	free(s);
	return tap_done();
}
