/* Reply tokens of moves by email (server/core/mail_token.c): 128 random
 * bits, kept only as SHA-256, in the reply address LOCAL+MATCH-TOKEN@DOMAIN,
 * single-use and expiring. */
#include <openssl/sha.h>
#include <stdio.h>
#include <string.h>

#include "core/mail_token.h"
#include "core/seed.h"
#include "tap.h"

static void test_new_and_hash(void)
{
	char hex[TG_MAIL_TOKEN_HEX + 1], hex2[TG_MAIL_TOKEN_HEX + 1];
	uint8_t h[32], h2[32], again[32];
	CHECK(tg_mail_token_new(hex, h) == 0);
	CHECK_EQ_INT(strlen(hex), 32); /* 16 bytes: 128 bits */
	for (const char *p = hex; *p; p++)
		CHECKF((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f'), "hex %s", hex);
	/* The stored hash is SHA-256 of the raw bytes, not of the text. */
	uint8_t raw[16], want[32];
	CHECK_EQ_INT(tg_hex_decode(hex, raw, sizeof raw), 16);
	SHA256(raw, sizeof raw, want);
	CHECK(memcmp(h, want, 32) == 0);
	CHECK(tg_mail_token_hash(hex, strlen(hex), again) == 0);
	CHECK(memcmp(h, again, 32) == 0);
	/* Fresh each time. */
	CHECK(tg_mail_token_new(hex2, h2) == 0);
	CHECK(strcmp(hex, hex2) != 0 && memcmp(h, h2, 32) != 0);
	/* A mail server may change the case of a local part. */
	char upper[TG_MAIL_TOKEN_HEX + 1];
	for (int i = 0; i <= TG_MAIL_TOKEN_HEX; i++)
		upper[i] = (char)(hex[i] >= 'a' && hex[i] <= 'f' ? hex[i] - 32 : hex[i]);
	CHECK(tg_mail_token_hash(upper, strlen(upper), again) == 0 && memcmp(h, again, 32) == 0);
	/* Not 32 hex digits: refused. */
	CHECK(tg_mail_token_hash(hex, 31, again) == -1);
	CHECK(tg_mail_token_hash("0123456789abcdef0123456789abcdeg", 32, again) == -1);
	CHECK(tg_mail_token_hash(NULL, 32, again) == -1);
}

static void test_address(void)
{
	char hex[TG_MAIL_TOKEN_HEX + 1], addr[200];
	uint8_t h[32], got[32];
	int64_t match = 0;
	CHECK(tg_mail_token_new(hex, h) == 0);
	CHECK(tg_mail_reply_address(addr, sizeof addr, "telegraph-reply", 42, hex,
	                            "reply.example.org") == 0);
	char want[200];
	snprintf(want, sizeof want, "telegraph-reply+42-%s@reply.example.org", hex);
	CHECK_EQ_STR(addr, want);
	/* RFC 5321: a local part is at most 64 octets. */
	CHECKF(strchr(addr, '@') - addr <= 64, "local part of %s", addr);
	CHECK(tg_mail_reply_parse(addr, "telegraph-reply", &match, got) == 0);
	CHECK_EQ_INT(match, 42);
	CHECK(memcmp(got, h, 32) == 0);
	char angled[220];
	snprintf(angled, sizeof angled, "<TELEGRAPH-REPLY+42-%s@reply.example.org>", hex);
	CHECK(tg_mail_reply_parse(angled, "telegraph-reply", &match, got) == 0);
	CHECK(memcmp(got, h, 32) == 0);
	CHECK(tg_mail_reply_address(addr, 20, "telegraph-reply", 42, hex, "x.org") == -1);
	/* Other addresses. */
	const char *bad[] = {
	    "telegraph-reply@x.org",
	    "telegraph-reply+42@x.org",
	    "telegraph-reply+42-0123@x.org",
	    "telegraph-reply+0-0123456789abcdef0123456789abcdef@x.org",
	    "telegraph-reply+-1-0123456789abcdef0123456789abcdef@x.org",
	    "telegraph-reply+x-0123456789abcdef0123456789abcdef@x.org",
	    "telegraph-replyx+4-0123456789abcdef0123456789abcdef@x.org",
	    "other+4-0123456789abcdef0123456789abcdef@x.org",
	    "telegraph-reply+4-0123456789abcdef0123456789abcdef0@x.org",
	    "telegraph-reply+4-0123456789abcdef0123456789abcdef",
	    "telegraph-reply+99999999999999999999-0123456789abcdef0123456789abcdef@x",
	    ""};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		CHECKF(tg_mail_reply_parse(bad[i], "telegraph-reply", &match, got) == -1, "%s",
		       bad[i]);
}

static void test_state(void)
{
	/* Unused and before its expiry: usable; used wins over expired. */
	CHECK_EQ_INT(tg_mail_token_state(0, 1000, 999), TG_MAIL_TOKEN_OK);
	CHECK_EQ_INT(tg_mail_token_state(0, 1000, 1000), TG_MAIL_TOKEN_EXPIRED);
	CHECK_EQ_INT(tg_mail_token_state(0, 1000, 5000), TG_MAIL_TOKEN_EXPIRED);
	CHECK_EQ_INT(tg_mail_token_state(500, 1000, 600), TG_MAIL_TOKEN_USED);
	CHECK_EQ_INT(tg_mail_token_state(500, 1000, 5000), TG_MAIL_TOKEN_USED);
}

int main(void)
{
	test_new_and_hash();
	test_address();
	test_state();
	return tap_done();
}
