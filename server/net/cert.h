/* cert.h — certificate helpers beyond net.h, for the daemon's start-up. */
#ifndef TG_NET_CERT_H
#define TG_NET_CERT_H

#include <stddef.h>

/* SHA-256 fingerprint of the certificate in a PEM file, as upper-case hex
 * pairs joined by ':' (what `openssl x509 -fingerprint -sha256` prints).
 * out needs 96 bytes. 0, or -1 with a sentence in err. */
int tg_net_cert_fingerprint(const char *cert_file, char *out, size_t outlen, char *err,
                            size_t errlen);

#endif
