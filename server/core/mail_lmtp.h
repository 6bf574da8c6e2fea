/* mail_lmtp.h — the LMTP listener on lmtp_listen (issue 19): how replies to
 * "your move" emails reach the daemon from a mail server (Postfix's or
 * Exim's lmtp transport). */
#ifndef TG_CORE_MAIL_LMTP_H
#define TG_CORE_MAIL_LMTP_H

#include <stddef.h>
#include <uv.h>

struct tg_server;
struct tg_lmtp;

/* Listens on host:port (port 0: any free one); NULL with a sentence in err. */
struct tg_lmtp *tg_lmtp_start(uv_loop_t *loop, struct tg_server *srv, const char *host, int port,
                              char *err, size_t errlen);
int tg_lmtp_port(const struct tg_lmtp *l);
/* Stops listening and closes every connection (a message not yet answered
 * stays with the mail server, which delivers it again later). */
void tg_lmtp_stop(struct tg_lmtp *l);

#endif
