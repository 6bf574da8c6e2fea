/* telegraph: the terminal client, knowing the games telegraphd offers (for
 * offline `verify`). */
#include "cli.h"
#include "tg_build_commit.h"
#include "util/build_info.h"

int main(int argc, char **argv)
{
	tg_build_commit = TG_BUILD_COMMIT;
	return cli_main(argc, argv, tg_game_registry);
}
