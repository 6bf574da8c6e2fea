#include "tls_client.h"

#include "json_compact.h"
#include "loadgen_scan.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define MAX_LINE (4u << 20) /* views of a big game can be large */

unsigned long long tls_client_resets;
bool tls_client_rx_stamps;
unsigned long long tls_client_rx_unstamped;

static bool is_reset(long status)
{
	return status == UV_ECONNRESET || status == UV_EPIPE;
}

SSL_CTX *tls_client_ctx(bool resume)
{
	SSL_CTX *ctx = SSL_CTX_new(TLS_client_method());
	if (!ctx)
		return NULL;
	SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION);
	SSL_CTX_set_verify(ctx, SSL_VERIFY_NONE, NULL);
	if (!resume) {
		SSL_CTX_set_session_cache_mode(ctx, SSL_SESS_CACHE_OFF);
		SSL_CTX_set_options(ctx, SSL_OP_NO_TICKET);
	}
	return ctx;
}

static void on_closed(uv_handle_t *h)
{
	struct tls_client *c = h->data;
	if (h == (uv_handle_t *)&c->rx_poll && c->rx_fd >= 0) {
		close(c->rx_fd); /* the duplicate; the tcp handle closes its own */
		c->rx_fd = -1;
	}
	if (--c->open_handles > 0)
		return;
	/* Counted here, not in tls_client_close: a reset is often first seen
	 * by a write whose callback runs after the close began (the read that
	 * follows the failed write sees only an EOF); libuv runs every write's
	 * callback before this one. */
	if (c->reset)
		tls_client_resets++;
	SSL_free(c->ssl); /* frees its BIO */
	free(c->out);
	tg_framer_free(&c->framer);
	free(c);
}

void tls_client_close(struct tls_client *c, const char *why)
{
	if (c->closing)
		return;
	c->closing = true;
	if (c->ops->on_close)
		c->ops->on_close(c, why);
	if (c->rx_fd >= 0)
		uv_close((uv_handle_t *)&c->rx_poll, on_closed);
	uv_close((uv_handle_t *)&c->tcp, on_closed);
}

struct write_req {
	uv_write_t req;
	uv_buf_t buf;
};

static void on_written(uv_write_t *req, int status)
{
	struct write_req *w = (struct write_req *)req;
	struct tls_client *c = req->handle->data;
	free(w->buf.base);
	free(w);
	/* A failed write shows up as a read error or EOF, which closes the
	 * connection; a reset is noted here, as that read may see only an EOF
	 * (on_closed counts it; c is freed only after this callback). */
	if (is_reset(status))
		c->reset = true;
}

/* Queues what the socket did not take at once (bio_write kept it in
 * c->out): the buffer goes to the write request, freed when it is done. */
static void flush(struct tls_client *c)
{
	if (!c->out_len || c->closing)
		return;
	struct write_req *w = malloc(sizeof *w);
	if (!w) {
		tls_client_close(c, "out of memory");
		return;
	}
	w->buf = uv_buf_init(c->out, (unsigned)c->out_len);
	c->out = NULL;
	c->out_len = c->out_cap = 0;
	if (uv_write(&w->req, (uv_stream_t *)&c->tcp, &w->buf, 1, on_written) != 0) {
		free(w->buf.base);
		free(w);
		tls_client_close(c, "write failed");
	}
}

/* ---- the BIO between a connection's SSL and its socket -----------------
 * Until session 27 each connection had two memory BIOs, as the daemon's
 * had until session 25: a read's bytes were copied into one for SSL_read
 * to copy out again, and each record SSL_write made was copied into the
 * other, then read out of it into a buffer allocated for its uv_write,
 * with a write request, its callback on the next loop turn and two frees
 * (issue 17: the generator shares the box's cores with the daemon). This
 * BIO reads the read's own buffer (lent by received) and writes a record
 * to the socket at once when nothing is queued before it (uv_try_write,
 * the one write(2) that uv_write also made); only what the socket did not
 * take is kept, queued by flush after the SSL call. */
