/* lw_combat.c — 16.0 combat arithmetic (see lw_combat.h). */
#include "lw_combat.h"

#include <stddef.h>

/* ---- 16.2 Voluntary withdrawal ------------------------------------------ */

enum lw_withdraw_kind lw_withdraw_kind(const struct lw_withdraw_in *in, const char **why)
{
	const char *dummy;
	if (!why)
		why = &dummy;
	*why = NULL;
	/* 16.2: "If the defending force has no cavalry but the attacking force
	 * does, withdrawal is not allowed." */
	if (!in->def_has_cav && in->att_has_cav) {
		*why = "16.2: a defender without cavalry may not withdraw from an attacker with "
		       "cavalry";
		return LW_WITHDRAW_FORBIDDEN;
	}
	/* 16.2: "free of IT, or if it has fewer IT than the attacker" */
	if (in->def_it > 0 && in->def_it >= in->att_it) {
		*why = "16.2: a defender may withdraw only if free of IT or carrying fewer IT than "
		       "the attacker";
		return LW_WITHDRAW_FORBIDDEN;
	}
	/* 16.2: solely cavalry, free of IT, attacker without cavalry: automatic. */
	if (in->def_all_cav && in->def_it == 0 && !in->att_has_cav)
		return LW_WITHDRAW_AUTOMATIC;
	return LW_WITHDRAW_ROLL;
}

bool lw_withdraw_succeeds(const struct lw_withdraw_in *in, int die)
{
	return die - in->def_co_activation - in->def_it >= 3;
}

int lw_withdraw_pc(const struct lw_withdraw_in *in)
{
	/* 16.2.1: nothing if the attacker has no cavalry and the defender is
	 * entirely cavalry (whether or not it had to roll). */
	if (in->def_all_cav && !in->att_has_cav)
		return 0;
	/* 16.2.1: cavalry in the withdrawing force screens it: one PC. */
	if (in->def_has_cav)
		return 1;
	return in->def_co_stars; /* 16.2: one PC per star of the defending CO */
}

/* ---- 16.4 Indecisive generals -------------------------------------------- */

int lw_indecisive_value(int die, int modifier)
{
	/* RECONSTRUCTED table, see lw_combat.h. */
	static const int table[9] = {0, 0, 1, 1, 2, 2, 3, 3, 4};
	int r = die + modifier;
	if (r < 1)
		r = 1;
	if (r > 8)
		r = 8;
	return table[r];
}

int lw_general_combat_value(int printed, bool indecisive, int rolled, int wounds)
{
	/* 16.8.1: -1 attack and defense per wound. A general's value never goes
	 * below zero (the text is silent; IT, not wounds, make a force negative). */
	int v = (indecisive ? rolled : printed) - wounds;
	return v < 0 ? 0 : v;
}

/* ---- 16.6 The results table ---------------------------------------------- */

enum lw_crt lw_crt_lookup(int difference)
{
	if (difference < 0)
		difference = -difference;
	if (difference <= 1)
		return LW_CRT_STANDOFF; /* 16.6.1 */
	if (difference <= 4)
		return LW_CRT_MINOR; /* 16.6.2 */
	return LW_CRT_MAJOR;         /* 16.6.3 */
}

static int side_total(const struct lw_combat_side *s)
{
	/* 16.5: resource + CSP + force strength (+ terrain) - IT */
	return s->resource + s->csp + s->factors + s->terrain - s->it;
}

static void resolve_empty_city(const struct lw_combat_in *in, struct lw_combat_out *out)
{
	/* 16.1.2: the city fights with its defense value (+ a Resource card, no
	 * CSP). "The city falls if the result of the battle causes more IT than
	 * its defense factor plus any defense resource card played": we read "the
	 * IT the result causes" as the IT the table would give a defending force
	 * (2 for a Minor Victory, the difference for a Major one). */
	int caused = 0;
	if (out->winner == LW_ATTACKER)
		caused = out->result == LW_CRT_MAJOR ? out->difference : 2;
	out->city_falls = caused > in->def.factors + in->def.resource;
	/* "The attacker, whether successful or not, will incur one, and only
	 * one, IT": this one IT is also the 16.10.1.1 capture IT. */
	out->it_gain[LW_ATTACKER] = 1;
	out->casualty_check[LW_ATTACKER] = true; /* disasters ignored (16.8.3) */
	/* Decision: the table's result governs the advance into a fallen city
	 * as after any battle (16.10.1: "In the case of a Major Victory ... the
	 * entire attacking Force must advance"; after a Minor one, as many as
	 * he wishes, at least one or one more IT). The battle flow does so. */
	out->attacker_advance_all = out->city_falls && out->result == LW_CRT_MAJOR;
}

