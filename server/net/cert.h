/* cert.h — certificate helpers beyond net.h, for the daemon's start-up and
 * SIGHUP: the names a self-signed certificate covers, and its key fingerprint. */
#ifndef TG_NET_CERT_H
#define TG_NET_CERT_H

#include <openssl/x509.h>
#include <stddef.h>

/* A certificate covers at most this many names and addresses (the default
 * ones of a machine with many interfaces plus the host's cert_names); one
 * more is refused at start-up with a sentence naming the limit. */
#define TG_CERT_NAMES_MAX 64
#define TG_CERT_NAME_MAX 253 /* a DNS name's longest spelling */

/* DNS names (lower case) and IP addresses (inet_ntop spelling), no
 * duplicates, each malloc'd. */
struct tg_cert_names {
	char *name[TG_CERT_NAMES_MAX];
	size_t n;
};

/* Adds one name or address in its canonical spelling (a duplicate is
 * skipped). 0, or -1 when it is neither a DNS name nor an address, or the
 * list is full. */
int tg_cert_names_add(struct tg_cert_names *l, const char *name);
void tg_cert_names_free(struct tg_cert_names *l);
/* "DNS:a,IP:b" sorted (malloc'd; NULL when out of memory). */
char *tg_cert_names_text(const struct tg_cert_names *l);

/* What the self-signed certificate covers: localhost and 127.0.0.1; the
 * listening host; for a wildcard listen (0.0.0.0, or :: with ::1) the
 * machine's host name and the addresses of its interfaces instead; then the
 * comma-separated extra names (the cert_names setting, e.g. a public name or
 * the router's address). 0, or -1 with a sentence in err. */
int tg_cert_default_names(struct tg_cert_names *l, const char *listen_host, const char *extra,
                          char *err, size_t errlen);

/* The subjectAltName entries of the certificate in a PEM file. */
int tg_net_cert_names(const char *cert_file, struct tg_cert_names *out, char *err, size_t errlen);

/* The fingerprint clients pin (telegraph --fingerprint) of the key of the
 * certificate in a PEM file, in the one spelling of fingerprint.h. out needs
 * TG_FINGERPRINT_LEN + 1 bytes. 0, or -1 with a sentence in err. */
int tg_net_cert_key_fingerprint(const char *cert_file, char *out, size_t outlen, char *err,
                                size_t errlen);

#endif
