/* lw_state_blocks.h — the blocks of struct lw_state that belong to one
 * procedure each (amphibious work, cavalry, command questions, navies,
 * optional rules, politics, rail, resource events), with their bounds.
 *
 * They used to be defined in the procedures' own headers, so lw_state.h
 * included eleven procedure headers and every file that needed the state
 * saw every procedure. Here they are state only: types, bounds and enums,
 * no functions (each block's save, load and rules stay in its procedure's
 * header, which includes lw_state.h). Included by lw_state.h alone. */
#ifndef LW_STATE_BLOCKS_H
#define LW_STATE_BLOCKS_H

#include <stdint.h>

/* ---- 14.4 the Port City Staging Area (lw_pcsa.c) -------------------------- */

#define LW_PCSA_NEVER 0 /* turn marks are turn + 1; 0: never happened */
#define LW_PCSA_RELOCATE_PC 5
#define LW_PCSA_FROM_TURN "sp63" /* 14.4: a second staging area from Spring 1863 */

struct lw_pcsa {
	int16_t hex;          /* the marker's city hex, LW_NO_HEX when off the map */
	uint8_t placed_turn;  /* turn it was last placed (LW_PCSA_NEVER) */
	uint8_t removed_turn; /* turn it was removed voluntarily (LW_PCSA_NEVER) */
	uint8_t lost_turn;    /* turn the Confederates recaptured its port (LW_PCSA_NEVER) */
	uint8_t ever_placed;  /* 1 once placed: a voluntary relocation costs 5 PC */
};

/* ---- 16.9.5 sieges (lw_siege.c) ------------------------------------------- */

enum lw_siege_stage {
	LW_SG_NONE = 0,
	LW_SG_OFFER,  /* the losing defender chooses: offer siege or retreat */
	LW_SG_ANSWER, /* the victor chooses: besiege or refuse */
	LW_SG_ON,     /* the siege lasts */
	LW_SG_EXCESS, /* 16.6.4: the routed defender sends away its excess first */
};

#define LW_SIEGE_BEGUN 2
/* Sieges on at once: the text sets no limit; the map has 23 unbracketed
 * cities of supply two or more, so every one of them can be besieged at
 * the same time. */
#define LW_MAX_SIEGES 24

/* One siege: `siege` of lw_amphib holds the one being offered/answered
 * (stage OFFER/ANSWER), `sieges[]` those on (stage ON). */
struct lw_siege {
	uint8_t stage;     /* enum lw_siege_stage */
	int8_t besieger;   /* side of the besieging force */
	int16_t city_hex;  /* the besieged city */
	int16_t camp_hex;  /* the hex the besiegers came from (16.9.5.4.3 return) */
	uint8_t level;     /* 16.9.5.1: 1 minor victory, 2 major victory, 3 rout */
	uint8_t pressed;   /* 1: the besieging force was activated in this card play;
	                      LW_SIEGE_BEGUN: the siege began in this card play */
	int16_t camp_co;   /* the besieger's CO when the siege began / last seen */
	uint8_t assault;   /* 14.1.3/14.2.2: began after an amphibious assault */
	uint8_t returning; /* 16.9.5.4.3: held out; the besiegers' owner picks their hex */
};

/* ---- 14.0 amphibious movement, with the PCSA and the sieges (lw_amphib.c) --- */

#define LW_AMPHIB_UNITS 16 /* units remembered per kind of water move this turn (14.3) */

enum lw_amphib_kind {
	LW_AM_NONE = 0,
	LW_AM_RIVER_MOVE,
	LW_AM_RIVER_ASSAULT,
	LW_AM_OCEAN_MOVE,
	LW_AM_OCEAN_ASSAULT,
};

struct lw_amphib {
	/* turn + 1 of the last river / ocean operation of each side (0: never):
	 * each is once per turn (14.1.1, 14.2.1) */
	uint8_t river_turn[3];
	uint8_t ocean_turn;
	/* 14.3: the units that moved by river / by sea this turn */
	int16_t river_units[LW_AMPHIB_UNITS];
	uint8_t river_n;
	int16_t ocean_units[LW_AMPHIB_UNITS];
	uint8_t ocean_n;
	/* the assault being fought (enum lw_amphib_kind), its port of departure,
	 * target and CO */
	uint8_t assault;
	int16_t assault_from, assault_target, assault_co;
	/* 10.7.3.1: (turn + 1) * 256 + card play + 1 of the campaign card play
	 * whose first force went by water (only one of its two may), 0 none */
	uint16_t campaign_mark;
	struct lw_pcsa pcsa;
	struct lw_siege siege;                 /* being offered or answered */
	struct lw_siege sieges[LW_MAX_SIEGES]; /* on (16.9.5.2) */
};

