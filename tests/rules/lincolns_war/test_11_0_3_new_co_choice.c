/* 11.0.3 Involuntary replacement: "When a CO's rank falls below that of one
 * or more of his subordinates, it is up to the player as President to
 * choose a new CO from among the most senior subordinate generals in the
 * hex, at no PC cost." 10.7.9: the Confederate's Committee card demotes a
 * two- or three-star Union CO that lost a battle this turn to a CS one-star
 * CO. Both through the module's act(). */
#include "lw_testkit.h"

int main(void)
{
	struct game *g = tk_committee_game(5);
	struct lw_state *s = &g->s;

	/* a Union force: three-star Hooker commands two three-star
	 * subordinates (they joined him) and a one-star */
	int hex = tk_empty_hex(g, "PA", 0);
	int sedgwick = tk_put(g, "sedgwick", hex, 3, 0);
	int hancock = tk_put(g, "hancock", hex, 3, 0);
	int meade = tk_put(g, "meade", hex, 1, 0);
	int hooker = tk_put(g, "hooker", hex, 3, 0);
	CHECK_EQ_INT(lw_force_co(s, hex), hooker);
	/* Burnside lost to a two-star, Hooker to a one-star (16.6) */
	int hex2 = tk_empty_hex(g, "OH", 0);
	int burnside = tk_put(g, "burnside", hex2, 2, 0);
	s->unit[burnside].flags |= LW_UF_LOST_BATTLE;
	s->unit[hooker].flags |= LW_UF_LOST_BATTLE;
	lw_command_note_lost_to_one_star(s, hooker);

	/* 10.7.9: only the CO beaten by a one-star qualifies */
	CHECK(tk_offers(g, "confederate", "demote Joseph Hooker"));
	CHECK(!tk_offers(g, "confederate", "demote Ambrose"));
	CHECK(tk_act(g, "confederate", "{\"type\":\"committee_event\",\"general\":\"burnside\"}") !=
	      0);
	CHECK(strstr(tk_err.message, "one-star") != NULL);
	CHECKF(tk_act(g, "confederate", "{\"type\":\"committee_event\",\"general\":\"hooker\"}") ==
	           0,
	       "%s", tk_err.message);
	CHECK_EQ_INT(s->unit[hooker].stars, 2);

	/* 11.0.3: Hooker is below two subordinates; the Union chooses, before
	 * anything else is played */
	CHECK_EQ_INT(tk_awaiting(g), 1);
	CHECK(tk_offers(g, "union", "John Sedgwick takes command"));
	CHECK(tk_offers(g, "union", "Winfield S. Hancock takes command") ||
	      tk_offers(g, "union", "Hancock takes command"));
	CHECK(!tk_offers(g, "union", "Meade takes command"));
	CHECK(!tk_offers(g, "union", "Hooker takes command"));
	char buf[128];
	snprintf(buf, sizeof buf, "{\"type\":\"choose_co\",\"hex\":%d,\"general\":\"meade\"}", hex);
	CHECK(tk_act(g, "union", buf) != 0); /* not among the most senior */
	CHECK(strstr(tk_err.message, "11.0.3") != NULL);
	snprintf(buf, sizeof buf, "{\"type\":\"choose_co\",\"hex\":%d,\"general\":\"hooker\"}",
	         hex);
	CHECK(tk_act(g, "union", buf) != 0);
	CHECK(tk_act(g, "union", "{\"type\":\"pass\"}") != 0);
	CHECK(tk_act(g, "confederate", "{\"type\":\"pass\"}") != 0);
	/* the default would be the later of the two (Hancock): pick Sedgwick */
	CHECK_EQ_INT(lw_force_co(s, hex), hancock);
	snprintf(buf, sizeof buf, "{\"type\":\"choose_co\",\"hex\":%d,\"general\":\"sedgwick\"}",
	         hex);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(lw_force_co(s, hex), sedgwick);
	CHECK_EQ_INT(s->command.co_n, 0);
	CHECK(!tk_offers(g, "union", "takes command"));
	(void)meade;

	/* a CO demoted but still senior to all: no question */
	int pc = s->side[LW_UNION].pc;
	lw_demote(s, sedgwick); /* 3 -> 2: Hancock (3) now outranks him */
	CHECK(tk_offers(g, "union", "takes command"));
	snprintf(buf, sizeof buf, "{\"type\":\"choose_co\",\"hex\":%d,\"general\":\"hancock\"}",
	         hex);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->side[LW_UNION].pc, pc); /* at no PC cost */
	lw_demote(s, hancock); /* 3 -> 2, equal to Sedgwick and Hooker: keeps command */
	CHECK_EQ_INT(lw_force_co(s, hex), hancock);
	CHECK_EQ_INT(s->command.co_n, 0);
	lincolns_war_module.free(g);
	return tap_done();
}
