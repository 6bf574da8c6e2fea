#include "rng.h"

#include "json_text.h"

#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Fill r->block with keystream block number n: encrypt 64 zero bytes with
 * the 32-bit block counter set to n (OpenSSL's ChaCha20 IV is counter||nonce). */
static void load_block(struct tg_rng *r, uint64_t n)
{
	uint8_t iv[16] = {0};
	/* Counter low 32 bits, then the high bits in the nonce, so the stream
	 * never repeats within 2^64 blocks. */
	for (int i = 0; i < 4; i++)
		iv[i] = (uint8_t)(n >> (8 * i));
	for (int i = 0; i < 4; i++)
		iv[4 + i] = (uint8_t)(n >> (32 + 8 * i));
	static const uint8_t zero[64];
	EVP_CIPHER_CTX *ctx = EVP_CIPHER_CTX_new();
	int len = 0;
	if (!ctx || EVP_EncryptInit_ex(ctx, EVP_chacha20(), NULL, r->key, iv) != 1 ||
	    EVP_EncryptUpdate(ctx, r->block, &len, zero, 64) != 1 || len != 64) {
		/* Only an allocation failure can get here; better to stop than
		 * to hand out numbers that would not replay. */
		fprintf(stderr, "tg_rng: ChaCha20 unavailable\n");
		abort();
	}
	EVP_CIPHER_CTX_free(ctx);
	r->block_no = n;
}

void tg_rng_init(struct tg_rng *r, const uint8_t seed[32])
{
	memcpy(r->key, seed, 32);
	r->consumed = 0;
	r->block_no = UINT64_MAX;
}

static uint8_t next_byte(struct tg_rng *r)
{
	uint64_t n = r->consumed / 64;
	if (r->block_no != n)
		load_block(r, n);
	return r->block[r->consumed++ % 64];
}

uint32_t tg_rng_u32(struct tg_rng *r)
{
	uint32_t v = 0;
	for (int i = 0; i < 4; i++)
		v |= (uint32_t)next_byte(r) << (8 * i);
	return v;
}

uint32_t tg_rng_below(struct tg_rng *r, uint32_t n)
{
	if (n <= 1)
		return 0;
	/* Reject the top slice that would bias the modulo. */
	uint32_t limit = UINT32_MAX - (UINT32_MAX % n);
	for (;;) {
		uint32_t v = tg_rng_u32(r);
		if (v < limit)
			return v % n;
	}
}

int tg_rng_die(struct tg_rng *r, int sides)
{
	return 1 + (int)tg_rng_below(r, (uint32_t)sides);
}

void tg_rng_shuffle_int(struct tg_rng *r, int *a, size_t n)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = tg_rng_below(r, (uint32_t)i);
		int t = a[i - 1];
		a[i - 1] = a[j];
		a[j] = t;
	}
}

json_t *tg_rng_save(const struct tg_rng *r)
{
	char hex[65];
	for (int i = 0; i < 32; i++)
		snprintf(hex + 2 * i, 3, "%02x", r->key[i]);
	return json_pack("{s:s,s:I}", "seed", hex, "consumed", (json_int_t)r->consumed);
}

void tg_rng_save_text(struct tg_jw *w, const struct tg_rng *r)
{
	/* the key's hex as snprintf's "%02x" writes it, without its cost */
	static const char digits[] = "0123456789abcdef";
	char hex[65];
	for (int i = 0; i < 32; i++) {
		hex[2 * i] = digits[r->key[i] >> 4];
		hex[2 * i + 1] = digits[r->key[i] & 15];
	}
	hex[64] = '\0';
	tg_jw_obj(w);
	tg_jw_kstr(w, "seed", hex);
	tg_jw_kint(w, "consumed", (json_int_t)r->consumed);
	tg_jw_end(w);
}

int tg_rng_load(struct tg_rng *r, const json_t *saved)
{
	const char *hex = NULL;
	json_int_t consumed = 0;
	if (json_unpack((json_t *)saved, "{s:s,s:I}", "seed", &hex, "consumed", &consumed) != 0 ||
	    strlen(hex) != 64 || consumed < 0)
		return -1;
	uint8_t seed[32];
	for (int i = 0; i < 32; i++) {
		unsigned b;
		if (sscanf(hex + 2 * i, "%2x", &b) != 1)
			return -1;
		seed[i] = (uint8_t)b;
	}
	tg_rng_init(r, seed);
	r->consumed = (uint64_t)consumed;
	return 0;
}