/* ---- 13.0 cavalry (lw_cavalry.c, lw_harass.c, lw_cav_battle.c, lw_cav_city.c) --- */

#define LW_RIT_MAX 32     /* RIT on the map at once (more than the counter mix) */
#define LW_CAV_UNITS 224  /* = LW_MAX_UNITS (checked in lw_cavalry.c) */
#define LW_HARASS_HEXES 6 /* the hexes around the hex entered */
#define LW_CAV_CITIES 128 /* = LW_MAX_CITIES (checked in lw_cav_city.c) */

struct lw_cav {
	int16_t rit[LW_RIT_MAX]; /* hexes holding a Rail Interdiction Token (13.2.3) */
	uint8_t rit_n;
	/* bit u: CO u carries a "Raided" marker (13.2.2.1) until the turn ends */
	uint8_t raided[LW_CAV_UNITS / 8];
	/* bit u: cavalry u foraged this card play (13.2.4: once per card play) */
	uint8_t foray[LW_CAV_UNITS / 8];
	uint8_t foray_card; /* ops_round of the card play `foray` belongs to */
	uint8_t act_rit;    /* the activation's RIT action (13.2.3): LW_ACT_RIT_* */
	uint8_t act_raid;   /* the activated cavalry raided (no RIT after, 13.2.3) */
	/* 13.2.5 harassment in progress: the hex the movers entered, the hexes
	 * the non-phasing player may still harass from, and whether the march
	 * must stop once it is over (12.5: joined a friendly CO). */
	int16_t harass_hex;
	int16_t harass_from[LW_HARASS_HEXES];
	uint8_t harass_n;
	uint8_t harass_stop;
	/* 13.2.2 the cavalry battle of a raid being fought in s->battle
	 * (lw_cav_battle.c): 0 none, else LW_CAV_RAID, _FORAY or _PURSUIT (below); the raider
	 * (the pursuer), whose raid goes on if he wins. */
	uint8_t raid_battle;
	uint8_t spare;
	int16_t raider;
	/* 13.1.3: bit c: city c is held by lone cavalry only; held_from[c] is
	 * the side that controlled it before (control reverts to it). */
	uint8_t held[LW_CAV_CITIES / 8];
	int8_t held_from[LW_CAV_CITIES];
	/* 13.2.3 an RIT contested by higher-ranking enemy cavalry, waiting for
	 * its owner's allow or deny (step LW_ST_RIT_ASK): LW_RIT_ASK_* bits (0:
	 * none), the cavalry general placing or removing, the hex. */
	uint8_t ask;
	uint8_t ask_spare;
	int16_t ask_unit;
	int16_t ask_hex;
};

/* lw_cav.ask: a question pending; a removal (else a placement); by foray
 * (the SPEND step goes on after the answer; else the MOVE step). */
enum { LW_RIT_ASK_PENDING = 1, LW_RIT_ASK_REMOVE = 2, LW_RIT_ASK_FORAY = 4 };

/* lw_cav.act_rit: 0 none yet; LAID an RIT placed (no combat or raid in
 * this activation, 13.2.3); TRIED removed one, or a placement denied by
 * enemy cavalry (nothing laid: combat and raids stay open). */
enum { LW_ACT_RIT_LAID = 1, LW_ACT_RIT_TRIED = 2 };

/* ---- 11.0.3, 12.4, 20.4 questions of command (lw_command.c) --------------- */

#define LW_CMD_QUEUE 8   /* new-CO choices waiting at once */
#define LW_CMD_DISP 4    /* displacements waiting for the owner's word */
#define LW_CMD_UNITS 224 /* = LW_MAX_UNITS */
#define LW_CMD_SST 48    /* = 2 * LW_MAX_SIEGES: both forces of every siege */
#define LW_CMD_BITS ((LW_CMD_UNITS + 7) / 8)

