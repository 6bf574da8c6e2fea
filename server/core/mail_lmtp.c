/* mail_lmtp.c — the LMTP listener (RFC 2033) on lmtp_listen (issue 19). A
 * mail server hands it the replies to "your move" emails: LHLO, MAIL FROM,
 * RCPT TO (each a reply address, checked at once: an unknown token is
 * refused there), DATA, then one reply per recipient. The daemon answers a
 * message only after the loop turn's transaction that holds its move (or
 * the email that says why not) is committed; if the commit fails, every
 * recipient gets a temporary failure and the mail server tries again later.
 * Plain TCP without login, meant for 127.0.0.1 (docs/OPERATIONS.md): what it
 * can do is what anyone can do by sending an email to a reply address. A
 * message over mail_max_bytes is refused (SIZE is advertised). At most 16
 * connections at once; one silent for 5 minutes is closed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/mail_in.h"
#include "core/mail_lmtp.h"
#include "core/server_internal.h"
#include "mail/lmtp_line.h"
#include "util/log.h"

#define LMTP_LINE_MAX 4096 /* a command line; data is read in chunks of this */
#define LMTP_CONNS_MAX 16
#define LMTP_RCPTS_MAX 16
#define LMTP_IDLE_MS 300000

struct lmtp_conn;

struct tg_lmtp {
	uv_tcp_t listener;
	struct tg_server *srv;
	struct lmtp_conn *conns;
	unsigned nconns;
	int port;
};

struct lmtp_conn {
	uv_tcp_t tcp;
	uv_timer_t timer;
	struct tg_lmtp *l;
	struct lmtp_conn *next, *prev;
	char in[LMTP_LINE_MAX];
	size_t inlen;
	bool lhlo, have_from, in_data, midline, too_big;
	char from[LMTP_LINE_MAX];
	char *rcpt[LMTP_RCPTS_MAX];
	unsigned nrcpt;
	char *msg;
	size_t msglen, msgcap;
	int handles;
	bool closing;
};

struct wreq {
	uv_write_t w;
	struct lmtp_conn *c;
	bool close_after;
	char text[];
};

static void conn_handle_closed(uv_handle_t *h)
{
	struct lmtp_conn *c = h->data;
	if (--c->handles > 0)
		return;
	for (unsigned i = 0; i < c->nrcpt; i++)
		free(c->rcpt[i]);
	free(c->msg);
	free(c);
}

static void conn_close(struct lmtp_conn *c)
{
	if (c->closing)
		return;
	c->closing = true;
	if (c->prev)
		c->prev->next = c->next;
	else
		c->l->conns = c->next;
	if (c->next)
		c->next->prev = c->prev;
	c->l->nconns--;
	uv_timer_stop(&c->timer);
	uv_close((uv_handle_t *)&c->timer, conn_handle_closed);
	uv_close((uv_handle_t *)&c->tcp, conn_handle_closed);
}

static void on_written(uv_write_t *w, int status)
{
	struct wreq *r = (struct wreq *)w;
	if ((status < 0 || r->close_after) && !r->c->closing)
		conn_close(r->c);
	free(r);
}

/* Sends text (CRLF line ends included); closes after it if close_after. */
static void say(struct lmtp_conn *c, const char *text, bool close_after)
{
	if (c->closing)
		return;
	size_t n = strlen(text);
	struct wreq *r = malloc(sizeof *r + n + 1);
	if (!r) {
		conn_close(c);
		return;
	}
	memcpy(r->text, text, n + 1);
	r->c = c;
	r->close_after = close_after;
	uv_buf_t buf = uv_buf_init(r->text, (unsigned)n);
	if (uv_write(&r->w, (uv_stream_t *)&c->tcp, &buf, 1, on_written) != 0) {
		free(r);
		conn_close(c);
	}
}

/* One reply line (at most TG_MAIL_REPLY_MAX - 1 bytes, as every reply buffer
 * holds), with its CRLF, in US-ASCII (mail/lmtp_line.h: an action's label
 * may be 8-bit text). */