static int bio_write(BIO *b, const char *data, int len)
{
	struct tls_client *c = BIO_get_data(b);
	BIO_clear_retry_flags(b);
	if (len <= 0)
		return 0;
	size_t n = (size_t)len;
	if (c->closing)
		return len; /* nobody reads it any more */
	if (!c->out_len) {
		uv_buf_t buf = uv_buf_init((char *)data, (unsigned)n);
		int w = uv_try_write((uv_stream_t *)&c->tcp, &buf, 1);
		if (w >= 0) {
			data += w;
			n -= (size_t)w;
		} else if (w != UV_EAGAIN) {
			/* as on_written: the read that follows closes it */
			if (is_reset(w))
				c->reset = true;
			return len;
		}
		if (!n)
			return len;
	}
	if (c->out_len + n > c->out_cap) {
		size_t cap = c->out_cap ? c->out_cap : 4096;
		while (cap < c->out_len + n)
			cap *= 2;
		char *p = realloc(c->out, cap);
		if (!p)
			return -1; /* no retry flag: the SSL call fails */
		c->out = p;
		c->out_cap = cap;
	}
	memcpy(c->out + c->out_len, data, n);
	c->out_len += n;
	return len;
}

static int bio_read(BIO *b, char *buf, int size)
{
	struct tls_client *c = BIO_get_data(b);
	BIO_clear_retry_flags(b);
	if (size <= 0)
		return 0;
	if (!c->in_len) {
		/* Nothing yet: not the end of the stream (the socket says that). */
		BIO_set_retry_read(b);
		return -1;
	}
	size_t k = (size_t)size < c->in_len ? (size_t)size : c->in_len;
	memcpy(buf, c->in, k);
	c->in += k;
	c->in_len -= k;
	return (int)k;
}

static long bio_ctrl(BIO *b, int cmd, long num, void *ptr)
{
	(void)num, (void)ptr;
	struct tls_client *c = BIO_get_data(b);
	switch (cmd) {
	case BIO_CTRL_PENDING:
		return (long)c->in_len;
	case BIO_CTRL_WPENDING:
		return (long)c->out_len;
	case BIO_CTRL_FLUSH:
		return 1; /* flush follows every SSL call */
	default:
		return 0;
	}
}

static int bio_create(BIO *b)
{
	BIO_set_init(b, 1);
	return 1;
}

static int bio_destroy(BIO *b)
{
	BIO_set_data(b, NULL);
	return 1;
}

static BIO_METHOD *bio_method(void)
{
	static BIO_METHOD *m; /* one loop thread */
	static bool tried;
	if (tried)
		return m;
	tried = true;
	int index = BIO_get_new_index();
	m = index < 0 ? NULL : BIO_meth_new(index | BIO_TYPE_SOURCE_SINK, "tg_loadgen client");
	if (m && (!BIO_meth_set_write(m, bio_write) || !BIO_meth_set_read(m, bio_read) ||
	          !BIO_meth_set_ctrl(m, bio_ctrl) || !BIO_meth_set_create(m, bio_create) ||
	          !BIO_meth_set_destroy(m, bio_destroy))) {
		BIO_meth_free(m);
		m = NULL;
	}
	return m;
}

int tls_client_send(struct tls_client *c, const json_t *msg)
{
	if (c->closing || !c->ready)
		return -1;
	/* The compact text by protocol/json_compact (json_dumps' bytes, but
	 * for a non-ASCII character, escaped as the daemon writes it) into
	 * one buffer reused: jansson's dump, a callback a token and an
	 * allocation, was 12.6 K instructions a message, 7 % of tg_loadgen's
	 * (issue 17, session 25). */
	static struct tg_text text;
	text.n = 0;
	if (tg_json_compact_append(&text, msg) != 0)
		return -1;
	return tls_client_send_text(c, &text);
}

int tls_client_send_text(struct tls_client *c, struct tg_text *t)
{
	if (c->closing || !c->ready)
		return -1;
	tg_text_put(t, "\n", 1);
	if (t->oom)
		return -1;
	int rc = SSL_write(c->ssl, t->p, (int)t->n);
	flush(c);
	return rc > 0 ? 0 : -1;
}

