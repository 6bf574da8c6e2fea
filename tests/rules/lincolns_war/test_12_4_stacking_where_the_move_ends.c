/* 12.4: "Stacking limits are checked and must be met after the completion
 * of movement or actions of any kind (normal movement, retreats, ...)";
 * 12.5: "A Force may end their move in a hex containing another friendly
 * Force as long as this does not cause an overstacked condition" and "A
 * Force may pass through a friendly occupied hex if the CO of the moving
 * Force outranks the existing CO in the hex being entered." Decided (docs/decisions.md "12.4
 * / 13.1.1 / 12.5: stacking is checked where a move ends"): the limits hold where a force ends its
 * movement, not in a hex it passes through.
 *
 * - An eight-star Major Army under a three-star CO passes through a hex
 *   held by six stars under a two-star CO (fourteen stars together, over
 *   the twelve of 12.4) and goes on; it may not stop, attack or pick the
 *   force up there (its move would end overstacked), only move on or leave
 *   generals behind.
 * - The same step as the force's last hex of movement is refused citing
 *   12.4: its move would end there overstacked.
 * - A stop in such a hex is allowed only when no step leads out; the 12.4
 *   displacement procedure then restores the limit. */
#include "lincolns_war/lw_march.h"
#include "lw_land_fixture.h"
#include "lw_testkit.h"

static struct lw_state *major_beside_six(int *a, int *b, int *c, int *co)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL && tk_line_of_three("OH", a, b, c))) {
		free(s);
		return NULL;
	}
	*co = fx_place(s, "grant", *a, 3);
	fx_place(s, "thomas", *a, 2);
	fx_place(s, "sherman", *a, 2);
	fx_place(s, "lyon", *a, 1); /* eight stars: a Major Army */
	fx_place(s, "hooker", *b, 2);
	fx_place(s, "meade", *b, 2);
	fx_place(s, "sedgwick", *b, 2); /* six stars under a two-star CO */
	lw_march_begin(s, *co, false);
	CHECK(s->play.major);
	CHECK_EQ_INT(s->play.max_move, 2);
	return s;
}

static void passes_through(void)
{
	int a, b, c, co;
	struct lw_state *s = major_beside_six(&a, &b, &c, &co);
	if (!s)
		return;
	char act[64];
	snprintf(act, sizeof act, "{\"type\":\"move\",\"to\":%d}", b);
	CHECK(fx_march_offers(s, LW_UNION, "move", "to", b));
	ACT_OK(s, LW_UNION, act);
	CHECK_EQ_INT(s->unit[co].hex, b);
	CHECK_EQ_INT(s->unit[lw_unit_by_id(s, "hooker")].hex, b);
	/* over the limit in b: its move may not end here */
	CHECK(lw_stack_check_hex(s, b, LW_UNION, NULL, 0, LW_NONE, 0, NULL) != 0);
	CHECK(!fx_march_offers(s, LW_UNION, "stop", NULL, 0));
	CHECK(!fx_march_offers(s, LW_UNION, "pickup", NULL, 0));
	struct tg_error err = {0};
	json_t *stop = json_pack("{s:s}", "type", "stop");
	struct game_outcome out = {0};
	CHECK(lw_march_act(s, LW_UNION, stop, &out, &err) != 0);
	CHECKF(strstr(err.message, "12.4") != NULL, "the stop is refused citing 12.4: %s",
	       err.message);
	json_decref(stop);
	CHECK(fx_march_offers(s, LW_UNION, "detach", NULL, 0));
	CHECK(fx_march_offers(s, LW_UNION, "move", "to", c));
	snprintf(act, sizeof act, "{\"type\":\"move\",\"to\":%d}", c);
	ACT_OK(s, LW_UNION, act);
	CHECK_EQ_INT(s->unit[co].hex, c);
	CHECK_EQ_INT(s->unit[lw_unit_by_id(s, "hooker")].hex, b);
	CHECK_EQ_INT(lw_stack_check_hex(s, b, LW_UNION, NULL, 0, LW_NONE, 0, NULL), 0);
	CHECK_EQ_INT(lw_stack_check_hex(s, c, LW_UNION, NULL, 0, LW_NONE, 0, NULL), 0);
	free(s);
}

static void may_not_end_there(void)
{
	int a, b, c, co;
	struct lw_state *s = major_beside_six(&a, &b, &c, &co);
	if (!s)
		return;
	s->play.moved = 1; /* the step into b would be its last (12.3: two hexes) */
	struct tg_error err = {0};
	CHECK_EQ_INT(lw_move_check(s, b, &err), -1);
	CHECKF(strstr(err.message, "12.4") != NULL, "cites 12.4: %s", err.message);
	CHECK(!fx_march_offers(s, LW_UNION, "move", "to", b));
	CHECK_EQ_INT(s->unit[co].hex, a);
	free(s);
}

int main(void)
{
	passes_through();
	may_not_end_there();
	return tap_done();
}