/* Supply Phase stages that wait for a player (20.3, 20.4, 20.5, 16.9.5.4.3). */
enum lw_supply_stage {
	LW_SS_NONE = 0,
	LW_SS_IT = 1,       /* 20.4: demotions for IT at the start of the phase */
	LW_SS_FORAGE = 2,   /* 20.5: demotions again after foraging */
	LW_SS_PLOT = 3,     /* 3.6, 20.3: the plot played, its questions answered
	                       before anything else of the phase (lw_time.c) */
	LW_SS_SIEGE = 4,    /* 3.6, 16.9.5.4.3: the sieges resolved after supply and
	                       forage, one after the other; a return choice or a
	                       question a besieging CO's disgrace raised (11.0.3,
	                       11.1.2.2, 12.4) is answered before the next siege and
	                       the rest of the phase (lw_siege.c, save format 15) */
	LW_SS_SUPPLIED = 5, /* 3.6: supply, forage and the demotions are over, the
	                       sieges come next at once (lw_supply.c records it,
	                       the driver runs lw_supply_phase_done within the same
	                       action: never saved, and a save refuses it) */
};

struct lw_command {
	/* 11.0.3: forces whose CO lost rank; the owner picks the new CO among
	 * the most senior infantry left in the hex (never `co_not`). */
	int16_t co_hex[LW_CMD_QUEUE];
	int16_t co_not[LW_CMD_QUEUE];
	/* 12.4: general dsp_unit was displaced from dsp_hex to dsp_to; his owner
	 * chooses who goes instead and where (lw_displace_dests) */
	int16_t dsp_hex[LW_CMD_DISP];
	int16_t dsp_unit[LW_CMD_DISP];
	int16_t dsp_to[LW_CMD_DISP];
	/* 12.4 / 16.9.5.2 / 16.9.6: the forces held in a siege that are
	 * overstacked, in the order they became so: the force of side
	 * sst_side[i] at sst_hex[i]; its owner names the subordinate who
	 * loses a star, the first entry first (save format 16) */
	int16_t sst_hex[LW_CMD_SST];
	int8_t co_side[LW_CMD_QUEUE];
	uint8_t co_n;
	uint8_t dsp_n;
	/* 20.4 / 20.5: the Supply Phase waits for a demotion choice */
	uint8_t supply_stage;
	uint8_t sst_n;
	/* 10.7.9: Union COs that lost a battle this turn to a one-star
	 * Confederate CO (bit per unit), valid for turn lost1_turn - 1 */
	uint8_t lost1_turn;
	uint8_t lost1[LW_CMD_BITS];
	uint8_t sst_side[LW_CMD_SST]; /* LW_UNION or LW_CONFEDERATE */
	uint8_t spare[1];             /* no padding: load(save(g)) compares whole structs */
};

/* ---- 8.0 the navies (lw_naval*.c) ----------------------------------------- */

#define LW_NAVY_RAIDERS 6 /* 8.1.2: six Raiders */
#define LW_NAVY_ASSETS 7  /* 8.1.2: five Ironclads, the Hunley, False Information */
#define LW_NAVY_FLEETS 24 /* Union fleets (bound; the turn track limits purchases) */
#define LW_NAVY_COLUMNS 6 /* Commerce Raider Track columns */

enum lw_asset_kind { LW_AK_IRONCLAD = 1, LW_AK_HUNLEY = 2, LW_AK_FALSE_INFO = 3 };

/* Where a naval piece is. */
enum lw_navy_where {
	LW_NW_POOL = 0,     /* not bought yet (raider, fleet) / face down in the asset pool */
	LW_NW_PORT = 1,     /* in a port (hex): CS port for raiders/assets, Union port for fleets */
	LW_NW_RAID = 2,     /* raider in the RAID hex of column col */
	LW_NW_GONE = 3,     /* sunk, captured, scuttled: out of the game */
	LW_NW_DRAWN = 4,    /* asset drawn this Administration phase, not yet placed (7.1.7) */
	LW_NW_BLOCKADE = 5, /* fleet on the blockade space hex */
	LW_NW_SHADOW = 6,   /* fleet in the SHADOW box of column col */
	LW_NW_HUNT = 7,     /* fleet in the HUNT box of column col */
	LW_NW_ESCAPE = 8,   /* raider/ironclad/fleet leaving a captured port (hex):
	                       its owner chooses where it goes (lw_naval_escape.c) */
};

