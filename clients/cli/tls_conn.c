/* tls_conn.c — see tls_conn.h. */
#include "tls_conn.h"

#include "line_buf.h"
#include "net/fingerprint.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct tls_conn {
	int fd;
	SSL_CTX *ctx;
	SSL *ssl;
	struct line_buf in; /* received plaintext */
};

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Milliseconds left until deadline (-1 deadline: infinite). */
static int left_ms(long long deadline)
{
	if (deadline < 0)
		return -1;
	long long left = deadline - now_ms();
	return left < 0 ? 0 : (int)left;
}

static void ssl_error_text(const char *what, char *err, size_t errlen)
{
	unsigned long e = ERR_get_error();
	char buf[256] = "";
	if (e)
		ERR_error_string_n(e, buf, sizeof buf);
	snprintf(err, errlen, "%s%s%s", what, *buf ? ": " : "", buf);
	ERR_clear_error();
}

/* Waits until the SSL call that returned rc can be retried. 0 to retry,
 * -1 on a hard error or timeout (err filled). */
static int wait_io(struct tls_conn *c, int rc, long long deadline, const char *what, char *err,
                   size_t errlen)
{
	int e = SSL_get_error(c->ssl, rc);
	short events;
	if (e == SSL_ERROR_WANT_READ)
		events = POLLIN;
	else if (e == SSL_ERROR_WANT_WRITE)
		events = POLLOUT;
	else if (e == SSL_ERROR_ZERO_RETURN) {
		snprintf(err, errlen, "%s: the server closed the connection", what);
		return -1;
	} else if (e == SSL_ERROR_SYSCALL) {
		if (ERR_peek_error())
			ssl_error_text(what, err, errlen);
		else
			snprintf(err, errlen, "%s: connection lost%s%s", what, errno ? ": " : "",
			         errno ? strerror(errno) : "");
		return -1;
	} else {
		ssl_error_text(what, err, errlen);
		return -1;
	}
	struct pollfd p = {.fd = c->fd, .events = events};
	int n;
	do
		n = poll(&p, 1, left_ms(deadline));
	while (n < 0 && errno == EINTR);
	if (n == 0) {
		snprintf(err, errlen, "%s: timed out", what);
		return -1;
	}
	if (n < 0) {
		snprintf(err, errlen, "%s: poll: %s", what, strerror(errno));
		return -1;
	}
	return 0;
}

static int connect_tcp(const char *host, const char *port, long long deadline, char *err,
                       size_t errlen)
{
	struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM}, *res, *ai;
	int rc = getaddrinfo(host, port, &hints, &res);
	if (rc != 0) {
		snprintf(err, errlen, "cannot resolve %s: %s", host, gai_strerror(rc));
		return -1;
	}
	int fd = -1;
	snprintf(err, errlen, "cannot connect to %s:%s", host, port);
	for (ai = res; ai; ai = ai->ai_next) {
		fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
		if (fd < 0)
			continue;
		fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
		if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
			break;
		if (errno == EINPROGRESS) {
			struct pollfd p = {.fd = fd, .events = POLLOUT};
			int soerr = 0;
			socklen_t sl = sizeof soerr;
			if (poll(&p, 1, left_ms(deadline)) == 1 &&
			    getsockopt(fd, SOL_SOCKET, SO_ERROR, &soerr, &sl) == 0 && soerr == 0)
				break;
			snprintf(err, errlen, "cannot connect to %s:%s: %s", host, port,
			         soerr ? strerror(soerr) : "timed out");
		} else {
			snprintf(err, errlen, "cannot connect to %s:%s: %s", host, port,
			         strerror(errno));
		}
		close(fd);
		fd = -1;
	}
	freeaddrinfo(res);
	return fd;
}

static int is_ip_literal(const char *host)
{
	unsigned char tmp[16];
	return inet_pton(AF_INET, host, tmp) == 1 || inet_pton(AF_INET6, host, tmp) == 1;
}

