/* 16.2 / 16.2.1: Lee's force with Stuart withdraws before Grant's force
 * with Sheridan: the cavalry screen gives the attacker one PC, Sheridan
 * pursues Stuart in a cavalry battle, and Grant's force advances into the
 * abandoned hex. */
#include "lw_land_fixture.h"

int main(void)
{
	struct lw_state *base = fx_new(2);
	if (!CHECK(base != NULL))
		return tap_done();
	int x = LW_NO_HEX, y = LW_NO_HEX;
	if (!CHECK(fx_plain_pair("TN", &x, &y)))
		return tap_done();
	int grant = fx_place(base, "grant", x, 2);
	int sheridan = fx_place(base, "sheridan", x, 1);
	int lee = fx_place(base, "lee", y, 2);
	int stuart = fx_place(base, "stuart", y, 1);
	fx_stack_deck(base, LW_UNION, 0, 0, 10);
	fx_stack_deck(base, LW_CONFEDERATE, 0, 0, 10);
	int pc = base->side[LW_UNION].pc;
	/* the die decides the withdrawal: try generator keys until it succeeds */
	struct lw_state *s = malloc(sizeof *s);
	bool slipped = false;
	for (int k = 0; k < 64 && !slipped; k++) {
		*s = *base;
		s->rng.key[0] = (uint8_t)k;
		s->rng.consumed = 0;
		s->rng.block_no = UINT64_MAX;
		lw_march_begin(s, grant, false);
		char a[96];
		snprintf(a, sizeof a, "{\"type\":\"attack\",\"target\":%d}", y);
		ACT_OK(s, LW_UNION, a);
		if (!CHECK_EQ_INT(s->step, LW_ST_WITHDRAW))
			break;
		ACT_OK(s, LW_CONFEDERATE, "{\"type\":\"withdraw\"}");
		CHECK_EQ_INT(s->side[LW_UNION].pc - pc >= 1, 1); /* one PC: cavalry screen */
		slipped = s->land.withdrew;
	}
	if (!CHECK(slipped))
		return tap_done();
	CHECK(s->land.pursuit); /* 16.2.1: a cavalry battle took place */
	CHECK_EQ_INT(s->step, LW_ST_RETREAT);
	json_t *l = json_array();
	lw_battle_offer(s, LW_CONFEDERATE, TG_OFFERS_TREE(l));
	json_t *act = json_object_get(json_array_get(l, 0), "action");
	char *txt = act ? json_dumps(act, JSON_COMPACT) : NULL;
	json_decref(l);
	if (!CHECK(txt != NULL))
		return tap_done();
	ACT_OK(s, LW_CONFEDERATE, txt);
	free(txt);
	/* the pursuer's force advances without being asked */
	CHECK(!s->battle.active);
	CHECK_EQ_INT(s->unit[grant].hex, y);
	CHECK_EQ_INT(s->unit[sheridan].hex, y);
	CHECK(s->unit[lee].hex != y && s->unit[stuart].hex == s->unit[lee].hex);
	free(s);
	free(base);
	return tap_done();
}
