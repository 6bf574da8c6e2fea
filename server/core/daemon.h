/* daemon.h — telegraphd's start-up and shut-down: flags and config file,
 * data folder (database, self-signed certificate on first run), store, net,
 * server, signals (SIGTERM/SIGINT: stop accepting, finish in-flight commits,
 * say goodbye, exit 0). */
#ifndef TG_CORE_DAEMON_H
#define TG_CORE_DAEMON_H

#include "games/game.h"

/* Runs the daemon with the given games offered; returns the exit status. */
int tg_daemon_main(int argc, char **argv, const struct game_module *const *games);

#endif
