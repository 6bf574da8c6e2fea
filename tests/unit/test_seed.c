/* Seed commitment and derivation: deterministic, and exactly the formula of
 * PROTOCOL.md (checked against OpenSSL's SHA-256 directly). */
#include <openssl/sha.h>
#include <string.h>

#include "core/seed.h"
#include "tap.h"

static void test_hex(void)
{
	uint8_t b[4] = {0x00, 0x7f, 0xa5, 0xff}, back[4];
	char hex[9];
	tg_hex_encode(b, 4, hex);
	CHECKF(strcmp(hex, "007fa5ff") == 0, "got %s", hex);
	CHECK_EQ_INT(tg_hex_decode(hex, back, 4), 4);
	CHECK(memcmp(b, back, 4) == 0);
	CHECK_EQ_INT(tg_hex_decode("007FA5FF", back, 4), 4);
	CHECK_EQ_INT(tg_hex_decode("abc", back, 4), -1);
	CHECK_EQ_INT(tg_hex_decode("zz", back, 4), -1);
	CHECK_EQ_INT(tg_hex_decode("0011223344", back, 4), -1);
}

static void test_commitment_and_seed(void)
{
	char secret[65], commitment[65], again[65];
	CHECK(tg_seed_new_secret(secret, commitment) == 0);
	CHECK_EQ_INT(strlen(secret), 64);
	CHECK(tg_seed_commitment(secret, again) == 0);
	CHECK(strcmp(again, commitment) == 0);
	uint8_t raw[32], digest[32];
	char expect[65];
	CHECK_EQ_INT(tg_hex_decode(secret, raw, 32), 32);
	SHA256(raw, 32, digest);
	tg_hex_encode(digest, 32, expect);
	CHECK(strcmp(commitment, expect) == 0);
	CHECK(tg_seed_commitment("abcd", again) == -1);

	/* seed = SHA-256(secret || e1 || e2), raw bytes. */
	const char *fixed = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
	const char *ent[2] = {"aabb", "ccddee"};
	uint8_t seed[32], seed2[32], buf[32 + 2 + 3];
	CHECK(tg_seed_derive(fixed, ent, 2, seed) == 0);
	CHECK(tg_seed_derive(fixed, ent, 2, seed2) == 0);
	CHECK(memcmp(seed, seed2, 32) == 0);
	tg_hex_decode(fixed, buf, 32);
	memcpy(buf + 32, "\xaa\xbb\xcc\xdd\xee", 5);
	SHA256(buf, sizeof buf, digest);
	CHECK(memcmp(seed, digest, 32) == 0);
	/* Order matters, and so does every bit of entropy. */
	const char *swapped[2] = {"ccddee", "aabb"};
	CHECK(tg_seed_derive(fixed, swapped, 2, seed2) == 0);
	CHECK(memcmp(seed, seed2, 32) != 0);
	const char *other[2] = {"aabb", "ccddef"};
	CHECK(tg_seed_derive(fixed, other, 2, seed2) == 0);
	CHECK(memcmp(seed, seed2, 32) != 0);
	const char *bad[2] = {"aabb", "xyz"};
	CHECK(tg_seed_derive(fixed, bad, 2, seed2) == -1);
	CHECK(tg_seed_derive("00", ent, 2, seed2) == -1);
}

static void test_entropy_and_invites(void)
{
	CHECK(tg_seed_entropy_valid("00"));
	CHECK(!tg_seed_entropy_valid(""));
	CHECK(!tg_seed_entropy_valid("0"));
	char long_hex[2 * 65 + 1];
	memset(long_hex, 'a', sizeof long_hex - 1);
	long_hex[sizeof long_hex - 1] = '\0';
	CHECK(!tg_seed_entropy_valid(long_hex));
	long_hex[128] = '\0';
	CHECK(tg_seed_entropy_valid(long_hex));

	char a[TG_INVITE_LEN + 1], b[TG_INVITE_LEN + 1];
	CHECK(tg_invite_code(a) == 0);
	CHECK(tg_invite_code(b) == 0);
	CHECK_EQ_INT(strlen(a), TG_INVITE_LEN);
	CHECK(strcmp(a, b) != 0);
	CHECK(strspn(a, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789") == TG_INVITE_LEN);
	int counts[3] = {0};
	for (int i = 0; i < 300; i++) {
		int v = tg_random_below(3);
		CHECK(v >= 0 && v < 3);
		if (v >= 0 && v < 3)
			counts[v]++;
	}
	CHECK(counts[0] > 0 && counts[1] > 0 && counts[2] > 0);
}

int main(void)
{
	test_hex();
	test_commitment_and_seed();
	test_entropy_and_invites();
	return tap_done();
}
