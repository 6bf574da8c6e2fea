/* seed.h — verifiable match randomness (PROTOCOL.md, "Verifiable
 * randomness") and the small random/hex helpers the engine shares.
 *
 *   commitment = SHA-256(secret)
 *   seed       = SHA-256(secret || entropy(roles[0]) || entropy(roles[1]) ...)
 */
#ifndef TG_CORE_SEED_H
#define TG_CORE_SEED_H

#include <stddef.h>
#include <stdint.h>

#define TG_SECRET_BYTES 32
#define TG_ENTROPY_MAX_BYTES 64
#define TG_INVITE_LEN 10

/* Lower-case hex of n bytes into out (2n+1 bytes). */
void tg_hex_encode(const uint8_t *bytes, size_t n, char *out);
/* Decodes an even-length hex string into at most max bytes; the count, or -1
 * if it is not hex or too long. */
int tg_hex_decode(const char *hex, uint8_t *out, size_t max);

/* Cryptographically random bytes (OpenSSL RAND); 0, or -1 if RAND failed. */
int tg_random_bytes(uint8_t *out, size_t n);
/* Uniform in [0, n), n >= 1, by rejection; -1 if RAND failed. */
int tg_random_below(uint32_t n);

/* A fresh server secret and its commitment (hex). 0 or -1. */
int tg_seed_new_secret(char secret_hex[2 * TG_SECRET_BYTES + 1], char commitment_hex[65]);
/* commitment of a secret given in hex; 0, or -1 if not 32 bytes of hex. */
int tg_seed_commitment(const char *secret_hex, char commitment_hex[65]);
/* Entropy a player contributes: 1..TG_ENTROPY_MAX_BYTES bytes as even hex. */
int tg_seed_entropy_valid(const char *hex);
/* The seed from the secret and the entropies in role order (all hex).
 * 0, or -1 if any is not valid hex. */
int tg_seed_derive(const char *secret_hex, const char *const *entropies, size_t count,
                   uint8_t seed[32]);
/* A private match's invite code: TG_INVITE_LEN characters of A-Z2-9 without
 * I, O (unambiguous when read aloud). 0 or -1. */
int tg_invite_code(char out[TG_INVITE_LEN + 1]);

#endif
