/* telegraphd: the play-by-server daemon. Everything but the table of games
 * offered lives in the libraries (core/daemon.c), so that test builds can
 * start the same daemon with a fixture game added. */
#include "core/daemon.h"
#include "tg_build_commit.h"
#include "util/build_info.h"

int main(int argc, char **argv)
{
	tg_build_commit = TG_BUILD_COMMIT;
	return tg_daemon_main(argc, argv, tg_game_registry);
}
