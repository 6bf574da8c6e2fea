/* lw_combat.h — 16.0 land combat (sieges, 16.9.5, are part 2): the pure rule
 * arithmetic, independent of the game state.
 *
 * Everything here takes small input structs and returns results, so that the
 * battle procedure (lw_battle_*.c, lw_battle_internal.h) and the rules tests
 * can use it directly:
 *   - 16.2   voluntary withdrawal: eligibility, the die, the PC award;
 *   - 16.4   the Indecisive General table (reconstructed, see below);
 *   - 16.5   total strengths;  16.6 the results table, rout, IT and PC;
 *   - 16.6.5 auto-promotion;   16.1.2 attacks on empty cities;
 *   - 16.8   the General Casualty Table and 16.8.3 disasters.
 */
#ifndef LW_COMBAT_H
#define LW_COMBAT_H

#include <stdbool.h>

/* ---- 16.2 Voluntary withdrawal ------------------------------------------ */

struct lw_withdraw_in {
	int def_it, att_it;    /* IT carried by each force */
	bool def_has_cav;      /* the defending force contains a cavalry general */
	bool def_all_cav;      /* the defending force is cavalry only */
	bool att_has_cav;      /* the attacking force contains a cavalry general */
	int def_co_activation; /* the defending CO's activation number (with modifiers) */
	int def_co_stars;
};

enum lw_withdraw_kind {
	LW_WITHDRAW_FORBIDDEN, /* 16.2: the defender may not try */
	LW_WITHDRAW_ROLL,      /* 16.2: one die, success on a modified 3+ */
	LW_WITHDRAW_AUTOMATIC, /* 16.2: lone cavalry free of IT, attacker without cavalry */
};

/* Whether the defender may try to withdraw; if not, *why (may be NULL) gets a
 * sentence citing the rule. */
enum lw_withdraw_kind lw_withdraw_kind(const struct lw_withdraw_in *in, const char **why);
/* 16.2: modified die = die - CO activation - defender IT; success on 3+. */
bool lw_withdraw_succeeds(const struct lw_withdraw_in *in, int die);
/* 16.2/16.2.1: PC the attacker gains from the attempt, successful or not. */
int lw_withdraw_pc(const struct lw_withdraw_in *in);

/* ---- 16.4 Indecisive generals -------------------------------------------- */

/* The Player Aid's Random Results Table is not printed in the rulebook. This
 * RECONSTRUCTED table maps one die plus modifier (17.1: +1 for a two-star
 * TCO, +2 for a three-star TCO) to a combat value:
 *     1 -> 0, 2-3 -> 1, 4-5 -> 2, 6-7 -> 3, 8 -> 4
 * (a mean of 1.5 for an unmodified roll, a typical one-star general). */
int lw_indecisive_value(int die, int modifier);

/* One general's combat value in a battle (16.4, 16.8.1): the printed value
 * or, if indecisive, the rolled one, less one per wound, never below zero. */
int lw_general_combat_value(int printed, bool indecisive, int rolled, int wounds);

/* ---- 16.5 / 16.6 The results table -------------------------------------- */

enum lw_crt {
	LW_CRT_STANDOFF, /* 16.6.1: 0-1 difference */
	LW_CRT_MINOR,    /* 16.6.2: 2-4 difference */
	LW_CRT_MAJOR,    /* 16.6.3: 5 or more */
};

enum lw_crt lw_crt_lookup(int difference);

struct lw_combat_side {
	int factors;  /* 16.5: sum of the force's combat values (attack for the attacker,
	                 defense for the defender) after indecisive rolls and wounds */
	int it;       /* IT carried into the battle */
	int resource; /* strength from the Resource card played (0: none or the 0 card) */
	int csp;      /* CSP committed and countable (16.3, 16.3.1) */
	int terrain;  /* defender only: the 15.0 bonus (city, mountain or river) */
	int co_stars; /* stars of the force's CO (PC award, 16.6.2) */
	int stars;    /* stars of every general in the force (16.6.4, 16.6.5) */
	bool has_gic; /* the force contains its side's GiC (16.6.5) */
};

struct lw_combat_in {
	struct lw_combat_side att, def;
	/* 16.1.2: the defender is a city without a force; def.factors is the
	 * city's defense value, def.csp must be 0. */
	bool empty_city;
};

enum { LW_ATTACKER = 0, LW_DEFENDER = 1, LW_NOBODY = -1 };