/* Without --trust the chain is checked after the handshake (rules 2-5 of
 * tls_conn.h), so the handshake itself goes on whatever OpenSSL thinks of
 * it; SSL_get_verify_result keeps its verdict. */
static int accept_for_now(int preverify, X509_STORE_CTX *ctx)
{
	(void)preverify;
	(void)ctx;
	return 1;
}

/* Rules 2-5: 0 to go on, -1 refused (err says why, loudly when the key
 * changed). */
static int decide_trust(struct tls_conn *c, const char *host, const char *port,
                        const struct tls_trust *t, char *err, size_t errlen)
{
	char server[300], fp[TG_FINGERPRINT_LEN + 1], known[TG_FINGERPRINT_LEN + 1];
	snprintf(server, sizeof server, strchr(host, ':') ? "[%s]:%s" : "%s:%s", host, port);
	X509 *peer = SSL_get1_peer_certificate(c->ssl);
	int ok = peer && tg_fingerprint_of_x509(peer, fp) == 0;
	X509_free(peer);
	if (!ok) {
		snprintf(err, errlen, "the server %s sent no usable certificate", server);
		return -1;
	}
	int have = t->known_file
	               ? tls_known_lookup(t->known_file, server, known, sizeof known, err, errlen)
	               : 0;
	if (have < 0)
		return -1;
	if (t->fingerprint && *t->fingerprint) {
		/* It matched: remembered, so that the next run needs no flag. */
		if (strcmp(t->fingerprint, fp) == 0) {
			if (!t->known_file || (have == 1 && strcmp(known, fp) == 0))
				return 0;
			return tls_known_remember(t->known_file, server, fp, err, errlen);
		}
		snprintf(err, errlen,
		         "REFUSED: the server %s has key fingerprint %s, not the %s you gave with "
		         "--fingerprint. Someone may be in the middle; ask the host which it is.",
		         server, fp, t->fingerprint);
		return -1;
	}
	if (SSL_get_verify_result(c->ssl) == X509_V_OK)
		return 0; /* a certificate the system trusts, for this name */
	if (have == 1) {
		if (strcmp(known, fp) == 0)
			return 0;
		snprintf(
		    err, errlen,
		    "REFUSED: THE SERVER'S KEY HAS CHANGED. %s had key fingerprint %s when you "
		    "first trusted it, and now shows %s. Someone may be in the middle. If the "
		    "host confirms he changed his key, remove the line for %s from %s.",
		    server, known, fp, server, t->known_file);
		return -1;
	}
	if (t->ask && t->ask(server, fp, t->ask_ud) == 1) {
		if (t->known_file && tls_known_remember(t->known_file, server, fp, err, errlen) < 0)
			return -1;
		return 0;
	}
	snprintf(err, errlen,
	         "the server %s is not known: its certificate is not one the system trusts (%s) "
	         "and its key fingerprint %s was never accepted here. If the host confirms that "
	         "fingerprint, run again with --fingerprint %s (or --trust its cert.pem)",
	         server, X509_verify_cert_error_string(SSL_get_verify_result(c->ssl)), fp, fp);
	return -1;
}

