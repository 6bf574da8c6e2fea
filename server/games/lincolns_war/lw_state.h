/* lw_state.h — the whole state of one Lincoln's War match.
 *
 * THE shared contract between the engine (setup, cards, activation, view,
 * save) and the land rules (movement, combat, supply, IT, TCO, terrain).
 * Plain C, fixed-size arrays, no pointers: copying the struct copies the
 * game (act() keeps a copy of it, less the log's ring, and puts it back on
 * a refusal, so a rejection never changes the state: lw_module.c), and
 * save/load is a field-by-field walk.
 *
 * Static facts (map, counters, cards, turn track) live in the data loaded by
 * lw_data.h; this struct holds only what changes during play and refers to
 * the data by index (generals, cities) or by printed number (cards, hexes).
 *
 * Fields are only ever ADDED to this header, never renamed or removed.
 */
#ifndef LW_STATE_H
#define LW_STATE_H

#include <stdbool.h>
#include <stdint.h>

/* state only: the data it indexes, the rng and the blocks of the state
 * (lw_state_blocks.h; lw_groups.h and lw_land.h hold nothing else) */
#include "kit/rng.h"
#include "lw_data.h"
#include "lw_groups.h"
#include "lw_land.h"
#include "lw_state_blocks.h"

/* Sides are lw_data.h's enum lw_side: LW_UNION = 1, LW_CONFEDERATE = 2,
 * LW_NOSIDE = 0 (neutral, nobody). Arrays by side have LW_SIDE_SLOTS
 * entries and leave [LW_NOSIDE] unused, as lw_data.h's turn track does.
 * The module's role index is side - 1 ("union" 0, "confederate" 1). */
#define LW_SIDE_SLOTS 3
#define LW_OTHER(side) ((side) == LW_UNION ? LW_CONFEDERATE : LW_UNION)

#define LW_NO_HEX 0  /* hexes are the printed XXYY number (1903 = Washington) */
#define LW_NONE (-1) /* no unit / no city / no index */

/* Bounds (everything is bounded). */
#define LW_MAX_UNITS 224  /* regular generals of both sides + TCO counters */
#define LW_TCO_SLOTS 24   /* TCO counter slots per side (17.0), after the generals */
#define LW_MAX_CITIES 128 /* cities on the map (indexed as in lw_data) */
#define LW_DECK_CARDS 81  /* cards per side, numbered 1..81 (1.2) */
#define LW_HAND_MAX 24    /* hand, including the 0 resource card (card 72) */
#define LW_MAX_MOVERS 16  /* units moving together in one step */
#define LW_LOG_LINES 48   /* public log ring */
#define LW_LOG_LEN 200
#define LW_MAX_ACTIONS 200000 /* a game that has not ended by then is broken */

/* Special card numbers (1.2), the same in both decks: compare a card's
 * NUMBER with them. A card's kind is lw_data.h's enum lw_card_kind, whose
 * LW_KIND_* names no longer clash with these (lw_data.h renamed them; the
 * warning that stood here is obsolete). */
#define LW_CARD_CAMPAIGN_FIRST 58 /* 58..62: the five Special Campaign cards */
#define LW_CARD_CAMPAIGN_LAST 62
#define LW_CARD_SEDITIOUS_FIRST 63 /* 63..68 */
#define LW_CARD_SEDITIOUS_LAST 68
#define LW_CARD_COMMITTEE 69     /* Union deck: US Committee on the Conduct of the War */
#define LW_CARD_ZERO_RESOURCE 72 /* the 0 resource card, always in hand (10.3) */
#define LW_CARD_ASSASSINATION 73 /* CS deck */
#define LW_CARD_CSP_FIRST 76     /* 76..81: CSP cards 0..5 (16.3) */
#define LW_CARD_CSP_LAST 81

/* ---- units: generals and TCO counters ---------------------------------- */