struct lw_navy_piece {
	uint8_t where;    /* enum lw_navy_where */
	uint8_t moved;    /* moved in this Naval Phase (8.1.1: a moved raider does not raid) */
	uint8_t revealed; /* assets: identity shown to the Union (8.1.2.4) */
	int8_t col;       /* column 0..5 when on the track */
	int16_t hex;      /* port or blockade space */
};

/* Naval Phase stages (8.1 then 8.2/8.3 resolved at once). */
enum lw_naval_stage {
	LW_NS_NONE = 0,
	LW_NS_FIRST = 1,  /* the first player's naval moves */
	LW_NS_SECOND = 2, /* the other's */
	LW_NS_IT = 3,     /* 8.2.2: the Confederate places the blockade IT */
	LW_NS_HOME = 4,   /* 8.3.5: the Union sends unopposed fleets to his ports */
};
#define LW_NAVY_IT_MAX 32 /* forces given a blockade IT in one phase (bound) */

struct lw_navy {
	struct lw_navy_piece raider[LW_NAVY_RAIDERS];
	struct lw_navy_piece asset[LW_NAVY_ASSETS];
	struct lw_navy_piece fleet[LW_NAVY_FLEETS];
	uint8_t raiders_bought, assets_bought, fleets_bought; /* this turn (turn track limits) */
	uint8_t foote; /* the Andrew H. Foote event was played (8.1.2.1, 8.1.2.5) */
	uint8_t stage; /* enum lw_naval_stage */
	int8_t mover;  /* side moving now in the Naval Phase */
	uint8_t spare[6];
	/* 8.2.2 during LW_NS_IT: IT still to place, and the forces (hexes) given
	 * one this phase (one a force) */
	uint8_t it_left, it_n;
	int16_t it_hex[LW_NAVY_IT_MAX];
};

/* ---- 23.0 optional rules (lw_optional.c, lw_irregulars.c) ----------------- */

/* LW_OPT_KICKSTARTERS 0x01 is in lw_state.h (it came first). */
#define LW_OPT_SPRING_DECKS 0x02 /* 23.4 / 10.1: year cards join the decks in Spring */
#define LW_OPT_IRREGULARS 0x04   /* 23.2: CS card 69, Irregulars (lw_irregulars.c) */
#define LW_OPT_PECULIAR 0x08     /* cards 70-71 of both decks, Peculiar Generals */
#define LW_OPT_TRAP 0x10         /* Union card 73, Laying a Trap */

/* ---- 23.2 Irregulars (lw_irregulars.c) ----------------------------------
 * Stated by the rulebook: Irregulars are a CS optional card (1.2, CS 69);
 * they never take blockade IT (8.2.2); dispersing one reshuffles the deck
 * (10.3.1, "23.2.5"). RECONSTRUCTED (the Playbook is not in the text): the
 * card played for its event (0 PC) places an Irregulars counter in a city
 * of a Confederate state, Kentucky or Missouri holding no Union force and no
 * other Irregulars, at most LW_IRR_MAX on the map; each Supply Phase each
 * counter raids (one die, 5-6: the Union loses 1 PC, the idiom of the
 * commerce raiders, 8.3.2); a Union force in its hex after any action
 * disperses it (partisans melt away rather than give battle). A counter is
 * not a Force for anything else: no stacking, combat, supply, control or
 * IT. Its position is public (a counter on the map). */
#define LW_IRR_MAX 2      /* RECONSTRUCTED counter mix */
#define LW_IRR_RAID_MIN 5 /* RECONSTRUCTED: 5-6 on one die */
#define LW_IRR_RAID_PC 1  /* RECONSTRUCTED: PC the Union loses per raid */

struct lw_optional_state {
	int16_t irr_hex[LW_IRR_MAX]; /* hex of each Irregulars counter, LW_NO_HEX in the pool */
	uint8_t irr_dispersed;       /* counters dispersed so far (public, for the log/view) */
	uint8_t spare[3];
};

/* ---- 19.0 politics, 7.1.9 the plot (lw_political.c, lw_political_19.c) ---- */

