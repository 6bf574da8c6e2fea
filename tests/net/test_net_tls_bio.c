/* test_net_tls_bio.c — the BIO between a connection's SSL and its socket
 * (tls_bio.c, issue 17), driven without sockets.
 *
 * Server-side SSLs on tg_tls_bio_new's BIO (a net and its connections made
 * by hand, as listener.c makes them), each talking to an OpenSSL client on
 * memory BIOs; what conn.c's flush would write to the socket is taken here
 * as tg_tls_bio_out_pending says (the net's write buffer when the
 * connection holds it, then the connection's own). Checked:
 *   - records go to the net's write buffer, and when another connection
 *     holds it (its records not flushed yet), to the connection's own
 *     buffer, and stay there in order until its flush; each client reads
 *     exactly its own text;
 *   - a write larger than the net's buffer fills it and goes on in the
 *     connection's own buffer: the client reads all of it, in order;
 *   - what SSL did not read of a read callback's bytes is kept when the
 *     connection still reads, read first by the next SSL_read, and dropped
 *     when it does not;
 *   - a quiet connection's empty buffers are freed (tg_tls_bio_shed), a
 *     buffer that still holds bytes is not. */
#include <openssl/err.h>
#include <signal.h>

#include "net_internal.h"
#include "net_testkit.h"
#include "util/log.h"

struct pair {
	struct tg_conn c; /* the server's side, as listener.c sets it up */
	SSL *client;
	BIO *crbio, *cwbio; /* the client's memory BIOs */
};

/* What flush would write to the socket: given to the client, then done. */
static void deliver(struct pair *p)
{
	struct tg_net *n = p->c.net;
	if (n->out_owner == &p->c && n->out_len)
		BIO_write(p->crbio, n->writebuf, (int)n->out_len);
	if (p->c.out_len)
		BIO_write(p->crbio, p->c.out, (int)p->c.out_len);
	tg_tls_bio_out_done(&p->c);
}

/* The client's bytes, lent to the server for one call of f. */
static char wire[1 << 18];

static size_t client_bytes(struct pair *p)
{
	int got = BIO_read(p->cwbio, wire, (int)sizeof wire);
	return got > 0 ? (size_t)got : 0;
}

static bool setup(struct pair *p, struct tg_net *n, SSL_CTX *sctx, SSL_CTX *cctx)
{
	memset(p, 0, sizeof *p);
	p->c.net = n;
	p->c.ssl = SSL_new(sctx);
	p->c.bio = tg_tls_bio_new(&p->c);
	if (!CHECK(p->c.ssl && p->c.bio))
		return false;
	SSL_set_bio(p->c.ssl, p->c.bio, p->c.bio);
	SSL_set_accept_state(p->c.ssl);
	p->client = SSL_new(cctx);
	p->crbio = BIO_new(BIO_s_mem());
	p->cwbio = BIO_new(BIO_s_mem());
	BIO_set_mem_eof_return(p->crbio, -1);
	BIO_set_mem_eof_return(p->cwbio, -1);
	SSL_set_bio(p->client, p->crbio, p->cwbio);
	SSL_set_connect_state(p->client);
	/* The handshake, each side's bytes handed over until both are done. */
	bool sdone = false, cdone = false;
	for (int i = 0; i < 20 && !(sdone && cdone); i++) {
		if (!cdone)
			cdone = SSL_do_handshake(p->client) == 1;
		size_t len = client_bytes(p);
		tg_tls_bio_lend(&p->c, wire, len);
		if (!sdone)
			sdone = SSL_do_handshake(p->c.ssl) == 1;
		tg_tls_bio_unlend(&p->c, true);
		deliver(p);
	}
	ERR_clear_error();
	return CHECKF(sdone && cdone, "the handshake over the BIO (server %d, client %d)", sdone,
	              cdone);
}

static void teardown(struct pair *p)
{
	tg_tls_bio_free(&p->c);
	SSL_free(p->c.ssl);
	SSL_free(p->client);
}

/* Everything the client can read now, as text. */
static size_t client_text(struct pair *p, char *buf, size_t cap)
{
	size_t len = 0, got = 0;
	while (len < cap && SSL_read_ex(p->client, buf + len, cap - len, &got))
		len += got;
	ERR_clear_error();
	return len;
}

static void server_write(struct pair *p, const char *text, size_t len)
{
	size_t written = 0;
	CHECKF(SSL_write_ex(p->c.ssl, text, len, &written) && written == len,
	       "the server writes %zu bytes", len);
}

static void owner_and_spill(struct tg_net *n, SSL_CTX *sctx, SSL_CTX *cctx)
{
	struct pair a, b;
	if (!setup(&a, n, sctx, cctx) || !setup(&b, n, sctx, cctx))
		return;
	server_write(&a, "to a, first\n", 12);
	CHECKF(n->out_owner == &a.c && n->out_len > 12 && !a.c.out_len,
	       "a's record is in the net's write buffer");
	size_t a_pending = tg_tls_bio_out_pending(&a.c);
	server_write(&b, "to b, first\n", 12);
	CHECKF(n->out_owner == &a.c && tg_tls_bio_out_pending(&a.c) == a_pending,
	       "b's record did not go into a's part of the net's buffer");
	CHECKF(b.c.out_len > 12, "b's record is in b's own buffer: %zu bytes", b.c.out_len);
	server_write(&a, "to a, second\n", 13);
	deliver(&a); /* a flushed: the net's buffer is free again */
	CHECK(n->out_owner == NULL && n->out_len == 0);
	server_write(&b, "to b, second\n", 13);
	CHECKF(n->out_owner == NULL && n->out_len == 0,
	       "b's second record follows its first in b's own buffer, not before it");
	deliver(&b);
	char buf[256];
	size_t len = client_text(&a, buf, sizeof buf);
	CHECKF(len == 25 && memcmp(buf, "to a, first\nto a, second\n", 25) == 0,
	       "a's client reads its two lines: %.*s", (int)len, buf);
	len = client_text(&b, buf, sizeof buf);
	CHECKF(len == 25 && memcmp(buf, "to b, first\nto b, second\n", 25) == 0,
	       "b's client reads its two lines: %.*s", (int)len, buf);
	/* Back to the net's buffer once b's own is empty. */
	server_write(&b, "to b, third\n", 12);
	CHECKF(n->out_owner == &b.c && !b.c.out_len, "b's next record is in the net's buffer");
	deliver(&b);
	len = client_text(&b, buf, sizeof buf);
	CHECK(len == 12 && memcmp(buf, "to b, third\n", 12) == 0);
	teardown(&a);
	teardown(&b);
}

