/* 13.1.1: "A cavalry general may not end his movement in a hex containing
 * friendly infantry units if he has more stars than the CO in that hex"
 * and "No more than one cavalry unit, including Cavalry TCOs may occupy the
 * same hex"; 12.4: "Stacking limits are checked and must be met after the
 * completion of movement". Decided (docs/decisions.md "12.4 / 13.1.1 / 12.5: stacking is checked
 * where a move ends"): a cavalry general may pass through such a hex, not end his move in it.
 *
 * - Pleasonton, two stars, rides through a hex held only by one-star
 *   Thomas and on to the next: accepted; he may not stop in it (refused
 *   citing 13.1.1), and as his last hex of movement it is refused.
 * - Wheeler rides through the hex of Bragg, where Forrest already is (two
 *   cavalry generals together while he passes), and on. */
#include "lincolns_war/lw_march.h"
#include "lw_land_fixture.h"
#include "lw_testkit.h"

static bool stop_refused_citing(struct lw_state *s, int side, const char *rule)
{
	struct tg_error err = {0};
	struct game_outcome out = {0};
	json_t *stop = json_pack("{s:s}", "type", "stop");
	int rc = lw_march_act(s, side, stop, &out, &err);
	json_decref(stop);
	return CHECKF(rc != 0 && strstr(err.message, rule) != NULL, "stop refused citing %s: %s",
	              rule, err.message);
}

static void two_star_cavalry_past_one_star(void)
{
	struct lw_state *s = fx_new(2);
	int a = LW_NO_HEX, b = LW_NO_HEX, c = LW_NO_HEX;
	if (!CHECK(s != NULL && tk_line_of_three("OH", &a, &b, &c))) {
		free(s);
		return;
	}
	int cav = fx_place(s, "pleasonton", a, 2);
	int inf = fx_place(s, "thomas", b, 1);
	lw_march_begin(s, cav, true);
	char act[64];
	snprintf(act, sizeof act, "{\"type\":\"move\",\"to\":%d}", b);
	ACT_OK(s, LW_UNION, act);
	CHECK_EQ_INT(s->unit[cav].hex, b);
	CHECK(!fx_march_offers(s, LW_UNION, "stop", NULL, 0));
	stop_refused_citing(s, LW_UNION, "13.1.1");
	snprintf(act, sizeof act, "{\"type\":\"move\",\"to\":%d}", c);
	ACT_OK(s, LW_UNION, act);
	CHECK_EQ_INT(s->unit[cav].hex, c);
	CHECK_EQ_INT(s->unit[inf].hex, b);
	free(s);

	/* the same hex as his last of movement: refused, citing 13.1.1 */
	s = fx_new(2);
	if (!CHECK(s != NULL))
		return;
	cav = fx_place(s, "pleasonton", a, 2);
	fx_place(s, "thomas", b, 1);
	lw_march_begin(s, cav, true);
	s->play.moved = (uint8_t)(s->play.max_move - 1);
	struct tg_error err = {0};
	CHECK_EQ_INT(lw_move_check(s, b, &err), -1);
	CHECKF(strstr(err.message, "13.1.1") != NULL, "cites 13.1.1: %s", err.message);
	free(s);
}

static void wheeler_past_bragg_and_forrest(void)
{
	struct lw_state *s = fx_new(2);
	int a = LW_NO_HEX, b = LW_NO_HEX, c = LW_NO_HEX;
	if (!CHECK(s != NULL && tk_line_of_three("TN", &a, &b, &c))) {
		free(s);
		return;
	}
	s->play.side = LW_CONFEDERATE;
	int wheeler = fx_place(s, "wheeler", a, 1);
	int bragg = fx_place(s, "bragg", b, 2);
	int forrest = fx_place(s, "forrest", b, 1);
	lw_march_begin(s, wheeler, true);
	char act[64];
	snprintf(act, sizeof act, "{\"type\":\"move\",\"to\":%d}", b);
	ACT_OK(s, LW_CONFEDERATE, act);
	CHECK_EQ_INT(s->unit[wheeler].hex, b);
	stop_refused_citing(s, LW_CONFEDERATE, "13.1.1");
	snprintf(act, sizeof act, "{\"type\":\"move\",\"to\":%d}", c);
	ACT_OK(s, LW_CONFEDERATE, act);
	CHECK_EQ_INT(s->unit[wheeler].hex, c);
	CHECK_EQ_INT(s->unit[bragg].hex, b);
	CHECK_EQ_INT(s->unit[forrest].hex, b);
	free(s);
}

int main(void)
{
	two_star_cavalry_past_one_star();
	wheeler_past_bragg_and_forrest();
	return tap_done();
}
