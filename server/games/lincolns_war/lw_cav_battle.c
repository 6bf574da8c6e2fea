/* lw_cav_battle.c — 13.2.2 the cavalry battle of a raid: "When starting a
 * raid, ask if enemy cavalry is present. If enemy cavalry is in the hex to
 * be raided, a regular battle ensues between the two cavalry generals.
 * Ignore terrain defensive modifiers, and no CSP or resource card may be
 * expended (See also 16.9.2)."
 *
 * A regular battle: it is fought by the land rules' battle sequence
 * (lw_battle_*.c, lw_combat.c) from its reveal on, with its groups cut
 * down to the two cavalry generals (the raider attacking, the cavalry in
 * the raided hex defending): 16.4 indecisive rolls and wounds, 16.5 less
 * the IT each carries, 16.6 the results table, 16.8 the General Casualty
 * cards (and their prompts), 16.8.3 disasters and victory reversal, 16.6.5
 * auto-promotion, PC. Our reading (docs/rail_cavalry.md "The cavalry battle of a raid"): no
 * commitment step (no CSP, no Resource card), no terrain, no rout, nobody retreats or advances
 * (11.2.2: the subordinate cavalry stays with its CO; the raided force is not attacked); IT go to
 * each cavalry general's force (11.2.2). The raid itself is rolled only when the raider won (a
 * victory reversal turns the result round) and still lives; both cavalry generals are revealed
 * (lw_cavalry.c, 16.3).
 *
 * 16.2.1 "If a cavalry general retreats and the attacker also possesses
 * cavalry, a cavalry battle ensues—only the Cavalry units participate;
 * neither terrain modifiers, CSPs nor Combat Resources are used in a
 * cavalry battle (See also 13.2)": the same battle (LW_CAV_PURSUIT), fought
 * inside the battle whose defender withdrew; whatever its outcome the
 * withdrawal then goes on (lw_battle_pursuit_over). */
#include <stdio.h>

#include "lw_cavalry.h"
#include "lw_engine.h"
#include "lw_march.h"

bool lw_cav_battle_on(const struct lw_state *s)
{
	return s->battle.active && s->cav.raid_battle != 0;
}

bool lw_cav_pursuit_on(const struct lw_state *s)
{
	return s->battle.active && s->cav.raid_battle == LW_CAV_PURSUIT;
}

void lw_cav_pursuit_battle(struct lw_state *s, int ca, struct game_outcome *out)
{
	/* the withdrawal's battle stays open: nothing was committed in it yet
	 * (16.2 comes before 16.3), so no CSP and no Resource card */
	s->cav.raid_battle = LW_CAV_PURSUIT;
	s->cav.raider = (int16_t)ca;
	lw_log(s, "Cavalry pursuit (16.2.1): the cavalry generals fight a cavalry battle.");
	lw_battle_resolve(s, out); /* 16.4 - 16.8 as in any battle */
}

int lw_cav_battle_defender(const struct lw_state *s, int out[])
{
	int us[LW_MAX_UNITS];
	int side = LW_OTHER(s->battle.attacker);
	int n = lw_units_at(s, s->battle.def_hex, side, us);
	for (int i = 0; i < n; i++)
		if (s->unit[us[i]].cavalry) {
			out[0] = us[i]; /* one at most (13.1.1) */
			return 1;
		}
	return 0;
}

int lw_cav_battle_it_holder(const struct lw_state *s, int side)
{
	const struct lw_battle *b = &s->battle;
	int hex = side == b->attacker ? b->att_hex : b->def_hex;
	return lw_force_co_side(s, hex, side); /* a lone cavalry general: himself */
}

void lw_cav_raid_battle(struct lw_state *s, int u, int e, bool foray, struct game_outcome *out)
{
	int16_t raider = (int16_t)u;
	lw_battle_open(s, s->unit[u].side, s->unit[u].hex, s->unit[e].hex, &raider, 1);
	/* 13.2.2: no CSP, no Resource card: nothing is committed (csp -1) */
	s->cav.raid_battle = foray ? LW_CAV_FORAY : LW_CAV_RAID;
	s->cav.raider = (int16_t)u;
	/* 16.4 - 16.8 as in any battle, straight from the reveal */
	lw_battle_resolve(s, out);
}

/* Whether the raid may still be rolled on `target`: an enemy force's CO
 * or an enemy city (the cavalry killed may have been all there was). */
static bool target_left(const struct lw_state *s, int side, int target)
{
	int co = lw_force_co_side(s, target, LW_OTHER(side));
	if (co != LW_NONE)
		return true;
	int c = lw_city_at(target);
	return c >= 0 && lw_city_controller(s, c) == LW_OTHER(side) &&
	       (lw_D()->cities[c].supply == 1 || lw_D()->cities[c].supply == 2);
}

void lw_cav_battle_end(struct lw_state *s, struct game_outcome *out)
{
	struct lw_battle *b = &s->battle;
	if (s->cav.raid_battle == LW_CAV_PURSUIT) {
		s->cav.raid_battle = 0;
		s->cav.raider = 0;
		lw_battle_pursuit_over(s, out); /* 16.2.1: "Regardless of the outcome" */
		return;
	}
	int A = b->attacker, D = LW_OTHER(A), u = s->cav.raider, target = b->def_hex;
	bool foray = s->cav.raid_battle == LW_CAV_FORAY;
	/* 16.8.3: a victory reversal turns the result round (b->winner is still
	 * the original victor here) */
	bool won = b->result == 3 ? b->winner == D : b->winner == A;
	lw_unstack_all(s); /* deaths and demotions (11.1.2.3, 12.4) */
	b->active = 0;
	s->land.stage = LW_BS_NONE;
	s->awaiting_side = LW_NOSIDE;
	s->cav.raid_battle = 0;
	s->cav.raider = 0;
	s->step = foray ? LW_ST_SPEND : LW_ST_MOVE;
	bool alive = u >= 0 && u < s->n_units && s->unit[u].where == LW_W_MAP &&
	             s->unit[u].side == A && s->unit[u].cavalry;
	char hl[64];
	lw_hex_label(target, hl, sizeof hl);
	if (won && alive && target_left(s, A, target)) {
		lw_raid_roll(s, u, target, foray);
	} else {
		lw_log(s, "The raid on %s is stopped (13.2.2).", hl);
	}
	if (!foray)
		lw_march_finish(s, out); /* a raid ends the activation (lw_cavalry.c) */
}