static void larger_than_the_net_buffer(struct tg_net *n, SSL_CTX *sctx, SSL_CTX *cctx)
{
	struct pair a;
	if (!setup(&a, n, sctx, cctx))
		return;
	static char text[150000], got[150001];
	for (size_t i = 0; i < sizeof text; i++)
		text[i] = (char)('a' + i * 7 % 26);
	server_write(&a, text, sizeof text);
	CHECKF(n->out_owner == &a.c && n->out_len <= sizeof n->writebuf &&
	           n->out_len > sizeof n->writebuf - 16 * 1024 - 64,
	       "the net's buffer filled with whole records: %zu bytes", n->out_len);
	CHECKF(a.c.out_len > sizeof text - sizeof n->writebuf,
	       "the rest in the connection's own buffer: %zu bytes", a.c.out_len);
	deliver(&a);
	size_t len = client_text(&a, got, sizeof got);
	CHECKF(len == sizeof text && memcmp(got, text, len) == 0,
	       "the client reads all %zu bytes in order (%zu)", sizeof text, len);
	tg_tls_bio_shed(&a.c);
	CHECKF(a.c.out == NULL && a.c.out_cap == 0, "the empty own buffer is freed when quiet");
	teardown(&a);
}

static void kept_unread(struct tg_net *n, SSL_CTX *sctx, SSL_CTX *cctx)
{
	struct pair a;
	if (!setup(&a, n, sctx, cctx))
		return;
	size_t w = 0;
	SSL_write_ex(a.client, "one\n", 4, &w);
	SSL_write_ex(a.client, "two\n", 4, &w);
	size_t len = client_bytes(&a);
	tg_tls_bio_lend(&a.c, wire, len);
	char buf[64];
	size_t got = 0;
	/* One byte: SSL reads the first record only, the second stays lent. */
	CHECK(SSL_read_ex(a.c.ssl, buf, 1, &got) && got == 1 && buf[0] == 'o');
	CHECKF(a.c.in_len > 0, "the second record is still lent: %zu bytes", a.c.in_len);
	size_t left = a.c.in_len;
	CHECK(tg_tls_bio_unlend(&a.c, true) == 0);
	CHECKF(a.c.in == NULL && a.c.in_len == 0 && a.c.in_held_len == left,
	       "unread bytes kept in the connection's own buffer: %zu", a.c.in_held_len);
	memset(wire, 0, sizeof wire); /* the net's read buffer is reused */
	tg_tls_bio_shed(&a.c);
	CHECK(a.c.in_held != NULL && a.c.in_held_len == left);
	size_t total = 1;
	while (SSL_read_ex(a.c.ssl, buf + total, sizeof buf - total, &got))
		total += got;
	ERR_clear_error();
	CHECKF(total == 8 && memcmp(buf, "one\ntwo\n", 8) == 0, "both lines read: %.*s", (int)total,
	       buf);
	tg_tls_bio_shed(&a.c);
	CHECKF(a.c.in_held == NULL, "the empty kept buffer is freed when quiet");

	/* A connection that no longer reads drops what it did not read. */
	SSL_write_ex(a.client, "three\n", 6, &w);
	SSL_write_ex(a.client, "four\n", 5, &w);
	len = client_bytes(&a);
	tg_tls_bio_lend(&a.c, wire, len);
	CHECK(SSL_read_ex(a.c.ssl, buf, 1, &got) && got == 1);
	CHECK(tg_tls_bio_unlend(&a.c, false) == 0);
	CHECK(a.c.in_len == 0 && a.c.in_held_len == 0 && a.c.in_held == NULL);
	teardown(&a);
}

int main(void)
{
	signal(SIGPIPE, SIG_IGN);
	tg_log_set_level(TG_LOG_WARN);
	struct net_test_files files;
	if (!net_test_files_make(&files, "/tmp/tg-net-bio-XXXXXX"))
		return tap_done();
	char err[256] = "";
	SSL_CTX *sctx = tg_tls_server_ctx(files.cert, files.key, err, sizeof err);
	SSL_CTX *cctx = SSL_CTX_new(TLS_client_method());
	struct tg_net *n = calloc(1, sizeof *n);
	if (CHECKF(sctx && cctx && n, "%s", err)) {
		owner_and_spill(n, sctx, cctx);
		larger_than_the_net_buffer(n, sctx, cctx);
		kept_unread(n, sctx, cctx);
	}
	free(n);
	SSL_CTX_free(sctx);
	SSL_CTX_free(cctx);
	net_test_files_remove(&files);
	return tap_done();
}
