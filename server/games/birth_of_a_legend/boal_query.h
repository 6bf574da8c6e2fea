/* boal_query.h — read-only questions about a Birth of a Legend state:
 * 7.1 stacking, 7.2-7.5 control and its adjectives, the 13.3.1 / 14 path
 * traces through friendly-Controlled Areas, and the 14.1-14.3 victory
 * checks as conditions of the state (when they are checked is the
 * sequence of play's business). */
#ifndef BOAL_QUERY_H
#define BOAL_QUERY_H

#include "boal_rules.h"
#include "boal_state.h"

/* 7.1: units (not leaders or markers) of side in area a */
int boal_units_in(const struct boal_state *s, const struct boal_data *d, int side, int a);
int boal_fresh_units_in(const struct boal_state *s, const struct boal_data *d, int side, int a);
bool boal_fully_stacked(const struct boal_state *s, const struct boal_data *d, int side, int a);
/* 7.3: units of both sides */
bool boal_contested(const struct boal_state *s, const struct boal_data *d, int a);
/* 7.4: no enemy units (of side's enemy) */
bool boal_vacant(const struct boal_state *s, const struct boal_data *d, int side, int a);
/* 7.5: Vacant and under side's Control */
bool boal_free(const struct boal_state *s, const struct boal_data *d, int side, int a);

/* A path of side-Controlled areas from `from` to `to`, both included,
 * crossing no destroyed bridge (README decision 22). */
bool boal_trace(const struct boal_state *s, const struct boal_data *d, int side, int from, int to);
/* 13.3.1: a unit in area a may take replacements. */
bool boal_replacement_eligible(const struct boal_state *s, const struct boal_data *d, int side,
                               int a);

#define BOAL_RICHMOND 44
#define BOAL_WHITE_HOUSE 17
#define BOAL_HARRISONS 27
#define BOAL_MALVERN 35
#define BOAL_PROVIDENCE 19

/* 14.1: a Fresh Union unit in Richmond traces to the Supply Train. */
bool boal_union_automatic(const struct boal_state *s, const struct boal_data *d);
/* 14.2, first form: both landings Confederate-controlled, each tracing to
 * Richmond. (The second form, a landing captured with the train present,
 * is an event of the assault.) */
bool boal_confederate_automatic(const struct boal_state *s, const struct boal_data *d);
/* 14.3: the Confederate holds what the July 2nd check asks. */
bool boal_confederate_final(const struct boal_state *s, const struct boal_data *d);

/* 10.7.2 Retreat Priorities for a unit of side leaving `from`:
 * "1) Free Area ... Units may not retreat into an enemy-controlled Area even
 * if free of enemy units. 2) Friendly-Controlled, Contested Area 3)
 * Fully-stacked Area". Fills out[] with the areas of the best class open
 * and returns how many (the owner chooses among ties); 0: the unit is
 * eliminated (10.7.4). A fully-stacked area is passed through, not ended
 * in (README decision 12): class 3 gives the Free, then Contested areas
 * beyond it. A boundary is crossed as by a path trace (decision 22). */
int boal_retreat_options(const struct boal_state *s, const struct boal_data *d, int side, int from,
                         int out[TG_AREA_MAX]);

/* 15.4.2 / 15.4.3: how area a counts for side's demolition or repair dr. */
enum boal_bridge_area boal_bridge_area_status(const struct boal_state *s, const struct boal_data *d,
                                              int side, int a);

#endif
