/* telegraphd: the play-by-server daemon. Everything but the table of games
 * offered lives in the libraries (core/daemon.c), so that test builds can
 * start the same daemon with a fixture game added. */
#include "core/daemon.h"

int main(int argc, char **argv)
{
	return tg_daemon_main(argc, argv, tg_game_registry);
}
