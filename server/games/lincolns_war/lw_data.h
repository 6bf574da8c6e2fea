/* lw_data.h — Lincoln's War static data: map, generals, cards, turn track,
 * scenarios and printed tables.
 *
 * Loaded once from the JSON files in data/ (see data/SCHEMA.md), validated as
 * a whole (every error names file, item and problem), then never changed. The
 * process-wide copy from lw_data_get() is shared by every match and may be
 * read from any thread.
 *
 * Each item carries `source`: "rule 2.3" when the rulebook states the value,
 * or "reconstructed: <why>" when the printed map, counter or card had to be
 * reconstructed. lw_source_is_rule() tells which.
 */
#ifndef TG_LW_DATA_H
#define TG_LW_DATA_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kit/hexgrid.h"

enum lw_side { LW_NOSIDE = 0, LW_UNION = 1, LW_CONFEDERATE = 2 };

/* Who holds a city (or a state) when a scenario begins (2.1 "Control of Cities"). */
enum lw_control { LW_CTRL_UNION = 1, LW_CTRL_CONFEDERATE = 2, LW_CTRL_NEUTRAL = 3 };

enum lw_terrain { LW_TERRAIN_CLEAR, LW_TERRAIN_MOUNTAIN, LW_TERRAIN_OCEAN };

/* The five campaign regions of 10.7.3.1. LW_REGION_NONE: a land hex in none
 * of them (e.g. NJ, NY, DE, MI off-board boxes). */
enum lw_region {
	LW_REGION_NONE = 0,
	LW_REGION_EASTERN = 1,    /* Eastern Theater: Virginia (10.7.3.1, 10.7.8) */
	LW_REGION_UP_NORTH = 2,   /* IL, IN, OH, PA, MD */
	LW_REGION_KY_TN = 3,      /* KY, TN */
	LW_REGION_DOWN_SOUTH = 4, /* NC, SC, GA, FL, AL, MS */
	LW_REGION_TRANS_MISS = 5  /* IA, MO, KS, AR, Indian Territory, LA, TX */
};
#define LW_REGION_COUNT 6

/* City value markers printed instead of numbers (2.2 "City Defense and Supply Values"). */
#define LW_VALUE_VARIABLE (-1)     /* "?": Washington/Richmond, from the turn track */
#define LW_VALUE_X (-2)            /* "X": New Orleans defense, zero unless occupied (2.3) */
#define LW_VALUE_UNATTACKABLE (-3) /* "*" defense: may not be attacked */
#define LW_VALUE_STAR (-4)         /* "*" supply (Fort Monroe): no supply value, traces to sea */

/* Hexside features, bit flags. */
#define LW_HS_RIVER 0x01       /* any river (15.0) */
#define LW_HS_MISSISSIPPI 0x02 /* the Mississippi (also LW_HS_RIVER) */
#define LW_HS_IMPASSABLE 0x04  /* double gray line (2.1) */
#define LW_HS_RAIL 0x08        /* a rail line crosses this hexside */

struct lw_hex {
	int id;            /* XXYY */
	const char *state; /* "VA", "MO", "IT" (Indian Territory); "" for ocean */
	enum lw_terrain terrain;
	enum lw_region region;
	enum lw_control territory; /* initial area of control (1.1 red dotted lines); 0 at sea */
	bool blockade_space;       /* ocean hex with a blue triangle (2.2) */
	bool rail;                 /* a rail line runs through this hex (9.1, 20.0) */
	bool river;                /* at least one hexside of this hex is a river */
	int city;                  /* index into lw_data.cities, -1 if none */
	/* the river_bit of each of its river hexsides, or'ed: which rivers
	 * the hex touches (issue 17: the supply trace's river sections, 20.1,
	 * asked it of every neighbour of every hex of a section, each a walk
	 * of the neighbours with a hexside look-up and a strcmp) */
	uint32_t rivers;
	/* bit 1 << side (LW_NOSIDE, LW_UNION, LW_CONFEDERATE) when the hex is
	 * that side's territory as lw_data_in_territory judges it, set once at
	 * load (issue 17: the supply trace asks it of every river hex it
	 * steps through, each a walk of the cities with a strcmp) */
	uint8_t territory_of;
	/* in Kentucky (2.4.3; its state is "KY"), set at load (issue 17: the
	 * supply trace asks it of every hex it steps into) */
	bool kentucky;
	const char *source;
};