struct tls_conn *tls_conn_open(const char *host, const char *port, const struct tls_trust *trust,
                               int timeout_ms, char *err, size_t errlen)
{
	long long deadline = timeout_ms < 0 ? -1 : now_ms() + timeout_ms;
	const char *trust_file =
	    trust && trust->trust_file && *trust->trust_file ? trust->trust_file : NULL;
	struct tls_conn *c = calloc(1, sizeof *c);
	if (!c) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	c->fd = -1;
	line_buf_init(&c->in, TLS_CONN_MAX_LINE);
	c->ctx = SSL_CTX_new(TLS_client_method());
	if (!c->ctx || !SSL_CTX_set_min_proto_version(c->ctx, TLS1_2_VERSION)) {
		ssl_error_text("TLS set-up failed", err, errlen);
		goto fail;
	}
	SSL_CTX_set_verify(c->ctx, SSL_VERIFY_PEER, trust_file ? NULL : accept_for_now);
	if (trust_file) {
		if (SSL_CTX_load_verify_locations(c->ctx, trust_file, NULL) != 1) {
			char what[1200];
			snprintf(what, sizeof what, "cannot load trusted certificate %s",
			         trust_file);
			ssl_error_text(what, err, errlen);
			goto fail;
		}
		/* Pinning: the pinned certificate itself is the trust anchor. */
		X509_VERIFY_PARAM_set_flags(SSL_CTX_get0_param(c->ctx), X509_V_FLAG_PARTIAL_CHAIN);
	} else if (SSL_CTX_set_default_verify_paths(c->ctx) != 1) {
		ssl_error_text("cannot load the system trust store", err, errlen);
		goto fail;
	}
	c->fd = connect_tcp(host, port, deadline, err, errlen);
	if (c->fd < 0)
		goto fail;
	c->ssl = SSL_new(c->ctx);
	if (!c->ssl || SSL_set_fd(c->ssl, c->fd) != 1) {
		ssl_error_text("TLS set-up failed", err, errlen);
		goto fail;
	}
	if (is_ip_literal(host)) {
		X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(c->ssl), host);
	} else {
		SSL_set_tlsext_host_name(c->ssl, host);
		SSL_set1_host(c->ssl, host);
	}
	for (;;) {
		int rc = SSL_connect(c->ssl);
		if (rc == 1)
			break;
		long vr = SSL_get_verify_result(c->ssl);
		if (trust_file && vr != X509_V_OK) {
			snprintf(err, errlen, "the server certificate of %s was not accepted: %s",
			         host, X509_verify_cert_error_string(vr));
			ERR_clear_error();
			goto fail;
		}
		if (wait_io(c, rc, deadline, "TLS handshake", err, errlen) < 0)
			goto fail;
	}
	if (!trust_file) {
		struct tls_trust none = {0};
		if (decide_trust(c, host, port, trust ? trust : &none, err, errlen) < 0)
			goto fail;
	}
	return c;
fail:
	tls_conn_close(c);
	return NULL;
}

int tls_known_lookup(const char *file, const char *server, char *fp, size_t fplen, char *err,
                     size_t errlen)
{
	FILE *f = fopen(file, "r");
	if (!f) {
		if (errno == ENOENT)
			return 0;
		snprintf(err, errlen, "cannot read %s: %s", file, strerror(errno));
		return -1;
	}
	char line[1024], name[600], print[128];
	int found = 0;
	while (fgets(line, sizeof line, f))
		if (sscanf(line, "%599s %127s", name, print) == 2 && name[0] != '#' &&
		    strcmp(name, server) == 0) {
			/* read in any spelling fingerprint.h takes (session 9 wrote
			 * base64), compared in the one it writes */
			char one[TG_FINGERPRINT_LEN + 1];
			if (tg_fingerprint_parse(print, one) == 0 && fplen > TG_FINGERPRINT_LEN) {
				memcpy(fp, one, sizeof one);
				found = 1;
			}
		}
	fclose(f);
	return found;
}