void lw_combat_resolve(const struct lw_combat_in *in, struct lw_combat_out *out)
{
	*out = (struct lw_combat_out){0};
	out->att_total = side_total(&in->att);
	out->def_total = side_total(&in->def);
	int d = out->att_total - out->def_total;
	out->difference = d < 0 ? -d : d;
	out->result = lw_crt_lookup(d);
	if (out->result == LW_CRT_STANDOFF)
		out->winner = LW_NOBODY;
	else
		out->winner = d > 0 ? LW_ATTACKER : LW_DEFENDER;

	if (in->empty_city) {
		resolve_empty_city(in, out);
		return;
	}

	/* 16.6.1: a stand-off: both check for casualties, nothing else. */
	out->casualty_check[LW_ATTACKER] = out->casualty_check[LW_DEFENDER] = true;
	if (out->result == LW_CRT_STANDOFF)
		return;

	int w = out->winner, l = 1 - w;
	const struct lw_combat_side *win = w == LW_ATTACKER ? &in->att : &in->def;
	const struct lw_combat_side *lose = w == LW_ATTACKER ? &in->def : &in->att;

	if (out->result == LW_CRT_MINOR) {
		/* 16.6.2: "The loser, if defending, retreats and gains two IT. The
		 * winning force, if attacking, receives one IT." "if defending"
		 * governs the whole clause as "if attacking" does the winner's: an
		 * attacking loser stays where he attacked from (16.10.1) and takes
		 * no IT from the table (issue 16, docs/decisions.md "16.6.2 Minor Victory: only a
		 * defending loser"). */
		out->it_gain[l] = l == LW_DEFENDER ? 2 : 0;
		out->it_gain[w] = w == LW_ATTACKER ? 1 : 0;
	} else {
		/* 16.6.3: loser IT = difference; winner half of it, rounded up. */
		out->it_gain[l] = out->difference;
		out->it_gain[w] = (out->difference + 1) / 2;
		out->disaster_check = true;
	}
	out->it_table[LW_ATTACKER] = out->it_gain[LW_ATTACKER];
	out->it_table[LW_DEFENDER] = out->it_gain[LW_DEFENDER];
	out->pc_to_winner = lose->co_stars;
	out->loser_retreats = l == LW_DEFENDER;
	out->attacker_advance_all = w == LW_ATTACKER && out->result == LW_CRT_MAJOR;

	/* 16.6.4 Rout: more IT than the force's own combat factors, counting the
	 * IT it carried in, but no terrain or card bonus. */
	if (lose->it + out->it_gain[l] > lose->factors) {
		out->rout = true;
		out->disaster_check = false; /* 16.6.4: ignore disaster symbols */
		int cap = lose->factors - lose->it;
		if (cap < 0)
			cap = 0;
		int half = (out->difference + 1) / 2;
		out->it_gain[w] = half < cap ? half : cap;
		out->it_gain[l] = 0;
		out->rout_reset_loser = true;
		if (w == LW_ATTACKER)
			out->attacker_advance_all = true;
	}

	/* 16.6.5: an attacker beating a force with twice its stars, or anyone
	 * beating the enemy GiC. */
	out->auto_promote = (w == LW_ATTACKER && lose->stars >= 2 * win->stars) || lose->has_gic;
}

/* ---- 16.8 General casualties --------------------------------------------- */

