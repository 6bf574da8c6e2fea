/* 10.6.6: "When a player has zero PC ... He may not conduct amphibious
 * operations; He may not place RIT; and He may not order cavalry Raids or
 * Forays." Each is allowed with one PC on the track and refused, citing
 * 10.6.6, at zero (the PC of the card in play does not count). Removing an
 * RIT is not placing one and stays allowed. */
#include "lincolns_war/lw_march.h"
#include "lw_amphib_fixture.h"

/* Winchester 1703 on the Baltimore & Ohio, 1603 west of it on the line. */
enum { WINCHESTER = 1703, H1603 = 1603 };

/* Is an action of `type` among side's offers in the ops phase? */
static bool offered(const struct lw_state *s, int side, const char *type)
{
	const struct fx_want w = {type, NULL, 0};
	return fx_offers_match(lw_ops_offer, s, side, fx_is_wanted, &w);
}

static int foray(struct lw_state *s, int side, const char *json, char *why, size_t n)
{
	json_error_t je;
	json_t *a = json_loads(json, 0, &je);
	struct tg_error err = {0};
	int rc = lw_cav_foray_act(s, side, a, NULL, &err);
	snprintf(why, n, "%.*s", (int)(n > 0 ? n - 1 : 0), rc ? err.message : "");
	json_decref(a);
	return rc;
}

static void rit_and_raid(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return;
	struct tg_error err = {0};
	int stuart = fx_place(s, "stuart", WINCHESTER, 1);

	/* RIT: one PC allows it, zero forbids placing, never removing */
	s->side[LW_CONFEDERATE].pc = 1;
	CHECK_EQ_INT(lw_rit_check(s, stuart, H1603, false, false, &err), 0);
	s->side[LW_CONFEDERATE].pc = 0;
	CHECK(lw_rit_check(s, stuart, H1603, false, false, &err) != 0);
	CHECKF(strstr(err.message, "10.6.6") != NULL, "%s", err.message);
	lw_rit_set(s, H1603, true);
	CHECK_EQ_INT(lw_rit_check(s, stuart, H1603, true, false, &err), 0);
	lw_rit_set(s, H1603, false);

	/* through the MOVE step: no "rit" offered, the action refused */
	s->phase = LW_PH_OPS;
	s->play.side = LW_CONFEDERATE;
	lw_march_begin(s, stuart, true);
	s->side[LW_CONFEDERATE].pc = 1;
	CHECK(offered(s, LW_CONFEDERATE, "rit"));
	s->side[LW_CONFEDERATE].pc = 0;
	CHECK(!offered(s, LW_CONFEDERATE, "rit"));
	CHECK(fx_act(s, LW_CONFEDERATE, "{\"type\":\"rit\",\"hex\":1603,\"remove\":false}") != 0);
	CHECK(!lw_rit_at(s, H1603));

	/* a cavalry raid on an enemy city (13.2.2): one PC yes, zero no */
	const struct lw_data *d = lw_D();
	int target = LW_NO_HEX, from = LW_NO_HEX;
	for (size_t c = 0; c < d->n_cities && from == LW_NO_HEX; c++) {
		if (lw_city_controller(s, (int)c) != LW_CONFEDERATE ||
		    (d->cities[c].supply != 1 && d->cities[c].supply != 2))
			continue;
		int nb[6];
		int nn = tg_hex_neighbours(&d->grid, d->cities[c].hex, nb);
		for (int i = 0; i < nn && from == LW_NO_HEX; i++) {
			const struct lw_hex *h = lw_data_hex(d, nb[i]);
			if (h && h->terrain == LW_TERRAIN_CLEAR && lw_city_at(nb[i]) < 0 &&
			    !(lw_data_hexside_flags(d, d->cities[c].hex, nb[i]) &
			      (LW_HS_RIVER | LW_HS_IMPASSABLE))) {
				from = nb[i];
				target = d->cities[c].hex;
			}
		}
	}
	CHECK(from != LW_NO_HEX);
	int buford = fx_place(s, "buford", from, 1);
	s->side[LW_UNION].pc = 1;
	CHECKF(lw_raid_check(s, buford, target, false, &err) == 0, "%s", err.message);
	s->side[LW_UNION].pc = 0;
	CHECK(lw_raid_check(s, buford, target, false, &err) != 0);
	CHECKF(strstr(err.message, "10.6.6") != NULL, "%s", err.message);
	s->unit[buford].where = LW_W_PENDING;

	/* a foray (13.2.4) pays from the card but needs PC on the track */
	s->step = LW_ST_SPEND;
	s->play.side = LW_CONFEDERATE;
	s->play.movers_n = 0;
	s->play.pc_left = 3;
	s->ops_round = 7;
	for (int i = 0; i < s->n_units; i++)
		s->unit[i].flags &= (uint8_t)~LW_UF_ACTIVATED;
	s->side[LW_CONFEDERATE].pc = 1;
	CHECK(offered(s, LW_CONFEDERATE, "foray"));
	s->side[LW_CONFEDERATE].pc = 0;
	char why[256];
	CHECK(!offered(s, LW_CONFEDERATE, "foray"));
	CHECK(foray(s, LW_CONFEDERATE,
	            "{\"type\":\"foray\",\"unit\":\"stuart\",\"target\":1603,\"do\":\"rit\"}", why,
	            sizeof why) != 0);
	CHECKF(strstr(why, "10.6.6") != NULL, "%s", why);
	CHECK_EQ_INT(s->play.pc_left, 3);
	s->side[LW_CONFEDERATE].pc = 1;
	CHECKF(foray(s, LW_CONFEDERATE,
	             "{\"type\":\"foray\",\"unit\":\"stuart\",\"target\":1603,\"do\":\"rit\"}", why,
	             sizeof why) == 0,
	       "%s", why);
	CHECK(lw_rit_at(s, H1603));
	free(s);
}

static void amphibious(void)
{
	struct lw_state *s = fx_new(2); /* Summer 1862 */
	if (!CHECK(s != NULL))
		return;
	int cairo = am_hex("cairo");
	int g = am_general(s, LW_UNION, cairo, 2, LW_NONE);
	/* zero PC: not even a river move (an operation, not only an assault) */
	am_activate(s, LW_UNION, &g, 1);
	s->side[LW_UNION].pc = 1;
	CHECK(offered(s, LW_UNION, "river_move"));
	s->side[LW_UNION].pc = 0;
	AM_REFUSED(s, LW_UNION, "{\"type\":\"river_move\",\"to\":707}", "10.6.6");
	CHECK_EQ_INT(s->unit[g].hex, cairo);
	CHECK(!offered(s, LW_UNION, "river_move"));
	/* one PC: the same move is allowed */
	s->side[LW_UNION].pc = 1;
	AM_OK(s, LW_UNION, "{\"type\":\"river_move\",\"to\":707}");
	CHECK_EQ_INT(s->unit[g].hex, 707);
	free(s);
}

int main(void)
{
	rit_and_raid();
	amphibious();
	return tap_done();
}