struct lw_hexside {
	long id;           /* tg_hexside_id() */
	int a, b;          /* the two hexes, a < b */
	unsigned flags;    /* LW_HS_* */
	const char *river; /* "Mississippi", "Ohio"...; NULL if no river */
	/* 1 << the river's index in lw_data.rivers (one index per name); 0 if
	 * no river */
	uint32_t river_bit;
	const char *source;
};

struct lw_city {
	const char *id;   /* "washington" */
	const char *name; /* "Washington" */
	int hex;
	int defense; /* 0..n or LW_VALUE_* */
	int supply;  /* 0..n or LW_VALUE_* */
	enum lw_control control;
	bool capital; /* Washington, Richmond */
	bool ocean_port, river_port;
	bool bracketed;            /* off-board region box (2.3 "Bracketed Regions") */
	bool transit;              /* Union rail transit hex (2.3 "Transit Hexes") */
	bool no_confederate_entry; /* Chicago, New York, Fort Monroe (2.3) */
	bool southern_ocean_port;  /* counts for the VP table "Southern Ocean Ports" */
	bool mississippi_vp;       /* one of the six cities of the Mississippi VP bonus */
	int vp;                    /* VP for controlling it (VP table), 0 if none */
	int blockade_hexes[4];     /* adjacent blockade spaces (ocean ports) */
	int n_blockade_hexes;
	int blockade_fleets; /* fleets for an effective blockade (8.2: Savannah 2) */
	const char *source;
};

/* One counter side. attack/defense < 0 means an indecisive asterisk. */
struct lw_rank {
	int stars; /* 1..3; 0 = this side does not exist */
	int activation;
	int attack, defense;
};
#define LW_INDECISIVE (-1)
#define LW_ON_MAP (-1)
#define LW_ARRIVES_EMANCIPATION (-2)

struct lw_general {
	const char *id;   /* "grant" */
	const char *name; /* "Ulysses S. Grant" */
	enum lw_side side;
	bool cavalry;
	int max_stars;          /* 2, or 3 when a three-star counter exists (1.3.1) */
	struct lw_rank rank[3]; /* rank[s-1] for s stars */
	int setup_hex;          /* hex printed on the counter; 0 for reinforcements */
	int arrival_turn;       /* turn index; LW_ON_MAP (-1) if on the map at start;
	                           LW_ARRIVES_EMANCIPATION (-2) the turn after the EP (19.1, Hincks) */
	int entry_hex;          /* reinforcement entry hex; 0 if it starts on the map */
	int seniority;          /* lower is senior (11.1); unique per side */
	bool gic_candidate;     /* may be chosen GiC at set-up (5.0) */
	const char *source;
};

/* TCO counters (17.1): activation always 3, values indecisive. */
struct lw_tco {
	enum lw_side side;
	bool cavalry;
	int stars;
	int count; /* counters in the mix */
	const char *source;
};

/* What a card is (LW_KIND_*; lw_state.h's LW_CARD_* are card numbers). */
enum lw_card_kind {
	LW_KIND_ACTIVATION,    /* 1-57 and kickstarters 74-75 */
	LW_KIND_CAMPAIGN,      /* 58-62 */
	LW_KIND_SEDITIOUS,     /* 63-68 */
	LW_KIND_COMMITTEE,     /* Union 69 */
	LW_KIND_IRREGULARS,    /* CS 69, optional */
	LW_KIND_PECULIAR,      /* 70-71, optional */
	LW_KIND_ZERO_RESOURCE, /* 72 */
	LW_KIND_TRAP,          /* Union 73, optional */
	LW_KIND_ASSASSINATION, /* CS 73 */
	LW_KIND_CSP            /* 76-81 */
};

