/* 16.9.6 with 12.4 / 16.9.5.2 in the middle of the Supply Phase: a 20.4
 * demotion takes the only three-star of an eight-star besieging army down
 * to two, so the hex holds six stars at most. The besiegers may not
 * disengage (16.9.5.2), so a subordinate of the owner's choice loses a star
 * ("siege_star"). The phase's next step reads the answer: the besiegers are
 * out of supply and forage, one IT plus one per general without forage,
 * each general drawing (20.5, 20.7). So the phase holds for the answer: the
 * owner names the one-star, who is disgraced, and the three generals left
 * forage (+4 IT). Asked after the phase had run on (the old order), the
 * four generals of the overstacked army had foraged (+5 IT) and the answer
 * came too late to count. */
#include "lincolns_war/lw_combat.h"
#include "lincolns_war/lw_command.h"
#include "lincolns_war/lw_siege.h"
#include "lw_amphib_fixture.h"
#include "lw_land_fixture.h"
#include "lw_supply_fixture.h"

/* The log line of the forage at hex, or NULL. */
static const char *forage_line(const struct lw_state *s, int hex)
{
	char hl[64], want[128];
	snprintf(want, sizeof want, "force at %s is out of supply",
	         lw_hex_label(hex, hl, sizeof hl));
	for (int i = 0; i < LW_LOG_LINES; i++)
		if (strstr(s->log[i], want))
			return s->log[i];
	return NULL;
}

static int act(struct game *g, const char *role, const char *type, int hex, int u)
{
	char id[48], js[200];
	snprintf(js, sizeof js, "{\"type\":\"%s\",\"hex\":%d,\"general\":\"%s\"}", type, hex,
	         lw_unit_id(&g->s, u, id, sizeof id));
	return tk_act(g, role, js);
}

int main(void)
{
	struct game *g = tk_new("campaign", 11);
	tk_choose_gics(g);
	tk_goto_ops(g, 1, LW_UNION);
	struct lw_state *s = &g->s;
	int city = am_hex("atlanta");
	int camp = fx_plain_neighbour(city);
	if (!CHECKF(camp != LW_NO_HEX, "a plain hex next to Atlanta")) {
		lincolns_war_module.free(g);
		return tap_done();
	}
	for (int u = 0; u < s->n_units; u++) {
		s->unit[u].it = s->unit[u].it_new = 0; /* nobody else carries IT */
		if (s->unit[u].where == LW_W_MAP &&
		    (s->unit[u].hex == city || s->unit[u].hex == camp))
			s->unit[u].where = LW_W_PENDING;
	}
	static const int stars[4] = {3, 2, 2, 1};
	int us[4], cs[4];
	for (int i = 0; i < 4; i++)
		us[i] = am_general(s, LW_UNION, camp, stars[i], LW_NONE);
	for (int i = 0; i < 4; i++)
		cs[i] = am_general(s, LW_CONFEDERATE, city, stars[i], LW_NONE);
	s->unit[us[0]].cmd = ++s->cmd_seq;
	s->unit[cs[0]].cmd = ++s->cmd_seq;
	for (int k = 0; k < 2; k++) {
		tk_give_any(s, LW_UNION); /* the siege does not end the card play */
		tk_give_any(s, LW_CONFEDERATE);
	}
	am_besiege(s, city, camp, us, 4);
	if (!CHECK(lw_siege_besieging(s, city, LW_UNION))) {
		lincolns_war_module.free(g);
		return tap_done();
	}
	CHECK_EQ_INT(s->phase, LW_PH_OPS); /* the card play goes on */
	memset(&s->battle, 0, sizeof s->battle);
	memset(&s->play, 0, sizeof s->play);
	s->step = LW_ST_CARD;
	CHECKF(!lw_supply_traced(s, city, LW_UNION, NULL), "the besiegers are out of supply");
	for (int i = 0; i < 4; i++)
		s->unit[cs[i]].it = s->unit[cs[i]].it_new = 0; /* the offer's IT: none to demote */
	s->unit[us[0]].it = 5;                                 /* 20.4: five IT, one demotion */
	sx_no_forage(s, LW_UNION);
	lw_end_operations(s, NULL);
	lw_continue(s, NULL); /* the Supply Phase's stages (lw_actions.c) */
	CHECK_EQ_INT(s->command.supply_stage, LW_SS_IT);
	CHECKF(act(g, "union", "supply_demote", city, us[0]) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[us[0]].stars, 2);
	CHECK_EQ_INT(lw_force_co_side(s, city, LW_UNION), us[0]); /* still on top */

	/* the phase holds for the siege_star question: no forage yet */
	CHECK(lw_command_siege_star_waits(s, city, LW_UNION));
	CHECK_EQ_INT(s->command.supply_stage, LW_SS_IT);
	CHECK(forage_line(s, city) == NULL);
	CHECK(!(s->unit[us[0]].flags & LW_UF_OOS));
	CHECK_EQ_INT(tk_awaiting(g), 1); /* the Union only */
	CHECK(tk_offers(g, "union", "16.9.6"));
	CHECK(act(g, "confederate", "siege_star", city, us[3]) != 0); /* the owner's choice */
	CHECK_EQ_INT(s->unit[us[3]].where, LW_W_MAP);
	CHECKF(act(g, "union", "siege_star", city, us[3]) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[us[3]].where, LW_W_DISGRACED);

	/* the phase went on from there: three generals foraged, 1 + 3 IT */
	const char *line = forage_line(s, city);
	CHECKF(line != NULL, "the besiegers foraged");
	if (line)
		CHECKF(strstr(line, "0 forage found in 4 cards, +4 IT") != NULL, "%s", line);
	CHECK_EQ_INT(s->command.sst_n, 0);
	CHECK(s->command.supply_stage != LW_SS_IT);
	lincolns_war_module.free(g);
	return tap_done();
}
