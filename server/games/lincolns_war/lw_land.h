/* lw_land.h — the land rules' own part of the match state (lw_state.h
 * embeds it as `land`), and its save/load.
 *
 * Plain fixed-size fields, like the rest of lw_state.h. What the battle
 * procedure (lw_battle_*.c) and the march (lw_march.c) must remember
 * between two actions lives here; the engine's struct lw_battle holds the
 * rest (sides, hexes, face-down commitments, the public result).
 */
#ifndef LW_LAND_H
#define LW_LAND_H

#include <jansson.h>
#include <stdint.h>

#define LW_LAND_SIDES 3  /* indexed by side like lw_state.h's arrays */
#define LW_LAND_GROUP 16 /* = LW_MAX_MOVERS */

/* Where a battle stands once both sides committed (16.0 sequence). */
enum lw_battle_stage {
	LW_BS_NONE = 0,
	LW_BS_WITHDRAW, /* defender: withdraw before battle? (16.2) */
	LW_BS_WRETREAT, /* the withdrawing defender picks its hex (16.2, 16.9) */
	LW_BS_COMMIT,   /* both commit Resource + CSP face down (16.3) */
	LW_BS_CASUALTY, /* a player picks the general hit (16.8) */
	LW_BS_RETREAT,  /* the loser picks a retreat hex (16.9) */
	LW_BS_ADVANCE,  /* the winning attacker advances or declines (16.10) */
	LW_BS_ORETREAT, /* a routed attacker left overstacked sends stars back (16.6.4) */
	LW_BS_DADVANCE, /* the attacker is gone: the defender may advance (16.10.1) */
};

/* Why a general is being demoted (struct lw_land.demote_why). */
enum lw_demote_why {
	LW_DW_NONE = 0,
	LW_DW_DISASTER,  /* 16.8.3: the loser-only disaster */
	LW_DW_REVERSAL,  /* 16.8.3 / 11.1.3.3: the victor's GiC may foist the blame */
	LW_DW_RIVER,     /* 12.3.3: a Major Army retreated across a river */
	LW_DW_OVERSTACK, /* 16.9.6: the only retreat path overstacks */
};

/* How far after_casualties() got (struct lw_land.post), so that a prompt in
 * the middle of the results can resume them. */
enum lw_battle_post {
	LW_BP_DISASTER = 0, /* disasters (16.8.3) still to check */
	LW_BP_RESULTS,      /* IT, PC, rout (16.6) still to apply */
	LW_BP_AFTER_ROUT,   /* promotion, retreat, advance (16.6.5, 16.9, 16.10) */
	LW_BP_ROUT_CARDS,   /* a rout applied: the 16.8 casualty cards still to draw */
};

/* Where a battle holds for an 11.0.3 / 12.4 question (struct lw_land.hold):
 * the step that goes on once the owner answered, which the driver runs
 * (lw_continue_battle, lw_actions.c, over kit/continuation.h). */
enum lw_battle_hold {
	LW_BH_NONE = 0,
	LW_BH_CASUALTY, /* the next casualty check (16.8) */
	LW_BH_RESULTS,  /* after_casualties() from land.post (16.8.3, 16.6, 16.6.5) */
	LW_BH_REVERSAL, /* the rest of a victory reversal (16.8.3) */
};

struct lw_land {
	/* the march (12.0, 15.0) */
	uint8_t mountain; /* the movers entered a mountain hex this activation */
	uint8_t stopped;  /* the movers must stop (12.5, 12.9, 16.2, 18.2) */

	/* the battle (16.0) */
	uint8_t stage;                   /* enum lw_battle_stage */
	uint8_t withdrew;                /* 16.2: the defender withdrew before battle */
	int8_t it_gain[LW_LAND_SIDES];   /* IT the results give each side, to apply */
	int8_t pc_award;                 /* PC for the winner: the loser CO's stars */
	uint8_t auto_promote;            /* 16.6.5 */
	uint8_t city_falls;              /* 16.1.2 */
	uint8_t disaster;                /* enum lw_disaster, once known */
	uint8_t sym[LW_LAND_SIDES];      /* symbols of the casualty card drawn (LW_SYM_*) */
	uint8_t cas_todo[LW_LAND_SIDES]; /* 1: this side's casualty check still to resolve */
	int16_t att_co, def_co;          /* the COs at the reveal */
	uint8_t def_stars;               /* defending force stars at the reveal */
	uint8_t def_it_before;           /* defender's IT before the battle */
	int16_t group[LW_LAND_GROUP];    /* units still to retreat / that may advance */
	uint8_t group_n;
	int8_t group_side;
	int16_t from_hex;             /* the hex they retreat from */
	uint8_t sharp[LW_LAND_SIDES]; /* 16.8: this side played a Sharpshooter resource */
	uint8_t cas_sharp;            /* the pending casualty choice is a sharpshooter's */
	uint8_t pursuit;    /* 16.2.1: cavalry pursued the withdrawal: the attacker advances */
	uint8_t post;       /* enum lw_battle_post */
	uint8_t demote_why; /* enum lw_demote_why, while LW_ST_DEMOTE */
	int8_t demote_side; /* whose general is demoted */
	uint8_t cand_n;     /* the generals he may pick (LW_ST_DEMOTE) */
	int16_t cand[LW_LAND_GROUP];
	uint8_t hold; /* enum lw_battle_hold */
	uint8_t spare[2];
};

json_t *lw_land_save(const struct lw_land *l);
struct tg_jw; /* kit/json_text.h */
/* The same written as text (game.h save_text): the bytes of the tree
 * above, member for member. */
void lw_land_save_text(struct tg_jw *w, const struct lw_land *l);
/* 0, or -1 if the object is not a valid land block. */
int lw_land_load(struct lw_land *l, const json_t *saved);

#endif
