/* tokens.h — session tokens: 32 random bytes shown to the client as 64 hex
 * digits; the store keeps only SHA-256 of the raw bytes. */
#ifndef TG_CORE_TOKENS_H
#define TG_CORE_TOKENS_H

#include <stdint.h>

#define TG_TOKEN_BYTES 32
#define TG_TOKEN_HEX (2 * TG_TOKEN_BYTES)

/* A fresh token (hex, NUL-terminated) and its hash. 0, or -1 if RAND failed. */
int tg_token_new(char hex[TG_TOKEN_HEX + 1], uint8_t hash[32]);
/* The hash of a token the client presents; -1 if it is not 64 hex digits. */
int tg_token_hash(const char *hex, uint8_t hash[32]);

#endif
