/* 13.1.1 worked examples:
 * - "A force with five infantry stars and two cavalry stars would still be
 *   considered a five star Minor Army" (cavalry stars never count in the
 *   army size: its allowance is a Minor Army's);
 * - "a two-star cavalry unit could not end its movement in a hex containing
 *   only one-star generals" (refused through the march as the last hex of
 *   his movement; allowed once a two-star infantry general is there);
 * - "a one-star cavalry unit could not be promoted to two-stars if there
 *   were only one-star generals in the same hex" (refused through act(),
 *   citing 13.1.1). */
#include "lincolns_war/lw_march.h"
#include "lw_land_fixture.h"
#include "lw_testkit.h"

static void army_size(void)
{
	struct lw_state *s = fx_new(2);
	int a = LW_NO_HEX, b = LW_NO_HEX;
	if (!CHECK(s != NULL && fx_plain_pair("OH", &a, &b)))
		return;
	int16_t f[4];
	f[0] = (int16_t)fx_place(s, "grant", a, 3);
	f[1] = (int16_t)fx_place(s, "thomas", a, 2);
	f[2] = (int16_t)fx_place(s, "pleasonton", a, 2); /* cavalry */
	CHECK(s->unit[f[2]].cavalry);
	CHECK(!lw_group_is_major(s, f, 3)); /* five infantry stars + two cavalry */
	lw_march_begin(s, f[0], false);
	CHECK(!s->play.major);
	CHECK_EQ_INT(s->play.max_move, 3); /* 12.2: a Minor Army moves three hexes */
	/* control: two more infantry stars (not cavalry) make it a Major Army */
	f[3] = (int16_t)fx_place(s, "sherman", a, 2);
	CHECK(lw_group_is_major(s, f, 4));
	free(s);
}

static void cavalry_may_not_end_over_one_stars(void)
{
	struct lw_state *s = fx_new(2);
	int a = LW_NO_HEX, b = LW_NO_HEX;
	if (!CHECK(s != NULL && fx_plain_pair("OH", &a, &b)))
		return;
	int cav = fx_place(s, "pleasonton", a, 2);
	int inf = fx_place(s, "thomas", b, 1);
	lw_march_begin(s, cav, false);
	/* b is the last hex of his movement: he would end it there (passing
	 * through is test_13_1_1_cavalry_passes_through) */
	s->play.moved = (uint8_t)(s->play.max_move - 1);
	struct tg_error err = {0};
	char act[64];
	snprintf(act, sizeof act, "{\"type\":\"move\",\"to\":%d}", b);
	CHECK_EQ_INT(lw_move_check(s, b, &err), -1);
	CHECKF(strstr(err.message, "13.1.1") != NULL, "cites 13.1.1: %s", err.message);
	ACT_FAILS(s, LW_UNION, act);
	CHECK_EQ_INT(s->unit[cav].hex, a);
	/* the same move once the infantry there has two stars */
	s->unit[inf].stars = 2;
	ACT_OK(s, LW_UNION, act);
	CHECK_EQ_INT(s->unit[cav].hex, b);
	free(s);
}

static void cavalry_promotion(void)
{
	struct game *g = tk_new("campaign", 43);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	if (!CHECK_EQ_INT(s->phase, LW_PH_ADMIN))
		return;
	s->side[LW_UNION].pc = 20;
	int hex = tk_empty_hex(g, "IL", 0);
	int cav = tk_unit(g, "stoneman"), lyon = tk_unit(g, "lyon");
	tk_place(g, cav, hex);
	tk_place(g, lyon, hex);
	s->unit[cav].stars = s->unit[lyon].stars = 1;
	s->unit[cav].flags = s->unit[lyon].flags = 0;
	CHECK(tk_act(g, "union", "{\"type\":\"promote\",\"general\":\"stoneman\"}") != 0);
	CHECKF(strstr(tk_err.message, "13.1.1") != NULL, "refusal cites 13.1.1: %s",
	       tk_err.message);
	CHECK_EQ_INT(s->unit[cav].stars, 1);
	/* once the infantry there has two stars, the cavalry may have two */
	s->unit[lyon].stars = 2;
	CHECKF(tk_act(g, "union", "{\"type\":\"promote\",\"general\":\"stoneman\"}") == 0, "%s",
	       tk_err.message);
	CHECK_EQ_INT(s->unit[cav].stars, 2);
	lincolns_war_module.free(g);
}

int main(void)
{
	army_size();
	cavalry_may_not_end_over_one_stars();
	cavalry_promotion();
	return tap_done();
}