struct lw_combat_out {
	int att_total, def_total; /* 16.5 */
	int difference;           /* |att_total - def_total| */
	enum lw_crt result;
	int winner;                /* LW_ATTACKER, LW_DEFENDER, or LW_NOBODY on a stand-off */
	bool rout;                 /* 16.6.4: the loser routed */
	int it_gain[2];            /* IT added to [attacker, defender] (for a rout: the IT
	                              the routed force carries after the rout, see below) */
	int it_table[2];           /* 16.6.2 / 16.6.3 IT before any rout (cavalry-only battles,
	                              which never rout, apply these: 16.2.1, 13.2.2) */
	bool rout_reset_loser;     /* 16.6.4: the loser's IT is replaced by its remaining stars
	                              (it_gain[loser] is 0; the caller sets IT = stars after
	                              disgracing the CO) */
	int pc_to_winner;          /* 16.6.2/3: the loser CO's stars (city PC is separate) */
	bool loser_retreats;       /* the loser must retreat (defender) */
	bool casualty_check[2];    /* 16.8: which sides draw a General Casualty card */
	bool disaster_check;       /* 16.8.3: skulls matter (major victory, no rout) */
	bool auto_promote;         /* 16.6.5: the winning CO is promoted */
	bool city_falls;           /* 16.1.2: empty city only */
	bool attacker_advance_all; /* 16.6.3 / 16.6.4 / 16.10.1: the whole force advances */
};

/* Resolves one battle from its committed numbers (16.5 - 16.6.5). Pure. */
void lw_combat_resolve(const struct lw_combat_in *in, struct lw_combat_out *out);

/* ---- 16.8 General casualties --------------------------------------------- */

enum lw_gct {
	LW_GCT_MISS,
	LW_GCT_WOUND,
	LW_GCT_KILL,
	LW_GCT_ONE_STAR, /* re-target a one-star general of the stack, re-roll */
	LW_GCT_TWO_STAR, /* re-target a two-star general of the stack, re-roll */
};

/* 16.8: the General Casualty Table. rank 1..3, roll = 2d6 + modifiers
 * (-1 GiC/CO/lone general, +2 Sharpshooter); rolls outside 1..12 are clamped. */
enum lw_gct lw_gct_lookup(int rank, int roll);
/* The modifier for a target (16.8): -1 if GiC, CO or lone general. */
int lw_gct_modifier(bool gic_co_or_lone, bool sharpshooter);

/* ---- 16.8.3 Disasters ------------------------------------------------------ */

enum lw_disaster {
	LW_DISASTER_NONE,
	LW_DISASTER_LOSER,    /* the loser takes one more IT and demotes a general */
	LW_DISASTER_REVERSAL, /* victory reversal */
};

/* Which effect the skulls drawn by the winner and the loser have; only a
 * battle with out->disaster_check set can have any. */
enum lw_disaster lw_disaster_effect(const struct lw_combat_out *out, bool winner_skull,
                                    bool loser_skull);

/* IT each side takes in a victory reversal (16.8.3), replacing the normal IT. */
#define LW_REVERSAL_IT 3

/* ---- 16.9.1 Retreat priority ---------------------------------------------- */

/* One neighbour of the retreating force's hex, as the state glue sees it. */
struct lw_retreat_cand {
	int hex;
	bool legal;       /* may be entered by the retreating group (no enemy force, no
	                     enemy city, no impassable hexside, stacking, 12.3 rules) */
	bool toward_home; /* one of the three hexes north (Union) / south (CS) */
	bool friendly_city;
	bool defensible;       /* a mountain hex, or across a river */
	bool closer_to_supply; /* nearer the closest friendly supply city */
	bool violates;         /* entering it violates Kentucky's neutrality (2.4.3) */
};

/* 16.9.1: the hexes the retreating player may choose among (the highest
 * priority class that has any): outside its own territory, first the three
 * hexes toward home; then a friendly city; then a defensible hex; then a hex
 * closer to the closest supply city; then any legal hex. A hex that would
 * violate Kentucky's neutrality is offered only when the set considered (the
 * hexes toward home, else all) has no other legal hex. Writes at most n
 * hexes to out and returns how many (0: no legal retreat, 16.9.6). */
int lw_retreat_choices(bool outside_own_territory, const struct lw_retreat_cand *c, int n,
                       int *out);

#endif
