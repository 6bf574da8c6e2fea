/* lw_it.h — 18.0 Immobilization Tokens: the accounting, independent of the
 * game state. IT always sit on a whole force (18.1.1), never on one general.
 */
#ifndef LW_IT_H
#define LW_IT_H

#include <stdbool.h>

/* 18.1 / 10.6.2: one more PC to activate a CO whose force carries more IT
 * than his stars (only one, however many more). */
int lw_it_activation_extra(int force_it, int co_stars);

/* 18.2: the most IT that detached generals may carry away: no more than
 * their stars (and no more than the force has). */
int lw_it_detach_max(int force_it, int detached_stars);

/* 18.2: IT a force without IT may remove on joining an IT-encumbered force:
 * up to the rank of the joining CO (a GiC consolidating: up to three). A
 * joining force that carries IT removes none. */
int lw_it_join_removal_max(int joiner_it, int joiner_co_stars, bool gic_consolidation,
                           int target_it);

/* 18.2: IT removal with PC is not allowed in 1861. */
bool lw_it_pc_removal_allowed(int year);

/* 20.4: demotions owed for IT accumulation: one per five IT. */
int lw_it_demotions_owed(int force_it);

#endif
