/* metrics_http.c — the opt-in Prometheus endpoint (issue 24): plain HTTP
 * on metrics_listen (meant for 127.0.0.1 or a private network: it has no
 * TLS and no login, and says only counts). GET /metrics answers the text of
 * status_prometheus(); anything else 404. A connection gets one answer and
 * is closed; one that has not sent its request head within 5 s is dropped,
 * and at most 16 are served at once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/metrics_http.h"
#include "core/server_internal.h"
#include "util/log.h"

#define METRICS_HEAD_MAX 4096
#define METRICS_CONNS_MAX 16
#define METRICS_TIMEOUT_MS 5000

struct tg_metrics {
	uv_tcp_t listener;
	struct tg_server *srv;
	unsigned conns;
	int port;
};

struct metrics_conn {
	uv_tcp_t tcp;
	uv_timer_t timer;
	uv_write_t write;
	struct tg_metrics *m;
	char head[METRICS_HEAD_MAX];
	size_t len;
	char *reply;
	int handles;
	bool closing;
};

static void conn_handle_closed(uv_handle_t *h)
{
	struct metrics_conn *c = h->data;
	if (--c->handles > 0)
		return;
	c->m->conns--;
	free(c->reply);
	free(c);
}

static void conn_close(struct metrics_conn *c)
{
	if (c->closing)
		return;
	c->closing = true;
	uv_timer_stop(&c->timer);
	uv_close((uv_handle_t *)&c->timer, conn_handle_closed);
	uv_close((uv_handle_t *)&c->tcp, conn_handle_closed);
}

static void on_written(uv_write_t *w, int status)
{
	(void)status;
	conn_close(w->data);
}

static void answer(struct metrics_conn *c)
{
	uv_read_stop((uv_stream_t *)&c->tcp);
	char *body = NULL;
	const char *status = "404 Not Found", *type = "text/plain; charset=utf-8";
	if (strncmp(c->head, "GET /metrics ", 13) == 0 ||
	    strncmp(c->head, "GET /metrics?", 13) == 0) {
		body = status_prometheus(c->m->srv);
		status = body ? "200 OK" : "500 Internal Server Error";
		type = "text/plain; version=0.0.4; charset=utf-8";
	}
	const char *text = body ? body : "Telegraph serves /metrics here.\n";
	size_t blen = strlen(text);
	size_t cap = blen + 256;
	c->reply = malloc(cap);
	if (!c->reply) {
		free(body);
		conn_close(c);
		return;
	}
	int n = snprintf(c->reply, cap,
	                 "HTTP/1.1 %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\n"
	                 "Connection: close\r\n\r\n%s",
	                 status, type, blen, text);
	free(body);
	uv_buf_t buf = uv_buf_init(c->reply, (unsigned)n);
	c->write.data = c;
	if (uv_write(&c->write, (uv_stream_t *)&c->tcp, &buf, 1, on_written) != 0)
		conn_close(c);
}

static void on_alloc(uv_handle_t *h, size_t suggested, uv_buf_t *buf)
{
	(void)suggested;
	struct metrics_conn *c = h->data;
	*buf = uv_buf_init(c->head + c->len, (unsigned)(sizeof c->head - 1 - c->len));
}

static void on_read(uv_stream_t *s, ssize_t n, const uv_buf_t *buf)
{
	(void)buf;
	struct metrics_conn *c = s->data;
	if (n < 0) {
		conn_close(c);
		return;
	}
	c->len += (size_t)n;
	c->head[c->len] = '\0';
	if (strstr(c->head, "\r\n\r\n") || strstr(c->head, "\n\n") || c->len >= sizeof c->head - 1)
		answer(c);
}

static void on_timeout(uv_timer_t *t)
{
	conn_close(t->data);
}

static void on_connection(uv_stream_t *server, int status)
{
	struct tg_metrics *m = server->data;
	if (status < 0)
		return;
	struct metrics_conn *c = calloc(1, sizeof *c);
	if (!c)
		return;
	c->m = m;
	uv_tcp_init(server->loop, &c->tcp);
	uv_timer_init(server->loop, &c->timer);
	c->tcp.data = c->timer.data = c;
	c->handles = 2;
	m->conns++;
	if (uv_accept(server, (uv_stream_t *)&c->tcp) != 0 || m->conns > METRICS_CONNS_MAX) {
		conn_close(c);
		return;
	}
	uv_timer_start(&c->timer, on_timeout, METRICS_TIMEOUT_MS, 0);
	uv_read_start((uv_stream_t *)&c->tcp, on_alloc, on_read);
}

static void listener_closed(uv_handle_t *h)
{
	free(h->data);
}

struct tg_metrics *tg_metrics_start(uv_loop_t *loop, struct tg_server *srv, const char *host,
                                    int port, char *err, size_t errlen)
{
	struct tg_metrics *m = calloc(1, sizeof *m);
	struct sockaddr_storage addr;
	int r = m ? 0 : UV_ENOMEM;
	if (!r && strchr(host, ':'))
		r = uv_ip6_addr(host, port, (struct sockaddr_in6 *)&addr);
	else if (!r)
		r = uv_ip4_addr(host, port, (struct sockaddr_in *)&addr);
	if (!r) {
		m->srv = srv;
		uv_tcp_init(loop, &m->listener);
		m->listener.data = m;
		r = uv_tcp_bind(&m->listener, (const struct sockaddr *)&addr, 0);
		if (!r)
			r = uv_listen((uv_stream_t *)&m->listener, 16, on_connection);
		if (r) {
			snprintf(err, errlen, "metrics_listen %s:%d: %s", host, port,
			         uv_strerror(r));
			uv_close((uv_handle_t *)&m->listener, listener_closed);
			return NULL;
		}
		struct sockaddr_storage got;
		int len = sizeof got;
		uv_tcp_getsockname(&m->listener, (struct sockaddr *)&got, &len);
		m->port = ntohs(got.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&got)->sin6_port
		                                          : ((struct sockaddr_in *)&got)->sin_port);
		return m;
	}
	snprintf(err, errlen, "metrics_listen %s:%d: %s", host, port, uv_strerror(r));
	free(m);
	return NULL;
}

int tg_metrics_port(const struct tg_metrics *m)
{
	return m->port;
}

void tg_metrics_stop(struct tg_metrics *m)
{
	if (m)
		uv_close((uv_handle_t *)&m->listener, listener_closed);
}
