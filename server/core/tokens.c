#include "tokens.h"

#include <openssl/sha.h>
#include <string.h>

#include "seed.h"

int tg_token_new(char hex[TG_TOKEN_HEX + 1], uint8_t hash[32])
{
	uint8_t raw[TG_TOKEN_BYTES];
	if (tg_random_bytes(raw, sizeof raw) != 0)
		return -1;
	tg_hex_encode(raw, sizeof raw, hex);
	SHA256(raw, sizeof raw, hash);
	return 0;
}

int tg_token_hash(const char *hex, uint8_t hash[32])
{
	uint8_t raw[TG_TOKEN_BYTES];
	if (!hex || strlen(hex) != TG_TOKEN_HEX ||
	    tg_hex_decode(hex, raw, sizeof raw) != TG_TOKEN_BYTES)
		return -1;
	SHA256(raw, sizeof raw, hash);
	return 0;
}