/* Randomizing symbols at the bottom of a card (10.7.10), bit flags. */
#define LW_SYM_FORAGE 0x01   /* haystack (20.5) */
#define LW_SYM_CASUALTY 0x02 /* yellow star (16.8) */
#define LW_SYM_DISASTER 0x04 /* skull and crossbones (16.8.3) */

struct lw_card {
	enum lw_side side;
	int number;       /* 1..81 */
	const char *name; /* the personality or title */
	const char *role; /* bold initials, "" if unknown */
	enum lw_card_kind kind;
	int pc;            /* PC value; negative for seditious; 0 for CSP/zero/campaign */
	bool optional;     /* removed unless an optional rule is used (1.2) */
	bool resource;     /* green ribbon (10.7.1) */
	bool erratic;      /* "ROLL ONE DIE" (10.6.5) */
	int erratic_pc[6]; /* PC for die rolls 1..6 when erratic */
	int csp;           /* CSP value of a CSP card, 0..5; 0 otherwise */
	enum lw_region campaign_region; /* campaign cards only */
	unsigned symbols;               /* LW_SYM_* */
	const char *blockade_port;      /* blockade-runner card's port city id, NULL otherwise */
	const char *effect_kind;        /* effect.kind: "none", "resource", "event", ... */
	const char *effect_id;          /* effect.id when present, else "" */
	const json_t *effect;           /* the whole effect object (borrowed, immutable) */
	const char *text;
	const char *source;
};
#define LW_DECK_SIZE 81

struct lw_turn {
	int index;        /* 0 = Summer 1861 */
	const char *id;   /* "su61" */
	const char *name; /* "Summer 1861" */
	int year;
	bool spring;
	int hand_size;                            /* 10.3 */
	int washington_defense, richmond_defense; /* 2.3 */
	int draft[3];          /* [LW_UNION], [LW_CONFEDERATE]: free promotions (7.2) */
	bool cs_manpower_roll; /* 7.2: CS draft promotions need 3-6 from Spring 1864 */
	int rail_stars[3];     /* stars movable by rail (1.1, part 2) */
	int amphib_stars;      /* Union stars by ocean (1.1) */
	int fleets;            /* Union fleets purchasable (1.1, 7.1.8) */
	int raiders, assets;   /* CS purchases (1.1) */
	int ep_union_lead;     /* 19.1: Union PC lead that lets a defeat trigger the EP */
	int bi_cs_lead; /* 19.2: CS PC lead for British Intervention; -1 before Spring 1863 */
	const char *source;
};

struct lw_setup_entry {
	const char *general; /* general id */
	int hex;
	int stars;
};

struct lw_scenario {
	const char *id; /* "campaign", "introductory", "tournament" */
	const char *name;
	int first_turn, last_turn;     /* turn indexes, inclusive */
	int pc[3], csp[3];             /* starting tracks by side (5.0) */
	enum lw_side initiative;       /* holder at the start (6.0) */
	const char *gic_choices[3][2]; /* general ids per side (5.0) */
	enum lw_side vp_side;          /* side that must win by vp_margin (21.3) */
	int vp_margin;
	bool ignore_mississippi_and_ports; /* introductory (21.3) */
	const struct lw_setup_entry *setup;
	size_t n_setup;
	const char *source;
};

/* 16.8 General Casualty Table: result for star rank 1..3 and modified 2d6 roll. */
enum lw_casualty { LW_CAS_MISS, LW_CAS_WOUND, LW_CAS_KILL, LW_CAS_ONE_STAR, LW_CAS_TWO_STAR };
struct lw_casualty_table {
	enum lw_casualty result[3][13]; /* [stars-1][roll], roll 1..12 (1 only when modified) */
	int mod_gic_co_lone;            /* -1 */
	int mod_sharpshooter;           /* +2 */
};

/* 13.2.2.1 Cavalry Raid Table. */
struct lw_raid_table {
	bool success[7]; /* [die 1..6] */
	int mod_two_star, mod_out_of_supply, mod_per_it;
};

/* 16.4 Indecisive General table (printed on the Player Aid, not in the
 * rulebook; reconstructed). Value by modified die roll; TCOs add +1 (two
 * stars) or +2 (three stars) to the roll (17.1). */
