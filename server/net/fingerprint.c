/* fingerprint.c — see fingerprint.h. */
#include "fingerprint.h"

#include <openssl/err.h>
#include <openssl/evp.h>
#include <string.h>
#include <strings.h>

#define PREFIX "SHA256:"
#define PREFIX_LEN 7

static void spell(const unsigned char md[32], char out[TG_FINGERPRINT_LEN + 1])
{
	static const char hex[] = "0123456789abcdef";
	memcpy(out, PREFIX, PREFIX_LEN);
	for (int i = 0; i < 32; i++) {
		out[PREFIX_LEN + 2 * i] = hex[md[i] >> 4];
		out[PREFIX_LEN + 2 * i + 1] = hex[md[i] & 15];
	}
	out[TG_FINGERPRINT_LEN] = '\0';
}

int tg_fingerprint_of_x509(X509 *x, char out[TG_FINGERPRINT_LEN + 1])
{
	unsigned char *der = NULL, md[32];
	EVP_PKEY *key = x ? X509_get0_pubkey(x) : NULL;
	int len = key ? i2d_PUBKEY(key, &der) : -1;
	if (len <= 0 || !EVP_Digest(der, (size_t)len, md, NULL, EVP_sha256(), NULL)) {
		OPENSSL_free(der);
		ERR_clear_error();
		return -1;
	}
	OPENSSL_free(der);
	spell(md, out);
	return 0;
}

static int hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* 64 hex digits, optionally a ':' between every pair; the whole of s. */
static int parse_hex(const char *s, unsigned char md[32])
{
	for (int i = 0; i < 32; i++) {
		if (i > 0 && *s == ':')
			s++;
		int hi = hex_value(s[0]), lo = hi < 0 ? -1 : hex_value(s[1]);
		if (lo < 0)
			return -1;
		md[i] = (unsigned char)(hi << 4 | lo);
		s += 2;
	}
	return *s ? -1 : 0;
}

/* Session 9's spelling: 43 unpadded base64 characters. */
static int parse_base64(const char *s, unsigned char md[32])
{
	static const char b64[] =
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	if (strlen(s) != 43)
		return -1;
	unsigned acc = 0;
	int bits = 0, n = 0;
	for (int i = 0; i < 43; i++) {
		const char *p = s[i] ? strchr(b64, s[i]) : NULL;
		if (!p)
			return -1;
		acc = (acc << 6 | (unsigned)(p - b64)) & 0xffffu;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			md[n++] = (unsigned char)(acc >> bits);
		}
	}
	/* 43 * 6 = 258 bits: 32 bytes and two bits that must be zero. */
	return n == 32 && (acc & 3u) == 0 ? 0 : -1;
}

int tg_fingerprint_parse(const char *text, char out[TG_FINGERPRINT_LEN + 1])
{
	unsigned char md[32];
	int prefixed = strncasecmp(text, PREFIX, PREFIX_LEN) == 0;
	const char *s = prefixed ? text + PREFIX_LEN : text;
	if (parse_hex(s, md) == 0 || (prefixed && parse_base64(s, md) == 0)) {
		spell(md, out);
		return 0;
	}
	return -1;
}