static int on_line(const char *line, size_t len, void *ud)
{
	struct tls_client *c = ud;
	if (c->ops->on_line && c->ops->on_line(c, line, len))
		return c->closing ? 1 : 0;
	json_error_t jerr;
	json_t *m = json_loadb(line, len, 0, &jerr);
	if (!m || !json_is_object(m)) {
		json_decref(m);
		tls_client_close(c, "server sent a line that is not a JSON object");
		return 1;
	}
	c->ops->on_message(c, m, len + 1);
	json_decref(m);
	return c->closing ? 1 : 0;
}

static void alloc_cb(uv_handle_t *h, size_t suggested, uv_buf_t *buf)
{
	(void)h;
	(void)suggested;
	static char slab[65536]; /* one loop thread: one read at a time */
	*buf = uv_buf_init(slab, sizeof slab);
}

/* The bytes of one read (nread > 0), or its error (< 0: a libuv code). */
static void received(struct tls_client *c, ssize_t nread, const char *base)
{
	if (nread < 0) {
		if (is_reset(nread))
			c->reset = true;
		tls_client_close(c, nread == UV_EOF ? "server closed the connection"
		                                    : uv_strerror((int)nread));
		return;
	}
	if (nread == 0 || c->closing)
		return;
	c->bytes_in += (unsigned long long)nread;
	/* lent to the BIO for this call: SSL keeps a record it has only part
	 * of in its own buffer, so nothing is left in it when SSL asks for
	 * more and the loop below ends */
	c->in = base;
	c->in_len = (size_t)nread;
	if (!c->ready) {
		int rc = SSL_do_handshake(c->ssl);
		flush(c);
		if (rc != 1) {
			int e = SSL_get_error(c->ssl, rc);
			if (e != SSL_ERROR_WANT_READ && e != SSL_ERROR_WANT_WRITE)
				tls_client_close(c, "TLS handshake failed");
			goto done;
		}
		c->ready = true;
		c->ops->on_ready(c);
		if (c->closing)
			goto done;
	}
	char plain[16384];
	for (bool first = true; !c->closing; first = false) {
		/* Once a record was read and nothing is left, neither in SSL
		 * nor lent to its BIO, another SSL_read could only say
		 * SSL_ERROR_WANT_READ: half the calls of a record each (issue
		 * 17, session 27; the daemon's conn.c stops so since session
		 * 25). */
		if (!first && !c->in_len && !SSL_has_pending(c->ssl))
			break;
		size_t n = 0;
		if (!SSL_read_ex(c->ssl, plain, sizeof plain, &n)) {
			int e = SSL_get_error(c->ssl, 0);
			if (e == SSL_ERROR_ZERO_RETURN)
				tls_client_close(c, "server closed TLS");
			else if (e != SSL_ERROR_WANT_READ && e != SSL_ERROR_WANT_WRITE)
				tls_client_close(c, "TLS read failed");
			break;
		}
		if (lg_lines_feed(&c->framer, plain, n, on_line, c) != 0 || c->closing) {
			if (!c->closing)
				tls_client_close(c, "server line too long");
			break;
		}
	}
	flush(c); /* TLS 1.3 tickets and key updates may want writing */
done:
	c->in = NULL;
	c->in_len = 0;
}

static void read_cb(uv_stream_t *s, ssize_t nread, const uv_buf_t *buf)
{
	struct tls_client *c = s->data;
	if (nread > 0)
		c->t_read = (double)uv_hrtime() / 1e9;
	received(c, nread, buf->base);
}

