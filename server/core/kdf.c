#include "kdf.h"

#include <inttypes.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "seed.h"

#define SALT_BYTES 16
#define HASH_BYTES 32

static int scrypt(const char *password, const struct tg_kdf_params *p, uint8_t *out, size_t outlen)
{
	/* scrypt needs about 128 * r * N * p bytes; allow that plus slack. */
	uint64_t maxmem = 128 * (uint64_t)p->r * (p->n + 2) * p->p + (1u << 20);
	return EVP_PBE_scrypt(password, strlen(password), p->salt, p->salt_len, p->n, p->r, p->p,
	                      maxmem, out, outlen) == 1
	           ? 0
	           : -1;
}

int tg_kdf_hash(const char *password, unsigned n_log2, char out[TG_KDF_HASH_MAX])
{
	if (n_log2 < 1 || n_log2 > TG_KDF_N_LOG2_MAX)
		return -1;
	struct tg_kdf_params p = {.n = (uint64_t)1 << n_log2,
	                          .r = 8,
	                          .p = 1,
	                          .salt_len = SALT_BYTES,
	                          .hash_len = HASH_BYTES};
	if (tg_random_bytes(p.salt, SALT_BYTES) != 0 ||
	    scrypt(password, &p, p.hash, HASH_BYTES) != 0)
		return -1;
	char salt_hex[2 * SALT_BYTES + 1], hash_hex[2 * HASH_BYTES + 1];
	tg_hex_encode(p.salt, SALT_BYTES, salt_hex);
	tg_hex_encode(p.hash, HASH_BYTES, hash_hex);
	snprintf(out, TG_KDF_HASH_MAX, "scrypt$%" PRIu64 "$%u$%u$%s$%s", p.n, p.r, p.p, salt_hex,
	         hash_hex);
	return 0;
}

/* Reads one '$'-terminated decimal field. */
static int field_u64(const char **s, uint64_t *v, uint64_t max)
{
	char *end;
	if (**s < '0' || **s > '9')
		return -1;
	unsigned long long x = strtoull(*s, &end, 10);
	if (*end != '$' || x > max)
		return -1;
	*v = x;
	*s = end + 1;
	return 0;
}

static int field_hex(const char **s, uint8_t *out, size_t max, size_t *len, char term)
{
	const char *end = strchr(*s, term);
	if (!end)
		return -1;
	size_t n = (size_t)(end - *s);
	char buf[2 * 64 + 1];
	if (n == 0 || n > 2 * max)
		return -1;
	memcpy(buf, *s, n);
	buf[n] = '\0';
	int got = tg_hex_decode(buf, out, max);
	if (got < 1)
		return -1;
	*len = (size_t)got;
	*s = end + (term ? 1 : 0);
	return 0;
}

int tg_kdf_parse(const char *stored, struct tg_kdf_params *p)
{
	if (!stored || strncmp(stored, "scrypt$", 7) != 0)
		return -1;
	const char *s = stored + 7;
	uint64_t n, r, par;
	if (field_u64(&s, &n, (uint64_t)1 << TG_KDF_N_LOG2_MAX) || field_u64(&s, &r, 32) ||
	    field_u64(&s, &par, 16))
		return -1;
	if (n < 2 || (n & (n - 1)) != 0 || r < 1 || par < 1)
		return -1;
	p->n = n;
	p->r = (uint32_t)r;
	p->p = (uint32_t)par;
	if (field_hex(&s, p->salt, sizeof p->salt, &p->salt_len, '$') ||
	    field_hex(&s, p->hash, sizeof p->hash, &p->hash_len, '\0') || p->hash_len < 16)
		return -1;
	return 0;
}

int tg_kdf_verify(const char *password, const char *stored)
{
	struct tg_kdf_params p;
	uint8_t got[64];
	if (tg_kdf_parse(stored, &p) != 0 || scrypt(password, &p, got, p.hash_len) != 0)
		return -1;
	return CRYPTO_memcmp(got, p.hash, p.hash_len) == 0 ? 1 : 0;
}
