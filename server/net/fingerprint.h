/* fingerprint.h — the one spelling of a server's key fingerprint, shared by
 * telegraphd (which logs it) and the telegraph client (which pins it with
 * --fingerprint, shows it when it asks, and remembers it in known_servers),
 * so that what the host reads out is, character for character, what his
 * guest sees.
 *
 * The fingerprint is the SHA-256 of the certificate's public key (DER
 * SubjectPublicKeyInfo): it survives a new certificate for the same key,
 * which is how the self-signed one changes its names. It is written
 * "SHA256:" and 64 lower-case hex digits, what `sha256sum` prints, so that
 * anyone holding cert.pem can check it with standard tools:
 *
 *   openssl x509 -in cert.pem -pubkey -noout |
 *       openssl pkey -pubin -outform DER | sha256sum
 */
#ifndef TG_NET_FINGERPRINT_H
#define TG_NET_FINGERPRINT_H

#include <openssl/x509.h>

/* "SHA256:" and 64 hex digits. */
#define TG_FINGERPRINT_LEN 71

/* The fingerprint of x's key into out (TG_FINGERPRINT_LEN + 1 bytes). 0, or -1
 * when the key cannot be encoded. */
int tg_fingerprint_of_x509(X509 *x, char out[TG_FINGERPRINT_LEN + 1]);

/* Reads a fingerprint a person typed or a file holds, and writes it in the
 * one spelling into out. Accepted: the hex digits in either case, with or
 * without "SHA256:" (either case) in front, with or without ':' between
 * the pairs (as `openssl dgst -c` writes them); and session 9's spelling,
 * "SHA256:" and 43 unpadded base64 characters, which known_servers files
 * written then hold. 0, or -1 when text is none of these. */
int tg_fingerprint_parse(const char *text, char out[TG_FINGERPRINT_LEN + 1]);

#endif
