/* lw_march.h — 12.0 movement over the game state: the MOVE step.
 *
 * The engine (lw_engine.h) starts a march with lw_march_begin() once a CO is
 * activated, offers lw_march_offer() while s->step == LW_ST_MOVE and routes
 * the actions to lw_march_act(). Actions of the phasing player:
 *   {"type":"move","to":HEX}       one hex (12.1-12.3, 12.5, 15.0)
 *   {"type":"attack","target":HEX} declare a battle (16.1): lw_battle_flow.c
 *   {"type":"detach","unit":ID}    leave a general behind (12.8)
 *   {"type":"pickup"}              take the force in this hex along (12.5)
 *   {"type":"revive"}              stop here and remove IT (18.2)
 *   {"type":"stop"}                end the group's move (with nobody moving:
 *                                  end the activation, 12.8)
 *   {"type":"next_group","hex":H}  the generals left at H move on as a
 *                                  separate group (12.0, 12.8; lw_groups.h)
 * A group may not re-enter the force it was dispersed from (12.5), the parts
 * of a Major Army dispersed to cross the Mississippi may not rejoin on the
 * same card play (12.3.1, play.mis_*), and a campaign force ends its
 * movement in its region (10.7.3, lw_campaign.h).
 * When the last group has finished, lw_card_continue() (engine) takes over.
 */
#ifndef LW_MARCH_H
#define LW_MARCH_H

#include "lw_engine.h"
#include "lw_move.h"

/* The hex the movers stand in (LW_NO_HEX if none). */
int lw_march_hex(const struct lw_state *s);
/* 0 if the movers may step into hex `to` now, else -1 with err citing the rule. */
int lw_move_check(const struct lw_state *s, int to, struct tg_error *err);
/* 12.5 re-entry and 12.3.1 no rejoining: 0 if the movers may end up in hex
 * (a step, a landing), else -1 with err citing the rule. */
int lw_march_entry_check(const struct lw_state *s, int hex, struct tg_error *err);
/* 12.3.1: the part (1..) of the Major Army dispersed across the Mississippi
 * earlier in this card play that general u belongs to (play.mis_*), 0 if
 * none. */
int lw_march_mis_part(const struct lw_state *s, int u);
/* 12.3.1: would the generals add[0..n) (of the phasing side), standing in
 * hex with the side's other generals there, bring a part of such an army
 * together with another part? */
bool lw_march_mis_rejoins(const struct lw_state *s, int hex, const int *add, int n);
/* Would a step into `to` stop the movers there (12.5/12.9 joining a CO of
 * equal or higher rank, 16.9.5.2 joining a siege)? */
bool lw_march_step_stops(const struct lw_state *s, int to);
/* 12.4: do the movers stand, in the middle of their move, in a hex over
 * the stacking limits (passing through it; not 11.1.3.2's consolidation)? */
bool lw_march_overstacked(const struct lw_state *s);
/* 12.4: 0 if the moving group may end its move where it stands: not while
 * it passes through a hex over the limits and a step leads out (else -1
 * with err citing the rule). */
int lw_march_stop_check(const struct lw_state *s, struct tg_error *err);
/* 12.8: the generals of the activation waiting at hex become the movers
 * (their group's allowance used and limits); returns how many (0: none). */
int lw_march_group_setup(struct lw_state *s, int hex);
/* The engine's own transitions of the march, shared by its actions and the
 * 10.7.3 reach search (lw_campaign.c), without log or prompt:
 * lw_march_step_apply: the movers step into `to` (lw_move_check passed):
 * the allowance used, their hex; true when the step stops them (12.5/12.9,
 * 16.9.5.2). The caller applies 2.4 (lw_border_enter) and the rest.
 * lw_march_detach_check: 0 if mover u may be left behind now (12.8, 10.7.4;
 * not the campaign's judgement, lw_campaign_detach_check).
 * lw_march_detach_apply: u is left behind with `carry` IT (18.2), waiting
 * with what is left of the allowance.
 * lw_march_pickup_possible / _apply: 12.5 the movers take along the force
 * in their hex. */
bool lw_march_step_apply(struct lw_state *s, int to);
int lw_march_detach_check(const struct lw_state *s, int u, struct tg_error *err);
void lw_march_detach_apply(struct lw_state *s, int u, int carry);
bool lw_march_pickup_possible(const struct lw_state *s);
void lw_march_pickup_apply(struct lw_state *s);
/* 0 if the movers may attack hex `target` now (16.1, 12.3.2, 15.0, 10.6.6). */
int lw_attack_target_check(const struct lw_state *s, int target, struct tg_error *err);
/* The hexside crossed from a to b, as the pure rules see it. */
void lw_hexstep_between(const struct lw_state *s, int a, int b, bool major_now,
                        struct lw_hexstep *st);
/* Is the group of units (all of one side, in one hex) a Major Army now? */
bool lw_group_is_major(const struct lw_state *s, const int16_t *units, int n);
/* 12.4 / 13.1.1: would the units of `side` at hex, without `leaving`, stack
 * legally? 0 or -1 (err may be NULL). */
int lw_stack_check_without(const struct lw_state *s, int hex, int side, const int *leaving,
                           int n_leaving, struct tg_error *err);
/* 12.4 / 16.6.4: the smallest departure from hex that leaves the units of
 * `side` there stacking legally, searched over the subsets of u[0..n-1]
 * (n is cut to LW_FEWEST_MAX; callers cut it lower to bound the search).
 * A subset counts only if it holds every u[i] whose bit i is set in `must`.
 * Its cost is its generals (by_stars false) or their stars (by_stars true).
 * in_best[i] (n entries) marks u[i] when some subset of the least cost
 * holds him. Returns that least cost; -1 when the hex stacks legally
 * already, 0 when no subset makes it legal (in_best all false either way). */
#define LW_FEWEST_MAX 16
int lw_stack_fewest_to_leave(const struct lw_state *s, int hex, int side, const int *u, int n,
                             unsigned must, bool by_stars, bool *in_best);
/* After a demotion, a disgrace or a death left the hex overstacked (12.4) or
 * with cavalry outranking its CO (13.1.1): lw_fix_overstack (lw_displace.c),
 * the 11.1.2.3 displacement, the owner choosing who and where afterwards. */
void lw_unstack(struct lw_state *s, int hex, int side);
/* lw_unstack on every occupied hex (after a phase that may relocate a new
 * GiC, 11.1.2.3, or demote generals anywhere). */
void lw_unstack_all(struct lw_state *s);

/* Ends the movers' march (12.10 supply regained, 10.7.8.1) and hands the
 * card play back to the engine (lw_card_continue). */
void lw_march_finish(struct lw_state *s, struct game_outcome *out);
/* 12.5: the movers joined a friendly CO of equal or higher rank: their move
 * ends; when 18.2 lets them remove the IT of the force joined, the MOVE
 * step first offers `revive` or `stop`, else the march finishes now. */
void lw_march_joined(struct lw_state *s, struct game_outcome *out);
/* 10.7.8.2: "Once per turn, if a Union force moves adjacent to Richmond in
 * any way": one PC, the first time this turn that side's force enters hex
 * next to Richmond (march, amphibious landing). */
void lw_march_richmond_bonus(struct lw_state *s, int side, int hex);
/* The movement record of the movers, from s->play and s->land. */
void lw_march_track(const struct lw_state *s, struct lw_move_track *t);

#endif