enum lw_gct lw_gct_lookup(int rank, int roll)
{
	/* 16.8 General Casualty Table, columns 1..12. */
	static const enum lw_gct table[3][12] = {
	    {LW_GCT_MISS, LW_GCT_WOUND, LW_GCT_WOUND, LW_GCT_WOUND, LW_GCT_WOUND, LW_GCT_WOUND,
	     LW_GCT_WOUND, LW_GCT_WOUND, LW_GCT_KILL, LW_GCT_KILL, LW_GCT_KILL, LW_GCT_KILL},
	    {LW_GCT_MISS, LW_GCT_ONE_STAR, LW_GCT_ONE_STAR, LW_GCT_ONE_STAR, LW_GCT_WOUND,
	     LW_GCT_WOUND, LW_GCT_WOUND, LW_GCT_WOUND, LW_GCT_WOUND, LW_GCT_KILL, LW_GCT_KILL,
	     LW_GCT_KILL},
	    {LW_GCT_MISS, LW_GCT_TWO_STAR, LW_GCT_TWO_STAR, LW_GCT_ONE_STAR, LW_GCT_ONE_STAR,
	     LW_GCT_ONE_STAR, LW_GCT_WOUND, LW_GCT_WOUND, LW_GCT_WOUND, LW_GCT_WOUND, LW_GCT_KILL,
	     LW_GCT_KILL},
	};
	if (rank < 1)
		rank = 1;
	if (rank > 3)
		rank = 3;
	if (roll < 1)
		roll = 1;
	if (roll > 12)
		roll = 12;
	return table[rank - 1][roll - 1];
}

int lw_gct_modifier(bool gic_co_or_lone, bool sharpshooter)
{
	return (gic_co_or_lone ? -1 : 0) + (sharpshooter ? 2 : 0);
}

/* ---- 16.8.3 Disasters ------------------------------------------------------ */

enum lw_disaster lw_disaster_effect(const struct lw_combat_out *out, bool winner_skull,
                                    bool loser_skull)
{
	if (!out->disaster_check)
		return LW_DISASTER_NONE; /* not a Major Victory, or a rout */
	if (winner_skull && loser_skull)
		return LW_DISASTER_REVERSAL;
	if (loser_skull)
		return LW_DISASTER_LOSER;
	return LW_DISASTER_NONE; /* only the victor: no effect */
}

/* ---- 16.9.1 Retreat priority ---------------------------------------------- */

static int pick(const struct lw_retreat_cand *c, int n, bool home_only, bool avoid_ky, int cls,
                int *out)
{
	int k = 0;
	for (int i = 0; i < n; i++) {
		if (!c[i].legal || (home_only && !c[i].toward_home) || (avoid_ky && c[i].violates))
			continue;
		bool ok = cls == 0   ? c[i].friendly_city
		          : cls == 1 ? c[i].defensible
		          : cls == 2 ? c[i].closer_to_supply
		                     : true;
		if (ok)
			out[k++] = c[i].hex;
	}
	return k;
}

int lw_retreat_choices(bool outside_own_territory, const struct lw_retreat_cand *c, int n, int *out)
{
	/* 16.9.1: "if outside of its territory, a retreating Union force must
	 * first retreat to one of three adjacent hexes to its north if any are
	 * available" (Confederates: south); within that set, and otherwise, the
	 * priority is friendly city, then defensible position, then toward the
	 * closest supply city. */
	bool home_first = false;
	if (outside_own_territory)
		for (int i = 0; i < n; i++)
			if (c[i].legal && c[i].toward_home)
				home_first = true;
	/* 16.9.1: "A force may be required to violate Kentucky neutrality if no
	 * other option exists, that is to say a Union force would retreat into
	 * Kentucky to avoid retreating south": within the hexes considered (those
	 * toward home first), Kentucky only when nothing else is legal */
	bool avoid_ky = false;
	for (int i = 0; i < n; i++)
		if (c[i].legal && (!home_first || c[i].toward_home) && !c[i].violates)
			avoid_ky = true;
	for (int cls = 0; cls < 4; cls++) {
		int k = pick(c, n, home_first, avoid_ky, cls, out);
		if (k > 0)
			return k;
	}
	return 0;
}
