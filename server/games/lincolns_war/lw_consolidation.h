/* lw_consolidation.h — 11.1.3.2 the General in Chief's Consolidation Move,
 * in the MOVE step of the GiC's activation (lw_ops.c routes it).
 *
 * Actions of the phasing player:
 *   {"type":"consolidate","general":ID}      draw this general of an adjacent
 *                                            hex into the GiC's hex ("any or
 *                                            all": one action per general;
 *                                            the first one starts the move)
 *   {"type":"consolidate_done","remove_it":N} the generals are drawn in: up to
 *                                            three of their IT go (18.2; N is
 *                                            asked when some may go)
 *   {"type":"consolidate_return","general":ID} while the GiC's hex is over the
 *                                            stacking limit: a general drawn in
 *                                            goes back where he came from
 *
 * State: play.consolidated (0 possible, 2 choosing, 1 done), play.cons_hex
 * (the hex the temporary overstack may stand in) and groups.from (where each
 * general drawn in came from). "The end of the GiC's move" is the end of
 * the move of the group he consolidated into (12.8): that group may not end
 * its move (stop, attack, revive, raid, landing) while its hex is over the
 * limit; it may step out of it only leaving a legal stack behind and
 * entering a legal one (lw_move_check), or send generals back.
 */
#ifndef LW_CONSOLIDATION_H
#define LW_CONSOLIDATION_H

#include "lw_engine.h"

struct tg_offers; /* kit/offer.h */

/* Is the GiC choosing the generals he draws in (only the consolidation's
 * actions are offered)? */
bool lw_consolidation_choosing(const struct lw_state *s);
/* Is the temporary overstack open: the consolidating group still in the
 * GiC's hex (play.cons_hex)? The stacking limit may be exceeded there. */
bool lw_consolidation_open(const struct lw_state *s);
/* ... and is that hex over the limit now? */
bool lw_consolidation_overstacked(const struct lw_state *s);
/* The consolidating group leaves the hex or ends its move: the temporary
 * overstack is over (the march checked the stacking). */
void lw_consolidation_close(struct lw_state *s);

/* The MOVE step's offers while the phasing side's GiC may consolidate, is
 * consolidating or has to meet the limit again: the consolidation's own
 * entries, then the march's (only "move" and "detach" while over the
 * limit; none while choosing). */
void lw_consolidation_move_offer(const struct lw_state *s, int side, struct tg_offers *list);
/* The handlers of "consolidate", "consolidate_done" and
 * "consolidate_return" (0 done, -1 refused with err), named by lw_card_play.c's
 * table of the MOVE step's actions. */
int lw_consolidation_join_act(struct lw_state *s, int side, const json_t *a,
                              struct game_outcome *out, struct tg_error *err);
int lw_consolidation_done_act(struct lw_state *s, int side, const json_t *a,
                              struct game_outcome *out, struct tg_error *err);
int lw_consolidation_return_act(struct lw_state *s, int side, const json_t *a,
                                struct game_outcome *out, struct tg_error *err);
/* Any other MOVE action of `side`, whose row of the MOVE step's table has
 * `flags` (0 for a type no row declares): 0 when the consolidation lets it
 * through, -1 with err while the GiC is choosing, or while his hex is over
 * the limit and the row is not flagged LW_MARCH_OUT (a step out of the
 * hex, "move", or generals left behind, "detach"). */
int lw_consolidation_gate(const struct lw_state *s, int side, unsigned flags, struct tg_error *err);
/* The MOVE step's prompt while consolidating or over the limit, else NULL. */
const char *lw_consolidation_prompt(const struct lw_state *s);

#endif
