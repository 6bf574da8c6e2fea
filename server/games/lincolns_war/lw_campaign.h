/* lw_campaign.h — 10.7.3 where a campaign force ends its movement.
 *
 * 10.7.3.1: "Both forces must end their movement in the region named on the
 * campaign card"; 10.7.3.2: "both activated forces ... must end their
 * movement in two separate theaters" (the five regions of 10.7.3.1). The
 * text judges only where the movement ends, so a force may be designated
 * outside the region and its path may pass outside it. The engine keeps the
 * player able to finish: a step (lw_move_check), a general left behind
 * (detach), the end of a group's move (stop, attack, revive, raid) or of the
 * activation with generals left waiting is refused when it would leave a
 * general of the force outside the region while a legal way in still
 * exists. Where nothing the player can do brings a group into the region
 * any more (the way closed after the designation by the other force, a
 * battle, harassment), it may end where it is: the player is never left
 * without a legal action. An amphibious landing or assault (which ends the
 * movement) is always judged by its hex.
 *
 * Reach is searched over copies of the state with the engine's own
 * transitions for the rest of the activation (lw_march_step_apply with
 * lw_border_enter, lw_march_detach_apply, lw_march_pickup_apply, a water
 * move where lw_amphib_check allows it, the end of a group's move,
 * lw_march_group_setup for the next group, the end of the activation), the
 * campaign refusals off inside it: a way is open when some sequence ends
 * every general of the force still to move in the region (one theater).
 * Memoised on a canonical key of the force, bounded by the allowances and
 * by a cap of expanded nodes per question (unproven counts as a way). Rail
 * is no part of it (9.0: the Rail Phase comes before the card play), nor
 * harassment (13.2.5: the opponent's choice, and its IT close no way).
 */
#ifndef LW_CAMPAIGN_H
#define LW_CAMPAIGN_H

#include "lw_engine.h"

/* Region bits (1u << enum lw_region); the five theaters of 10.7.3.2. */
#define LW_CAMP_BIT(r) ((r) > LW_REGION_NONE && (r) < LW_REGION_COUNT ? 1u << (r) : 0u)
#define LW_CAMP_THEATERS 0x3Eu

/* Regions the campaign force moving now may end its movement in (bits);
 * 0 outside a campaign (no restriction). */
unsigned lw_campaign_allowed(const struct lw_state *s);
/* The regions (bits) of `want` in which every general of force u of `side`
 * could end his movement if it were activated now, alone (standing, by
 * land, by water, split into groups as the engine allows). The search
 * stops once `need` regions of `want` are found. */
unsigned lw_campaign_reach_force(const struct lw_state *s, int side, int u, unsigned want,
                                 int need);
/* lw_campaign_reach_force's answer, kept by the state's bytes (all but the
 * log's lines), the side, want and need: a question asked again of the
 * same state, on any thread, is not searched again (the designation's
 * offer asks it of every force, the action of one or two). */
unsigned lw_campaign_reach_force_kept(const struct lw_state *s, int side, int u, unsigned want,
                                      int need);
/* The regions (bits) of `want` in which every general of the activated
 * force still to move (the movers and the generals waiting to move, 12.8)
 * can still end his movement on this activation. */
unsigned lw_campaign_reach_now(const struct lw_state *s, unsigned want);

/* The cost of the reach questions, for tests and benchmarks (the rules
 * keep no figures and read no clock: a caller asks again and times it). */
struct lw_reach_stats {
	long nodes;   /* nodes expanded */
	bool capped;  /* the cap cut the search somewhere */
	bool way;     /* a way is open (some action keeps one; some region reached) */
	int asked;    /* actions judged (the movement question), regions searched */
	int unproven; /* of which the cap left undecided (counted as a way) */
};
/* The question the movement checks of s ask (what each action of the
 * moment leaves: a step, stop, a general left behind, the end of the
 * activation), asked afresh, its cost in st; false (st zero) when none
 * arises (no campaign force moving). */
bool lw_campaign_reach_probe(const struct lw_state *s, struct lw_reach_stats *st);
/* The searches the movement checks (lw_campaign_*_check) have run on this
 * thread so far, not counting the answers found kept: a test reads it to
 * see that a state asked about again is not searched again. */
long lw_campaign_reach_computed(void);
/* The searches lw_campaign_reach_force_kept has run on this thread so far,
 * not counting the answers found kept (for tests, as above). */
long lw_campaign_force_computed(void);
/* lw_campaign_reach_force, its cost in st (NULL: none). */
unsigned lw_campaign_reach_force_stats(const struct lw_state *s, int side, int u, unsigned want,
                                       int need, struct lw_reach_stats *st);

/* 0 if the group moving now may step into `to` (after the march's other
 * checks): into its region, or out of it with a way to end inside. */
int lw_campaign_step_check(const struct lw_state *s, int to, struct tg_error *err);
/* 0 if the group moving now may end its movement where it stands (stop,
 * attack, revive, raid). */
int lw_campaign_stop_check(const struct lw_state *s, struct tg_error *err);
/* 0 if an amphibious landing or assault ending the movement in hex is
 * allowed (hex in the region). */
int lw_campaign_end_check(const struct lw_state *s, int hex, struct tg_error *err);
/* 0 if mover u may be left behind where the group stands (12.8). */
int lw_campaign_detach_check(const struct lw_state *s, int u, struct tg_error *err);
/* 0 if the activation may end with the generals left waiting where they
 * are (stop with no group moving, 12.8). */
int lw_campaign_leave_check(const struct lw_state *s, struct tg_error *err);

#endif