static void sayf(struct lmtp_conn *c, const char *line)
{
	char out[TG_MAIL_REPLY_MAX + 2];
	tg_lmtp_line(out, sizeof out, line);
	say(c, out, false);
}

static void reset(struct lmtp_conn *c)
{
	c->have_from = c->in_data = c->midline = c->too_big = false;
	for (unsigned i = 0; i < c->nrcpt; i++)
		free(c->rcpt[i]);
	c->nrcpt = 0;
	c->msglen = 0;
}

/* The address between < and > after a "MAIL FROM:" or "RCPT TO:" prefix,
 * into out; the rest (parameters) in *rest. -1 if malformed. */
static int path_of(const char *p, char *out, size_t n, const char **rest)
{
	while (*p == ' ')
		p++;
	if (*p != '<')
		return -1;
	const char *gt = strchr(p, '>');
	if (!gt || (size_t)(gt - p - 1) >= n)
		return -1;
	memcpy(out, p + 1, (size_t)(gt - p - 1));
	out[gt - p - 1] = '\0';
	*rest = gt + 1;
	return 0;
}

static void end_of_data(struct lmtp_conn *c)
{
	struct tg_server *srv = c->l->srv;
	char replies[LMTP_RCPTS_MAX][TG_MAIL_REPLY_MAX];
	size_t max = srv->cfg.mail_max_bytes;
	for (unsigned i = 0; i < c->nrcpt; i++) {
		if (c->too_big)
			snprintf(replies[i], sizeof replies[i],
			         "552 5.3.4 Message too big: at most %zu bytes", max);
		else
			mail_in_deliver(srv, c->from, c->rcpt[i], c->msg ? c->msg : "", c->msglen,
			                replies[i]);
	}
	/* Acknowledged means durable: the move and the emails are committed
	 * before the mail server is told it is delivered. */
	bool saved = srv_turn_commit(srv);
	for (unsigned i = 0; i < c->nrcpt; i++) {
		if (!saved && replies[i][0] == '2')
			snprintf(replies[i], sizeof replies[i],
			         "451 4.3.0 The database could not save this; try again later");
		sayf(c, replies[i]);
	}
	reset(c);
}

static void data_append(struct lmtp_conn *c, const char *p, size_t n)
{
	if (c->too_big)
		return;
	if (c->msglen + n > c->l->srv->cfg.mail_max_bytes) {
		c->too_big = true;
		return;
	}
	if (c->msglen + n + 1 > c->msgcap) {
		size_t cap = (c->msglen + n + 1) * 2;
		if (cap > c->l->srv->cfg.mail_max_bytes + 1)
			cap = c->l->srv->cfg.mail_max_bytes + 1;
		char *m = realloc(c->msg, cap);
		if (!m) {
			c->too_big = true;
			return;
		}
		c->msg = m;
		c->msgcap = cap;
	}
	memcpy(c->msg + c->msglen, p, n);
	c->msglen += n;
	c->msg[c->msglen] = '\0';
}

/* One line of DATA (with its line end; partial: no line end yet). */
static void data_line(struct lmtp_conn *c, const char *p, size_t n, bool partial)
{
	bool start = !c->midline;
	c->midline = partial;
	if (start && !partial && (n == 2 || n == 3) && p[0] == '.' &&
	    (p[1] == '\n' || (p[1] == '\r' && n == 3 && p[2] == '\n'))) {
		c->in_data = false;
		end_of_data(c);
		return;
	}
	if (start && n && p[0] == '.') { /* dot-stuffing */
		p++;
		n--;
	}
	data_append(c, p, n);
}