struct lw_indecisive_table {
	int value[9];        /* [modified roll 1..8] combat value; rolls clamp to 1..8 */
	int tco_modifier[4]; /* [stars] */
	const char *source;
};

/* Purchase costs (7.1) and other fixed numbers the engine needs. */
struct lw_costs {
	int disgraced_general;         /* 7.1.1: 1 */
	int promote_two_star;          /* 7.1.2: 2 */
	int promote_three_star;        /* 7.1.3: 3 */
	int gic;                       /* 7.1.4: 4 */
	int gic_after_defeat;          /* 7.1.4: 2 */
	int co_swap;                   /* 7.1.5: 1 */
	int csp_each, csp_max;         /* 7.1.6: 1, 10 */
	int raider, asset;             /* 7.1.7: 1, 1 */
	int fleet;                     /* 7.1.8: 2 */
	int assassination;             /* 7.1.9: 3 */
	int tco_star;                  /* 9.2: 1 */
	int foray;                     /* 13.2.4: 1 */
	int campaign_min_pc;           /* 10.7.3: 10 */
	int seditious_free_discard_pc; /* 10.7.7: 10 */
	int passing_bonus_pc;          /* 10.4: 3 */
	int withdrawal_success;        /* 16.2: modified roll needed, 3 */
};

/* 16.6 combat results by difference. */
struct lw_combat_table {
	int standoff_max; /* 1: 0-1 is a stand-off */
	int minor_max;    /* 4: 2-4 minor victory; above: major */
};

enum lw_vp_kind {
	LW_VP_PC_REMAINING, /* 1 per pc_per_vp PC */
	LW_VP_NO_EMANCIPATION,
	LW_VP_NO_BRITISH_INTERVENTION,
	LW_VP_ASSASSINATED_PRESIDENT,
	LW_VP_ASSASSINATED_CO,
	LW_VP_ENEMY_STARS_OOS, /* per star */
	LW_VP_CONTROL_KENTUCKY,
	LW_VP_CONTROL_MISSOURI,
	LW_VP_CITY, /* one row: each city scores its lw_city.vp (the four printed rows are its text)
	             */
	LW_VP_MISSISSIPPI,
	LW_VP_SOUTHERN_PORT_US, /* per blockaded or controlled port */
	LW_VP_SOUTHERN_PORT_CS, /* supply value of each open port */
	LW_VP_RAIDERS           /* per Raider in a RAID hex (not in port) */
};
struct lw_vp_entry {
	enum lw_vp_kind kind;
	int vp;        /* VP per unit */
	int side_mask; /* 1<<LW_UNION | 1<<LW_CONFEDERATE */
	int param;     /* PC per VP, cities needed... */
	const char *text;
};

/* Naval numbers of 8.x, for part 2. */
struct lw_naval {
	int raiders;      /* 8.1.2: six Raiders */
	int raid_columns; /* Commerce Raider Track columns (one Raider each, 8.1.1) */
	int ironclads, hunley, false_information; /* 8.1.2: the seven Asset tokens */
	int max_assets_per_port;                  /* 8.1.2: 2 */
	int ironclad_river_hexes;                 /* 8.1.2.1: 4 */
	int ironclad_port_defense;                /* 8.1.2.1: +1 */
	int run_blockade_min;                     /* 8.1.1: a Raider passes a blockade on 3-6 */
	int hunley_cancel_min;                    /* 8.1.2.3: 3-6 */
	int asset_destroy_min;                    /* 8.1.2.5, 8.3.4: 4-6 */
	int foote_bonus;                          /* 8.1.2.5: +2 */
	int raid_min[3];     /* 8.3.2: Union loses a CSP/PC on 4+, 5+, 6 against 0, 1, 2 fleets */
	int shadow_sink_min; /* 8.3.4: 6 */
	int shadow_hunt_sink_min;   /* 8.3.4: 4-6 */
	int blockade_it_threshold;  /* 8.2.2: supply points blockaded before IT begin, 7 */
	int blockade_defense_minus; /* 8.2.1: 1 */
	const char *source;
};

