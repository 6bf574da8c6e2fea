/* lw_rail_fixture.h — the 9.0 rail tests' one action: a Rail Phase action
 * sent to lw_rail_act, the refusal printed as a TAP comment. */
#ifndef LW_RAIL_FIXTURE_H
#define LW_RAIL_FIXTURE_H

#include "lincolns_war/lw_rail.h"
#include "lw_land_fixture.h"

/* 0, or the refusal's rc (its reason printed after '#'). */
static inline int rx_rail(struct lw_state *s, int side, const char *json)
{
	json_error_t je;
	json_t *a = json_loads(json, 0, &je);
	struct tg_error err = {0};
	struct game_outcome out = {0};
	int rc = lw_rail_act(s, side, a, &out, &err);
	if (rc != 0)
		printf("# %s -> %s\n", json, err.message);
	json_decref(a);
	return rc;
}

#endif
