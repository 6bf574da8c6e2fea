/* conn.c — one client connection: TLS through its BIO (tls_bio.c) on a libuv TCP
 * stream, newline framing, the bounded outbound queue, timeouts (handshake,
 * idle, and the deadline of a message begun) and the orderly close.
 *
 * Reading: SSL_do_handshake / SSL_read read the socket's bytes where the
 * read put them (the connection's BIO, tls_bio.c); plaintext goes through
 * the framer to on_message. Writing: SSL_write's records go into the net's
 * write buffer (tls_bio.c), flush() writes them to the socket at once and
 * queues a uv_write only for what the socket does not take.
 * Whatever OpenSSL produces (handshake replies, alerts, tickets) leaves the
 * same way, so flush() follows every SSL call.
 *
 * The first plaintext byte picks the transport: NDJSON lines here, or HTTP
 * and then perhaps a WebSocket (web.c), which hands each message back to
 * tg_conn_deliver and sends through write_line, so both share every rule. */
#include <openssl/err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "message.h"
#include "net_internal.h"
#include "util/log.h"
#include "util/loop_turn.h"

struct write_req {
	uv_write_t req;
	size_t len;
	char data[];
};

static void on_write(uv_write_t *req, int status)
{
	(void)status; /* a failed write shows up as a read error too */
	free(req);
}

/* Over max_outbuf: a client that does not read. */
static bool over_outbuf(struct tg_conn *c)
{
	return uv_stream_get_write_queue_size((uv_stream_t *)&c->tcp) > c->net->cfg.max_outbuf;
}

/* Moves every byte OpenSSL has produced to the socket. -1 if the connection
 * had to be aborted.
 *
 * The records are in the net's write buffer and, past it, in c's own
 * (tls_bio.c); they are written at once (uv_try_write) while nothing is
 * queued before them, and only what the socket does not take is copied
 * into a write request. A request left for the loop to finish cost it, for
 * each write, a callback on its next turn and libuv's POLLOUT stop, which
 * makes an epoll_ctl system call even when the watcher's events do not
 * change (issue 17: 1.81 epoll_ctl calls per acknowledged action, one per
 * socket write). uv_try_write refuses (UV_EAGAIN) while requests are
 * queued, so the bytes stay in order. */
static int flush(struct tg_conn *c)
{
	if (c->state == TG_CONN_DEAD) {
		tg_tls_bio_out_done(c);
		return -1;
	}
	struct tg_net *n = c->net;
	size_t shared = n->out_owner == c ? n->out_len : 0, len = shared + c->out_len;
	if (!len)
		return 0;
	tg_tls_idle_busy(c);
	uv_buf_t bufs[2];
	unsigned nbufs = 0;
	if (shared)
		bufs[nbufs++] = uv_buf_init(n->writebuf, (unsigned)shared);
	if (c->out_len)
		bufs[nbufs++] = uv_buf_init(c->out, (unsigned)c->out_len);
	size_t done = 0;
	int r = uv_try_write((uv_stream_t *)&c->tcp, bufs, nbufs);
	if (r >= 0) {
		done = (size_t)r;
	} else if (r != UV_EAGAIN) {
		tg_tls_bio_out_done(c);
		TG_INFO(c->id, 0, "write to %s failed: %s; closing", c->peer, uv_strerror(r));
		tg_conn_abort(c);
		return -1;
	}
	if (done == len) {
		tg_tls_bio_out_done(c);
		return 0;
	}
	struct write_req *w = malloc(sizeof *w + (len - done));
	if (!w) {
		tg_tls_bio_out_done(c);
		TG_ERROR(c->id, 0, "out of memory queueing %zu bytes; closing", len - done);
		tg_conn_abort(c);
		return -1;
	}
	/* The bytes from done on, of the net's part then c's. */
	size_t at = 0, from = 0;
	if (done < shared) {
		at = shared - done;
		memcpy(w->data, n->writebuf + done, at);
	} else {
		from = done - shared;
	}
	if (c->out_len > from)
		memcpy(w->data + at, c->out + from, c->out_len - from);
	tg_tls_bio_out_done(c);
	w->len = len - done;
	uv_buf_t buf = uv_buf_init(w->data, (unsigned)w->len);
	r = uv_write(&w->req, (uv_stream_t *)&c->tcp, &buf, 1, on_write);
	if (r < 0) {
		free(w);
		TG_INFO(c->id, 0, "write to %s failed: %s; closing", c->peer, uv_strerror(r));
		tg_conn_abort(c);
		return -1;
	}
	if (over_outbuf(c)) {
		TG_WARN(c->id, 0, "%s does not read: over %zu bytes queued; closing", c->peer,
		        c->net->cfg.max_outbuf);
		tg_conn_abort(c);
		return -1;
	}
	return 0;
}