static void command(struct lmtp_conn *c, char *line)
{
	struct tg_server *srv = c->l->srv;
	size_t n = strlen(line);
	while (n && (line[n - 1] == '\r' || line[n - 1] == '\n'))
		line[--n] = '\0';
	char reply[TG_MAIL_REPLY_MAX], addr[LMTP_LINE_MAX];
	const char *rest;
	if (strncasecmp(line, "LHLO", 4) == 0 && (line[4] == ' ' || !line[4])) {
		reset(c);
		c->lhlo = true;
		char out[256];
		snprintf(out, sizeof out,
		         "250-telegraph\r\n250-ENHANCEDSTATUSCODES\r\n250-8BITMIME\r\n"
		         "250 SIZE %zu\r\n",
		         srv->cfg.mail_max_bytes);
		say(c, out, false);
	} else if (strncasecmp(line, "HELO", 4) == 0 || strncasecmp(line, "EHLO", 4) == 0) {
		sayf(c, "500 5.5.1 This is LMTP: say LHLO");
	} else if (strncasecmp(line, "MAIL FROM:", 10) == 0) {
		if (!c->lhlo)
			sayf(c, "503 5.5.1 LHLO first");
		else if (c->have_from)
			sayf(c, "503 5.5.1 Nested MAIL command");
		else if (path_of(line + 10, addr, sizeof addr, &rest) != 0)
			sayf(c, "501 5.1.7 Bad sender address syntax");
		else {
			const char *size = rest;
			while (*size && strncasecmp(size, " SIZE=", 6) != 0)
				size++;
			if (*size)
				size++;
			else
				size = NULL;
			if (size && strtoull(size + 5, NULL, 10) > srv->cfg.mail_max_bytes) {
				snprintf(reply, sizeof reply,
				         "552 5.3.4 Message too big: at most %zu bytes",
				         srv->cfg.mail_max_bytes);
				sayf(c, reply);
				return;
			}
			snprintf(c->from, sizeof c->from, "%s", addr);
			c->have_from = true;
			sayf(c, "250 2.1.0 OK");
		}
	} else if (strncasecmp(line, "RCPT TO:", 8) == 0) {
		if (!c->have_from)
			sayf(c, "503 5.5.1 MAIL first");
		else if (path_of(line + 8, addr, sizeof addr, &rest) != 0)
			sayf(c, "501 5.1.3 Bad recipient address syntax");
		else if (c->nrcpt == LMTP_RCPTS_MAX)
			sayf(c, "452 4.5.3 Too many recipients");
		else if (mail_in_rcpt(srv, addr, reply) != 0)
			sayf(c, reply);
		else if (!(c->rcpt[c->nrcpt] = strdup(addr)))
			sayf(c, "452 4.3.0 Out of memory");
		else {
			c->nrcpt++;
			sayf(c, "250 2.1.5 OK");
		}
	} else if (strcasecmp(line, "DATA") == 0) {
		if (!c->nrcpt) {
			sayf(c, "503 5.5.1 No valid recipients");
		} else {
			c->in_data = true;
			c->midline = false;
			c->msglen = 0;
			sayf(c, "354 End data with <CR><LF>.<CR><LF>");
		}
	} else if (strcasecmp(line, "RSET") == 0) {
		reset(c);
		sayf(c, "250 2.0.0 OK");
	} else if (strncasecmp(line, "NOOP", 4) == 0) {
		sayf(c, "250 2.0.0 OK");
	} else if (strncasecmp(line, "VRFY", 4) == 0) {
		sayf(c, "252 2.5.0 Cannot VRFY; try RCPT");
	} else if (strcasecmp(line, "QUIT") == 0) {
		say(c, "221 2.0.0 Bye\r\n", true);
	} else {
		sayf(c, "500 5.5.2 Unknown command");
	}
}

static void process(struct lmtp_conn *c)
{
	size_t off = 0;
	while (!c->closing && off < c->inlen) {
		char *start = c->in + off;
		char *nl = memchr(start, '\n', c->inlen - off);
		if (!nl)
			break;
		size_t n = (size_t)(nl - start) + 1;
		if (c->in_data) {
			data_line(c, start, n, false);
		} else {
			char line[LMTP_LINE_MAX + 1];
			memcpy(line, start, n);
			line[n] = '\0';
			command(c, line);
		}
		off += n;
	}
	if (c->closing)
		return;
	memmove(c->in, c->in + off, c->inlen - off);
	c->inlen -= off;
	if (c->inlen == sizeof c->in) {
		if (c->in_data) {
			data_line(c, c->in, c->inlen, true);
			c->inlen = 0;
		} else {
			say(c, "500 5.5.2 Line too long\r\n", true);
		}
	}
}

