/* 11.0: "If the PC Value (Activation Points) of the card is higher than what
 * it took to activate the CO, the excess may be used to add PC to the PC
 * track or remove IT from another Force." Example: Grant (activation 1)
 * activated with a "2" card: "the single excess PC bumps up the Union PC
 * Track by one or removes one IT from another friendly Force".
 *
 * Through act(): after Grant's activation the excess is refused on Grant's
 * own force (citing 11.0) and not offered there, and removes one IT from
 * another Union force. */
#include "lw_testkit.h"

static int card_of(int side, int pc)
{
	for (int n = 1; n <= 57; n++) {
		const struct lw_card *k = lw_card(side, n);
		if (k->kind == LW_KIND_ACTIVATION && k->pc == pc && !k->erratic)
			return n;
	}
	return -1;
}

int main(void)
{
	struct game *g = tk_new("campaign", 5);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	tk_goto_ops(g, 1, LW_UNION); /* Spring 1862: IT may be removed with PC (10.6.3) */
	int two = card_of(LW_UNION, 2);
	if (!CHECK(two > 0))
		return tap_done();
	tk_clear_hand(s, LW_UNION);
	tk_give(s, LW_UNION, two);
	tk_give_any(s, LW_UNION);
	tk_give_any(s, LW_CONFEDERATE);
	int grant = tk_unit(g, "grant"), lyon = tk_unit(g, "lyon");
	int gh = tk_empty_hex(g, "IL", 0), lh = tk_empty_hex(g, "IN", 0);
	tk_place(g, grant, gh);
	tk_place(g, lyon, lh);
	s->unit[grant].stars = s->unit[lyon].stars = 1;
	s->unit[grant].flags = s->unit[lyon].flags = 0;
	s->unit[grant].it = s->unit[lyon].it = 1; /* there before the card is played */
	s->unit[grant].it_new = s->unit[lyon].it_new = 0;
	CHECK_EQ_INT(lw_activation_cost(s, grant), 1);

	char buf[200];
	snprintf(buf, sizeof buf,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"grant\"}", two);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECKF(tk_act(g, "union", "{\"type\":\"stop\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->play.pc_left, 1);

	/* not from the force just activated */
	char lbl[80];
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
