/* telegraph: the terminal client, knowing the games telegraphd offers (for
 * offline `verify`). */
#include "cli.h"

int main(int argc, char **argv)
{
	return cli_main(argc, argv, tg_game_registry);
}
