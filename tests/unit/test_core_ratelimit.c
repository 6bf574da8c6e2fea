/* The failed-login table: limits per key and window, and stays bounded. */
#include <stdio.h>

#include "core/ratelimit.h"
#include "tap.h"

int main(void)
{
	struct tg_ratelimit rl;
	CHECK(tg_ratelimit_init(&rl, 4, 3, 300) == 0);
	int64_t t = 1000;
	CHECK_EQ_INT(tg_ratelimit_wait(&rl, "name:grant", t), 0);
	for (int i = 0; i < 3; i++)
		tg_ratelimit_fail(&rl, "name:grant", t + i);
	CHECK_EQ_INT(tg_ratelimit_wait(&rl, "name:grant", t + 10), 290);
	CHECK_EQ_INT(tg_ratelimit_wait(&rl, "name:lee", t + 10), 0);
	/* The window passes: allowed again, and a new failure starts a new window. */
	CHECK_EQ_INT(tg_ratelimit_wait(&rl, "name:grant", t + 300), 0);
	tg_ratelimit_fail(&rl, "name:grant", t + 400);
	CHECK_EQ_INT(tg_ratelimit_wait(&rl, "name:grant", t + 401), 0);
	/* A success clears the key. */
	tg_ratelimit_fail(&rl, "name:grant", t + 402);
	tg_ratelimit_fail(&rl, "name:grant", t + 403);
	CHECK(tg_ratelimit_wait(&rl, "name:grant", t + 404) > 0);
	tg_ratelimit_clear(&rl, "name:grant");
	CHECK_EQ_INT(tg_ratelimit_wait(&rl, "name:grant", t + 404), 0);
	/* A refund takes back one attempt only (a login that succeeded from an
	 * address gives back its own attempt, not the others'). */
	for (int i = 0; i < 3; i++)
		tg_ratelimit_fail(&rl, "addr:10.9.9.9", t + 405);
	CHECK(tg_ratelimit_wait(&rl, "addr:10.9.9.9", t + 406) > 0);
	tg_ratelimit_refund(&rl, "addr:10.9.9.9");
	CHECK_EQ_INT(tg_ratelimit_wait(&rl, "addr:10.9.9.9", t + 406), 0);
	tg_ratelimit_fail(&rl, "addr:10.9.9.9", t + 407);
	CHECK(tg_ratelimit_wait(&rl, "addr:10.9.9.9", t + 407) > 0);
	tg_ratelimit_refund(&rl, "addr:none"); /* no entry: nothing happens */
	tg_ratelimit_clear(&rl, "addr:10.9.9.9");

	/* Bounded: many keys never grow the table; the oldest entry goes. */
	for (int i = 0; i < 100; i++) {
		char key[32];
		snprintf(key, sizeof key, "addr:10.0.0.%d", i);
		tg_ratelimit_fail(&rl, key, t + 500 + i);
		CHECK(rl.len <= 4);
	}
	for (int i = 0; i < 3; i++)
		tg_ratelimit_fail(&rl, "addr:10.0.0.99", t + 700);
	CHECK(tg_ratelimit_wait(&rl, "addr:10.0.0.99", t + 701) > 0);
	CHECK_EQ_INT(tg_ratelimit_wait(&rl, "addr:10.0.0.0", t + 701), 0);
	tg_ratelimit_free(&rl);
	return tap_done();
}