/* ---- held bytes (tg_conn_cork) ------------------------------------------ */

/* The plaintext one TLS record carries: held bytes beyond it go out as a
 * record of their own first, so a held buffer stays about this size. */
#define HELD_RECORD 16384

static _Thread_local int cork_depth;
/* The connections with held bytes, in the order their first byte was held:
 * tg_conn_uncork writes them so, oldest first. */
static _Thread_local struct tg_conn *held_head, *held_tail;

static void held_unlist(struct tg_conn *c)
{
	if (!c->held_listed)
		return;
	if (c->held_prev)
		c->held_prev->held_next = c->held_next;
	else
		held_head = c->held_next;
	if (c->held_next)
		c->held_next->held_prev = c->held_prev;
	else
		held_tail = c->held_prev;
	c->held_prev = c->held_next = NULL;
	c->held_listed = false;
}

/* A held buffer no longer needed: kept for the net's next cork while it
 * has room and the buffer is no larger than TG_NET_HELD_SPARE_CAP (a turn
 * writes to many connections, each a malloc and a free before: about 0.3
 * K instructions an action in the free alone, issue 17; at saturation a
 * turn writes to 150-200, so the four kept until session 30 were not
 * enough), else freed. */
static void held_give_back(struct tg_net *n, char *buf, size_t cap)
{
	if (buf && cap <= TG_NET_HELD_SPARE_CAP && n->held_spares < TG_NET_HELD_SPARE) {
		n->held_spare[n->held_spares] = buf;
		n->held_spare_cap[n->held_spares++] = cap;
		return;
	}
	free(buf);
}

void tg_conn_held_spares_free(struct tg_net *n)
{
	while (n->held_spares) {
		n->held_spares--;
		free(n->held_spare[n->held_spares]);
	}
}

static void held_drop(struct tg_conn *c)
{
	held_unlist(c);
	held_give_back(c->net, c->held, c->held_cap);
	c->held = NULL;
	c->held_len = c->held_cap = 0;
}

/* Before an SSL call whose failure is read with SSL_get_error (which looks
 * at the thread's error queue): the queue cleared, but only when it holds
 * an error. OpenSSL 3's ERR_clear_error walks every slot of the queue, about
 * 840 instructions, and the loop called it before each write and read,
 * about 4.7 times an action (issue 17); an error left queued is rare (the
 * failure paths clear what they read). */
static void clear_errors(void)
{
	if (ERR_peek_error())
		ERR_clear_error();
}

static int tls_write_now(struct tg_conn *c, const char *data, size_t len)
{
	clear_errors();
	size_t written = 0;
	if (!SSL_write_ex(c->ssl, data, len, &written)) {
		char why[256];
		TG_WARN(c->id, 0, "TLS write failed: %s; closing", tg_tls_error(why, sizeof why));
		tg_conn_abort(c);
		return -1;
	}
	return flush(c);
}

