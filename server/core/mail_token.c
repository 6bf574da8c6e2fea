/* mail_token.c — reply tokens and reply addresses (mail_token.h). */
#include "core/mail_token.h"

#include <ctype.h>
#include <openssl/crypto.h>
#include <openssl/sha.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/seed.h"

int tg_mail_token_new(char hex[TG_MAIL_TOKEN_HEX + 1], uint8_t hash[32])
{
	uint8_t raw[TG_MAIL_TOKEN_BYTES];
	if (tg_random_bytes(raw, sizeof raw) != 0)
		return -1;
	tg_hex_encode(raw, sizeof raw, hex);
	SHA256(raw, sizeof raw, hash);
	OPENSSL_cleanse(raw, sizeof raw);
	return 0;
}

int tg_mail_token_hash(const char *hex, size_t len, uint8_t hash[32])
{
	char low[TG_MAIL_TOKEN_HEX + 1];
	uint8_t raw[TG_MAIL_TOKEN_BYTES];
	if (!hex || len != TG_MAIL_TOKEN_HEX)
		return -1;
	for (size_t i = 0; i < len; i++) {
		if (!isxdigit((unsigned char)hex[i]))
			return -1;
		low[i] = (char)tolower((unsigned char)hex[i]);
	}
	low[len] = '\0';
	if (tg_hex_decode(low, raw, sizeof raw) != TG_MAIL_TOKEN_BYTES)
		return -1;
	SHA256(raw, sizeof raw, hash);
	return 0;
}

int tg_mail_reply_address(char *out, size_t n, const char *local, int64_t match, const char *hex,
                          const char *domain)
{
	int k = snprintf(out, n, "%s+%lld-%s@%s", local, (long long)match, hex, domain);
	return k < 0 || (size_t)k >= n ? -1 : 0;
}

int tg_mail_reply_parse(const char *addr, const char *local, int64_t *match, uint8_t hash[32])
{
	if (!addr)
		return -1;
	while (*addr == ' ' || *addr == '<')
		addr++;
	size_t ll = strlen(local);
	if (strncasecmp(addr, local, ll) != 0 || addr[ll] != '+')
		return -1;
	const char *p = addr + ll + 1;
	if (!isdigit((unsigned char)*p))
		return -1;
	int64_t m = 0;
	while (isdigit((unsigned char)*p)) {
		if (m > (INT64_MAX - 9) / 10)
			return -1;
		m = m * 10 + (*p++ - '0');
	}
	if (*p++ != '-')
		return -1;
	const char *tok = p;
	while (isxdigit((unsigned char)*p))
		p++;
	if (*p != '@' || m <= 0)
		return -1;
	if (tg_mail_token_hash(tok, (size_t)(p - tok), hash) != 0)
		return -1;
	*match = m;
	return 0;
}

enum tg_mail_token_state tg_mail_token_state(int64_t used, int64_t expires, int64_t now)
{
	if (used > 0)
		return TG_MAIL_TOKEN_USED;
	return now >= expires ? TG_MAIL_TOKEN_EXPIRED : TG_MAIL_TOKEN_OK;
}
