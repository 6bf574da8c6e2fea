/* 13.2.4: forays are for "a cavalry unit that has not been activated via
 * the Standard Activation procedure", "as many Forays as he has non-active
 * cavalry units". A cavalry unit that forayed in a card play is therefore
 * not then activated in the same card play: not alone (its own activation),
 * and moving with its activated force it neither raids nor places an RIT
 * again. The next card play it may be activated; a cavalry unit that did
 * not foray raids and interdicts with its force as before. Through act(). */
#include "lincolns_war/lw_march.h"
#include "lw_land_fixture.h"

/* Winchester 1703 on the Baltimore & Ohio, 1603 west of it on the line,
 * Manassas 1804 next to Winchester on the Manassas Gap line. */
enum { WINCHESTER = 1703, H1603 = 1603, MANASSAS = 1804 };

static void new_card_play(struct lw_state *s, int round)
{
	s->phase = LW_PH_OPS;
	s->step = LW_ST_SPEND;
	s->play.side = LW_CONFEDERATE;
	s->phasing = LW_CONFEDERATE;
	s->play.pc_left = 3;
	s->play.activations_left = 1;
	s->play.movers_n = 0;
	s->play.attacked = 0;
	s->ops_round = (uint8_t)round;
	for (int i = 0; i < s->n_units; i++)
		s->unit[i].flags &= (uint8_t)~LW_UF_ACTIVATED;
	lw_rit_clear(s);
}

static bool offered_rit(const struct lw_state *s)
{
	json_t *list = json_array();
	lw_cav_march_offer(s, LW_CONFEDERATE, TG_OFFERS_TREE(list));
	bool any = false;
	size_t i;
	json_t *o;
	json_array_foreach(list, i, o)
	{
		const char *t =
		    json_string_value(json_object_get(json_object_get(o, "action"), "type"));
		any |= t && (strcmp(t, "rit") == 0 || strcmp(t, "raid") == 0);
	}
	json_decref(list);
	return any;
}

int main(void)
{
	struct game *g = bx_game(2);
	if (!CHECK(g != NULL))
		return tap_done();
	struct lw_state *s = &g->s;
	int stuart = fx_place(s, "stuart", WINCHESTER, 1);
	CHECK(stuart != LW_NONE);

	/* alone: a foray, then his activation in the same card play */
	new_card_play(s, 5);
	BX_OK(g, LW_CONFEDERATE,
	      "{\"type\":\"foray\",\"unit\":\"stuart\",\"target\":1603,\"do\":\"rit\"}");
	CHECK(lw_rit_at(s, H1603));
	CHECK(lw_cav_forayed(s, stuart));
	BX_FAILS(g, LW_CONFEDERATE, "{\"type\":\"activate\",\"general\":\"stuart\"}");
	CHECK_EQ_INT(s->step, LW_ST_SPEND);

	/* the next card play he may be activated */
	new_card_play(s, 6);
	CHECK(!lw_cav_forayed(s, stuart));
	BX_OK(g, LW_CONFEDERATE, "{\"type\":\"activate\",\"general\":\"stuart\"}");
	CHECK_EQ_INT(s->step, LW_ST_MOVE);

	/* with a force: Jackson's, Stuart his subordinate */
	int jackson = fx_place(s, "jackson", WINCHESTER, 2);
	CHECK(jackson != LW_NONE);
	new_card_play(s, 7);
	BX_OK(g, LW_CONFEDERATE,
	      "{\"type\":\"foray\",\"unit\":\"stuart\",\"target\":1804,\"do\":\"rit\"}");
	CHECK(lw_rit_at(s, MANASSAS));
	BX_OK(g, LW_CONFEDERATE, "{\"type\":\"activate\",\"general\":\"jackson\"}");
	CHECK_EQ_INT(s->step, LW_ST_MOVE);
	/* the force moves, but its cavalry neither raids nor interdicts again */
	CHECK(!offered_rit(s));
	BX_FAILS(g, LW_CONFEDERATE, "{\"type\":\"rit\",\"hex\":1603,\"remove\":false}");
	CHECK(!lw_rit_at(s, H1603));

	/* control: without a foray, the force's cavalry places its RIT */
	new_card_play(s, 8);
	BX_OK(g, LW_CONFEDERATE, "{\"type\":\"activate\",\"general\":\"jackson\"}");
	CHECK(offered_rit(s));
	BX_OK(g, LW_CONFEDERATE, "{\"type\":\"rit\",\"hex\":1603,\"remove\":false}");
	CHECK(lw_rit_at(s, H1603));
	free(g);
	return tap_done();
}
