/* lw_it.c — 18.0 Immobilization Tokens (see lw_it.h). */
#include "lw_it.h"

int lw_it_activation_extra(int force_it, int co_stars)
{
	/* 18.1: "carrying more IT than his star rank takes one additional PC" */
	return force_it > co_stars ? 1 : 0;
}

int lw_it_detach_max(int force_it, int detached_stars)
{
	/* 18.2: "may only be assigned IT equal to or less than the number of the
	 * detached stars" */
	if (force_it < 0)
		return 0;
	return force_it < detached_stars ? force_it : detached_stars;
}

int lw_it_join_removal_max(int joiner_it, int joiner_co_stars, bool gic_consolidation,
                           int target_it)
{
	/* 18.2: only "a general or force without IT" revives another; a GiC
	 * consolidating, "if unencumbered himself", removes up to three. */
	if (joiner_it > 0 || target_it <= 0)
		return 0;
	int n = gic_consolidation ? 3 : joiner_co_stars;
	return n < target_it ? n : target_it;
}

bool lw_it_pc_removal_allowed(int year)
{
	return year >= 1862; /* 18.2 / 10.6.3 */
}

int lw_it_demotions_owed(int force_it)
{
	return force_it > 0 ? force_it / 5 : 0; /* 20.4 */
}
