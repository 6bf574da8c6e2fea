/* 16.8.3: after a Major Victory, both sides draw a disaster: victory
 * reversal. Both take three IT (instead of the normal results), the
 * attacking victor stays where it attacked from and its CO loses a star; the
 * defender does not retreat. */
#include "lw_land_fixture.h"

static int side_stars(const struct lw_state *s, int hex, int side)
{
	int u[LW_MAX_UNITS], st = 0;
	int n = lw_units_at(s, hex, side, u);
	for (int i = 0; i < n; i++)
		st += s->unit[u[i]].stars;
	return st;
}

/* Answers every prompt of the battle with the first legal choice (and the
 * 11.0.3 question the battle holds for: the new CO after the demotion). */
static void settle(struct lw_state *s)
{
	for (int guard = 0; guard < 50 && s->battle.active; guard++) {
		unsigned m = lw_battle_awaiting(s);
		int side = (m & LW_SIDE_BIT(LW_UNION)) ? LW_UNION : LW_CONFEDERATE;
		json_t *l = json_array();
		if (lw_command_question_pending(s)) {
			side = lw_command_choice_side(s);
			lw_command_choice_offer(s, side, TG_OFFERS_TREE(l));
		} else {
			lw_battle_offer(s, side, TG_OFFERS_TREE(l));
		}
		json_t *a = json_object_get(json_array_get(l, 0), "action");
		char *txt = a ? json_dumps(a, JSON_COMPACT) : NULL;
		json_decref(l);
		if (!CHECK(txt != NULL))
			return;
		ACT_OK(s, side, txt);
		free(txt);
	}
}

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	int x = LW_NO_HEX, y = LW_NO_HEX;
	if (!CHECK(fx_plain_pair("TN", &x, &y)))
		return tap_done();
	int grant = fx_place(s, "grant", x, 3);
	fx_place(s, "sherman", x, 3);
	fx_place(s, "je_johnston", y, 2);
	fx_place(s, "hardee", y, 2);
	s->side[LW_UNION].csp = 3;
	fx_stack_deck(s, LW_UNION, LW_SYM_DISASTER, 6, 10);
	fx_stack_deck(s, LW_CONFEDERATE, LW_SYM_DISASTER, 6, 10);

	lw_march_begin(s, grant, false);
	char a[96];
	snprintf(a, sizeof a, "{\"type\":\"attack\",\"target\":%d}", y);
	ACT_OK(s, LW_UNION, a);
	if (s->step == LW_ST_WITHDRAW)
		ACT_OK(s, LW_CONFEDERATE, "{\"type\":\"stand\"}");
	ACT_OK(s, LW_CONFEDERATE, "{\"type\":\"commit\",\"resource\":72,\"csp\":0}");
	ACT_OK(s, LW_UNION, "{\"type\":\"commit\",\"resource\":72,\"csp\":3}");
	/* 4 + 4 + 3 against 3 + 3: a Major Victory by 5, no rout (5 IT <= 6) */
	CHECK_EQ_INT(s->battle.strength[LW_UNION], 11);
	CHECK_EQ_INT(s->battle.strength[LW_CONFEDERATE], 6);
	settle(s);
	CHECK(!s->battle.active);
	CHECK_EQ_INT(s->land.disaster, 2 /* LW_DISASTER_REVERSAL */);
	CHECK_EQ_INT(s->battle.result, 3);
	CHECK_EQ_INT(lw_force_it(s, x), 3);
	CHECK_EQ_INT(lw_force_it(s, y), 3);
	CHECK_EQ_INT(side_stars(s, x, LW_UNION), 5);       /* the victor's CO lost a star */
	CHECK_EQ_INT(side_stars(s, y, LW_CONFEDERATE), 4); /* nobody retreated */
	free(s);
	return tap_done();
}