/* A defeat noted during a battle, judged for 19.1/19.2 once the battle is
 * over and every PC change of it is made (19.1: "PC lead is checked after
 * all necessary PC additions and subtractions"). */
struct lw_pol_note {
	uint8_t active;      /* 1: a battle was revealed, 2: a force withdrew before battle */
	int8_t side;         /* withdrawal: the side that withdrew */
	int16_t hex;         /* withdrawal: the hex it withdrew from */
	uint8_t co_stars[3]; /* battle: CO stars by side before casualties */
	uint8_t stars[3];    /* battle: force stars by side before casualties */
	int16_t side_hex[3]; /* battle: each side's hex (North of the border, 19.2) */
};

struct lw_politics {
	uint8_t ep; /* 19.1 declared */
	uint8_t bi; /* 19.2 declared */
	/* 7.1.9: who may buy the Assassination Plot card: 0 the Confederate
	 * until he plays it, 1 the Union after a successful Confederate plot,
	 * 2 nobody: a Confederate plot that failed completely, or the Union's
	 * plot played (the card is removed from play). Zero is the set-up. */
	uint8_t plot_stage;
	int8_t plot_bought;      /* side that bought it this turn (hidden if Confederate), 0 none */
	uint8_t president_vp[3]; /* [side] = 1: side assassinated the enemy President (21.3) */
	uint8_t co_vp[3];        /* [side] = 1: side killed the CO in the enemy capital (21.3) */
	/* prompts that come before anything else (lw_actions.c) */
	uint8_t ep_promotion; /* 19.1 step 3: the Confederate picks his free promotion */
	uint8_t bi_swap;      /* 19.2: the Confederate may swap a hand card with a discard */
	uint8_t retaliation;  /* 7.1.9.3: the Union may retaliate at once */
	/* 19.2 "can be declared by the Confederate player": a trigger was met
	 * and he is asked whether to declare (bi_declare / bi_decline) */
	uint8_t bi_offer;
	/* Washington was in Confederate hands at the last settle: the 19.2
	 * trigger is its taking, offered once per capture */
	uint8_t bi_wash;
	struct lw_pol_note note;
};

/* ---- 9.0 rail movement (lw_rail.c, lw_rail_phase.c) ----------------------- */

#define LW_RAIL_SIDES 3   /* indexed by side like lw_state.h's arrays */
#define LW_RAIL_UNITS 224 /* = LW_MAX_UNITS (checked in lw_rail.c) */

struct lw_rail {
	uint8_t used[LW_RAIL_SIDES];  /* general stars (and IT) railed this turn (9.1) */
	uint8_t stage[LW_RAIL_SIDES]; /* 0 railing, 1 absorbing TCO (9.2), 2 done */
	/* bit u: unit u travelled by rail this turn (9.1 note: no naval
	 * transport for him in the same turn, 14.0) */
	uint8_t railed[LW_RAIL_UNITS / 8];
	uint8_t done_turn; /* turn index + 1 of the last Rail Phase completed */
	uint8_t spare[3];
};

/* ---- 16.3 resource card events (lw_resource_events.c) --------------------- */

#define LW_RESEV_UNITS 16 /* = LW_MAX_MOVERS */

enum lw_resev_stage {
	LW_RE_NONE = 0,
	LW_RE_EVENTS, /* the events are being applied (next names the one to come) */
	LW_RE_MARCH,  /* To Steal a March: its player chooses where to fight */
};

/* Embedded in struct lw_state as `resev`; saved as "resource_events". */
struct lw_resev {
	uint8_t stage;                 /* enum lw_resev_stage */
	uint8_t next;                  /* 0: the defender's event, 1: the attacker's, 2: done */
	int8_t order[2];               /* the sides in the order of 16.3 (defender first) */
	uint8_t works[3];              /* [side]: the card is a real one whose effect applies */
	uint8_t reversed;              /* Surprise Attack! left the roles reversed */
	int8_t declarer;               /* the side that declared the battle (16.1) */
	int16_t declared_hex;          /* the hex the battle was declared on */
	int16_t marched_from;          /* To Steal a March: the hex the defender left, else 0 */
	int16_t force[LW_RESEV_UNITS]; /* the declaring force at the reveal */
	uint8_t force_n;
};

#endif
