/* tls_conn.h — the client's TLS connection: a non-blocking socket driven with
 * poll(2), OpenSSL on top, newline-delimited JSON lines in and out.
 *
 * The server certificate is always verified: against the system trust store,
 * or, with a pinned PEM (--trust), against that file alone (any certificate in
 * it is a trust anchor, so a self-signed leaf works). The host name or IP
 * address is checked against the certificate in both cases. TLS 1.2+ only. */
#ifndef TG_CLI_TLS_CONN_H
#define TG_CLI_TLS_CONN_H

#include <stddef.h>

/* The largest line accepted from the server (a full view of a big game). */
#define TLS_CONN_MAX_LINE (16u * 1024u * 1024u)

struct tls_conn;

/* Connects to host:port and completes the handshake within timeout_ms.
 * trust_file NULL: system trust store. NULL with a sentence in err on failure. */
struct tls_conn *tls_conn_open(const char *host, const char *port, const char *trust_file,
                               int timeout_ms, char *err, size_t errlen);
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
