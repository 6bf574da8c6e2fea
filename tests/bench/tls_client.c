#include "tls_client.h"

#include <stdlib.h>
#include <string.h>

#define MAX_LINE (4u << 20) /* views of a big game can be large */

unsigned long long tls_client_resets;

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
	/* Counted here, not in tls_client_close: a reset is often first seen
	 * by a write whose callback runs after the close began (the read that
	 * follows the failed write sees only an EOF); libuv runs every write's
	 * callback before this one. */
	if (c->reset)
		tls_client_resets++;
	SSL_free(c->ssl); /* frees both BIOs */
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

/* Moves whatever ciphertext OpenSSL produced to the socket. */
static void flush(struct tls_client *c)
{
	size_t pending = BIO_ctrl_pending(c->wbio);
	if (!pending || c->closing)
		return;
	struct write_req *w = malloc(sizeof *w);
	char *data = malloc(pending);
	if (!w || !data) {
		free(w);
		free(data);
		tls_client_close(c, "out of memory");
		return;
	}
	int n = BIO_read(c->wbio, data, (int)pending);
	w->buf = uv_buf_init(data, (unsigned)(n > 0 ? n : 0));
	if (uv_write(&w->req, (uv_stream_t *)&c->tcp, &w->buf, 1, on_written) != 0) {
		free(data);
		free(w);
		tls_client_close(c, "write failed");
	}
}

int tls_client_send(struct tls_client *c, const json_t *msg)
{
	if (c->closing || !c->ready)
		return -1;
	char *text = json_dumps(msg, JSON_COMPACT);
	if (!text)
		return -1;
	size_t len = strlen(text);
	text[len] = '\n'; /* replace the NUL: SSL_write takes a length */
	int rc = SSL_write(c->ssl, text, (int)len + 1);
	free(text);
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

static void read_cb(uv_stream_t *s, ssize_t nread, const uv_buf_t *buf)
{
	struct tls_client *c = s->data;
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
	c->t_read = (double)uv_hrtime() / 1e9;
	BIO_write(c->rbio, buf->base, (int)nread);
	if (!c->ready) {
		int rc = SSL_do_handshake(c->ssl);
		flush(c);
		if (rc != 1) {
			int e = SSL_get_error(c->ssl, rc);
			if (e != SSL_ERROR_WANT_READ && e != SSL_ERROR_WANT_WRITE)
				tls_client_close(c, "TLS handshake failed");
			return;
		}
		c->ready = true;
		c->ops->on_ready(c);
		if (c->closing)
			return;
	}
	char plain[16384];
	for (;;) {
		int n = SSL_read(c->ssl, plain, sizeof plain);
		if (n <= 0) {
			int e = SSL_get_error(c->ssl, n);
			flush(c); /* TLS 1.3 tickets and key updates may want writing */
			if (e == SSL_ERROR_ZERO_RETURN)
				tls_client_close(c, "server closed TLS");
			else if (e != SSL_ERROR_WANT_READ && e != SSL_ERROR_WANT_WRITE)
				tls_client_close(c, "TLS read failed");
			return;
		}
		if (tg_framer_feed(&c->framer, plain, (size_t)n, on_line, c) != 0 || c->closing) {
			if (!c->closing)
				tls_client_close(c, "server line too long");
			return;
		}
	}
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
	uv_read_start((uv_stream_t *)&c->tcp, alloc_cb, read_cb);
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
	c->ssl = SSL_new(ctx);
	c->rbio = BIO_new(BIO_s_mem());
	c->wbio = BIO_new(BIO_s_mem());
	if (!c->ssl || !c->rbio || !c->wbio) {
		SSL_free(c->ssl);
		BIO_free(c->rbio);
		BIO_free(c->wbio);
		free(c);
		return NULL;
	}
	SSL_set_bio(c->ssl, c->rbio, c->wbio);
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
