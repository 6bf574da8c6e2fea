/* 11.0: "If the PC Value (Activation Points) of the card is higher than what
 * it took to activate the CO, the excess may be used to add PC to the PC
 * track or remove IT from another Force." Example: Grant (activation 1)
 * activated with a "2" card: "the single excess PC bumps up the Union PC
 * Track by one or removes one IT from another friendly Force".
 *
 * Through act(): after Grant's activation the excess is refused on Grant's
 * own force (citing 11.0) and not offered there, and removes one IT from
 * another Union force. */
#include "lw_activation_fixture.h"

int main(void)
{
	int two, grant, gh;
	/* Spring 1862: IT may be removed with PC (10.6.3) */
	struct game *g = ax_grant_game(5, "IL", &two, &grant, &gh);
	struct lw_state *s = &g->s;
	if (!CHECK(two > 0))
		return tap_done();
	tk_give_any(s, LW_UNION);
	int lyon = tk_unit(g, "lyon"), lh = tk_empty_hex(g, "IN", 0);
	tk_place(g, lyon, lh);
	s->unit[lyon].stars = 1;
	s->unit[lyon].flags = 0;
	s->unit[grant].it = s->unit[lyon].it = 1; /* there before the card is played */
	s->unit[grant].it_new = s->unit[lyon].it_new = 0;
	ax_grant_with_two(g, two);

	/* not from the force just activated */
	char buf[200], lbl[80];
	snprintf(lbl, sizeof lbl, "Remove one IT from your force at %04d", gh);
	CHECK(!tk_offers(g, "union", lbl));
	snprintf(buf, sizeof buf, "{\"type\":\"remove_it\",\"hex\":%d}", gh);
	CHECK(tk_act(g, "union", buf) != 0);
	CHECKF(strstr(tk_err.message, "11.0") != NULL, "refusal cites 11.0: %s", tk_err.message);
	CHECK_EQ_INT(s->unit[grant].it, 1);

	/* from another friendly force */
	snprintf(lbl, sizeof lbl, "Remove one IT from your force at %04d", lh);
	CHECK(tk_offers(g, "union", lbl));
	snprintf(buf, sizeof buf, "{\"type\":\"remove_it\",\"hex\":%d}", lh);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[lyon].it, 0);
	CHECK_EQ_INT(s->play.pc_left, 0);
	lincolns_war_module.free(g);
	return tap_done();
}
