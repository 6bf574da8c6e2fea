/* tls_conn.h — the client's TLS connection: a non-blocking socket driven with
 * poll(2), OpenSSL on top, newline-delimited JSON lines in and out.
 *
 * Whom to trust, in order (decided right after the handshake, before a byte
 * of the protocol is sent):
 *   1. a pinned PEM (--trust): verified against that file alone (any
 *      certificate in it is a trust anchor, so a self-signed leaf works),
 *      host name or IP address checked;
 *   2. a pinned key fingerprint (--fingerprint SHA256:HEX, the one spelling
 *      of net/fingerprint.h): the server's key
 *      must have it, whatever names its certificate carries;
 *   3. a certificate the system trust store verifies for the host name;
 *   4. the fingerprint remembered for this server (the known-servers file,
 *      like ssh's known_hosts): it must match; a changed key is refused
 *      loudly;
 *   5. an unknown server: ask (trust on first use) and remember the answer.
 *      Without a way to ask (--json, no terminal) the connection is refused
 *      with the fingerprint to pin. TLS 1.2+ only. */
#ifndef TG_CLI_TLS_CONN_H
#define TG_CLI_TLS_CONN_H

#include <stddef.h>

/* The largest line accepted from the server (a full view of a big game). */
#define TLS_CONN_MAX_LINE (16u * 1024u * 1024u)

struct tls_conn;

struct tls_trust {
	const char *trust_file;  /* --trust PEM, or NULL */
	const char *fingerprint; /* --fingerprint in the one spelling, or NULL */
	const char *known_file;  /* the known-servers file (may not exist yet), or NULL */
	/* Asks whether to trust server (HOST:PORT) with key fingerprint fp; 1
	 * yes. NULL: nobody to ask. */
	int (*ask)(const char *server, const char *fp, void *ud);
	void *ask_ud;
};

/* Connects to host:port and completes the handshake within timeout_ms (the
 * time a person takes to answer ask is not counted). NULL with a sentence in
 * err on failure. */
struct tls_conn *tls_conn_open(const char *host, const char *port, const struct tls_trust *trust,
                               int timeout_ms, char *err, size_t errlen);

/* The known-servers file: "HOST:PORT SHA256:HEX" lines. Looks up server: 1
 * with fp filled in the one spelling (a line in another spelling that
 * fingerprint.h reads counts), 0 not there, -1 unreadable (sentence in err). */
int tls_known_lookup(const char *file, const char *server, char *fp, size_t fplen, char *err,
                     size_t errlen);
/* Records (or replaces) server's fingerprint; the file is written whole
 * (temporary file, rename), mode 0600. 0, or -1 with a sentence in err. */
int tls_known_remember(const char *file, const char *server, const char *fp, char *err,
                       size_t errlen);

void tls_conn_close(struct tls_conn *c);

/* The socket, for poll(2) together with other descriptors. A readable socket
 * may still yield no whole line; tls_conn_has_line() says if one is buffered. */
int tls_conn_fd(const struct tls_conn *c);

/* Sends len bytes followed by a newline. 0, or -1 with a sentence in err. */
int tls_conn_send_line(struct tls_conn *c, const char *line, size_t len, char *err, size_t errlen);

/* Reads one line (without its newline) within timeout_ms (-1: no limit).
 * Returns 1 with *line (owned by the connection, valid until the next call)
 * and *len set, 0 on timeout, -1 on end of stream or error (sentence in err). */
int tls_conn_read_line(struct tls_conn *c, int timeout_ms, const char **line, size_t *len,
                       char *err, size_t errlen);

/* True if a whole line (or TLS plaintext) is already buffered. */
int tls_conn_has_pending(struct tls_conn *c);

#endif
