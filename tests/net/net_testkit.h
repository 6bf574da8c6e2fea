/* net_testkit.h — what the net tests that count a connection's heap share:
 * a self-signed certificate for 127.0.0.1 in a temp folder, the echo
 * server's tg_net_config, and a blocking OpenSSL client on the main thread
 * (open, read until a marker, close). Included by one test file each; its
 * functions are static inline, so that a test need not use them all. */
#ifndef TG_TEST_NET_TESTKIT_H
#define TG_TEST_NET_TESTKIT_H

#include <arpa/inet.h>
#include <netinet/in.h>
#include <openssl/ssl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "net/cert.h"
#include "net/net.h"
#include "tap.h"

/* The temp folder (made from its template in dir[]) and the certificate
 * and key written in it. */
struct net_test_files {
	char dir[64], cert[128], key[128];
};

/* A new folder from `template` (mkdtemp's XXXXXX at its end) with a
 * self-signed certificate for 127.0.0.1; false (and said) if not. */
static inline bool net_test_files_make(struct net_test_files *f, const char *template)
{
	snprintf(f->dir, sizeof f->dir, "%s", template);
	if (!mkdtemp(f->dir)) {
		perror("mkdtemp");
		return false;
	}
	snprintf(f->cert, sizeof f->cert, "%s/cert.pem", f->dir);
	snprintf(f->key, sizeof f->key, "%s/key.pem", f->dir);
	char err[256] = "";
	struct tg_cert_names names = {0};
	tg_cert_names_add(&names, "127.0.0.1");
	int made = tg_net_make_self_signed(f->cert, f->key, &names, err, sizeof err);
	tg_cert_names_free(&names);
	CHECKF(made == 0, "%s", err);
	return made == 0;
}

static inline void net_test_files_remove(const struct net_test_files *f)
{
	unlink(f->cert);
	unlink(f->key);
	rmdir(f->dir);
}

/* The echo server's net on 127.0.0.1 with that certificate, for up to
 * max_connections clients. */
static inline struct tg_net_config net_test_config(const struct net_test_files *f,
                                                   int max_connections)
{
	return (struct tg_net_config){
	    .host = "127.0.0.1",
	    .cert_file = f->cert,
	    .key_file = f->key,
	    .max_message = 65536,
	    .max_outbuf = 1 << 20,
	    .handshake_timeout_ms = 10000,
	    .idle_timeout_ms = 60000,
	    .max_connections = max_connections,
	    .message_timeout_ms = 10000,
	};
}

/* ---- the clients (main thread) ----------------------------------------- */

struct client {
	int fd;
	SSL *ssl;
};

/* Connects to 127.0.0.1:port and makes the TLS handshake (reads time out
 * after 10 s); whether both went through. */
static inline bool client_open(struct client *cl, SSL_CTX *ctx, int port)
{
	cl->ssl = NULL;
	cl->fd = socket(AF_INET, SOCK_STREAM, 0);
	struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
	inet_pton(AF_INET, "127.0.0.1", &sa.sin_addr);
	struct timeval tv = {.tv_sec = 10};
	setsockopt(cl->fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
	if (connect(cl->fd, (struct sockaddr *)&sa, sizeof sa) < 0)
		return false;
	cl->ssl = SSL_new(ctx);
	SSL_set_fd(cl->ssl, cl->fd);
	return SSL_connect(cl->ssl) == 1;
}

static inline void client_close(struct client *cl)
{
	if (cl->ssl) {
		SSL_shutdown(cl->ssl);
		SSL_free(cl->ssl);
	}
	close(cl->fd);
	cl->ssl = NULL;
}

/* Reads into buf until `end` has come; the bytes read then, or 0 on an
 * error, a timeout or a full buf without it. */
static inline size_t client_read_until(struct client *cl, char *buf, size_t cap, const char *end,
                                       size_t endlen)
{
	size_t len = 0;
	while (len < cap) {
		int r = SSL_read(cl->ssl, buf + len, (int)(cap - len));
		if (r <= 0)
			return 0;
		len += (size_t)r;
		for (size_t i = 0; i + endlen <= len; i++)
			if (memcmp(buf + i, end, endlen) == 0)
				return len;
	}
	return 0;
}

#endif
