/* lw_battle_group.c — 16.0 the two groups in a battle: who fights (the
 * attacking group, the defending hex, a cavalry battle's two generals), their
 * CO, IT and cavalry; the TCO that follows an attacker killed (17.0). The
 * battle's procedure is lw_battle_flow.c. */
#include "lw_battle_internal.h"

/* ---- small helpers ------------------------------------------------------------ */

int def_side(const struct lw_state *s)
{
	return LW_OTHER(s->battle.attacker);
}

void set_barrier(struct game_outcome *out)
{
	if (out)
		out->barrier = true;
}

int group_units(const struct lw_state *s, int side, int out[LW_MAX_UNITS])
{
	const struct lw_battle *b = &s->battle;
	if (side == b->attacker) {
		/* 16.2.1: only the cavalry of the attacking force pursues */
		bool cav_only = lw_cav_pursuit_on(s);
		int n = 0;
		for (int i = 0; i < b->att_n; i++) {
			const struct lw_unit *u = &s->unit[b->att_units[i]];
			if (u->where == LW_W_MAP && u->hex == b->att_hex && u->side == side &&
			    (!cav_only || u->cavalry))
				out[n++] = b->att_units[i];
		}
		return n;
	}
	if (lw_cav_battle_on(s))
		return lw_cav_battle_defender(s, out); /* 13.2.2 (lw_cav_battle.c) */
	return lw_units_at(s, b->def_hex, side, out);
}

int group_it(const struct lw_state *s, int side)
{
	int u[LW_MAX_UNITS], it = 0;
	int n = group_units(s, side, u);
	for (int i = 0; i < n; i++)
		it += s->unit[u[i]].it;
	return it;
}

bool group_cav(const struct lw_state *s, int side, bool *all)
{
	int u[LW_MAX_UNITS];
	int n = group_units(s, side, u), cav = 0;
	for (int i = 0; i < n; i++)
		cav += s->unit[u[i]].cavalry ? 1 : 0;
	if (all)
		*all = n > 0 && cav == n;
	return cav > 0;
}

/* x ranks above y for command (11.0.1): infantry before cavalry, then
 * stars, then the general who commanded first (lw_unit.cmd, as
 * lw_force_co_side: an 11.0.3 choice gives the one chosen the latest). */
bool outranks(const struct lw_unit *x, const struct lw_unit *y)
{
	if (x->cavalry != y->cavalry)
		return !x->cavalry;
	return x->stars > y->stars || (x->stars == y->stars && x->cmd > y->cmd);
}

/* The group's CO: for the defender the CO of the hex; for the attacker the
 * activated CO while he still commands the group (no loss of rank below a
 * subordinate, no 11.0.3 / 16.8.3 successor), else the top of the group by
 * the same order as the hex's CO. */
int group_co(const struct lw_state *s, int side)
{
	int u[LW_MAX_UNITS];
	int n = group_units(s, side, u);
	if (n == 0)
		return LW_NONE;
	if (side != s->battle.attacker)
		return lw_cav_battle_on(s) ? u[0] : lw_force_co(s, s->battle.def_hex);
	int best = LW_NONE, pco = LW_NONE;
	for (int i = 0; i < n; i++) {
		if (s->side[side].gic == u[i])
			return u[i];
		if (u[i] == s->play.co)
			pco = u[i];
		if (best == LW_NONE || outranks(&s->unit[u[i]], &s->unit[best]))
			best = u[i];
	}
	if (pco == LW_NONE || pco == best)
		return best;
	/* the activated CO commands unless someone now ranks above him */
	const struct lw_unit *p = &s->unit[pco], *b = &s->unit[best];
	if (p->cavalry || b->cavalry)
		return pco;
	return outranks(b, p) ? best : pco;
}

void add_it(struct lw_state *s, int side, int n)
{
	if (n <= 0)
		return;
	int co = lw_cav_battle_on(s) ? lw_cav_battle_it_holder(s, side) /* 11.2.2 */
	                             : group_co(s, side);
	if (co == LW_NONE)
		return; /* 16.1.2: never IT on an empty city */
	s->unit[co].it = (int16_t)(s->unit[co].it + n);
	s->unit[co].it_new = (int16_t)(s->unit[co].it_new + n);
}

bool in_virginia(int hex)
{
	const struct lw_hex *h = lw_data_hex(lw_D(), hex);
	return h && h->region == LW_REGION_EASTERN;
}

/* After a kill, the TCO that took the place of attacker unit u (16.8.2,
 * 17.0): the one at hex that was not there before the kill (before[], nb).
 * A TCO already there, left behind by the attack (12.8), never joins it. */
void follow_tco(struct lw_state *s, int u, int hex, const int *before, int nb)
{
	struct lw_battle *b = &s->battle;
	int k = -1;
	for (int i = 0; i < b->att_n; i++)
		if (b->att_units[i] == u)
			k = i;
	if (k < 0)
		return;
	for (int i = 0; i < s->n_units; i++) {
		const struct lw_unit *x = &s->unit[i];
		bool known = false;
		for (int j = 0; j < nb; j++)
			known |= before[j] == i;
		if (!known && x->gen < 0 && x->where == LW_W_MAP && x->hex == hex &&
		    x->side == b->attacker) {
			b->att_units[k] = (int16_t)i;
			return;
		}
	}
}
