/* server.h — the protocol engine: sessions, accounts, lobby, matches,
 * views and patches, undo, chat. It owns every match and session and runs on
 * the loop thread only; slow work (scrypt) goes to the libuv thread pool.
 *
 * The daemon wires it up: tg_net_start(..., tg_server_net_callbacks(), srv).
 */
#ifndef TG_CORE_SERVER_H
#define TG_CORE_SERVER_H

#include <stdint.h>
#include <uv.h>

#include "core/config.h"
#include "games/game.h"
#include "net/net.h"
#include "store/store.h"

struct tg_server;

struct tg_server *tg_server_new(uv_loop_t *loop, struct tg_store *store,
                                const struct game_module *const *games, const struct tg_config *cfg,
                                struct tg_error *err); /* loads every active match from the store */
const struct tg_net_callbacks *tg_server_net_callbacks(void);
/* Where every server of the process reads the time (Unix seconds); NULL:
 * the wall clock. For tests, which inject a clock instead of sleeping
 * (telegraphd_test reads it from a file); call it before tg_server_new. */
void tg_server_set_time_source(int64_t (*now)(void));
/* Stop taking requests, commit what is pending; then done(ud). */
void tg_server_shutdown(struct tg_server *s, void (*done)(void *), void *ud);
void tg_server_free(struct tg_server *s);

#endif