enum lw_where {
	LW_W_UNUSED = 0,    /* slot not in use (spare TCO slots) */
	LW_W_PENDING = 1,   /* reinforcement, not yet arrived (7.3) */
	LW_W_MAP = 2,       /* on the map at `hex` */
	LW_W_DISGRACED = 3, /* DISGRACED GENERALS box (7.1.1) */
	LW_W_DECEASED = 4,  /* killed (16.8.2) */
	LW_W_REMOVED = 5,   /* out of the game otherwise (TCO disgraced 17.4, absorbed 17.5) */
};

/* lw_unit.flags */
#define LW_UF_OOS 0x01         /* Out-of-Supply token (20.5) */
#define LW_UF_RELUCTANT 0x02   /* Reluctant to Follow Orders token (10.7.4) */
#define LW_UF_PROMOTED 0x04    /* promoted this turn: one promotion per turn (7.1) */
#define LW_UF_LOST_BATTLE 0x08 /* lost a battle this turn (7.1.4, 11.1.2.1) */
#define LW_UF_LOST_PREV 0x10   /* lost a battle in the previous turn */
#define LW_UF_ACTIVATED 0x20   /* activated (moved) during the current card play */
#define LW_UF_WON_BATTLE 0x40  /* won a minor/major victory as CO this turn (10.7.9) */
#define LW_UF_REVEALED 0x80    /* composition revealed to the enemy (16.3) until it moves */

struct lw_unit {
	int16_t gen;     /* index into the data's generals, or LW_NONE for a TCO */
	int8_t side;     /* LW_UNION / LW_CONFEDERATE */
	uint8_t where;   /* enum lw_where */
	uint8_t stars;   /* current rank 1..3 (TCO: 1..3) */
	uint8_t cavalry; /* 1 for cavalry (copied from data; TCO: per counter) */
	uint8_t wounds;  /* Wound tokens (16.8.1) */
	uint8_t flags;   /* LW_UF_* */
	int16_t hex;     /* LW_NO_HEX unless where == LW_W_MAP */
	/* IT carried. IT belongs to the whole Force (18.1.1): the Force's IT is
	 * the SUM over its units; how the sum is spread over units only matters
	 * when a subordinate detaches (18.2), when he carries at most his stars. */
	int16_t it;
	/* Command order within a hex: the CO is the GiC if present, else the
	 * infantry unit with most stars, ties broken by the highest `cmd`.
	 * A unit that joins an equal-ranked CO gets a low cmd; appointing a CO
	 * (7.1.5) gives him the next sequence number. */
	uint32_t cmd;
	int16_t it_new; /* IT placed during the current card play (10.6.3: not removable by it) */
	uint8_t arrive_turn; /* reinforcements: turn index of arrival (0 = Summer 1861) */
	uint8_t spare;
};

/* ---- cities -------------------------------------------------------------- */

struct lw_city_state {
	int8_t owner;     /* LW_UNION / LW_CONFEDERATE / LW_NOSIDE (neutral, 2.4) */
	uint8_t garrison; /* 1: a garrison token of `owner` stands here (16.10.2) */
	uint8_t raided;   /* Raided City token (20.7.2) */
	uint8_t spare;
};

/* ---- cards ---------------------------------------------------------------- */

struct lw_cards {
	uint8_t draw[LW_DECK_CARDS]; /* draw pile; draw[draw_n - 1] is the top */
	uint8_t draw_n;
	uint8_t discard[LW_DECK_CARDS];
	uint8_t discard_n;
	uint8_t hand[LW_HAND_MAX]; /* never holds the 0 resource card: it is implicit */
	uint8_t hand_n;
	uint8_t out[LW_DECK_CARDS]; /* set aside (campaign pool, CSP cards, optional) */
	uint8_t out_n;
};

