/* lw_groups.h — one activation's force as separate groups (12.0, 12.5,
 * 12.8) and the campaign forces designated in advance (10.7.3), embedded in
 * struct lw_state as `groups` and saved as "groups" by lw_groups_save().
 *
 * The march (lw_march.c) moves one group at a time, one hex per action:
 * generals left behind ("detach") wait in their hex with what their group
 * had used of its allowance and may then move as a separate group
 * ("next_group") once the group moving now has finished its move and its
 * combat (12.0: "each unit or stack must complete its movement and resolve
 * any combat before moving another unit"). Every general that belonged to
 * the activated force during the activation is listed, so that a group may
 * not re-enter the force it was dispersed from (12.5, 18.2). The generals
 * drawn in by a GiC's consolidation move (11.1.3.2) are listed with the hex
 * they came from.
 */
#ifndef LW_GROUPS_H
#define LW_GROUPS_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

#define LW_GROUP_FORCE 48 /* generals of one activated force over an activation */

/* lw_groups.limits bits: what the group had done when the general was left */
#define LW_GL_MAJOR 0x01    /* Major Army restrictions (12.3, 12.3.4) */
#define LW_GL_MOUNTAIN 0x02 /* entered a mountain hex (15.0) */
#define LW_GL_RIVER 0x04    /* crossed a river (12.3.1) */

struct lw_groups {
	/* 12.5: the generals of the activated force during this activation */
	int16_t unit[LW_GROUP_FORCE];
	int16_t hex[LW_GROUP_FORCE]; /* where he was left */
	/* 11.1.3.2: the hex a general drawn in by the GiC's consolidation move
	 * came from (he may be sent back there, lw_consolidation.c); 0 for the
	 * others */
	int16_t from[LW_GROUP_FORCE];
	/* 10.7.3.1: both campaign forces are designated before either moves */
	int16_t camp_co[2]; /* their COs (unit index; -1 for none) */
	uint8_t n;
	/* per listed general: 1 while he waits to move as a separate group */
	uint8_t wait[LW_GROUP_FORCE];
	uint8_t moved[LW_GROUP_FORCE];    /* hexes his group had moved when he was left */
	uint8_t max_move[LW_GROUP_FORCE]; /* his group's allowance (12.1-12.3) */
	uint8_t limits[LW_GROUP_FORCE];   /* LW_GL_* */
	uint8_t camp_n;                   /* forces designated: 0 (not yet), 1 or 2 */
	int8_t camp_region[2];            /* the region each must end its movement in */
	int8_t camp_now;                  /* the designated force moving now, -1 none */
	uint8_t spare;                    /* (no padding: the state is compared bytewise) */
};

/* Empty: nothing listed, no campaign designated. */
void lw_groups_reset(struct lw_groups *g);
/* A new activated force: the list emptied, the campaign kept. */
void lw_groups_new_force(struct lw_groups *g);
/* Generals waiting to move as a separate group. */
int lw_groups_waiting(const struct lw_groups *g);
/* Index of unit u in the list, or -1. */
int lw_groups_find(const struct lw_groups *g, int u);
/* Adds u to the list (not waiting); false when the list is full. */
bool lw_groups_add(struct lw_groups *g, int u);

json_t *lw_groups_save(const struct lw_groups *g);
struct tg_jw; /* kit/json_text.h */
/* The same written as text (game.h save_text): the bytes of the tree
 * above, member for member. */
void lw_groups_save_text(struct tg_jw *w, const struct lw_groups *g);
/* 0, or -1 if not a valid block. NULL (a save from before) loads as empty. */
int lw_groups_load(struct lw_groups *g, const json_t *saved, int n_units);

#endif