struct lw_tables {
	struct lw_casualty_table casualty;
	struct lw_raid_table raid;
	struct lw_indecisive_table indecisive;
	struct lw_combat_table combat;
	struct lw_costs costs;
	struct lw_naval naval;
	const struct lw_vp_entry *vp;
	size_t n_vp;
	int kentucky_cities_for_control; /* 3 (2.4.3) */
	int missouri_cities_for_control; /* 4 (2.4.2) */
	int kentucky_violation_pc;       /* 5 (2.4.3) */
};

#define LW_HEX_IDS 10000 /* hex ids are XXYY (tg_hex_parse: four digits) */
#define LW_MAX_RIVERS 32 /* rivers of distinct names (lw_hex.rivers' bits) */

struct lw_data {
	struct tg_hexgrid grid;
	const struct lw_hex *hexes; /* sorted by id */
	size_t n_hexes;
	/* by hex id (XXYY, below LW_HEX_IDS): 1 + the hex's index in hexes,
	 * 0 for none; lw_data_hex's look-up in one read (issue 17: it was a
	 * binary search, 3 % of an action's view work) */
	const uint16_t *hex_slot;
	/* by index in hexes: the hexes next to it (tg_hex_neighbours' order),
	 * and those a rail hexside that is not impassable joins it to (9.1);
	 * 0 after the last (no hex is 0000). The rail walks read these rather
	 * than the grid's arithmetic and a hexside search per step (issue 17). */
	const int16_t (*next)[6];
	const int16_t (*rail_next)[6];
	/* by index in hexes, as next: the hexside between the hex and
	 * next[i][k] (NULL for none) and its flags (LW_HS_*, 0 for none);
	 * NULL until the loader has filled them (lw_data_next_index) */
	const struct lw_hexside *const (*next_side)[6];
	const unsigned (*next_flags)[6];
	const struct lw_hexside *hexsides; /* sorted by id */
	size_t n_hexsides;
	/* the rivers' names, each once, in the order the map first gives
	 * them; a hexside's river_bit and a hex's rivers index this */
	const char *const *rivers;
	size_t n_rivers;
	const struct lw_city *cities;
	size_t n_cities;
	/* the indexes in cities of the cities in Kentucky (2.4.3), in order */
	const int16_t *kentucky_cities;
	size_t n_kentucky_cities;
	const struct lw_general *generals;
	size_t n_generals;
	const struct lw_tco *tcos;
	size_t n_tcos;
	const struct lw_card
	    *cards[3]; /* [LW_UNION], [LW_CONFEDERATE]; cards[s][n-1] is number n */
	const struct lw_turn *turns;
	size_t n_turns;
	const struct lw_scenario *scenarios;
	size_t n_scenarios;
	struct lw_tables tables;
};

/* Load failure: stable code and a sentence naming file, item and problem. */
enum lw_data_err {
	LW_DATA_OK = 0,
	LW_DATA_EIO,     /* file missing or unreadable */
	LW_DATA_EJSON,   /* not valid JSON */
	LW_DATA_ESCHEMA, /* member missing or of the wrong type/range */
	LW_DATA_EREF,    /* refers to something that does not exist */
	LW_DATA_ERULE,   /* contradicts the rulebook structure (deck shape, adjacency...) */
	LW_DATA_ENOMEM
};
struct lw_data_error {
	enum lw_data_err code;
	char message[256];
};

/* The folder: $TG_GAME_DATA if set, else the compiled-in TG_LW_DATA_DIR. */
const char *lw_data_dir(void);
/* Loads and validates a data folder. Caller owns the result (lw_data_free). */
struct lw_data *lw_data_load(const char *dir, struct lw_data_error *err);
void lw_data_free(struct lw_data *d);
/* Process-wide copy, loaded on first call from lw_data_dir(); NULL on
 * failure (err filled). Thread-safe; never freed. */
const struct lw_data *lw_data_get(struct lw_data_error *err);

