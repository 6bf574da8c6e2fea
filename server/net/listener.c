/* listener.c — the listening socket: bind, accept (up to max_connections,
 * and max_connections_per_address per peer group), stop accepting, and the
 * shutdown that says goodbye to every client. */
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "net_internal.h"
#include "util/log.h"
#include "util/loop_turn.h"

#define TG_NET_BACKLOG 511

/* The peer's address, and its group for max_connections_per_address: the
 * IPv4 address (also when mapped into IPv6), or the IPv6 /64. */
static void peer_name(uv_tcp_t *tcp, char *out, size_t len, char *group, size_t glen)
{
	struct sockaddr_storage ss;
	int sl = sizeof ss;
	snprintf(out, len, "?");
	if (group)
		snprintf(group, glen, "?");
	if (uv_tcp_getpeername(tcp, (struct sockaddr *)&ss, &sl) != 0)
		return;
	if (ss.ss_family == AF_INET) {
		uv_ip4_name((struct sockaddr_in *)&ss, out, len);
		if (group)
			snprintf(group, glen, "%s", out);
	} else if (ss.ss_family == AF_INET6) {
		struct sockaddr_in6 *a = (struct sockaddr_in6 *)&ss;
		uv_ip6_name(a, out, len);
		if (!group)
			return;
		const uint8_t *b = a->sin6_addr.s6_addr;
		static const uint8_t v4mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
		if (memcmp(b, v4mapped, sizeof v4mapped) == 0)
			snprintf(group, glen, "%u.%u.%u.%u", b[12], b[13], b[14], b[15]);
		else
			snprintf(group, glen, "%x:%x:%x:%x::/64", b[0] << 8 | b[1],
			         b[2] << 8 | b[3], b[4] << 8 | b[5], b[6] << 8 | b[7]);
	}
}

/* ---- connections per peer group ----------------------------------------- */

static struct tg_peer_count **peer_slot(struct tg_net *n, const char *group)
{
	uint32_t h = 2166136261u; /* FNV-1a */
	for (const char *p = group; *p; p++)
		h = (h ^ (uint8_t)*p) * 16777619u;
	struct tg_peer_count **slot = &n->peers[h % TG_NET_PEER_BUCKETS];
	while (*slot && strcmp((*slot)->group, group) != 0)
		slot = &(*slot)->next;
	return slot;
}

/* Counts c under its group; false if the group was already at the cap (c is
 * counted all the same, until it is gone). -1 on out of memory. */
static int peer_count(struct tg_net *n, struct tg_conn *c)
{
	struct tg_peer_count **slot = peer_slot(n, c->peer_group);
	if (!*slot) {
		*slot = calloc(1, sizeof **slot);
		if (!*slot)
			return -1;
		snprintf((*slot)->group, sizeof(*slot)->group, "%s", c->peer_group);
	}
	c->peer_counted = true;
	unsigned cap = n->cfg.max_connections_per_address;
	return cap && (*slot)->n++ >= cap ? 0 : 1;
}

static void peer_uncount(struct tg_net *n, struct tg_conn *c)
{
	if (!c->peer_counted)
		return;
	struct tg_peer_count **slot = peer_slot(n, c->peer_group);
	if (*slot && --(*slot)->n == 0) {
		struct tg_peer_count *gone = *slot;
		*slot = gone->next;
		free(gone);
	}
}

static void on_refused_closed(uv_handle_t *h)
{
	free(h);
}