struct lw_player {
	int16_t pc;  /* Political Currency, never < 0 (10.6.6) */
	int16_t csp; /* banked Congressional Support Points, 0..10 (7.1.6) */
	int16_t gic; /* unit index of the GiC, or LW_NONE */
	struct lw_cards cards;
	uint8_t passed;        /* passed in the current round of card play (10.4) */
	uint8_t campaign_used; /* one campaign per turn (10.7.3) */
	uint8_t
	    campaign_card; /* Special Campaign card chosen this turn (public, 10.7.3.1), 0 none */
	uint8_t committee; /* holds the Committee card in his pool (10.7.9) */
	uint8_t disgraced_bought;  /* bought back a disgraced general this turn (7.1.1) */
	uint8_t draft_left;        /* draft promotions still to assign (7.2) */
	uint8_t admin_done;        /* finished the administration phase */
	uint8_t president_killed;  /* 7.1.9.1: one card fewer per turn */
	uint8_t seditious_redraws; /* 10.7.7: three-seditious redraws used this turn */
	uint8_t eastern_done;      /* Union: activated a force in Virginia this turn (10.7.8.1) */
	uint8_t richmond_bonus;    /* Union: the once-per-turn adjacency bonus taken (10.7.8.2) */
	uint8_t gic_place;         /* 11.1.2.3: the owner chooses where his new GiC goes
	                            * (LW_GIC_PLACE_LOSS / _VOLUNTARY), 0 none */
	uint8_t arrive_place;      /* 7.3 / 2.1: a reinforcement of this side waits for its
	                            * owner to choose where he arrives (lw_admin.c) */
	uint8_t spare[3];
	uint8_t draw_stage; /* 10.3 draw segment: 0 committee choice, 1 last card choice, 2 done */
	uint8_t campaign_turn_card; /* the 6-value card used for a dual-theater campaign, 0 none */
	uint8_t draw_partial;       /* 10.7.3.1: drew all but the last card, choosing the last */
	uint8_t committee_hand;     /* holds the Committee card in hand this turn (10.7.9) */
	uint8_t committee_spent;    /* played/discarded the Committee card this turn */
	uint8_t gic_pending;        /* 11.1.2.2: must choose a new GiC before anything else */
	uint8_t gic_tier;           /* ... among generals of this many stars */
	int16_t gic_old;            /* ... but not this one (the GiC just lost), LW_NONE */
};

/* ---- the phases --------------------------------------------------------- */

enum lw_phase {
	LW_PH_GIC = 0,    /* 5.0: choose the first GiC (Union first) */
	LW_PH_INITIATIVE, /* 6.0: the leader may force his opponent to go first */
	LW_PH_ADMIN,      /* 7.0: purchases, draft promotions, reinforcements */
	LW_PH_DRAW,       /* 10.3: each player draws (campaign card / committee choice) */
	LW_PH_OPS,        /* 10.0: alternate card play */
	LW_PH_SUPPLY,     /* 20.0 */
	LW_PH_OVER,       /* finished */
	LW_PH_RAIL,       /* 9.0 (3.4): after the Naval Phase, before the card draw */
	LW_PH_NAVAL = 8,  /* 8.0 (3.3): after Administration, before the Rail Phase */
};

/* Steps inside the Operations phase. */
enum lw_step {
	LW_ST_CARD = 0,     /* the phasing player plays a card or passes */
	LW_ST_SPEND,        /* a card's PC is being spent: activate / remove IT / bank */
	LW_ST_MOVE,         /* an activated force moves one hex per action, attacks, or stops */
	LW_ST_WITHDRAW,     /* defender: withdraw before battle? (16.2) */
	LW_ST_COMMIT,       /* both: face-down resource + CSP cards (16.3) */
	LW_ST_CASUALTY,     /* a player picks the general hit (16.8) */
	LW_ST_RETREAT,      /* the loser picks a retreat hex (16.9) */
	LW_ST_ADVANCE,      /* the winner advances or declines (16.10) */
	LW_ST_PEACE,        /* 10.4: opponent passed with one card: play it or take 3 PC */
	LW_ST_SEDITIOUS,    /* 10.7.7: a player holding three seditious may redraw */
	LW_ST_DEMOTE,       /* 16.8.3 / 11.1.3.3 / 12.3.3: the owner picks the general demoted */
	LW_ST_SIEGE_OFFER,  /* 16.9.5: the defeated defender may offer siege (lw_siege.h) */
	LW_ST_SIEGE_ANSWER, /* 16.9.5: the victor besieges or refuses */
	LW_ST_HARASS,       /* 13.2.5: the non-phasing player may harass the movers */
	LW_ST_STEAL_MARCH,  /* 16.1.1: To Steal a March, where to fight (lw_resource_events.h) */
	LW_ST_HUNLEY,       /* 8.1.2.3: the Confederate may roll the Hunley (lw_amphib.h) */
	LW_ST_RIT_ASK,      /* 13.2.3: higher-ranking enemy cavalry allows or denies an RIT */
};

