/* Password hashing (scrypt via OpenSSL) and session tokens. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "core/kdf.h"
#include "core/tokens.h"
#include "tap.h"

static void test_hash_roundtrip(void)
{
	char h[TG_KDF_HASH_MAX], h2[TG_KDF_HASH_MAX];
	CHECK(tg_kdf_hash("correct horse", 10, h) == 0);
	CHECKF(strncmp(h, "scrypt$1024$8$1$", 16) == 0, "format: %s", h);
	CHECK_EQ_INT(tg_kdf_verify("correct horse", h), 1);
	CHECK_EQ_INT(tg_kdf_verify("correct horsf", h), 0);
	CHECK_EQ_INT(tg_kdf_verify("", h), 0);
	/* A fresh salt each time: the same password hashes differently. */
	CHECK(tg_kdf_hash("correct horse", 10, h2) == 0);
	CHECK(strcmp(h, h2) != 0);
	CHECK_EQ_INT(tg_kdf_verify("correct horse", h2), 1);

	struct tg_kdf_params p;
	CHECK(tg_kdf_parse(h, &p) == 0);
	CHECK_EQ_INT(p.n, 1024);
	CHECK_EQ_INT(p.r, 8);
	CHECK_EQ_INT(p.p, 1);
	CHECK_EQ_INT(p.salt_len, 16);
	CHECK_EQ_INT(p.hash_len, 32);

	/* The default cost (N = 2^15) works too. */
	CHECK(tg_kdf_hash("unconditional", 15, h) == 0);
	CHECK(strncmp(h, "scrypt$32768$8$1$", 17) == 0);
	CHECK_EQ_INT(tg_kdf_verify("unconditional", h), 1);
}

/* A known answer: RFC 7914 section 12, the second test vector, proves that
 * this really is scrypt with the parameters the string names. */
static void test_rfc7914_vector(void)
{
	const char *stored = "scrypt$1024$8$16$4e61436c$"
	                     "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b373162"
	                     "2eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640";
	CHECK_EQ_INT(tg_kdf_verify("password", stored), 1);
	CHECK_EQ_INT(tg_kdf_verify("Password", stored), 0);
}

static void test_parse_rejects(void)
{
	struct tg_kdf_params p;
	const char *bad[] = {
	    "",
	    "bcrypt$1024$8$1$00$00",
	    "scrypt$1000$8$1$00112233445566778899aabbccddeeff$00112233445566778899aabbccddeeff",
	    "scrypt$1024$8$1$zz112233445566778899aabbccddeeff$00112233445566778899aabbccddeeff",
	    "scrypt$1024$8$1$00112233445566778899aabbccddeeff$0011",
	    "scrypt$2097152$8$1$00112233445566778899aabbccddeeff$00112233445566778899aabbccddeeff",
	    "scrypt$1024$99$1$00112233445566778899aabbccddeeff$00112233445566778899aabbccddeeff",
	    "scrypt$1024$8$1$00112233445566778899aabbccddeeff",
	    NULL,
	};
	for (int i = 0; bad[i]; i++) {
		CHECKF(tg_kdf_parse(bad[i], &p) == -1, "rejects \"%s\"", bad[i]);
		CHECKF(tg_kdf_verify("x", bad[i]) == -1, "verify refuses \"%s\"", bad[i]);
	}
}

static void test_tokens(void)
{
	char a[TG_TOKEN_HEX + 1], b[TG_TOKEN_HEX + 1];
	uint8_t ha[32], hb[32], again[32];
	CHECK(tg_token_new(a, ha) == 0);
	CHECK(tg_token_new(b, hb) == 0);
	CHECK_EQ_INT(strlen(a), 64);
	bool hex = true;
	for (int i = 0; i < 64; i++)
		hex = hex && isxdigit((unsigned char)a[i]) && !isupper((unsigned char)a[i]);
	CHECK(hex);
	CHECK(strcmp(a, b) != 0);
	/* What the store keeps is the hash, and the client's token maps to it. */
	CHECK(tg_token_hash(a, again) == 0);
	CHECK(memcmp(again, ha, 32) == 0);
	CHECK(memcmp(ha, hb, 32) != 0);
	/* The hash is not the token. */
	char hexhash[65];
	for (int i = 0; i < 32; i++)
		snprintf(hexhash + 2 * i, 3, "%02x", ha[i]);
	CHECK(strcmp(hexhash, a) != 0);
	CHECK(tg_token_hash("abc", again) == -1);
	CHECK(tg_token_hash(NULL, again) == -1);
	a[10] = 'x';
	CHECK(tg_token_hash(a, again) == -1);
}

int main(void)
{
	test_hash_roundtrip();
	test_rfc7914_vector();
	test_parse_rejects();
	test_tokens();
	return tap_done();
}
