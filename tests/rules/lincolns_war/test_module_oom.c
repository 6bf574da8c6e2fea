/* act() asks no memory for a copy of the state (issue 17): it applies the
 * action to the match's own state and keeps the state as it was in one
 * buffer a thread, to put back on a refusal (lw_module.c). It used to
 * malloc an 18 KB copy for each action (and answer "internal", the
 * server's failure, when that malloc failed): with every malloc of the
 * state's size refused and counted, the action is accepted and none was
 * asked (test_module_contract and test_module_rejected_in_play: a refused
 * action still changes nothing). Linked with -Wl,--wrap=malloc. */
#include <stdlib.h>
#include <string.h>

#include "lw_engine.h"

extern const struct game_module lincolns_war_module;
#include "tap.h"

void *__real_malloc(size_t n);
void *__wrap_malloc(size_t n);

static size_t refuse_size; /* a malloc of exactly this size fails (0: none) */
static int refused;        /* how many were */

void *__wrap_malloc(size_t n)
{
	if (refuse_size && n == refuse_size) {
		refused++;
		return NULL;
	}
	return __real_malloc(n);
}

int main(void)
{
	const struct game_module *M = &lincolns_war_module;
	uint8_t seed[TG_SEED_BYTES] = {7};
	struct tg_error err = {0};
	struct game *g = M->setup(seed, "campaign", NULL, &err);
	if (!CHECKF(g != NULL, "setup: %s", err.message))
		return tap_done();
	/* the first legal action of the awaited side */
	struct game_status st;
	M->status(g, &st);
	const char *role = st.awaiting & 1 ? "union" : "confederate";
	json_t *legal = lw_legal_actions(&g->s, lw_role_side(role));
	json_t *action = json_object_get(json_array_get(legal, 0), "action");
	CHECK(action != NULL);
	refuse_size = sizeof(struct lw_state);
	int rc = M->act(g, role, action, NULL, &err);
	refuse_size = 0;
	CHECKF(rc == 0, "the action is accepted (%s)", rc ? err.message : "");
	CHECKF(refused == 0, "act() asked for %d copies of the state", refused);
	json_decref(legal);
	M->free(g);
	return tap_done();
}
