/* boal_data.h — Birth of a Legend's rules data: the map, the order of
 * battle, the set-up and the tracks, read from data/ (*.json) (README "Data").
 *
 * boal_data_load() reads one folder into a caller's struct and checks every
 * member, reference and bound; boal_data() is the process-wide copy, loaded
 * once from the module's own data folder and immutable afterwards (the one
 * process-wide value a module may keep, STYLE.md 4). Everything is in fixed
 * arrays so that the state can refer to units, leaders and bridges by index.
 */
#ifndef BOAL_DATA_H
#define BOAL_DATA_H

#include <stdbool.h>
#include <stddef.h>

#include "game.h"
#include "kit/areagraph.h"

#define BOAL_AREAS 45        /* 3.2 */
#define BOAL_UNITS_MAX 80    /* 68 counters in the basic set-up */
#define BOAL_LEADERS_MAX 24  /* 18 in the set-up */
#define BOAL_BRIDGES_MAX 16  /* 12 in the data */
#define BOAL_COMMANDS_MAX 24 /* 8 Union + 11 Confederate colours (4.3.3) */
#define BOAL_TURNS_MAX 8     /* June 25 (16.4) + June 26 - July 2 */
#define BOAL_ENTRENCH_MAX 16 /* set-up entrenchments */
#define BOAL_NAME_MAX 48
#define BOAL_ID_MAX 24

enum boal_side { BOAL_UNION = 0, BOAL_CONFEDERATE = 1 };
enum boal_utype { BOAL_INFANTRY, BOAL_ARTILLERY, BOAL_CAVALRY, BOAL_HORSE_ARTILLERY };

struct boal_area {
	char name[BOAL_NAME_MAX];
	int tem;              /* 3.2.3: +1..+4 */
	bool north;           /* north bank of the Chickahominy (for drawing and tests) */
	bool victory;         /* 3.2.6: red-circled */
	bool james_river;     /* 15.6 */
	bool gunboat_defense; /* 15.6: James River areas and White House Landing */
	int control;          /* 5.1: enum boal_side at set-up */
	int x, y;             /* position on a 100x100 sketch, for drawing */
	bool named_by_rule;   /* the text gives its name */
};

struct boal_bridge {
	int a, b;
	char name[BOAL_NAME_MAX];
	int initial; /* 15.4: the side holding it at start */
	bool by_rule;
};

struct boal_command {
	int side;
	char id[BOAL_ID_MAX];
	char name[BOAL_NAME_MAX];
	bool independent; /* black factors (4.3.1, 4.3.3) */
	bool optional;    /* 16.5 McDowell: not in play */
};

struct boal_unit {
	char id[BOAL_ID_MAX];
	char name[BOAL_NAME_MAX];
	int side, type, command; /* command: index into commands */
	int attack, defense, move;
	int setup; /* area */
	bool reduced;
	int reduced_attack, reduced_defense, reduced_move; /* 15.5 */
	bool factors_by_rule;
};

struct boal_leader {
	char id[BOAL_ID_MAX];
	char name[BOAL_NAME_MAX];
	int side;
	bool army;              /* Lee, McClellan */
	int command;            /* index into commands; -1 for an Army Leader */
	int initiative, combat; /* combat 0 for an Army Leader (4.4.1) */
	int setup;
};

struct boal_entrench {
	int area, side, level;
};

struct boal_data {
	struct tg_areagraph graph;
	struct boal_area area[BOAL_AREAS + 1]; /* 1..45 */
	int n_bridges;
	struct boal_bridge bridge[BOAL_BRIDGES_MAX];
	int n_commands, n_units, n_leaders;
	struct boal_command command[BOAL_COMMANDS_MAX];
	struct boal_unit unit[BOAL_UNITS_MAX];
	struct boal_leader leader[BOAL_LEADERS_MAX];
	int leader_mf; /* 9.1.2 */
	/* setup.json */
	int n_entrench;
	struct boal_entrench entrench[BOAL_ENTRENCH_MAX];
	int train_area;      /* 5.2.1 */
	int first_turn;      /* index into turns: June 26 (5.1) */
	int advantage;       /* 5.1: side holding it */
	int advantage_space; /* 5.1: impulse space */
	int rp[2];           /* 5.1 */
	/* tracks.json */
	int n_turns;
	char turn_label[BOAL_TURNS_MAX][16];
	bool turn_optional[BOAL_TURNS_MAX];
	int impulse_first, impulse_last;                                        /* 3.4 */
	int record_max;                                                         /* 3.5 */
	int entrench_markers[2];                                                /* 11.0 */
	int stacking_max;                                                       /* 7.1 */
	int bridge_crossing_max;                                                /* 9.5.2 */
	int lee_active_on, mcclellan_active_on, train_moved_drm;                /* 6.2.1 */
	int rp_confederate, rp_union_landing, rp_union_otherwise, rp_advantage; /* 13.3 */
	int train_transit_days;                                                 /* 6.2.2 */
	struct {
		int vacant, vacant_by_fresh_artillery, only_exhausted, fresh_enemy;
		int contested_exhausted, contested_fresh;
	} move_cost; /* 9.2, 10.3 */
	struct {
		int fresh_exhausted, fresh_eliminated, exhausted_retreats, fresh_exhausted_retreats,
		    exhausted_eliminated;
	} cp;        /* 10.6 */
	int rain_on; /* 15.1 */
};

/* Reads dir/{map,units,setup,tracks}.json into d. 0, or -1 with err
 * (TG_E_DATA, "file: item: problem"). */
int boal_data_load(const char *dir, struct boal_data *d, struct tg_error *err);

/* The module's data, loaded once from its data folder; NULL (err filled)
 * when it cannot be read. Thread-safe. */
const struct boal_data *boal_data(struct tg_error *err);

/* Lookups by id: index, or -1. */
int boal_data_unit(const struct boal_data *d, const char *id);
int boal_data_leader(const struct boal_data *d, const char *id);
int boal_data_command(const struct boal_data *d, int side, const char *id);
/* The bridge on the boundary a-b, or -1. */
int boal_data_bridge(const struct boal_data *d, int a, int b);

const char *boal_side_name(int side);

#endif