static double realtime_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_REALTIME, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* tls_client_rx_stamps: the socket readable; reads it with recvmsg until it
 * would block, each read with the kernel's receive timestamp of the last
 * segment it took (TCP gives that one: tcp_recvmsg's SCM_TIMESTAMPNS). */
static void rx_poll_cb(uv_poll_t *h, int status, int events)
{
	struct tls_client *c = h->data;
	(void)events;
	if (status < 0) {
		received(c, status, NULL);
		return;
	}
	static char slab[65536]; /* one loop thread: one read at a time */
	while (!c->closing) {
		union {
			char buf[CMSG_SPACE(sizeof(struct timespec))];
			struct cmsghdr align;
		} ctl;
		struct iovec iov = {slab, sizeof slab};
		struct msghdr msg = {.msg_iov = &iov,
		                     .msg_iovlen = 1,
		                     .msg_control = ctl.buf,
		                     .msg_controllen = sizeof ctl.buf};
		ssize_t n = recvmsg(c->rx_fd, &msg, MSG_DONTWAIT);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return;
		if (n <= 0) {
			received(c, n == 0 ? UV_EOF : uv_translate_sys_error(errno), NULL);
			return;
		}
		c->t_read = (double)uv_hrtime() / 1e9;
		c->t_read_real = realtime_s();
		c->t_kernel_rx = 0;
		for (struct cmsghdr *cm = CMSG_FIRSTHDR(&msg); cm; cm = CMSG_NXTHDR(&msg, cm))
			if (cm->cmsg_level == SOL_SOCKET && cm->cmsg_type == SCM_TIMESTAMPNS) {
				struct timespec ts;
				memcpy(&ts, CMSG_DATA(cm), sizeof ts);
				c->t_kernel_rx = (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
			}
		if (c->t_kernel_rx == 0)
			tls_client_rx_unstamped++;
		received(c, n, slab);
		if ((size_t)n < sizeof slab)
			return; /* drained: the next readable event brings the rest */
	}
}

/* Starts the reads: libuv's, or recvmsg on a duplicate fd with stamps. */
static int start_reads(struct tls_client *c)
{
	if (!tls_client_rx_stamps)
		return uv_read_start((uv_stream_t *)&c->tcp, alloc_cb, read_cb);
	uv_os_fd_t fd;
	int one = 1;
	if (uv_fileno((uv_handle_t *)&c->tcp, &fd) != 0 ||
	    setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &one, sizeof one) != 0)
		return UV_EINVAL;
	int dup_fd = dup(fd);
	if (dup_fd < 0)
		return uv_translate_sys_error(errno);
	if (uv_poll_init_socket(c->tcp.loop, &c->rx_poll, dup_fd) != 0) {
		close(dup_fd);
		return UV_EINVAL;
	}
	c->rx_fd = dup_fd;
	c->rx_poll.data = c;
	c->open_handles++;
	return uv_poll_start(&c->rx_poll, UV_READABLE, rx_poll_cb);
}

static void connect_cb(uv_connect_t *req, int status)
{
	struct tls_client *c = req->data;
	if (status != 0) {
		if (is_reset(status))
			c->reset = true;
		tls_client_close(c, uv_strerror(status));
		return;
	}
	if (start_reads(c) != 0) {
		tls_client_close(c, "could not start reading");
		return;
	}
	SSL_do_handshake(c->ssl); /* produces the ClientHello */
	flush(c);
}

struct tls_client *tls_client_connect(uv_loop_t *loop, SSL_CTX *ctx, const struct sockaddr_in *addr,
                                      const struct tls_client_ops *ops, void *owner)
{
	struct tls_client *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->ops = ops;
	c->owner = owner;
	c->rx_fd = -1;
	c->open_handles = 1; /* the tcp handle */
	BIO_METHOD *m = bio_method();
	c->ssl = SSL_new(ctx);
	c->bio = m ? BIO_new(m) : NULL;
	if (!c->ssl || !c->bio) {
		SSL_free(c->ssl);
		BIO_free(c->bio);
		free(c);
		return NULL;
	}
	BIO_set_data(c->bio, c);
	SSL_set_bio(c->ssl, c->bio, c->bio); /* one reference, taken by ssl */
	SSL_set_connect_state(c->ssl);
	tg_framer_init(&c->framer, MAX_LINE);
	uv_tcp_init(loop, &c->tcp);
	uv_tcp_nodelay(&c->tcp, 1);
	c->tcp.data = c;
	c->connect_req.data = c;
	if (uv_tcp_connect(&c->connect_req, &c->tcp, (const struct sockaddr *)addr, connect_cb) !=
	    0) {
		c->closing = true;
		uv_close((uv_handle_t *)&c->tcp, on_closed);
		return NULL;
	}
	return c;
}
