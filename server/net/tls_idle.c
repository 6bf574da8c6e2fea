/* tls_idle.c — a connection's TLS record buffers, kept while it is busy and
 * freed once it is quiet (issue 17).
 *
 * OpenSSL gives each connection a read and a write buffer of about 17 KiB.
 * SSL_MODE_RELEASE_BUFFERS freed both after every record and allocated them
 * again for the next, and the daemon's profile showed that churn
 * (`malloc_consolidate`) as most of its TLS cost. Instead every record moves
 * its connection to the tail of the net's busy list, and one timer for the
 * whole net frees the buffers (SSL_free_buffers, safe since OpenSSL 3.0.14)
 * of the connections at the head that have been quiet for
 * tls_buffers_idle_ms: an idle connection costs what it did, a busy one
 * 34 KiB more, and a record costs a list move. Nothing runs while no
 * connection is busy. tls_buffers_idle_ms = 0 keeps the old mode.
 *
 * The connection's own ciphertext buffers (tls_bio.c), when it has any,
 * are freed then too. Until session 25 these were two memory BIOs, which
 * OpenSSL grows to 4/3 of the most they ever held and never shrinks: the
 * write BIO of a connection that was once sent a view kept about 21 KiB for
 * as long as it stayed open (heaptrack of the daemon in play, session 19:
 * 33 KiB of record buffers, 21 KiB of write BIO, 8 KiB of SSL a playing
 * connection).
 *
 * The freed buffers lie among blocks still in use (the connections set up
 * meanwhile), and glibc gives such pages back only when asked: the sweep
 * asks (malloc_trim) when it has freed some, at most once per
 * tls_buffers_idle_ms, or at once when no connection is busy any more.
 * Without a trim a burst of connections (the idle bench's 5,000 set up over
 * 20 s) left the daemon 4 KiB a connection larger after their buffers were
 * freed. Asked more often (every 256 frees, until session 19) the trim cost
 * a fifth of the loop's CPU when many slow matches' connections each
 * found their buffers freed at every record: the pages it gave back were
 * faulted in again by the next records' buffers (BENCHMARKS.md, session
 * 18, "What grows at 1,000 matches"). Two trims while connections stay
 * busy are now at least tls_buffers_idle_ms apart; a trim when the last
 * busy connection goes quiet may follow one sooner. */
#include <openssl/err.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "net_internal.h"

static void on_sweep(uv_timer_t *t);

void tg_tls_idle_init(struct tg_net *n)
{
	uv_timer_init(n->loop, &n->buffers_timer);
	n->buffers_timer.data = n;
}

void tg_tls_idle_close(struct tg_net *n, uv_close_cb done)
{
	if (uv_is_closing((uv_handle_t *)&n->buffers_timer))
		return;
	uv_close((uv_handle_t *)&n->buffers_timer, done);
}

void tg_tls_idle_setup(struct tg_conn *c)
{
	if (!c->net->cfg.tls_buffers_idle_ms)
		SSL_set_mode(c->ssl, SSL_MODE_RELEASE_BUFFERS);
}

static void unlink_busy(struct tg_net *n, struct tg_conn *c)
{
	if (c->busy_prev)
		c->busy_prev->busy_next = c->busy_next;
	else
		n->busy_head = c->busy_next;
	if (c->busy_next)
		c->busy_next->busy_prev = c->busy_prev;
	else
		n->busy_tail = c->busy_prev;
	c->busy_prev = c->busy_next = NULL;
	c->busy = false;
}

static void append_busy(struct tg_net *n, struct tg_conn *c, uint64_t now)
{
	c->busy = true;
	c->busy_ms = now;
	c->busy_prev = n->busy_tail;
	c->busy_next = NULL;
	if (n->busy_tail)
		n->busy_tail->busy_next = c;
	else
		n->busy_head = c;
	n->busy_tail = c;
}

void tg_tls_idle_busy(struct tg_conn *c)
{
	struct tg_net *n = c->net;
	if (!n->cfg.tls_buffers_idle_ms || uv_is_closing((uv_handle_t *)&n->buffers_timer))
		return;
	uint64_t now = uv_now(n->loop);
	if (c->busy) {
		if (n->busy_tail == c) {
			c->busy_ms = now;
			return;
		}
		unlink_busy(n, c);
	}
	append_busy(n, c, now);
	if (!uv_is_active((uv_handle_t *)&n->buffers_timer))
		uv_timer_start(&n->buffers_timer, on_sweep, n->cfg.tls_buffers_idle_ms, 0);
}

void tg_tls_idle_forget(struct tg_conn *c)
{
	if (c->busy)
		unlink_busy(c->net, c);
}

static void on_sweep(uv_timer_t *t)
{
	struct tg_net *n = t->data;
	uint64_t now = uv_now(n->loop), delay = n->cfg.tls_buffers_idle_ms;
	struct tg_conn *c;
	while ((c = n->busy_head) && now - c->busy_ms >= delay) {
		unlink_busy(n, c);
		if (c->state == TG_CONN_DEAD)
			continue;
		/* Refused while a record is half read or half written: the
		 * connection is not quiet after all; try again a delay later. */
		if (SSL_free_buffers(c->ssl)) {
			tg_tls_bio_shed(c);
			n->buffers_freed++;
		} else {
			ERR_clear_error();
			append_busy(n, c, now);
		}
	}
	/* The next sweep: when the head's buffers are due, or a deferred trim. */
	uint64_t wait = c ? c->busy_ms + delay - now : 0;
	if (n->buffers_freed) {
		if (!c || !n->trimmed || now - n->trimmed_ms >= delay) {
#ifdef __GLIBC__
			malloc_trim(0);
#endif
			n->buffers_freed = 0;
			n->trimmed = true;
			n->trimmed_ms = now;
		} else if (n->trimmed_ms + delay - now < wait) {
			wait = n->trimmed_ms + delay - now;
		}
	}
	if (c)
		uv_timer_start(t, on_sweep, wait, 0);
}