/* Lookups; NULL (or -1) when absent. lw_data_hex and lw_data_city_at are
 * one read of hex_slot each, inline (issue 17: three quarters of a million
 * calls in bench_rules 6 6's actions, half a million in bench_views 300's
 * fan-out, each mostly its call). */
static inline const struct lw_hex *lw_data_hex(const struct lw_data *d, int id)
{
	if (id >= 0 && id < LW_HEX_IDS && d->hex_slot[id])
		return &d->hexes[d->hex_slot[id] - 1];
	return NULL;
}
const struct lw_hexside *lw_data_hexside(const struct lw_data *d, int a, int b);
unsigned lw_data_hexside_flags(const struct lw_data *d, int a, int b); /* 0 if none */
int lw_data_neighbours(const struct lw_data *d, int hex, int nb[6]);   /* as tg_hex_neighbours */
/* lw_data_neighbours, and in flags[k] lw_data_hexside_flags(d, hex,
 * nb[k]) (one read of the data's lists for a data hex; issue 17) */
int lw_data_neighbours_flags(const struct lw_data *d, int hex, int nb[6], unsigned flags[6]);
/* lw_data_neighbours, and in sides[k] lw_data_hexside(d, hex, nb[k]) (one
 * read of the data's lists for a data hex; issue 17: the supply trace's
 * steps) */
int lw_data_neighbour_sides(const struct lw_data *d, int hex, int nb[6],
                            const struct lw_hexside *sides[6]);
/* The neighbours of a data hex read in place (issue 17: the supply
 * trace's steps and cavalry sum asked lw_data_neighbour_sides and
 * lw_data_neighbours_flags tens of thousands of times an action, each
 * copying six entries): the hex's index i in hexes, whose rows next[i]
 * (lw_data_neighbours' hexes, 0 after the last), next_side[i] and
 * next_flags[i] give them; -1 for a hex not in the data, or before the
 * loader has filled the rows (then ask the functions above). */
static inline int lw_data_next_index(const struct lw_data *d, int hex)
{
	if (d->next_side && d->next_flags && hex >= 0 && hex < LW_HEX_IDS && d->hex_slot[hex])
		return d->hex_slot[hex] - 1;
	return -1;
}
/* Is hex a territory of side? Kentucky and Missouri are nobody's; a
 * state is a side's territory when most of its cities that started under
 * a side started under that one (MD and DE are Union, 2.4.1); a state
 * without such cities (DE, NJ, IA): by the territory the map gives its
 * hexes (1.1's red dotted lines). Read from lw_hex.territory_of for the
 * three sides. */
bool lw_data_in_territory(const struct lw_data *d, int hex, int side);
/* The river_bit of the river named name, 0 if none is. */
uint32_t lw_data_river_bit(const struct lw_data *d, const char *name);
/* The rivers hex touches (lw_hex.rivers; 0 for a hex not on the map): hex
 * touches the river of hexside s when lw_data_hex_rivers(d, hex) &
 * s->river_bit, any river when it is not 0. */
static inline uint32_t lw_data_hex_rivers(const struct lw_data *d, int hex)
{
	return hex >= 0 && hex < LW_HEX_IDS && d->hex_slot[hex]
	           ? d->hexes[d->hex_slot[hex] - 1].rivers
	           : 0;
}
const struct lw_city *lw_data_city(const struct lw_data *d, const char *id);
static inline const struct lw_city *lw_data_city_at(const struct lw_data *d, int hex)
{
	const struct lw_hex *h = lw_data_hex(d, hex);
	return (h != NULL && h->city >= 0) ? &d->cities[h->city] : NULL;
}
int lw_data_general_index(const struct lw_data *d, const char *id);
const struct lw_general *lw_data_general(const struct lw_data *d, const char *id);
const struct lw_card *lw_data_card(const struct lw_data *d, enum lw_side side, int number);
const struct lw_scenario *lw_data_scenario(const struct lw_data *d, const char *id);
int lw_data_turn_index(const struct lw_data *d, const char *id);

bool lw_source_is_rule(const char *source); /* "rule ..." vs "reconstructed..." */
const char *lw_side_name(enum lw_side s);   /* "union", "confederate" */

#endif