/* Writes c's held bytes as one TLS write. -1 if the connection was aborted. */
static int held_release(struct tg_conn *c)
{
	held_unlist(c);
	char *data = c->held;
	size_t len = c->held_len, cap = c->held_cap;
	c->held = NULL;
	c->held_len = c->held_cap = 0;
	int r = len && c->state != TG_CONN_DEAD ? tls_write_now(c, data, len) : 0;
	held_give_back(c->net, data, cap);
	return c->state == TG_CONN_DEAD ? -1 : r;
}

/* Holds a then b (either may be empty). -1 if the connection was aborted. */
static int held_append(struct tg_conn *c, const char *a, size_t alen, const char *b, size_t blen)
{
	size_t len = alen + blen;
	if (c->held_len && c->held_len + len > HELD_RECORD && held_release(c) < 0)
		return -1;
	struct tg_net *n = c->net;
	if (!c->held_cap && n->held_spares) {
		n->held_spares--;
		c->held = n->held_spare[n->held_spares];
		c->held_cap = n->held_spare_cap[n->held_spares];
	}
	if (c->held_len + len > c->held_cap) {
		size_t cap = c->held_cap ? c->held_cap : 1024;
		while (cap < c->held_len + len)
			cap *= 2;
		char *p = realloc(c->held, cap);
		if (!p) {
			TG_ERROR(c->id, 0, "out of memory holding %zu bytes; closing", len);
			tg_conn_abort(c);
			return -1;
		}
		c->held = p;
		c->held_cap = cap;
	}
	/* b is NULL with blen 0 for a lone buffer: memcpy's pointers must not
	 * be NULL even for no bytes (UBSan stops the daemon there). */
	if (alen)
		memcpy(c->held + c->held_len, a, alen);
	if (blen)
		memcpy(c->held + c->held_len + alen, b, blen);
	c->held_len += len;
	if (!c->held_listed) {
		c->held_listed = true;
		c->held_next = NULL;
		c->held_prev = held_tail;
		if (held_tail)
			held_tail->held_next = c;
		else
			held_head = c;
		held_tail = c;
	}
	return 0;
}

void tg_conn_cork(void)
{
	cork_depth++;
}

void tg_conn_uncork(void)
{
	if (cork_depth <= 0 || --cork_depth > 0)
		return;
	/* Oldest first: the connection whose line was held first is written
	 * first. A turn's ok is held before the patches and pushes to others;
	 * written newest first, the ok's connection waited behind every other
	 * connection's write system call, each a wake-up of its reader (issue
	 * 17, session 23: act_path_probes.sh's write split, 2.7 connections a
	 * release at 100 actions/s). Each connection's own bytes stay in order
	 * either way. */
	while (held_head)
		held_release(held_head);
}

/* ---- closing ------------------------------------------------------------ */

static void on_handle_closed(uv_handle_t *h)
{
	struct tg_conn *c = h->data;
	if (--c->handles_open > 0)
		return;
	struct tg_net *n = c->net;
	if (c->opened && n->cb.on_close)
		n->cb.on_close(c, n->ud);
	if (c->prev)
		c->prev->next = c->next;
	else
		n->conns = c->next;
	if (c->next)
		c->next->prev = c->prev;
	tg_tls_idle_forget(c);
	held_drop(c);
	tg_tls_bio_free(c);
	SSL_free(c->ssl); /* frees the BIO */
	tg_framer_free(&c->framer);
	tg_web_free(c);
	tg_net_conn_gone(n, c);
	free(c);
}

void tg_conn_abort(struct tg_conn *c)
{
	if (c->state == TG_CONN_DEAD)
		return;
	c->state = TG_CONN_DEAD;
	held_drop(c);
	tg_tls_bio_out_done(c); /* records not flushed yet: never sent */
	/* Pending writes and the shutdown request are cancelled by uv_close
	 * (their callbacks run with UV_ECANCELED before the close callback). */
	uv_close((uv_handle_t *)&c->tcp, on_handle_closed);
	uv_close((uv_handle_t *)&c->timer, on_handle_closed);
}

