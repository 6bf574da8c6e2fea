/* metrics_http.h — the opt-in Prometheus endpoint on metrics_listen. */
#ifndef TG_CORE_METRICS_HTTP_H
#define TG_CORE_METRICS_HTTP_H

#include <stddef.h>
#include <uv.h>

struct tg_server;
struct tg_metrics;

/* Listens on host:port (port 0: any free one); NULL with a sentence in err. */
struct tg_metrics *tg_metrics_start(uv_loop_t *loop, struct tg_server *srv, const char *host,
                                    int port, char *err, size_t errlen);
int tg_metrics_port(const struct tg_metrics *m);
/* Stops listening; connections being answered finish on their own. */
void tg_metrics_stop(struct tg_metrics *m);

#endif
