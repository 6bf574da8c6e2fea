/* test_view_sections_fixture.c — the fixture game's view in sections,
 * checked as the daemon keeps it (view_sections_check.h): random games of
 * 4,000 random offered actions (commits and notes, so that the secret
 * commit, the reveal and the log all change). */
#include "fixture_game.h"
#include "view_sections_check.h"

int main(void)
{
	static const char *const roles[] = {"alpha", "beta", "observer"};
	static const char *const scenarios[] = {"standard", "sprint"};
	view_sections_check(&fixture_duel_module, roles, scenarios, 4000);
	return tap_done();
}
