/* ratelimit.h — login-attempt counting per key ("pair:1.2.3.4|grant",
 * "addr:1.2.3.4") in a fixed-size table: a key may try `limit` times per
 * `window` seconds (a fixed window from its first attempt). When the table is
 * full, expired entries go first, then the oldest. */
#ifndef TG_CORE_RATELIMIT_H
#define TG_CORE_RATELIMIT_H

#include <stddef.h>
#include <stdint.h>

#define TG_RATELIMIT_KEY 96

struct tg_ratelimit_entry {
	char key[TG_RATELIMIT_KEY];
	unsigned failures;
	int64_t window_start;
};

struct tg_ratelimit {
	struct tg_ratelimit_entry *e;
	size_t cap, len;
	unsigned limit;
	int64_t window;
};

int tg_ratelimit_init(struct tg_ratelimit *rl, size_t cap, unsigned limit, int64_t window);
void tg_ratelimit_free(struct tg_ratelimit *rl);
/* Seconds until key may try again; 0 if it may now. */
int64_t tg_ratelimit_wait(struct tg_ratelimit *rl, const char *key, int64_t now);
void tg_ratelimit_fail(struct tg_ratelimit *rl, const char *key, int64_t now);
void tg_ratelimit_clear(struct tg_ratelimit *rl, const char *key);
/* Takes one attempt back (a login that succeeded), if any is counted. */
void tg_ratelimit_refund(struct tg_ratelimit *rl, const char *key);

#endif