static void on_shutdown(uv_shutdown_t *req, int status)
{
	struct tg_conn *c = req->data;
	if (status == UV_ECANCELED)
		return; /* aborted meanwhile; c may be gone by the next callback */
	/* Our side is finished. Wait for the peer's end of stream (it has our
	 * last bytes then), or the linger timer, whichever comes first. */
	if (status < 0)
		tg_conn_abort(c);
}

static void on_linger_timeout(uv_timer_t *t)
{
	struct tg_conn *c = t->data;
	TG_DEBUG(c->id, 0, "close did not finish within %d ms; dropping", TG_NET_LINGER_MS);
	tg_conn_abort(c);
}

/* Sends close_notify, flushes, half-closes; the connection keeps reading
 * (and discarding) so that the peer is not reset before it read our last
 * message. */
static void begin_close(struct tg_conn *c)
{
	if (c->state == TG_CONN_CLOSING || c->state == TG_CONN_DEAD)
		return;
	bool handshaken = c->state == TG_CONN_OPEN;
	tg_web_closing(c, NULL); /* a WebSocket says goodbye first */
	if (c->state == TG_CONN_DEAD || held_release(c) < 0)
		return;
	c->state = TG_CONN_CLOSING;
	if (handshaken) {
		ERR_clear_error();
		SSL_shutdown(c->ssl);
		ERR_clear_error();
	}
	if (flush(c) < 0)
		return;
	uv_timer_start(&c->timer, on_linger_timeout, TG_NET_LINGER_MS, 0);
	c->shutdown_req.data = c;
	int r = uv_shutdown(&c->shutdown_req, (uv_stream_t *)&c->tcp, on_shutdown);
	if (r < 0)
		tg_conn_abort(c);
}

/* ---- sending ------------------------------------------------------------ */

int tg_conn_write_plain(struct tg_conn *c, const char *data, size_t len)
{
	if (c->state == TG_CONN_DEAD)
		return -1;
	if (cork_depth > 0 && c->state != TG_CONN_CLOSING)
		return held_append(c, data, len, NULL, 0);
	return tls_write_now(c, data, len);
}

/* Writes one line plus its newline, bypassing the state check (the error
 * sent on the way out uses it too); over a WebSocket, one text message. */
static int write_line(struct tg_conn *c, const char *line, size_t len)
{
	if (c->web) /* an HTTP request carries no protocol messages */
		return tg_web_is_socket(c) ? tg_web_send_text(c, line, len) : -1;
	if (cork_depth > 0 && c->state != TG_CONN_CLOSING)
		return held_append(c, line, len, "\n", 1);
	char stackbuf[4096];
	char *buf = len + 1 <= sizeof stackbuf ? stackbuf : malloc(len + 1);
	if (!buf) {
		TG_ERROR(c->id, 0, "out of memory sending %zu bytes; closing", len);
		tg_conn_abort(c);
		return -1;
	}
	memcpy(buf, line, len);
	buf[len] = '\n';
	int r = tls_write_now(c, buf, len + 1);
	if (buf != stackbuf)
		free(buf);
	return r;
}

int tg_conn_send_line(struct tg_conn *c, const char *line, size_t len)
{
	if (c->state != TG_CONN_OPEN)
		return -1;
	/* A raw newline would split the message in two on the client's side. */
	if (memchr(line, '\n', len)) {
		TG_ERROR(c->id, 0, "refusing to send a line with a raw newline in it");
		return -1;
	}
	return write_line(c, line, len);
}

int tg_conn_send(struct tg_conn *c, const json_t *msg)
{
	if (c->state != TG_CONN_OPEN)
		return -1;
	/* Compact output never contains a raw newline: strings escape it. */
	char *s = json_dumps(msg, JSON_COMPACT);
	if (!s) {
		TG_ERROR(c->id, 0, "cannot serialize an outbound message");
		return -1;
	}
	int r = write_line(c, s, strlen(s));
	free(s);
	return r;
}

