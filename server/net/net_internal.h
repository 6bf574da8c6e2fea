/* net_internal.h — what the files of the net layer share: the listener
 * (listener.c), one connection (conn.c) and the TLS context (tls.c). */
#ifndef TG_NET_INTERNAL_H
#define TG_NET_INTERNAL_H

#include <openssl/ssl.h>
#include <stdbool.h>

#include "framing.h"
#include "net.h"

/* Bytes read from a socket at once; one buffer per net, reused by every read
 * because the loop thread finishes each read before the next starts. */
#define TG_NET_READ_CHUNK (64 * 1024)
/* A flush's records up to this size are written from the net's buffer;
 * more (a view over 16 KiB) is read into its write request at once. Four
 * full TLS records and their overhead: what a held batch flushes. */
#define TG_NET_WRITE_CHUNK (68 * 1024)
/* A closing connection gets this long to flush its last bytes. */
#define TG_NET_LINGER_MS 5000
/* Held buffers kept for the next cork (conn.c): as many as a saturated
 * turn writes to connections (170 a turn, and some releases several
 * hundred, at 400 matches: issue 17, session 30), each of at most TG_NET_HELD_SPARE_CAP bytes (an
 * ok and a patch fit; a buffer grown past it for a view is freed, or the spares grew to the largest
 * line each ever held and the byte bound kept a few dozen: 0.96 allocations a TLS write at
 * saturation), 2 MiB at most. */
#define TG_NET_HELD_SPARE 512
#define TG_NET_HELD_SPARE_CAP 4096

/* Live connections per peer group (tg_conn_peer_group), for
 * max_connections_per_address: a chained hash table. */
#define TG_NET_PEER_BUCKETS 4096
/* As long as the peer's name: an IPv4 peer's group is its name, and GCC's
 * -Wformat-truncation (MinSizeRel, Release) rejects a shorter buffer. */
#define TG_NET_PEER_GROUP 64

struct tg_peer_count {
	struct tg_peer_count *next;
	unsigned n;
	char group[TG_NET_PEER_GROUP];
};

struct tg_net {
	uv_loop_t *loop;
	uv_tcp_t listener;
	bool listening;       /* listener handle open (not yet uv_close'd) */
	bool listener_closed; /* its close callback ran */
	struct tg_net_config cfg;
	struct tg_net_callbacks cb;
	void *ud;
	SSL_CTX *ssl_ctx;
	int port;
	uint64_t next_id;
	unsigned count;        /* connections alive (accepted, not yet freed) */
	struct tg_conn *conns; /* every live connection, doubly linked */
	bool shutting_down;
	void (*done)(void *);
	void *done_ud;
	struct tg_peer_count *peers[TG_NET_PEER_BUCKETS];
	/* Connections that may hold TLS buffers, least recently busy first, and
	 * the timer that frees the buffers of those quiet for
	 * cfg.tls_buffers_idle_ms (tls_idle.c). */
	struct tg_conn *busy_head, *busy_tail;
	uv_timer_t buffers_timer;
	bool buffers_timer_closed;
	unsigned buffers_freed; /* since the last malloc_trim */
	bool trimmed;           /* a malloc_trim ran, at uv_now trimmed_ms */
	uint64_t trimmed_ms;
	char readbuf[TG_NET_READ_CHUNK];
	/* A flush's TLS records, written from here to the socket at once; only
	 * what the socket does not take is copied into a write request. One
	 * per net: only its loop thread flushes (conn.c). */
	char writebuf[TG_NET_WRITE_CHUNK];
	/* The connection whose TLS records fill writebuf's first out_len bytes
	 * until its flush (tls_bio.c), or NULL. */
	struct tg_conn *out_owner;
	size_t out_len;
	/* Held plaintext buffers (conn.c's cork) given back by connections
	 * whose bytes went out, for the next cork's: not a malloc and a free
	 * each TLS write (issue 17). At most TG_NET_HELD_SPARE, each of at
	 * most TG_NET_HELD_SPARE_CAP bytes. */
	unsigned held_spares;
	char *held_spare[TG_NET_HELD_SPARE];
	size_t held_spare_cap[TG_NET_HELD_SPARE];
};

enum tg_conn_state {
	TG_CONN_HANDSHAKE, /* TLS handshake in progress */
	TG_CONN_OPEN,      /* on_open called; messages flow */
	TG_CONN_CLOSING,   /* flushing its last bytes, reading and discarding */
	TG_CONN_DEAD,      /* handles being closed; freed when both are */
};