/* 12.3.1: the generals of one activated force (lw_play.mis_unit). */
#define LW_MIS_MAX LW_GROUP_FORCE

/* The card being played (10.6). */
struct lw_play {
	int8_t side;      /* phasing player */
	uint8_t card;     /* card number being spent, 0 = none */
	int8_t pc_left;   /* PC not yet used */
	uint8_t campaign; /* 0, or 1 special campaign card / 2 dual-theater 6 card */
	uint8_t activations_left;
	uint8_t erratic_rolled;        /* erratic card pressed (10.6.5) */
	int16_t co;                    /* the activated CO (unit), LW_NONE */
	int16_t start_hex;             /* where the activated force started */
	int16_t movers[LW_MAX_MOVERS]; /* units moving together now */
	uint8_t movers_n;
	uint8_t moved;    /* hexes moved so far by the movers */
	uint8_t max_move; /* movement allowance (12.1-12.3) */
	uint8_t major;    /* the moving force counts as a Major Army (12.3, 12.3.4) */
	uint8_t attacked; /* the movers have attacked */
	uint8_t crossed_river;
	/* 11.1.3.2: the GiC's hex while his consolidation may leave it over the
	 * stacking limit (from the first general drawn in until his group
	 * leaves the hex or ends its move), else 0 (lw_consolidation.h) */
	int16_t cons_hex;
	uint8_t spare[3];
	/* 11.1.3.2: 0 the GiC may still consolidate; 2 he is choosing the
	 * generals drawn in; 1 done (or no longer possible) */
	uint8_t consolidated;
	/* 12.3.1: a Major Army dispersed to cross the Mississippi "may not
	 * rejoin on the same card phase" (lw_march.c). mis_crossed: a group of
	 * the force moving now, dispersed from a Major Army, crossed the
	 * Mississippi in this activation. When that activation ends with
	 * another force of the card play still to move (10.7.3), each general
	 * of its force on the map is listed (mis_unit[0..mis_n)) with his part
	 * (mis_part, 1..: one a hex where the activation left them). The list
	 * is the card play's: it goes with the rest of lw_play when the card
	 * play ends. Slots past mis_n are 0. */
	uint8_t mis_crossed;
	uint8_t mis_n;
	int16_t mis_unit[LW_MIS_MAX];
	uint8_t mis_part[LW_MIS_MAX];
};

/* A battle in progress (16.0). */
struct lw_battle {
	uint8_t active;
	int8_t attacker; /* side */
	int16_t att_hex; /* attacking force's hex */
	int16_t def_hex; /* defender's hex (the battle hex) */
	int16_t att_units[LW_MAX_MOVERS];
	uint8_t att_n;
	uint8_t empty_city; /* 16.1.2: defended by the city alone */
	/* 16.3 face-down commitments: resource card number (0 = none chosen yet,
	 * LW_CARD_ZERO_RESOURCE for the 0 card) and CSP card value (-1 = not yet). */
	uint8_t res_card[LW_SIDE_SLOTS];
	int8_t csp[LW_SIDE_SLOTS];
	uint8_t committed[LW_SIDE_SLOTS];
	/* results, public once revealed */
	int16_t strength[LW_SIDE_SLOTS];
	int8_t winner;  /* side, or LW_NOSIDE for a stand-off */
	uint8_t result; /* 0 stand-off, 1 minor, 2 major, 3 reversal */
	uint8_t rout;
	int16_t diff;
	int8_t casualty_side; /* who must choose the general hit (LW_ST_CASUALTY) */
	int8_t casualty_victim_side;
	int8_t casualty_rank; /* rank the casualty table names */
	int8_t retreat_side;  /* side that must pick a retreat hex */
	uint8_t spare[6];
};

