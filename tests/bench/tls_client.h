/* tls_client.h — many TLS client connections on one libuv loop, for the
 * load generator: OpenSSL on a BIO of its own over the socket's bytes, as
 * the server's (server/net/tls_bio.c).
 * Messages are NDJSON; framing reuses server/net/framing.h. */
#ifndef TG_BENCH_TLS_CLIENT_H
#define TG_BENCH_TLS_CLIENT_H

#include <jansson.h>
#include <openssl/ssl.h>
#include <stdbool.h>
#include <uv.h>

#include "net/framing.h"

struct tls_client;
struct tg_text; /* protocol/json_compact.h */

struct tls_client_ops {
	void (*on_ready)(struct tls_client *c);                            /* handshake done */
	void (*on_message)(struct tls_client *c, json_t *m, size_t bytes); /* m borrowed */
	void (*on_close)(struct tls_client *c, const char *why); /* c freed after return */
	/* Optional: a line before it is parsed (no newline). 1 if it took the
	 * line (on_message is then not called), 0 to have it parsed as usual.
	 * The load generator's lean players read their patches so, without
	 * building the parts of the view they do not keep. */
	int (*on_line)(struct tls_client *c, const char *line, size_t len);
};

struct tls_client {
	uv_tcp_t tcp;
	uv_connect_t connect_req;
	SSL *ssl;
	/* SSL's one BIO, both ways (tls_client.c, as the daemon's tls_bio.c):
	 * it reads the socket's bytes where the read left them (in, in_len:
	 * lent for the read's callback only) and writes each record to the
	 * socket at once (uv_try_write), keeping in out only what the socket
	 * did not take, for flush to queue. */
	BIO *bio;
	const char *in;
	size_t in_len;
	char *out;
	size_t out_len, out_cap;
	struct tg_framer framer;
	const struct tls_client_ops *ops;
	void *owner;
	bool ready, closing;
	/* The server reset the connection: a write or a read failed with
	 * ECONNRESET or EPIPE (counted once, in tls_client_resets, when the
	 * connection closes). */
	bool reset;
	unsigned long long bytes_in;
	/* uv_hrtime() in s when the read that brings the lines being handed
	 * out now came in: the arrival time of a reply, before the messages
	 * ahead of it in the same read are parsed (round-trip figures). */
	double t_read;
	/* With tls_client_rx_stamps: the kernel's receipt of the last segment
	 * that read brought (its software RX timestamp, SO_TIMESTAMPNS) and the
	 * same read's return, both CLOCK_REALTIME in s: t_read_real -
	 * t_kernel_rx is how long the bytes waited in the socket for this
	 * process to run and read them (t_kernel_rx 0: no stamp came). */
	double t_kernel_rx, t_read_real;
	/* tls_client_rx_stamps: the socket's reads go through recvmsg on a
	 * duplicate of its fd (libuv's reads give no ancillary data) */
	uv_poll_t rx_poll;
	int rx_fd;        /* the duplicate, -1 without stamps */
	int open_handles; /* handles not yet closed: c is freed at 0 */
};

/* Set before connecting: every connection asks the kernel for a software
 * receive timestamp (SO_TIMESTAMPNS) on each read (struct tls_client's
 * t_kernel_rx). The load generator's --rx-stamps: the round trip as a client
 * whose own scheduling cost nothing would see it (issue 17). */
extern bool tls_client_rx_stamps;
/* The reads that brought no timestamp although one was asked for. */
extern unsigned long long tls_client_rx_unstamped;

/* One client context for every connection: TLS 1.2+, no verification (the
 * benchmark talks to its own server on loopback), tickets off when
 * `resume` is false so that every handshake is a full one. */
SSL_CTX *tls_client_ctx(bool resume);
/* Starts connecting; ops->on_close reports failure. NULL on immediate error. */
struct tls_client *tls_client_connect(uv_loop_t *loop, SSL_CTX *ctx, const struct sockaddr_in *addr,
                                      const struct tls_client_ops *ops, void *owner);
int tls_client_send(struct tls_client *c, const json_t *msg);
/* Sends the line t->p[0, t->n) as it is, the newline added to t: t must
 * hold one message's compact JSON text (the load generator's act, written
 * without building it). 0, or -1. */
int tls_client_send_text(struct tls_client *c, struct tg_text *t);
/* The connections the server reset (struct tls_client.reset), all closed
 * so far. The process must ignore SIGPIPE: a write to a socket the server
 * has reset raises it, and libuv writes TCP with write(2). */
extern unsigned long long tls_client_resets;
void tls_client_close(struct tls_client *c, const char *why);

#endif
