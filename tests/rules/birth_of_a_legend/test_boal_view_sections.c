/* test_boal_view_sections.c — Birth of a Legend's view in sections (game.h
 * "The view in sections"), checked as the daemon keeps it
 * (tests/unit/view_sections_check.h): random games of 2,000 random offered
 * actions; after every one, for both players and the observer, the kept
 * view brought up to date by the sections whose stamp moved is byte for
 * byte the full view(), and its patch applied to the previous view gives
 * it (issue 17's test, for every game). */
#include "birth_of_a_legend/boal_module.h"
#include "view_sections_check.h"

int main(void)
{
	static const char *const roles[] = {"union", "confederate", "observer"};
	static const char *const scenarios[] = {"seven-days", "seven-days"};
	view_sections_check(&birth_of_a_legend_module, roles, scenarios, 2000);
	return tap_done();
}