static void on_connection(uv_stream_t *server, int status)
{
	struct tg_net *n = server->data;
	tg_loop_turn_mark(); /* the poll has returned (util/loop_turn.h) */
	if (status < 0) {
		TG_WARN(0, 0, "accept failed: %s", uv_strerror(status));
		return;
	}
	if (!n->listening)
		return;
	if (n->count >= n->cfg.max_connections) {
		/* Accept and close at once, so the client hears a refusal rather
		 * than waiting in the backlog. */
		uv_tcp_t *t = malloc(sizeof *t);
		if (!t)
			return;
		uv_tcp_init(n->loop, t);
		if (uv_accept(server, (uv_stream_t *)t) == 0) {
			char peer[64];
			peer_name(t, peer, sizeof peer, NULL, 0);
			TG_WARN(0, 0, "refusing %s: already %u connections (max_connections)", peer,
			        n->count);
		}
		uv_close((uv_handle_t *)t, on_refused_closed);
		return;
	}
	struct tg_conn *c = calloc(1, sizeof *c);
	if (!c) {
		TG_ERROR(0, 0, "out of memory accepting a connection");
		return;
	}
	c->net = n;
	uv_tcp_init(n->loop, &c->tcp);
	uv_timer_init(n->loop, &c->timer);
	c->handles_open = 2;
	c->tcp.data = c;
	c->timer.data = c;
	c->id = ++n->next_id;
	tg_framer_init(&c->framer, n->cfg.max_message);
	c->next = n->conns;
	if (n->conns)
		n->conns->prev = c;
	n->conns = c;
	n->count++;
	int r = uv_accept(server, (uv_stream_t *)&c->tcp);
	c->ssl = r == 0 ? SSL_new(n->ssl_ctx) : NULL;
	c->bio = c->ssl ? tg_tls_bio_new(c) : NULL;
	if (!c->bio) {
		TG_WARN(c->id, 0, "cannot set up a connection: %s",
		        r < 0 ? uv_strerror(r) : "out of memory");
		c->state = TG_CONN_HANDSHAKE;
		tg_conn_abort(c);
		return;
	}
	/* One BIO both ways: SSL_set_bio takes its one reference. */
	SSL_set_bio(c->ssl, c->bio, c->bio);
	SSL_set_accept_state(c->ssl);
	/* SSL reads all the socket's bytes it can hold at once (one BIO read
	 * a record or more, not one for the header and one for the body):
	 * tls_bio.c lends them from the net's read buffer anyway. */
	SSL_set_read_ahead(c->ssl, 1);
	tg_tls_idle_setup(c);
	uv_tcp_nodelay(&c->tcp, 1);
	peer_name(&c->tcp, c->peer, sizeof c->peer, c->peer_group, sizeof c->peer_group);
	TG_DEBUG(c->id, 0, "connection from %s", c->peer);
	int counted = peer_count(n, c);
	if (counted < 0) {
		TG_ERROR(c->id, 0, "out of memory accepting a connection");
		tg_conn_abort(c);
		return;
	}
	c->over_peer_limit = counted == 0;
	tg_conn_start(c);
}

/* Resolves host (a numeric address or a name) for binding. */
static int resolve(const char *host, int port, struct sockaddr_storage *out, char *err,
                   size_t errlen)
{
	struct addrinfo hints = {0}, *res = NULL;
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
	char portstr[16];
	snprintf(portstr, sizeof portstr, "%d", port);
	int r = getaddrinfo(host && *host ? host : NULL, portstr, &hints, &res);
	if (r != 0 || !res) {
		snprintf(err, errlen, "cannot resolve listen address %s: %s", host,
		         gai_strerror(r));
		return -1;
	}
	memcpy(out, res->ai_addr, res->ai_addrlen);
	freeaddrinfo(res);
	return 0;
}