void tg_conn_send_error(struct tg_conn *c, const char *code, const char *message)
{
	json_t *e = json_pack("{s:s, s:s, s:s}", "op", "error", "code", code, "message",
	                      message ? message : code);
	char *s = e ? json_dumps(e, JSON_COMPACT) : NULL;
	if (s)
		write_line(c, s, strlen(s));
	free(s);
	json_decref(e);
}

void tg_conn_close(struct tg_conn *c, const char *code, const char *message)
{
	if (c->state == TG_CONN_CLOSING || c->state == TG_CONN_DEAD)
		return;
	if (code && c->state == TG_CONN_OPEN)
		tg_conn_send_error(c, code, message);
	tg_web_closing(c, code);
	begin_close(c);
}

/* ---- receiving ---------------------------------------------------------- */

int tg_conn_deliver(struct tg_conn *c, const char *line, size_t len)
{
	if (c->state != TG_CONN_OPEN)
		return 1;
	char msg[256];
	unsigned token = 0;
	json_t *j = tg_net_message_open(line, len, msg, sizeof msg, &token);
	if (!j) {
		TG_DEBUG(c->id, 0, "malformed line from %s: %s", c->peer, msg);
		tg_conn_send_error(c, "malformed_json", msg);
		return c->state == TG_CONN_OPEN ? 0 : 1;
	}
	if (c->net->cb.on_message)
		c->net->cb.on_message(c, j, c->net->ud);
	tg_net_message_close(j, token);
	/* on_message may have closed the connection: stop handing out lines. */
	return c->state == TG_CONN_OPEN ? 0 : 1;
}

static int on_line(const char *line, size_t len, void *ud)
{
	return tg_conn_deliver(ud, line, len);
}

static void on_idle_check(uv_timer_t *t);

void tg_conn_note_partial(struct tg_conn *c, bool partial)
{
	if (!partial || c->msg_partial) {
		c->msg_partial = partial;
		return;
	}
	c->msg_partial = true;
	c->msg_started_ms = uv_now(c->net->loop);
	/* The timer is re-armed only when it fires: bring it forward when the
	 * message's deadline comes before the idle check. */
	unsigned limit = c->net->cfg.message_timeout_ms;
	if (limit && c->state == TG_CONN_OPEN && uv_timer_get_due_in(&c->timer) > limit)
		uv_timer_start(&c->timer, on_idle_check, limit, 0);
}

static void handshake_done(struct tg_conn *c)
{
	c->state = TG_CONN_OPEN;
	if (c->over_peer_limit) {
		/* Refused only now, so that the client reads why. */
		TG_WARN(c->id, 0, "refusing %s: already %u connections from %s", c->peer,
		        c->net->cfg.max_connections_per_address, c->peer_group);
		char msg[160];
		snprintf(msg, sizeof msg, "At most %u connections from one address at once.",
		         c->net->cfg.max_connections_per_address);
		tg_conn_close(c, "too_many_connections", msg);
		return;
	}
	/* The idle timer replaces the handshake deadline. */
	uv_timer_start(&c->timer, on_idle_check, c->net->cfg.idle_timeout_ms, 0);
	c->opened = true;
	TG_INFO(c->id, 0, "TLS open with %s: %s %s%s", c->peer, SSL_get_version(c->ssl),
	        SSL_get_cipher_name(c->ssl), SSL_session_reused(c->ssl) ? ", resumed" : "");
	if (c->net->cb.on_open)
		c->net->cb.on_open(c, c->net->ud);
}

