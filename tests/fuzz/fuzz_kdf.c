/* fuzz_kdf.c — the stored password-hash parser (server/core/kdf.c):
 * "scrypt$N$r$p$<salt hex>$<hash hex>" as read back from the users table at
 * every login. The input is the stored string (cut at its first NUL, as a
 * TEXT column would be read).
 *
 * Properties (abort on violation):
 * - tg_kdf_parse answers 0 or -1, never crashes;
 * - a refused string fails closed: tg_kdf_verify answers -1 for it, never
 *   1 ("password ok") nor 0;
 * - an accepted one has parameters within kdf.c's bounds (N a power of two
 *   from 2 to 2^20, r 1-32, p 1-16, a 1-32 byte salt, a 16-64 byte hash)
 *   and its canonical re-encoding parses to the same parameters;
 * - when its cost is tiny (N * r * p <= 64, so inputs stay fast; the
 *   seeds use N = 2, the smallest the parser accepts), tg_kdf_verify says 1
 *   exactly when the stored hash is scrypt of the password, and the same
 *   parameters with the right hash verify the password and refuse another. */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "core/kdf.h"
#include "core/seed.h"

#define PASSWORD "correct horse"

static void encode(const struct tg_kdf_params *p, const uint8_t *hash, char *out, size_t outlen)
{
	char salt_hex[2 * sizeof p->salt + 1], hash_hex[2 * sizeof p->hash + 1];
	tg_hex_encode(p->salt, p->salt_len, salt_hex);
	tg_hex_encode(hash, p->hash_len, hash_hex);
	snprintf(out, outlen, "scrypt$%" PRIu64 "$%u$%u$%s$%s", p->n, p->r, p->p, salt_hex,
	         hash_hex);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size > 1024)
		return 0;
	char stored[1025];
	memcpy(stored, data, size);
	stored[size] = '\0';

	struct tg_kdf_params p;
	memset(&p, 0, sizeof p);
	int rc = tg_kdf_parse(stored, &p);
	if (rc == -1) {
		if (tg_kdf_verify(PASSWORD, stored) != -1)
			abort(); /* an unreadable hash must never let anyone in */
		return 0;
	}
	if (rc != 0)
		abort();
	if (p.n < 2 || p.n > (1u << 20) || (p.n & (p.n - 1)) || p.r < 1 || p.r > 32 || p.p < 1 ||
	    p.p > 16 || p.salt_len < 1 || p.salt_len > sizeof p.salt || p.hash_len < 16 ||
	    p.hash_len > sizeof p.hash)
		abort();

	char canon[TG_KDF_HASH_MAX * 2];
	struct tg_kdf_params q;
	memset(&q, 0, sizeof q);
	encode(&p, p.hash, canon, sizeof canon);
	if (tg_kdf_parse(canon, &q) != 0 || q.n != p.n || q.r != p.r || q.p != p.p ||
	    q.salt_len != p.salt_len || q.hash_len != p.hash_len ||
	    memcmp(q.salt, p.salt, p.salt_len) || memcmp(q.hash, p.hash, p.hash_len))
		abort();

	if (p.n * p.r * p.p > 64)
		return 0; /* a real cost: parsing is what is fuzzed here */
	uint8_t want[64];
	if (EVP_PBE_scrypt(PASSWORD, strlen(PASSWORD), p.salt, p.salt_len, p.n, p.r, p.p, 0, want,
	                   p.hash_len) != 1)
		abort();
	int match = memcmp(want, p.hash, p.hash_len) == 0;
	if (tg_kdf_verify(PASSWORD, stored) != match)
		abort();
	encode(&p, want, canon, sizeof canon);
	if (tg_kdf_verify(PASSWORD, canon) != 1 || tg_kdf_verify("correct horsf", canon) != 0)
		abort();
	return 0;
}