struct tg_net *tg_net_start(uv_loop_t *loop, const struct tg_net_config *cfg,
                            const struct tg_net_callbacks *cb, void *ud, char *errbuf,
                            size_t errlen)
{
	struct tg_net *n = calloc(1, sizeof *n);
	if (!n) {
		snprintf(errbuf, errlen, "out of memory");
		return NULL;
	}
	n->loop = loop;
	n->cfg = *cfg;
	n->cb = *cb;
	n->ud = ud;
	n->ssl_ctx = tg_tls_server_ctx(cfg->cert_file, cfg->key_file, errbuf, errlen);
	if (!n->ssl_ctx) {
		free(n);
		return NULL;
	}
	struct sockaddr_storage addr;
	if (resolve(cfg->host, cfg->port, &addr, errbuf, errlen) < 0) {
		SSL_CTX_free(n->ssl_ctx);
		free(n);
		return NULL;
	}
	uv_tcp_init(loop, &n->listener);
	n->listener.data = n;
	n->listening = true;
	int r = uv_tcp_bind(&n->listener, (struct sockaddr *)&addr, 0);
	if (r == 0)
		r = uv_listen((uv_stream_t *)&n->listener, TG_NET_BACKLOG, on_connection);
	struct sockaddr_storage bound;
	int blen = sizeof bound;
	if (r == 0)
		r = uv_tcp_getsockname(&n->listener, (struct sockaddr *)&bound, &blen);
	if (r < 0) {
		snprintf(errbuf, errlen, "cannot listen on %s:%d: %s", cfg->host, cfg->port,
		         uv_strerror(r));
		/* The handle must be closed before n goes; run the loop just
		 * for that close (nothing else of ours is on it yet). */
		n->listening = false;
		uv_close((uv_handle_t *)&n->listener, NULL);
		uv_run(loop, UV_RUN_NOWAIT);
		SSL_CTX_free(n->ssl_ctx);
		free(n);
		return NULL;
	}
	tg_tls_idle_init(n);
	n->port = ntohs(bound.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&bound)->sin6_port
	                                            : ((struct sockaddr_in *)&bound)->sin_port);
	return n;
}

int tg_net_port(const struct tg_net *n)
{
	return n->port;
}
unsigned tg_net_connection_count(const struct tg_net *n)
{
	return n->count;
}

static void maybe_done(struct tg_net *n)
{
	if (n->shutting_down && n->listener_closed && n->buffers_timer_closed && n->count == 0 &&
	    n->done) {
		void (*done)(void *) = n->done;
		n->done = NULL;
		done(n->done_ud);
	}
}

static void on_buffers_timer_closed(uv_handle_t *h)
{
	struct tg_net *n = h->data;
	n->buffers_timer_closed = true;
	maybe_done(n);
}

static void on_listener_closed(uv_handle_t *h)
{
	struct tg_net *n = h->data;
	n->listener_closed = true;
	maybe_done(n);
}

void tg_net_stop_accepting(struct tg_net *n)
{
	if (!n->listening)
		return;
	n->listening = false;
	uv_close((uv_handle_t *)&n->listener, on_listener_closed);
	TG_INFO(0, 0, "no longer accepting connections");
}

void tg_net_conn_gone(struct tg_net *n, struct tg_conn *c)
{
	peer_uncount(n, c);
	n->count--;
	maybe_done(n);
}

void tg_net_shutdown(struct tg_net *n, const json_t *goodbye, void (*done)(void *), void *ud)
{
	n->shutting_down = true;
	n->done = done;
	n->done_ud = ud;
	tg_net_stop_accepting(n);
	tg_tls_idle_close(n, on_buffers_timer_closed);
	char *line = goodbye ? json_dumps(goodbye, JSON_COMPACT) : NULL;
	struct tg_conn *next;
	for (struct tg_conn *c = n->conns; c; c = next) {
		next = c->next;
		if (c->state == TG_CONN_OPEN) {
			if (line)
				tg_conn_send_line(c, line, strlen(line));
			tg_conn_close(c, NULL, NULL);
		} else if (c->state == TG_CONN_HANDSHAKE) {
			tg_conn_abort(c);
		}
	}
	free(line);
	maybe_done(n);
}

void tg_net_free(struct tg_net *n)
{
	if (!n)
		return;
	for (int b = 0; b < TG_NET_PEER_BUCKETS; b++)
		while (n->peers[b]) {
			struct tg_peer_count *next = n->peers[b]->next;
			free(n->peers[b]);
			n->peers[b] = next;
		}
	tg_conn_held_spares_free(n);
	SSL_CTX_free(n->ssl_ctx);
	free(n);
}
