/* 10.7.4: "Each deck holds a Reluctant to Follow Orders card which is
 * played as a Resource card in combat" (Union 20 George Meade; CS 55 James
 * Longstreet with the errata). The engine also offered it as an event in
 * the card-play step, outside any battle, on any enemy CO: no more. The
 * card is still played for its PC there (10.6), and in a battle as a
 * Resource (test_10_7_4_reluctant_in_battle). The optional Peculiar General
 * Magruder (CS 71, not a resource, reconstructed) keeps his event. */
#include "lw_testkit.h"

static void check_side(int side, int card, const char *target, int seed)
{
	struct game *g = tk_new("campaign", seed);
	tk_choose_gics(g);
	struct lw_state *s = &g->s;
	tk_goto_ops(g, 1, side);
	tk_clear_hand(s, side);
	const struct lw_card *k = lw_card(side, card);
	if (!CHECK(k && k->resource && strcmp(k->effect_id, "reluctant_to_follow_orders") == 0))
		return;
	tk_give(s, side, card);
	tk_give_any(s, side);
	tk_give_any(s, LW_OTHER(side));
	int hex = tk_empty_hex(g, side == LW_UNION ? "TN" : "PA", 0);
	int t = tk_unit(g, target);
	tk_place(g, t, hex);
	s->unit[t].flags = 0;
	CHECK_EQ_INT(lw_force_co(s, hex), t);
	const char *role = lw_side_name(side);
	char buf[160];
	snprintf(buf, sizeof buf, "Play card %d %s for its event", card, k->name);
	CHECKF(!tk_offers(g, role, buf), "%s: offered outside combat", k->name);
	snprintf(buf, sizeof buf,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"event\",\"target\":\"%s\"}", card,
	         target);
	CHECK(tk_act(g, role, buf) != 0);
	CHECK(strstr(tk_err.message, "10.7.4") != NULL);
	CHECK(!(s->unit[t].flags & LW_UF_RELUCTANT));
	/* its PC can still be spent */
	snprintf(buf, sizeof buf, "{\"type\":\"play\",\"card\":%d,\"use\":\"pc\"}", card);
	CHECKF(tk_act(g, role, buf) == 0, "%s", tk_err.message);
	lincolns_war_module.free(g);
}

int main(void)
{
	check_side(LW_UNION, 20, "hardee", 61);
	check_side(LW_CONFEDERATE, 55, "mcdowell", 62);
	/* Magruder's event (optional Peculiar General): still an event */
	const struct lw_card *m = lw_card(LW_CONFEDERATE, 71);
	CHECK(m && !m->resource && lw_event_playable(m));
	return tap_done();
}
