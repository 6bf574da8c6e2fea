/* boal_testkit.h — what the Birth of a Legend rules tests share: the data,
 * a fresh set-up, and lookups by id that fail the test loudly. */
#ifndef BOAL_TESTKIT_H
#define BOAL_TESTKIT_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "boal_data.h"
#include "boal_state.h"
#include "tap.h"

static inline const struct boal_data *bt_data(void)
{
	struct tg_error err = {{0}, {0}};
	const struct boal_data *d = boal_data(&err);
	if (!d) {
		fprintf(stderr, "data: %s\n", err.message);
		exit(1);
	}
	return d;
}

static inline void bt_setup(struct boal_state *s, bool advanced)
{
	uint8_t seed[TG_SEED_BYTES] = {21};
	struct tg_error err = {{0}, {0}};
	if (boal_setup_state(s, bt_data(), seed, advanced, &err) != 0) {
		fprintf(stderr, "setup: %s\n", err.message);
		exit(1);
	}
}

static inline int bt_unit(const char *id)
{
	int u = boal_data_unit(bt_data(), id);
	if (u < 0) {
		fprintf(stderr, "no unit %s\n", id);
		exit(1);
	}
	return u;
}

static inline int bt_leader(const char *id)
{
	int l = boal_data_leader(bt_data(), id);
	if (l < 0) {
		fprintf(stderr, "no leader %s\n", id);
		exit(1);
	}
	return l;
}

#endif
