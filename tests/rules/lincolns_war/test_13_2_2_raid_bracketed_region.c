/* 13.2.2 with 2.3: the bracketed regions (Cleveland, Michigan, Points NE
 * and NW, the Texas boxes) carry a supply value of 1 or 2 but "cannot be
 * the target of raids" (2.3): neither the vacant region nor a force
 * standing in it is raided, by activation or by foray; an ordinary city of
 * the same supply value still is. */
#include "lw_land_fixture.h"

enum { CLEVELAND = 1401, SAN_ANTONIO = 113, COLUMBUS_OH = 1302 };

/* A neighbour of hex with no river or impassable hexside between. */
static int open_neighbour(int hex)
{
	const struct lw_data *d = lw_D();
	int nb[6];
	int n = tg_hex_neighbours(&d->grid, hex, nb);
	for (int i = 0; i < n; i++) {
		const struct lw_hex *h = lw_data_hex(d, nb[i]);
		if (h && h->city < 0 && h->terrain != LW_TERRAIN_OCEAN &&
		    !(lw_data_hexside_flags(d, hex, nb[i]) & (LW_HS_RIVER | LW_HS_IMPASSABLE)))
			return nb[i];
	}
	return LW_NO_HEX;
}

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	struct tg_error err;
	const struct lw_data *d = lw_D();
	int cle = lw_city_at(CLEVELAND), sa = lw_city_at(SAN_ANTONIO);
	CHECK(cle >= 0 && d->cities[cle].bracketed && d->cities[cle].supply == 2);
	CHECK(sa >= 0 && d->cities[sa].bracketed && d->cities[sa].supply == 1);

	/* Confederate cavalry next to Cleveland, a Union supply-2 region */
	int by_cle = open_neighbour(CLEVELAND);
	CHECK(by_cle != LW_NO_HEX);
	int morgan = fx_place(s, "morgan", by_cle, 1);
	CHECK_EQ_INT(lw_city_controller(s, cle), LW_UNION);
	CHECK(lw_raid_check(s, morgan, CLEVELAND, false, &err) != 0);
	CHECK(strstr(err.message, "2.3") != NULL);
	CHECK(lw_raid_check(s, morgan, CLEVELAND, true, &err) != 0); /* by foray neither */
	/* ... nor a Union force standing in it */
	int pope = fx_place(s, "pope", CLEVELAND, 1);
	CHECK(lw_raid_check(s, morgan, CLEVELAND, false, &err) != 0);
	CHECK(strstr(err.message, "2.3") != NULL);
	s->unit[pope].where = LW_W_PENDING;

	/* the foray offers list no raid into it */
	s->play.side = LW_CONFEDERATE;
	s->step = LW_ST_SPEND;
	s->play.pc_left = 2;
	json_t *list = json_array();
	lw_cav_foray_offer(s, LW_CONFEDERATE, TG_OFFERS_TREE(list));
	size_t i;
	json_t *o;
	bool offered = false;
	json_array_foreach(list, i, o)
	{
		json_t *a = json_object_get(o, "action");
		if (!a)
			a = o;
		const char *what = json_string_value(json_object_get(a, "do"));
		if (!what || strcmp(what, "raid") != 0)
			continue;
		if (json_integer_value(json_object_get(a, "target")) == CLEVELAND)
			offered = true;
		/* the hex is the entry's param "target" (issue 17) */
		size_t c;
		json_t *x;
		json_array_foreach(
		    json_object_get(json_array_get(json_object_get(o, "params"), 0), "choices"), c,
		    x) offered |= json_integer_value(json_object_get(x, "value")) == CLEVELAND;
	}
	CHECK(!offered);
	json_decref(list);

	/* Union cavalry next to San Antonio, a Confederate supply-1 region */
	int by_sa = open_neighbour(SAN_ANTONIO);
	CHECK(by_sa != LW_NO_HEX);
	int buford = fx_place(s, "buford", by_sa, 1);
	CHECK(lw_raid_check(s, buford, SAN_ANTONIO, false, &err) != 0);
	CHECK(strstr(err.message, "2.3") != NULL);

	/* an ordinary city of supply value 1 is still raided: Columbus, Ohio */
	s->unit[morgan].hex = 1303;
	{
		int r_ = lw_raid_check(s, morgan, COLUMBUS_OH, false, &err);
		CHECK_EQ_INT(r_, 0);
	}
	free(s);
	return tap_done();
}
