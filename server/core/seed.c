#include "seed.h"

#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/sha.h>
#include <string.h>

void tg_hex_encode(const uint8_t *bytes, size_t n, char *out)
{
	static const char digits[] = "0123456789abcdef";
	for (size_t i = 0; i < n; i++) {
		out[2 * i] = digits[bytes[i] >> 4];
		out[2 * i + 1] = digits[bytes[i] & 15];
	}
	out[2 * n] = '\0';
}

static int nibble(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

int tg_hex_decode(const char *hex, uint8_t *out, size_t max)
{
	if (!hex)
		return -1;
	size_t len = strlen(hex);
	if (len % 2 != 0 || len / 2 > max)
		return -1;
	for (size_t i = 0; i < len / 2; i++) {
		int hi = nibble(hex[2 * i]), lo = nibble(hex[2 * i + 1]);
		if (hi < 0 || lo < 0)
			return -1;
		out[i] = (uint8_t)(hi << 4 | lo);
	}
	return (int)(len / 2);
}

int tg_random_bytes(uint8_t *out, size_t n)
{
	return RAND_bytes(out, (int)n) == 1 ? 0 : -1;
}

int tg_random_below(uint32_t n)
{
	if (n <= 1)
		return 0;
	uint32_t limit = UINT32_MAX - (UINT32_MAX % n);
	for (;;) {
		uint8_t b[4];
		if (tg_random_bytes(b, 4) != 0)
			return -1;
		uint32_t v = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
		             (uint32_t)b[3] << 24;
		if (v < limit)
			return (int)(v % n);
	}
}

int tg_seed_new_secret(char secret_hex[2 * TG_SECRET_BYTES + 1], char commitment_hex[65])
{
	uint8_t secret[TG_SECRET_BYTES];
	if (tg_random_bytes(secret, sizeof secret) != 0)
		return -1;
	tg_hex_encode(secret, sizeof secret, secret_hex);
	return tg_seed_commitment(secret_hex, commitment_hex);
}

int tg_seed_commitment(const char *secret_hex, char commitment_hex[65])
{
	uint8_t secret[TG_SECRET_BYTES], digest[32];
	if (!secret_hex || strlen(secret_hex) != 2 * TG_SECRET_BYTES ||
	    tg_hex_decode(secret_hex, secret, sizeof secret) != TG_SECRET_BYTES)
		return -1;
	SHA256(secret, sizeof secret, digest);
	tg_hex_encode(digest, 32, commitment_hex);
	return 0;
}

int tg_seed_entropy_valid(const char *hex)
{
	uint8_t buf[TG_ENTROPY_MAX_BYTES];
	return hex && tg_hex_decode(hex, buf, sizeof buf) >= 1;
}

int tg_seed_derive(const char *secret_hex, const char *const *entropies, size_t count,
                   uint8_t seed[32])
{
	uint8_t buf[TG_ENTROPY_MAX_BYTES];
	int n = tg_hex_decode(secret_hex, buf, sizeof buf);
	if (n != TG_SECRET_BYTES)
		return -1;
	EVP_MD_CTX *ctx = EVP_MD_CTX_new();
	unsigned len = 0;
	int rc = ctx && EVP_DigestInit_ex(ctx, EVP_sha256(), NULL) == 1 &&
	                 EVP_DigestUpdate(ctx, buf, (size_t)n) == 1
	             ? 0
	             : -1;
	for (size_t i = 0; rc == 0 && i < count; i++) {
		n = tg_seed_entropy_valid(entropies[i])
		        ? tg_hex_decode(entropies[i], buf, sizeof buf)
		        : -1;
		if (n < 1 || EVP_DigestUpdate(ctx, buf, (size_t)n) != 1)
			rc = -1;
	}
	if (rc == 0 && (EVP_DigestFinal_ex(ctx, seed, &len) != 1 || len != 32))
		rc = -1;
	EVP_MD_CTX_free(ctx);
	return rc;
}

int tg_invite_code(char out[TG_INVITE_LEN + 1])
{
	static const char alphabet[] = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; /* 32 symbols */
	uint8_t b[TG_INVITE_LEN];
	if (tg_random_bytes(b, sizeof b) != 0)
		return -1;
	for (int i = 0; i < TG_INVITE_LEN; i++)
		out[i] = alphabet[b[i] & 31];
	out[TG_INVITE_LEN] = '\0';
	return 0;
}