/* Drives the handshake and reads every plaintext byte available. */
static void pump(struct tg_conn *c)
{
	char why[256];
	if (c->state == TG_CONN_HANDSHAKE) {
		ERR_clear_error();
		int r = SSL_do_handshake(c->ssl);
		if (r != 1) {
			int e = SSL_get_error(c->ssl, r);
			if (e == SSL_ERROR_WANT_READ) {
				flush(c);
				return;
			}
			/* Not TLS, an old version, no common cipher: say why in the
			 * log, send the alert OpenSSL made, and close. */
			TG_INFO(c->id, 0, "TLS handshake with %s failed: %s", c->peer,
			        e == SSL_ERROR_SSL ? tg_tls_error(why, sizeof why)
			                           : "connection error");
			if (flush(c) == 0)
				begin_close(c);
			return;
		}
		if (flush(c) < 0)
			return;
		handshake_done(c);
		if (c->state != TG_CONN_OPEN)
			return;
	}
	char plain[16384];
	for (bool first = true; c->state == TG_CONN_OPEN; first = false) {
		/* Once a record was read and nothing is left, neither decrypted
		 * or buffered in the SSL nor lent to its BIO, another
		 * SSL_read_ex could only say SSL_ERROR_WANT_READ: about half of
		 * what the loop's reads cost it (issue 17: two calls a message,
		 * the second to hear there was no more). */
		if (!first && !SSL_has_pending(c->ssl) && !c->in_len && !c->in_held_len)
			break;
		size_t got = 0;
		clear_errors();
		if (!SSL_read_ex(c->ssl, plain, sizeof plain, &got)) {
			int e = SSL_get_error(c->ssl, 0);
			if (e == SSL_ERROR_WANT_READ)
				break;
			if (e == SSL_ERROR_ZERO_RETURN) {
				TG_DEBUG(c->id, 0, "%s closed the TLS session", c->peer);
				begin_close(c);
			} else {
				TG_INFO(c->id, 0, "TLS error with %s: %s; closing", c->peer,
				        e == SSL_ERROR_SSL ? tg_tls_error(why, sizeof why)
				                           : "connection error");
				ERR_clear_error();
				tg_conn_abort(c);
			}
			return;
		}
		if (!c->sniffed && got) {
			c->sniffed = true;
			if (tg_web_sniff(plain[0]) && tg_web_start(c) < 0) {
				TG_ERROR(c->id, 0, "out of memory starting HTTP; closing");
				tg_conn_abort(c);
				return;
			}
		}
		if (c->web) {
			tg_web_feed(c, plain, got);
			continue;
		}
		int r = tg_framer_feed(&c->framer, plain, got, on_line, c);
		tg_conn_note_partial(c, c->framer.len > 0);
		if (r == -1 && c->framer.failed) {
			char msg[128];
			snprintf(msg, sizeof msg, "a message may be at most %zu bytes",
			         c->net->cfg.max_message);
			TG_INFO(c->id, 0, "%s sent a line over %zu bytes; closing", c->peer,
			        c->net->cfg.max_message);
			tg_conn_close(c, "message_too_large", msg);
			return;
		}
	}
	/* SSL_read may have produced bytes to send (key updates, tickets). */
	if (c->state == TG_CONN_OPEN)
		flush(c);
}

static void on_alloc(uv_handle_t *h, size_t suggested, uv_buf_t *buf)
{
	(void)suggested;
	tg_loop_turn_mark(); /* the poll has returned (util/loop_turn.h) */
	struct tg_conn *c = h->data;
	*buf = uv_buf_init(c->net->readbuf, sizeof c->net->readbuf);
}

static void on_read(uv_stream_t *s, ssize_t nread, const uv_buf_t *buf)
{
	struct tg_conn *c = s->data;
	if (nread == 0 || c->state == TG_CONN_DEAD)
		return;
	if (nread < 0) {
		if (nread == UV_EOF || nread == UV_ECONNRESET)
			TG_DEBUG(c->id, 0, "%s hung up", c->peer);
		else
			TG_INFO(c->id, 0, "read from %s failed: %s", c->peer,
			        uv_strerror((int)nread));
		tg_conn_abort(c);
		return;
	}
	c->last_read_ms = uv_now(c->net->loop);
	c->read_ns = uv_hrtime();
	if (c->state == TG_CONN_CLOSING)
		return; /* closing: what the peer still sends is dropped */
	/* SSL reads the bytes where the socket put them (tls_bio.c). */
	tg_tls_bio_lend(c, buf->base, (size_t)nread);
	tg_tls_idle_busy(c);
	pump(c);
	bool reading = c->state == TG_CONN_HANDSHAKE || c->state == TG_CONN_OPEN;
	if (tg_tls_bio_unlend(c, reading) < 0) {
		TG_ERROR(c->id, 0, "cannot buffer %zd bytes from %s; closing", nread, c->peer);
		tg_conn_abort(c);
	}
}