struct tg_conn {
	struct tg_net *net;
	struct tg_conn *prev, *next;
	uv_tcp_t tcp;
	uv_timer_t timer; /* handshake deadline, then idle check, then linger */
	uv_shutdown_t shutdown_req;
	int handles_open;
	enum tg_conn_state state;
	bool opened; /* on_open was called: on_close will be too */
	bool shutdown_sent;
	SSL *ssl;
	BIO *bio; /* socket <-> SSL, both ways (tls_bio.c) */
	/* The socket bytes of the read callback under way (in the net's
	 * readbuf), and those a callback left unread; the records that did not
	 * go into the net's writebuf (tls_bio.c). */
	const char *in;
	size_t in_len;
	char *in_held;
	size_t in_held_off, in_held_len, in_held_cap;
	char *out;
	size_t out_len, out_cap;
	struct tg_framer framer;
	uint64_t id;
	uint64_t last_read_ms; /* uv_now of the last inbound bytes */
	uint64_t read_ns;      /* uv_hrtime at the read callback that brought them */
	/* The message deadline: set by tg_conn_note_partial when the first byte
	 * of a message is held unfinished, cleared when none is. */
	bool msg_partial;
	uint64_t msg_started_ms;
	bool peer_counted;    /* counted in net->peers under peer_group */
	bool over_peer_limit; /* refused after the handshake: too_many_connections */
	char peer[64];
	char peer_group[TG_NET_PEER_GROUP];
	void *data;
	/* Set at the first plaintext byte: NDJSON, or HTTP (then web is set,
	 * and carries the WebSocket after an upgrade). */
	bool sniffed;
	struct tg_web *web;
	/* In net's busy list since busy_ms (uv_now of its last TLS record). */
	bool busy;
	uint64_t busy_ms;
	struct tg_conn *busy_prev, *busy_next;
	/* Plaintext held between tg_conn_cork and tg_conn_uncork (conn.c), and
	 * the thread's list of connections holding some. */
	char *held;
	size_t held_len, held_cap;
	bool held_listed;
	struct tg_conn *held_prev, *held_next;
};

SSL_CTX *tg_tls_server_ctx(const char *cert_file, const char *key_file, char *err, size_t errlen);
/* The reason of the oldest OpenSSL error queued (and clears the queue). */
const char *tg_tls_error(char *buf, size_t len);

/* Takes over an accepted, initialised tcp handle of c (conn.c). */
void tg_conn_start(struct tg_conn *c);
/* Closes at once, dropping whatever is queued. */
void tg_conn_abort(struct tg_conn *c);
/* Frees the held buffers n keeps for its next cork (tg_net_free). */
void tg_conn_held_spares_free(struct tg_net *n);
/* Called by conn.c once a connection is freed (listener.c). */
void tg_net_conn_gone(struct tg_net *n, struct tg_conn *c);
/* For every framing (lines here, any other transport's messages): after
 * bytes were handed to the framer, whether it holds an unfinished message.
 * The first unfinished byte starts the message_timeout_ms deadline; a
 * framer left with nothing unfinished stops it (conn.c). */
void tg_conn_note_partial(struct tg_conn *c, bool partial);

/* ---- tls_idle.c: the TLS buffers of quiet connections ---- */
void tg_tls_idle_init(struct tg_net *n);
/* Stops the timer and closes it; maybe_done waits for its close. */
void tg_tls_idle_close(struct tg_net *n, uv_close_cb done);
/* A new connection's SSL: buffers freed per record when the delay is 0. */
void tg_tls_idle_setup(struct tg_conn *c);
/* c's SSL has just read or written a record: it keeps its buffers until it
 * has been quiet for tls_buffers_idle_ms. */
void tg_tls_idle_busy(struct tg_conn *c);
void tg_tls_idle_forget(struct tg_conn *c); /* before c is freed */

/* ---- tls_bio.c: the BIO between a connection's SSL and its socket ---- */
BIO *tg_tls_bio_new(struct tg_conn *c); /* NULL out of memory */
/* Bytes SSL has written that the socket has not been given yet: those in
 * the net's writebuf (when c holds it), then c->out. */
size_t tg_tls_bio_out_pending(const struct tg_conn *c);
/* After a flush took them all: writebuf free for any connection. */
void tg_tls_bio_out_done(struct tg_conn *c);
/* The socket bytes of a read callback, for SSL to read until unlend. */
void tg_tls_bio_lend(struct tg_conn *c, const char *data, size_t len);
/* The read callback ends: what SSL did not read is copied into c's own
 * buffer when keep (the connection still reads), else dropped. 0, or -1
 * out of memory. */
int tg_tls_bio_unlend(struct tg_conn *c, bool keep);
/* A quiet connection: its own buffers freed when empty (tls_idle.c). */
void tg_tls_bio_shed(struct tg_conn *c);
/* Everything of c's dropped and freed (abort, close); the BIO itself goes
 * with the SSL. */
void tg_tls_bio_free(struct tg_conn *c);

/* ---- conn.c, for web.c ---- */
/* SSL_write of raw bytes, then the flush. 0, or -1 (aborted). */
int tg_conn_write_plain(struct tg_conn *c, const char *data, size_t len);
/* One message's text, exactly as a line of NDJSON: parsed, malformed_json
 * or on_message. 0 to go on, 1 when the connection no longer reads. */
int tg_conn_deliver(struct tg_conn *c, const char *text, size_t len);
void tg_conn_send_error(struct tg_conn *c, const char *code, const char *message);
void tg_conn_arm_head_deadline(struct tg_conn *c); /* handshake_timeout_ms from now */
void tg_conn_arm_idle(struct tg_conn *c);

/* ---- web.c: HTTP and WebSocket on the same port ---- */
bool tg_web_sniff(char first);       /* whether a first plaintext byte starts HTTP */
int tg_web_start(struct tg_conn *c); /* 0, or -1 out of memory */
void tg_web_feed(struct tg_conn *c, const char *data, size_t len);
void tg_web_head_timeout(struct tg_conn *c);
bool tg_web_is_socket(const struct tg_conn *c); /* upgraded to a WebSocket */
int tg_web_send_text(struct tg_conn *c, const char *text, size_t len);
/* The close frame before the TLS close (code: the protocol error code the
 * connection is closed with, or NULL). */
void tg_web_closing(struct tg_conn *c, const char *code);
void tg_web_free(struct tg_conn *c);

#endif
