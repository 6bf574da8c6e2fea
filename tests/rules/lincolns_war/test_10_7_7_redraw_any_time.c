/* 10.7.7: "If at any time you hold three or more Seditious cards in your
 * hand, you may reveal them to your opponent then discard all but the
 * highest negative value card; draw a card from your deck for every
 * Seditious card discarded in this manner." The engine offered the redraw
 * only in the player's own card-play step; a defender holding three
 * seditious cards could not redraw before choosing his face-down Resource
 * card (16.3). Now the redraw is also offered in the commitment step to a
 * player who has not committed yet, and refused once he has. */
#include "lw_land_fixture.h"

static int count_sed(const struct lw_state *s, int side)
{
	return lw_count_seditious(s, side);
}

int main(void)
{
	int x, y;
	struct game *g = bx_game_pair(2, "TN", &x, &y);
	if (!g)
		return tap_done();
	struct lw_state *s = &g->s;
	int grant = fx_place(s, "grant", x, 3);
	fx_place(s, "hardee", y, 1);
	fx_stack_deck(s, LW_UNION, 0, 0, 10);
	fx_stack_deck(s, LW_CONFEDERATE, 0, 0, 10);
	/* the Confederate holds three seditious cards (-3, -2, -2) and one other */
	struct lw_cards *c = &s->side[LW_CONFEDERATE].cards;
	c->hand_n = 0;
	int sed[3] = {63, 64, 65};
	for (int i = 0; i < 3; i++) {
		CHECK(lw_card(LW_CONFEDERATE, sed[i])->kind == LW_KIND_SEDITIOUS);
		c->hand[c->hand_n++] = (uint8_t)sed[i];
	}
	c->hand[c->hand_n++] = 33;
	CHECK_EQ_INT(count_sed(s, LW_CONFEDERATE), 3);
	lw_march_begin(s, grant, false);
	char a[96];
	snprintf(a, sizeof a, "{\"type\":\"attack\",\"target\":%d}", y);
	BX_OK(g, LW_UNION, a);
	BX_OK(g, LW_CONFEDERATE, "{\"type\":\"stand\"}");
	CHECK_EQ_INT(s->step, LW_ST_COMMIT);
	/* offered to the defender before he commits */
	json_t *o = bx_offers(g, LW_CONFEDERATE, "seditious_redraw");
	CHECK_EQ_INT((int)json_array_size(o), 1);
	json_decref(o);
	BX_OK(g, LW_CONFEDERATE, "{\"type\":\"seditious_redraw\"}");
	CHECK_EQ_INT(s->step, LW_ST_COMMIT);
	CHECK_EQ_INT(c->hand_n, 4);
	CHECK_EQ_INT(count_sed(s, LW_CONFEDERATE), 1);
	CHECK(lw_hand_find(s, LW_CONFEDERATE, 63) >= 0); /* the -3 is kept */
	CHECK(lw_hand_find(s, LW_CONFEDERATE, 64) < 0 && lw_hand_find(s, LW_CONFEDERATE, 65) < 0);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].seditious_redraws, 1);
	/* no more to redraw: not offered, refused */
	o = bx_offers(g, LW_CONFEDERATE, "seditious_redraw");
	CHECK_EQ_INT((int)json_array_size(o), 0);
	json_decref(o);
	CHECK(bx_act(g, LW_CONFEDERATE, "{\"type\":\"seditious_redraw\"}") != 0);
	/* the Union, three seditious too, commits first: then no redraw */
	struct lw_cards *u = &s->side[LW_UNION].cards;
	u->hand_n = 0;
	for (int i = 0; i < 3; i++)
		u->hand[u->hand_n++] = (uint8_t)(63 + i);
	BX_OK(g, LW_UNION, "{\"type\":\"commit\",\"resource\":72,\"csp\":0}");
	o = bx_offers(g, LW_UNION, "seditious_redraw");
	CHECK_EQ_INT((int)json_array_size(o), 0);
	json_decref(o);
	CHECK(bx_act(g, LW_UNION, "{\"type\":\"seditious_redraw\"}") != 0);
	CHECK_EQ_INT(count_sed(s, LW_UNION), 3);
	BX_OK(g, LW_CONFEDERATE, "{\"type\":\"commit\",\"resource\":72,\"csp\":0}");
	CHECK(s->step != LW_ST_COMMIT);
	free(g);
	return tap_done();
}