int tls_known_remember(const char *file, const char *server, const char *fp, char *err,
                       size_t errlen)
{
	char tmp[1200];
	/* The settings folder may not exist yet (first run): made, mode 0700. */
	snprintf(tmp, sizeof tmp, "%s", file);
	for (char *p = tmp + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			if (mkdir(tmp, 0700) != 0 && errno != EEXIST) {
				snprintf(err, errlen, "cannot create %s: %s", tmp, strerror(errno));
				return -1;
			}
			*p = '/';
		}
	snprintf(tmp, sizeof tmp, "%s.tmp.%ld", file, (long)getpid());
	int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
	FILE *out = fd < 0 ? NULL : fdopen(fd, "w");
	if (!out) {
		if (fd >= 0)
			close(fd);
		snprintf(err, errlen, "cannot write %s: %s", tmp, strerror(errno));
		return -1;
	}
	fprintf(out, "# telegraph: servers trusted by key fingerprint (HOST:PORT SHA256:HEX)\n");
	FILE *in = fopen(file, "r");
	char line[1024], name[600];
	while (in && fgets(line, sizeof line, in))
		if (line[0] != '#' && !(sscanf(line, "%599s", name) == 1 && !strcmp(name, server)))
			fputs(line, out);
	if (in)
		fclose(in);
	fprintf(out, "%s %s\n", server, fp);
	int bad = fflush(out) != 0 || fsync(fileno(out)) != 0;
	bad |= fclose(out) != 0;
	if (bad || rename(tmp, file) != 0) {
		snprintf(err, errlen, "cannot write %s: %s", file, strerror(errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}

void tls_conn_close(struct tls_conn *c)
{
	if (!c)
		return;
	if (c->ssl) {
		SSL_shutdown(c->ssl); /* best effort; non-blocking, never waits */
		SSL_free(c->ssl);
	}
	if (c->ctx)
		SSL_CTX_free(c->ctx);
	if (c->fd >= 0)
		close(c->fd);
	line_buf_free(&c->in);
	free(c);
}

int tls_conn_fd(const struct tls_conn *c)
{
	return c->fd;
}

int tls_conn_send_line(struct tls_conn *c, const char *line, size_t len, char *err, size_t errlen)
{
	char *out = malloc(len + 1);
	if (!out) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	memcpy(out, line, len);
	out[len] = '\n';
	size_t done = 0;
	long long deadline = now_ms() + 30000; /* a server that does not read for 30 s is gone */
	while (done < len + 1) {
		size_t n = 0;
		int rc = SSL_write_ex(c->ssl, out + done, len + 1 - done, &n);
		if (rc == 1) {
			done += n;
			continue;
		}
		if (wait_io(c, rc, deadline, "send", err, errlen) < 0) {
			free(out);
			return -1;
		}
	}
	free(out);
	return 0;
}

/* Drops the line returned by the previous call. */
int tls_conn_has_pending(struct tls_conn *c)
{
	return line_buf_has_line(&c->in) || SSL_pending(c->ssl) > 0;
}

int tls_conn_read_line(struct tls_conn *c, int timeout_ms, const char **line, size_t *len,
                       char *err, size_t errlen)
{
	long long deadline = timeout_ms < 0 ? -1 : now_ms() + timeout_ms;
	for (;;) {
		int got = line_buf_take(&c->in, line, len);
		if (got == 1)
			return 1;
		if (got < 0) {
			snprintf(err, errlen, "the server sent a line over %u bytes",
			         TLS_CONN_MAX_LINE);
			return -1;
		}
		size_t room;
		char *space = line_buf_space(&c->in, &room);
		if (!space) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		size_t n = 0;
		int rc = SSL_read_ex(c->ssl, space, room, &n);
		if (rc == 1) {
			line_buf_commit(&c->in, n);
			continue;
		}
		int e = SSL_get_error(c->ssl, rc);
		if (e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE) {
			short events = e == SSL_ERROR_WANT_READ ? POLLIN : POLLOUT;
			struct pollfd p = {.fd = c->fd, .events = events};
			int pn;
			do
				pn = poll(&p, 1, left_ms(deadline));
			while (pn < 0 && errno == EINTR);
			if (pn == 0)
				return 0;
			if (pn < 0) {
				snprintf(err, errlen, "poll: %s", strerror(errno));
				return -1;
			}
			continue;
		}
		if (wait_io(c, rc, deadline, "receive", err, errlen) < 0)
			return -1;
	}
}
