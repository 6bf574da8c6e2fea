/* lw_cav_battle.c — 13.2.2 the cavalry battle of a raid: "When starting a
 * raid, ask if enemy cavalry is present. If enemy cavalry is in the hex to
 * be raided, a regular battle ensues between the two cavalry generals.
 * Ignore terrain defensive modifiers, and no CSP or resource card may be
 * expended (See also 16.9.2)."
 *
 * Our reading (README "Part 2: rail and cavalry", decisions): only the two
 * cavalry generals fight, the raider attacking, with their own combat values
 * (16.4 indecisive rolls, wounds) less the IT each carries (16.5); the
 * results table (16.6) gives IT and the loser's stars in PC to the winner,
 * as the land rules' cavalry battle of 16.2.1 does. Nobody retreats or
 * advances (the raided force is not attacked) and there is no rout. The raid
 * itself is rolled only when the raider wins: a stand-off or a defeat ends
 * it. Both cavalry generals are revealed (lw_cavalry.c). */
#include <stdio.h>

#include "lw_cavalry.h"
#include "lw_combat.h"
#include "lw_engine.h"
#include "lw_tco.h"

/* 16.4 / 16.8.1: the general's value, rolled when indecisive or a TCO. */
static int value(struct lw_state *s, int u, bool attacking)
{
	int printed = attacking ? lw_unit_attack(s, u) : lw_unit_defense(s, u);
	bool indecisive = printed < 0 || s->unit[u].gen < 0;
	int rolled = indecisive
	                 ? lw_indecisive_value(
	                       tg_rng_die(&s->rng, 6),
	                       s->unit[u].gen < 0 ? lw_tco_roll_modifier(s->unit[u].stars) : 0)
	                 : 0;
	return lw_general_combat_value(printed, indecisive, rolled, s->unit[u].wounds);
}

/* IT go to the force the cavalry general belongs to: its CO carries them
 * (as harassment's IT, new this card play). */
static void give_it(struct lw_state *s, int u, int n)
{
	if (n <= 0)
		return;
	int co = lw_force_co(s, s->unit[u].hex);
	if (co == LW_NONE)
		co = u;
	s->unit[co].it = (int16_t)(s->unit[co].it + n);
	s->unit[co].it_new = (int16_t)(s->unit[co].it_new + n);
}

int lw_cav_raid_battle(struct lw_state *s, int u, int e)
{
	struct lw_combat_in in = {0};
	in.att.factors = value(s, u, true);
	in.def.factors = value(s, e, false);
	in.att.it = s->unit[u].it;
	in.def.it = s->unit[e].it;
	in.att.co_stars = in.att.stars = s->unit[u].stars;
	in.def.co_stars = in.def.stars = s->unit[e].stars;
	struct lw_combat_out o;
	lw_combat_resolve(&in, &o);
	/* 16.6.2 / 16.6.3 IT, without the rout of 16.6.4 (o.it_table) */
	give_it(s, u, o.it_table[LW_ATTACKER]);
	give_it(s, e, o.it_table[LW_DEFENDER]);
	int side = s->unit[u].side;
	int w = o.winner == LW_ATTACKER   ? side
	        : o.winner == LW_DEFENDER ? LW_OTHER(side)
	                                  : LW_NOSIDE;
	int pc = o.winner == LW_ATTACKER ? s->unit[e].stars : s->unit[u].stars;
	if (w != LW_NOSIDE)
		lw_gain_pc(s, w, pc);
	char a[64], d[64], hl[64], won[64] = "";
	static const char *const names[] = {"a stand-off", "a Minor Victory", "a Major Victory"};
	if (w != LW_NOSIDE)
		snprintf(won, sizeof won, " for the %s, +%d PC", lw_side_title(w), pc);
	lw_log(s, "Cavalry battle at %s (13.2.2): %s %d against %s %d, %s%s; IT %d and %d.",
	       lw_hex_label(s->unit[e].hex, hl, sizeof hl), lw_unit_name(s, u, a, sizeof a),
	       o.att_total, lw_unit_name(s, e, d, sizeof d), o.def_total, names[o.result], won,
	       o.it_table[LW_ATTACKER], o.it_table[LW_DEFENDER]);
	return o.winner == LW_ATTACKER ? 1 : 0;
}
