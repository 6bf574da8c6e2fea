/* lw_battle_internal.h — private to the lw_battle_*.c files: what the steps of
 * a battle (16.0) share. The procedure and its order are in lw_battle_flow.c's
 * header comment; the engine's seams are lw_engine.h, lw_siege.h and
 * lw_resource_events.h. Nothing else includes this header. */
#ifndef LW_BATTLE_INTERNAL_H
#define LW_BATTLE_INTERNAL_H

#include "lw_advance.h"
#include "lw_combat.h"
#include "lw_it.h"
#include "lw_march.h"
#include "lw_resource_events.h"
#include "lw_tco.h"
#include "lw_terrain.h"

struct tg_offers; /* kit/offer.h */

/* lw_battle_group.c: the groups in battle, their CO and IT */
int def_side(const struct lw_state *s);
void set_barrier(struct game_outcome *out);
int group_units(const struct lw_state *s, int side, int out[LW_MAX_UNITS]);
int group_it(const struct lw_state *s, int side);
bool group_cav(const struct lw_state *s, int side, bool *all);
bool outranks(const struct lw_unit *x, const struct lw_unit *y);
int group_co(const struct lw_state *s, int side);
void add_it(struct lw_state *s, int side, int n);
bool in_virginia(int hex);
void follow_tco(struct lw_state *s, int u, int hex, const int *before, int nb);

/* lw_battle_flow.c: the end of the battle, back to the march */
void battle_end(struct lw_state *s, struct game_outcome *out, const int *movers, int n);

/* lw_battle_results.c: reveal, totals, results (16.3-16.6.5) */
bool cs_csp_barred(const struct lw_state *s, int side);
void reveal(struct lw_state *s, struct game_outcome *out);
void after_casualties(struct lw_state *s, struct game_outcome *out);
void reversal_finish(struct lw_state *s, struct game_outcome *out);

/* lw_battle_casualty.c: casualty checks (16.8) and owner's demotions */
void draw_casualty_cards(struct lw_state *s, bool att, bool def, bool disasters);
int casualty_candidates(const struct lw_state *s, int side, int out[LW_MAX_UNITS]);
int redirect_candidates(const struct lw_state *s, int side, int want, int out[LW_MAX_UNITS]);
bool hold_for_command(struct lw_state *s, int at);
void next_casualty(struct lw_state *s, struct game_outcome *out);
int act_casualty(struct lw_state *s, const json_t *a, struct game_outcome *out,
                 struct tg_error *err);
bool demote_begin(struct lw_state *s, int side, int why, const int *cand, int n);
int act_demote(struct lw_state *s, const json_t *a, struct game_outcome *out, struct tg_error *err);
void offer_demote(const struct lw_state *s, struct tg_offers *list);

/* lw_battle_retreat.c: the retreat (16.9) and the routed attacker's (16.6.4) */
int retreat_options(const struct lw_state *s, int side, int from, const int *units, int n,
                    int out[6]);
int water_options(const struct lw_state *s, int opts[6]);
int retreat_set(const struct lw_state *s, int set[LW_MAX_UNITS], int opts[6], int *nopts);
bool divide_open(const struct lw_state *s);
int divide_options(const struct lw_state *s, int u, int out[6]);
bool rout_split_open(const struct lw_state *s);
int split_options(const struct lw_state *s, int u, int out[6]);
void retreat_next(struct lw_state *s, struct game_outcome *out);
void start_retreat(struct lw_state *s, int side, int stage);
int act_retreat(struct lw_state *s, const json_t *a, struct game_outcome *out,
                struct tg_error *err);
int oretreat_units(const struct lw_state *s, int out[LW_MAX_UNITS]);
bool oretreat_next(struct lw_state *s);

/* lw_battle_advance.c: the advance after combat (16.10) */
void advance_or_end(struct lw_state *s, struct game_outcome *out);
/* Has a defender come back into the battle hex since the advance was
 * offered (a new GiC placed there, 11.1.2.3)? Then nobody advances. */
bool advance_hex_retaken(const struct lw_state *s);
void end_or_defender_advance(struct lw_state *s, struct game_outcome *out);
/* the advance's handlers (rows of lw_battle_flow.c's tables): the victor's
 * advance or decline, the defender's advance or stay (16.10.1) */
int act_advance(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                struct tg_error *err);
int act_advance_decline(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                        struct tg_error *err);
int act_dadvance(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                 struct tg_error *err);
int act_dadvance_stay(struct lw_state *s, int side, const json_t *a, struct game_outcome *out,
                      struct tg_error *err);
void offer_dadvance(const struct lw_state *s, struct tg_offers *list);

#endif
