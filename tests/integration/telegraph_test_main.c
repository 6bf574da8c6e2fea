/* telegraph_test: the terminal client knowing the fixture game as well, so
 * that the integration tests can `verify` records of fixture-duel matches.
 * (The shipped `telegraph` knows only the games users are offered.) */
#include "cli.h"
#include "fixture_game.h"

int main(int argc, char **argv)
{
	return cli_main(argc, argv, tg_test_game_registry);
}