static void on_alloc(uv_handle_t *h, size_t suggested, uv_buf_t *buf)
{
	(void)suggested;
	struct lmtp_conn *c = h->data;
	*buf = uv_buf_init(c->in + c->inlen, (unsigned)(sizeof c->in - c->inlen));
}

static void on_read(uv_stream_t *s, ssize_t n, const uv_buf_t *buf)
{
	(void)buf;
	struct lmtp_conn *c = s->data;
	if (n < 0) {
		conn_close(c);
		return;
	}
	if (c->closing)
		return;
	c->inlen += (size_t)n;
	uv_timer_again(&c->timer);
	process(c);
}

static void on_timeout(uv_timer_t *t)
{
	struct lmtp_conn *c = t->data;
	say(c, "421 4.4.2 Idle too long\r\n", true);
}

static void on_connection(uv_stream_t *server, int status)
{
	struct tg_lmtp *l = server->data;
	if (status < 0)
		return;
	struct lmtp_conn *c = calloc(1, sizeof *c);
	if (!c)
		return;
	c->l = l;
	uv_tcp_init(server->loop, &c->tcp);
	uv_timer_init(server->loop, &c->timer);
	c->tcp.data = c->timer.data = c;
	c->handles = 2;
	c->next = l->conns;
	if (l->conns)
		l->conns->prev = c;
	l->conns = c;
	l->nconns++;
	if (uv_accept(server, (uv_stream_t *)&c->tcp) != 0) {
		conn_close(c);
		return;
	}
	if (l->nconns > LMTP_CONNS_MAX) {
		say(c, "421 4.3.2 Too many connections; try again later\r\n", true);
		return;
	}
	uv_timer_start(&c->timer, on_timeout, LMTP_IDLE_MS, LMTP_IDLE_MS);
	say(c, "220 telegraph LMTP ready\r\n", false);
	uv_read_start((uv_stream_t *)&c->tcp, on_alloc, on_read);
}

static void listener_closed(uv_handle_t *h)
{
	free(h->data);
}

struct tg_lmtp *tg_lmtp_start(uv_loop_t *loop, struct tg_server *srv, const char *host, int port,
                              char *err, size_t errlen)
{
	struct tg_lmtp *l = calloc(1, sizeof *l);
	struct sockaddr_storage addr;
	int r = l ? 0 : UV_ENOMEM;
	if (!r && strchr(host, ':'))
		r = uv_ip6_addr(host, port, (struct sockaddr_in6 *)&addr);
	else if (!r)
		r = uv_ip4_addr(host, port, (struct sockaddr_in *)&addr);
	if (r) {
		snprintf(err, errlen, "lmtp_listen %s:%d: %s", host, port, uv_strerror(r));
		free(l);
		return NULL;
	}
	l->srv = srv;
	uv_tcp_init(loop, &l->listener);
	l->listener.data = l;
	r = uv_tcp_bind(&l->listener, (const struct sockaddr *)&addr, 0);
	if (!r)
		r = uv_listen((uv_stream_t *)&l->listener, 16, on_connection);
	if (r) {
		snprintf(err, errlen, "lmtp_listen %s:%d: %s", host, port, uv_strerror(r));
		uv_close((uv_handle_t *)&l->listener, listener_closed);
		return NULL;
	}
	struct sockaddr_storage got;
	int len = sizeof got;
	uv_tcp_getsockname(&l->listener, (struct sockaddr *)&got, &len);
	l->port = ntohs(got.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&got)->sin6_port
	                                          : ((struct sockaddr_in *)&got)->sin_port);
	return l;
}

int tg_lmtp_port(const struct tg_lmtp *l)
{
	return l->port;
}

void tg_lmtp_stop(struct tg_lmtp *l)
{
	if (!l)
		return;
	while (l->conns)
		conn_close(l->conns);
	uv_close((uv_handle_t *)&l->listener, listener_closed);
}
