/* lw_theater.h — 10.7.3.2 Dual-Theater Secret Campaigns: the player names
 * the theater of each campaign force.
 *
 * "Campaigns conducted by this manner MUST take place in two separate
 * theaters of the player's choice ... both activated forces must ... end
 * their movement in two separate theaters." Right after the forces are
 * designated (campaign_forces, 10.7.3.1 "before any movement or battle",
 * which "All other rules regarding theater operations" brings in) and
 * before either moves, the player names each force's theater, one of the
 * five campaign regions (docs/decisions.md "Campaign regions (10.7.3)": why here and not at the
 * card's play):
 *
 *   {"type":"campaign_theater","general":ID,"theater":T}
 *
 * T one of "eastern", "up_north", "kentucky_tennessee", "down_south",
 * "trans_mississippi", offered (params) only among the theaters the force
 * can still end its movement in (lw_campaign_reach_force), not the one the
 * other force named, and not one that would leave the other force none.
 * The name goes into groups.camp_region and the force is then held to it
 * as a Special Campaign force is to the card's region (lw_campaign.c). The
 * names are public: the card's play is announced and they are logged and
 * shown in the view's play block.
 */
#ifndef LW_THEATER_H
#define LW_THEATER_H

#include "lw_engine.h"

struct tg_offers; /* kit/offer.h */

/* Is a Dual-Theater force designated whose theater is not named yet? No
 * force moves while one is (lw_card_checks.c refuses the activation). */
bool lw_theater_pending(const struct lw_state *s);
/* The naming prompts: one entry per designated force still unnamed. */
void lw_theater_offer(const struct lw_state *s, int side, struct tg_offers *list);
/* campaign_theater: 0, or -1 with err. */
int lw_theater_act(struct lw_state *s, int side, const json_t *a, struct tg_error *err);
/* The regions named for the designated campaign forces, in designation
 * order ("eastern", ...; null while unnamed), for the view; null when no
 * force is designated. */
json_t *lw_theater_view(const struct lw_state *s);

#endif