/* Kentucky (2.4.3). */
struct lw_kentucky {
	int8_t violator; /* LW_NOSIDE until a side first enters */
	uint8_t pending; /* neutrality broken during the current card resolution */
};

struct lw_state {
	uint32_t version; /* save format version */
	uint8_t scenario; /* index into the module's scenarios */
	uint8_t turn;     /* 0 = Summer 1861 ... 6 = Summer 1864 */
	uint8_t first_turn;
	uint8_t last_turn;
	uint8_t phase;     /* enum lw_phase */
	uint8_t step;      /* enum lw_step (LW_PH_OPS) */
	int8_t initiative; /* side holding the initiative (6.0) */
	int8_t first;      /* side going first this turn */
	int8_t phasing;    /* side to act in sequential phases */
	uint8_t options;   /* LW_OPT_* bits */
	int8_t winner;     /* LW_NOSIDE for a draw; valid once phase == LW_PH_OVER */
	uint8_t ops_round; /* card plays made this turn */
	uint32_t actions;  /* actions accepted so far (bounded by LW_MAX_ACTIONS) */
	uint32_t cmd_seq;  /* source of lw_unit.cmd values */

	struct tg_rng rng;

	struct lw_player side[LW_SIDE_SLOTS]; /* [LW_UNION], [LW_CONFEDERATE] */
	uint16_t n_units; /* slots in use in unit[] (data generals first, then TCO) */
	struct lw_unit unit[LW_MAX_UNITS];
	uint16_t n_cities;
	struct lw_city_state city[LW_MAX_CITIES]; /* as lw_data.cities */
	struct lw_kentucky kentucky;

	struct lw_play play;
	struct lw_battle battle;

	int8_t awaiting_side; /* for single-role prompts inside ops (retreat, withdraw...), else
	                         LW_NOSIDE */
	uint8_t spare[7];

	char result[160]; /* summary once finished */

	/* Public log: a ring of the last LW_LOG_LINES lines; log_total counts all. */
	uint32_t log_total;
	char log[LW_LOG_LINES][LW_LOG_LEN];

	/* land rules (lw_move/lw_combat/...): see lw_land.h; saved with lw_land_save() */
	struct lw_land land;

	/* part 2, amphibious operations, PCSA and sieges (lw_amphib.h): saved
	 * with lw_amphib_save() */
	struct lw_amphib amphib;

	/* part 2, rail and cavalry (lw_rail.h, lw_cavalry.h): saved with
	 * lw_rail_save() and lw_cav_save() */
	struct lw_rail rail;
	struct lw_cav cav;

	/* part 2, the naval war (lw_naval.h): saved with lw_naval_save() */
	struct lw_navy navy;

	/* part 2, political specials 7.1.9 and 19.0 (lw_political.h): saved
	 * with lw_political_save() */
	struct lw_politics pol;

	/* the optional rules' state, 23.2 Irregulars (lw_optional.h): saved
	 * with lw_optional_save() */
	struct lw_optional_state opt;

	/* 12.0 / 12.5 / 12.8 separate groups of one activation, 10.7.3 campaign
	 * forces designated in advance (lw_groups.h): saved with lw_groups_save() */
	struct lw_groups groups;

	/* 16.3 the events of the Resource cards of the battle in progress
	 * (lw_resource_events.h): saved with lw_resev_save() */
	struct lw_resev resev;
	/* the owner's command choices that interrupt automatic procedures
	 * (11.0.3, 20.4, 10.7.9; lw_command.h): saved with lw_command_save() */
	struct lw_command command;

	/* The stamp of each line of the log's ring, log_stamp[i] that of
	 * log[i]: lw_log_line_stamp of its text (lw_base.h), written with the
	 * line by lw_log and by the load. The view's log section is stamped
	 * from these and each line's item is stamped by its own, instead of
	 * hashing the 48 lines for every view (issue 17). Not saved: derived
	 * from the lines, so nothing else may write a line. */
	uint64_t log_stamp[LW_LOG_LINES];
};

#define LW_OPT_KICKSTARTERS 0x01 /* 10.7.1.1: add cards 74 and 75 */

#endif