/* ---- timers ------------------------------------------------------------- */

static void on_idle_check(uv_timer_t *t)
{
	struct tg_conn *c = t->data;
	uint64_t now = uv_now(c->net->loop);
	uint64_t idle = c->net->cfg.idle_timeout_ms, limit = c->net->cfg.message_timeout_ms;
	bool timed = c->msg_partial && limit;
	if (timed && now - c->msg_started_ms >= limit) {
		TG_INFO(c->id, 0, "%s did not finish a message within %llu ms; closing", c->peer,
		        (unsigned long long)limit);
		char msg[128];
		snprintf(msg, sizeof msg,
		         "a message must arrive whole within %llu ms of its first byte",
		         (unsigned long long)limit);
		tg_conn_close(c, "message_timeout", msg);
		return;
	}
	if (now - c->last_read_ms >= idle) {
		TG_INFO(c->id, 0, "%s idle for %llu ms; closing", c->peer,
		        (unsigned long long)idle);
		begin_close(c);
		return;
	}
	/* One timer per connection, re-armed only when it fires: reads just
	 * note the time. */
	uint64_t next = c->last_read_ms + idle - now;
	if (timed && c->msg_started_ms + limit - now < next)
		next = c->msg_started_ms + limit - now;
	uv_timer_start(&c->timer, on_idle_check, next, 0);
}

void tg_conn_arm_idle(struct tg_conn *c)
{
	uv_timer_start(&c->timer, on_idle_check, c->net->cfg.idle_timeout_ms, 0);
}

static void on_head_timeout(uv_timer_t *t)
{
	struct tg_conn *c = t->data;
	if (c->state == TG_CONN_OPEN)
		tg_web_head_timeout(c);
}

void tg_conn_arm_head_deadline(struct tg_conn *c)
{
	uv_timer_start(&c->timer, on_head_timeout, c->net->cfg.handshake_timeout_ms, 0);
}

static void on_handshake_timeout(uv_timer_t *t)
{
	struct tg_conn *c = t->data;
	if (c->state != TG_CONN_HANDSHAKE)
		return;
	TG_INFO(c->id, 0, "TLS handshake with %s not done within %u ms; closing", c->peer,
	        c->net->cfg.handshake_timeout_ms);
	tg_conn_abort(c);
}

void tg_conn_start(struct tg_conn *c)
{
	c->tcp.data = c;
	c->timer.data = c;
	c->state = TG_CONN_HANDSHAKE;
	c->last_read_ms = uv_now(c->net->loop);
	uv_timer_start(&c->timer, on_handshake_timeout, c->net->cfg.handshake_timeout_ms, 0);
	int r = uv_read_start((uv_stream_t *)&c->tcp, on_alloc, on_read);
	if (r < 0) {
		TG_WARN(c->id, 0, "cannot read from %s: %s", c->peer, uv_strerror(r));
		tg_conn_abort(c);
	}
}

/* ---- accessors ---------------------------------------------------------- */

uint64_t tg_conn_id(const struct tg_conn *c)
{
	return c->id;
}

uint64_t tg_conn_read_ns(const struct tg_conn *c)
{
	return c->read_ns;
}
const char *tg_conn_peer(const struct tg_conn *c)
{
	return c->peer;
}
const char *tg_conn_peer_group(const struct tg_conn *c)
{
	return c->peer_group;
}
void tg_conn_set_data(struct tg_conn *c, void *data)
{
	c->data = data;
}
void *tg_conn_data(const struct tg_conn *c)
{
	return c->data;
}
