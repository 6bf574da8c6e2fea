/* net.h — TLS over libuv streams, newline-delimited JSON framing, limits.
 *
 * OpenSSL runs on one BIO of the net's own (tls_bio.c): SSL_read takes the
 * bytes read from the socket where the read put them, SSL_write's records
 * go into the net's write buffer, flushed to the socket at once
 * (uv_try_write). TLS 1.2 and 1.3 only,
 * ECDHE, session resumption (tickets and the session cache).
 *
 * Framing: one JSON object per line, UTF-8. The net layer itself answers
 *   - a line over max_message bytes: {"op":"error","code":"message_too_large"}
 *     then closes the connection;
 *   - a line that is not a JSON object: {"op":"error","code":"malformed_json"}
 *     and keeps the connection;
 *   - a message not whole within message_timeout_ms of its first byte:
 *     {"op":"error","code":"message_timeout"} then closes (a client that
 *     trickles bytes would otherwise hold its connection for ever, since any
 *     byte resets the idle timer);
 *   - a connection from a peer that already has max_connections_per_address
 *     (an IPv4 address, or an IPv6 /64): after the handshake
 *     {"op":"error","code":"too_many_connections"} then closes.
 * Every well-formed object goes to on_message. The loop thread owns all of it.
 *
 * The same port serves the web client over HTTPS and carries the same
 * messages over WebSocket, one text message per line (web.c); callers see
 * no difference between the two.
 */
#ifndef TG_NET_H
#define TG_NET_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>
#include <uv.h>

struct tg_net_config {
	const char *host;      /* "127.0.0.1" */
	int port;              /* 7700; 0 picks a free port (see tg_net_port) */
	const char *cert_file; /* PEM */
	const char *key_file;  /* PEM */
	size_t max_message;    /* inbound line limit, bytes (default 65536) */
	size_t max_outbuf;     /* outbound bytes queued per connection before it is dropped */
	unsigned handshake_timeout_ms; /* TLS handshake must finish within */
	unsigned idle_timeout_ms;      /* no inbound bytes for this long: close */
	unsigned max_connections;
	unsigned message_timeout_ms;          /* first byte to newline (0: no deadline) */
	unsigned max_connections_per_address; /* per IPv4 address or IPv6 /64 (0: no cap) */
	/* Origins besides the daemon's own (https://<Host>) whose pages may open
	 * a WebSocket: "https://a.example, https://b.example"; NULL or "": none. */
	const char *web_origins;
	/* A connection quiet this long frees its TLS record buffers (about
	 * 34 KiB, SSL_free_buffers); a busy one keeps them, so records do not
	 * allocate. 0: freed after every record (SSL_MODE_RELEASE_BUFFERS). */
	unsigned tls_buffers_idle_ms;
};

struct tg_net;
struct tg_conn;

struct tg_net_callbacks {
	void (*on_open)(struct tg_conn *c, void *ud);                 /* after the TLS handshake */
	void (*on_message)(struct tg_conn *c, json_t *msg, void *ud); /* msg borrowed */
	/* c invalid after return; called exactly once for every connection that
	 * got on_open (connections that never finished the handshake get neither). */
	void (*on_close)(struct tg_conn *c, void *ud);
	/* POST /unsubscribe?... (the link of the engine's emails; web.c serves
	 * the GET as a page whose button posts it): the status to answer with
	 * and a sentence in out. NULL: 404. */
	int (*on_unsubscribe)(const char *target, char *out, size_t outlen, void *ud);
};

/* Binds and listens. NULL with a sentence in errbuf on failure. */
struct tg_net *tg_net_start(uv_loop_t *loop, const struct tg_net_config *cfg,
                            const struct tg_net_callbacks *cb, void *ud, char *errbuf,
                            size_t errlen);
int tg_net_port(const struct tg_net *n); /* the bound port */
void tg_net_stop_accepting(struct tg_net *n);
/* Sends goodbye (if not NULL) to every connection, flushes, closes them all,
 * closes the listener; calls done(ud) when every handle is closed. */
void tg_net_shutdown(struct tg_net *n, const json_t *goodbye, void (*done)(void *), void *ud);
void tg_net_free(struct tg_net *n); /* after shutdown's done */
unsigned tg_net_connection_count(const struct tg_net *n);

/* Queue one message (serialized compactly, newline added). 0, or -1 when the
 * connection is closing or went over max_outbuf (it is then being closed). */
int tg_conn_send(struct tg_conn *c, const json_t *msg);
/* Same for an already serialized line (no newline): fan-out serializes once. */
int tg_conn_send_line(struct tg_conn *c, const char *line, size_t len);
/* Holds what is sent to any connection from this thread (the loop's) until
 * the matching tg_conn_uncork, which writes each connection's held bytes as
 * one TLS write (one record while they fit in 16 KiB) and one socket write,
 * in the order they were sent: a turn's lines to one client cost one record
 * and one syscall, not one a line (issue 17). Nests; a connection closed
 * meanwhile gets its held lines before its close, an aborted one drops
 * them. The sends return 0 for held bytes (a failure shows at the uncork,
 * where the connection is closed). */
void tg_conn_cork(void);
void tg_conn_uncork(void);
/* Sends {"op":"error","code":code,"message":message} if code is not NULL,
 * flushes, then closes. */
void tg_conn_close(struct tg_conn *c, const char *code, const char *message);

uint64_t tg_conn_id(const struct tg_conn *c); /* unique, never reused in one run */
/* uv_hrtime() at the start of the read callback that brought the bytes
 * being handled (issue 17's round-trip stages, core/latency.h). */
uint64_t tg_conn_read_ns(const struct tg_conn *c);
const char *tg_conn_peer(const struct tg_conn *c); /* "127.0.0.1" (address only) */
/* The peer as max_connections_per_address counts it: the IPv4 address, or the
 * IPv6 /64 ("2001:db8:1:2::/64"), since one host is given a whole /64. */
const char *tg_conn_peer_group(const struct tg_conn *c);
void tg_conn_set_data(struct tg_conn *c, void *data);
void *tg_conn_data(const struct tg_conn *c);

/* Creates a self-signed ECDSA P-256 certificate covering names (its
 * subjectAltName; 10 years) at cert_file, replacing it whole. The key at
 * key_file is reused when it exists, else made (mode 0600). 0, or -1 with a
 * sentence in errbuf. */
struct tg_cert_names;
int tg_net_make_self_signed(const char *cert_file, const char *key_file,
                            const struct tg_cert_names *names, char *errbuf, size_t errlen);

/* Loads the certificate and key again (the files named in the config) into
 * a new TLS context for the handshakes from now on; connections already
 * open keep the context they were made with. On failure the old context
 * stays and -1 comes back with a sentence in errbuf. */
int tg_net_reload_cert(struct tg_net *n, char *errbuf, size_t errlen);

#endif
