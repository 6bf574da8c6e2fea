/* kdf.h — password hashing with scrypt (OpenSSL). Slow on purpose: call it
 * from the libuv thread pool, never on the loop thread (accounts.c does).
 *
 * Stored form: "scrypt$N$r$p$<salt hex>$<hash hex>", e.g.
 *   scrypt$32768$8$1$6f1c...(16 bytes)$9a0b...(32 bytes)
 */
#ifndef TG_CORE_KDF_H
#define TG_CORE_KDF_H

#include <stddef.h>
#include <stdint.h>

#define TG_KDF_HASH_MAX 200 /* the stored string, with its NUL */
/* The largest cost hashed and read back: N = 2^20 (1 GiB of memory at r = 8).
 * config.c bounds scrypt_n_log2 by it. */
#define TG_KDF_N_LOG2_MAX 20

struct tg_kdf_params {
	uint64_t n;
	uint32_t r, p;
	uint8_t salt[32];
	size_t salt_len;
	uint8_t hash[64];
	size_t hash_len;
};

/* Hashes password with N = 2^n_log2, r = 8, p = 1 and a fresh 16-byte salt.
 * 0, or -1 (RAND or scrypt failed). */
int tg_kdf_hash(const char *password, unsigned n_log2, char out[TG_KDF_HASH_MAX]);
/* Parses a stored hash, bounding its parameters; 0 or -1. */
int tg_kdf_parse(const char *stored, struct tg_kdf_params *p);
/* 1 if password matches stored, 0 if not, -1 if stored is unreadable. The
 * comparison is constant-time. */
int tg_kdf_verify(const char *password, const char *stored);

#endif
