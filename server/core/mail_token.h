/* mail_token.h — the reply tokens of moves by email (issue 19): 16 random
 * bytes (128 bits) shown as 32 lowercase hex digits in the local part of a
 * reply address, LOCAL+MATCH-TOKEN@DOMAIN; the store keeps only SHA-256 of
 * the raw bytes. Pure functions, so tests drive them without a daemon. */
#ifndef TG_CORE_MAIL_TOKEN_H
#define TG_CORE_MAIL_TOKEN_H

#include <stddef.h>
#include <stdint.h>

#define TG_MAIL_TOKEN_BYTES 16
#define TG_MAIL_TOKEN_HEX (2 * TG_MAIL_TOKEN_BYTES)

/* A fresh token (hex, NUL-terminated) and its hash. 0, or -1 if RAND failed. */
int tg_mail_token_new(char hex[TG_MAIL_TOKEN_HEX + 1], uint8_t hash[32]);
/* The hash of a presented token (hex digits of either case); -1 if it is
 * not 32 hex digits. */
int tg_mail_token_hash(const char *hex, size_t len, uint8_t hash[32]);
/* Writes the reply address local+match-hex@domain into out; -1 if it does
 * not fit. */
int tg_mail_reply_address(char *out, size_t n, const char *local, int64_t match, const char *hex,
                          const char *domain);
/* Reads a recipient address (with or without <>): if its local part is
 * local+MATCH-TOKEN (local compared without case), sets the match and the
 * token's hash and returns 0; -1 for any other address. */
int tg_mail_reply_parse(const char *addr, const char *local, int64_t *match, uint8_t hash[32]);

enum tg_mail_token_state { TG_MAIL_TOKEN_OK, TG_MAIL_TOKEN_USED, TG_MAIL_TOKEN_EXPIRED };
/* A stored token's state at now: used (used > 0) before expired (now >=
 * expires). */
enum tg_mail_token_state tg_mail_token_state(int64_t used, int64_t expires, int64_t now);

#endif
