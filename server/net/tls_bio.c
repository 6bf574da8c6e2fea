/* tls_bio.c — the one BIO between a connection's SSL and its socket (issue
 * 17).
 *
 * Until session 25 each connection had two memory BIOs: the socket's bytes
 * were copied into the read BIO for SSL_read to copy out again, and every
 * record SSL_write made was copied into the write BIO, then read out of it
 * into the net's write buffer by flush(). Each BIO_write and BIO_read went
 * through the memory BIO's buffer bookkeeping (BUF_MEM_grow_clean and about
 * a dozen BIO_ctrl calls a record), and each BIO held a buffer that grew to
 * the most it ever carried (freed by tls_idle.c's sweep).
 *
 * This BIO reads and writes the net's own buffers instead:
 *  - reading: the socket's bytes stay in the net's read buffer
 *    (n->readbuf), which the read callback lends to the connection while it
 *    pumps them (tg_tls_bio_lend); SSL's reads copy straight out of it.
 *    What SSL has not taken when the callback ends (the connection stopped
 *    reading half-way) is kept in the connection's own buffer (in_held) and
 *    read first next time.
 *  - writing: a record is appended to the net's write buffer (n->writebuf),
 *    which one connection at a time fills until its flush (conn.c) writes
 *    it to the socket. When another connection holds it (a reply written
 *    while a read's own output waits for its flush) or it is full (a flush
 *    of over TG_NET_WRITE_CHUNK bytes), the records go to the connection's
 *    own buffer (out), after the ones in the net's: flush writes both, in
 *    that order.
 * The connection's two buffers are usually never allocated; once they are,
 * they are kept while it is busy and freed with its record buffers when it
 * is quiet (tg_tls_bio_shed, from tls_idle.c).
 *
 * One BIO serves both directions (SSL_set_bio(ssl, b, b)), so a connection
 * has one BIO object instead of two and no BUF_MEM. */
#include <openssl/bio.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "net_internal.h"

static BIO_METHOD *method;
static pthread_once_t method_once = PTHREAD_ONCE_INIT;

/* Grows *buf to hold at least want bytes. -1 out of memory. */
static int reserve(char **buf, size_t *cap, size_t want)
{
	if (want <= *cap)
		return 0;
	size_t n = *cap ? *cap : 1024;
	while (n < want)
		n *= 2;
	char *p = realloc(*buf, n);
	if (!p)
		return -1;
	*buf = p;
	*cap = n;
	return 0;
}

static int bio_write(BIO *b, const char *data, int len)
{
	struct tg_conn *c = BIO_get_data(b);
	BIO_clear_retry_flags(b);
	if (len <= 0)
		return 0;
	size_t n = (size_t)len;
	struct tg_net *net = c->net;
	if (!c->out_len && (!net->out_owner || net->out_owner == c) &&
	    n <= sizeof net->writebuf - net->out_len) {
		memcpy(net->writebuf + net->out_len, data, n);
		net->out_len += n;
		net->out_owner = c;
		return len;
	}
	if (reserve(&c->out, &c->out_cap, c->out_len + n) < 0)
		return -1; /* no retry flag: SSL_write fails, the connection closes */
	memcpy(c->out + c->out_len, data, n);
	c->out_len += n;
	return len;
}

static size_t in_pending(const struct tg_conn *c)
{
	return c->in_held_len + c->in_len;
}

static int bio_read(BIO *b, char *buf, int size)
{
	struct tg_conn *c = BIO_get_data(b);
	BIO_clear_retry_flags(b);
	if (size <= 0)
		return 0;
	size_t want = (size_t)size, got = 0;
	if (c->in_held_len) {
		got = want < c->in_held_len ? want : c->in_held_len;
		memcpy(buf, c->in_held + c->in_held_off, got);
		c->in_held_off += got;
		c->in_held_len -= got;
		if (!c->in_held_len)
			c->in_held_off = 0;
	}
	if (got < want && c->in_len) {
		size_t k = want - got < c->in_len ? want - got : c->in_len;
		memcpy(buf + got, c->in, k);
		c->in += k;
		c->in_len -= k;
		got += k;
	}
	if (!got) {
		/* Nothing yet: not the end of the stream (the socket says that). */
		BIO_set_retry_read(b);
		return -1;
	}
	return (int)got;
}

static long bio_ctrl(BIO *b, int cmd, long num, void *ptr)
{
	(void)num, (void)ptr;
	struct tg_conn *c = BIO_get_data(b);
	switch (cmd) {
	case BIO_CTRL_PENDING:
		return (long)in_pending(c);
	case BIO_CTRL_WPENDING:
		return (long)tg_tls_bio_out_pending(c);
	case BIO_CTRL_FLUSH:
		return 1; /* conn.c's flush follows every SSL call */
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

static void make_method(void)
{
	int index = BIO_get_new_index();
	BIO_METHOD *m =
	    index < 0 ? NULL : BIO_meth_new(index | BIO_TYPE_SOURCE_SINK, "telegraph conn");
	if (m && (!BIO_meth_set_write(m, bio_write) || !BIO_meth_set_read(m, bio_read) ||
	          !BIO_meth_set_ctrl(m, bio_ctrl) || !BIO_meth_set_create(m, bio_create) ||
	          !BIO_meth_set_destroy(m, bio_destroy))) {
		BIO_meth_free(m);
		m = NULL;
	}
	method = m;
}

BIO *tg_tls_bio_new(struct tg_conn *c)
{
	pthread_once(&method_once, make_method);
	if (!method)
		return NULL;
	BIO *b = BIO_new(method);
	if (b)
		BIO_set_data(b, c);
	return b;
}

size_t tg_tls_bio_out_pending(const struct tg_conn *c)
{
	return (c->net->out_owner == c ? c->net->out_len : 0) + c->out_len;
}

void tg_tls_bio_out_done(struct tg_conn *c)
{
	if (c->net->out_owner == c) {
		c->net->out_owner = NULL;
		c->net->out_len = 0;
	}
	c->out_len = 0;
}

void tg_tls_bio_lend(struct tg_conn *c, const char *data, size_t len)
{
	c->in = data;
	c->in_len = len;
}

int tg_tls_bio_unlend(struct tg_conn *c, bool keep)
{
	size_t left = c->in_len;
	const char *data = c->in;
	c->in = NULL;
	c->in_len = 0;
	if (!left || !keep)
		return 0;
	if (c->in_held_off) {
		memmove(c->in_held, c->in_held + c->in_held_off, c->in_held_len);
		c->in_held_off = 0;
	}
	if (reserve(&c->in_held, &c->in_held_cap, c->in_held_len + left) < 0)
		return -1;
	memcpy(c->in_held + c->in_held_len, data, left);
	c->in_held_len += left;
	return 0;
}

void tg_tls_bio_shed(struct tg_conn *c)
{
	if (!c->out_len) {
		free(c->out);
		c->out = NULL;
		c->out_cap = 0;
	}
	if (!c->in_held_len) {
		free(c->in_held);
		c->in_held = NULL;
		c->in_held_cap = 0;
		c->in_held_off = 0;
	}
}

void tg_tls_bio_free(struct tg_conn *c)
{
	tg_tls_bio_out_done(c);
	c->in = NULL;
	c->in_len = 0;
	free(c->out);
	c->out = NULL;
	c->out_cap = 0;
	free(c->in_held);
	c->in_held = NULL;
	c->in_held_cap = c->in_held_len = c->in_held_off = 0;
}
