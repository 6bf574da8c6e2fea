/* act() out of memory is the server's failure, not the player's: the error
 * code is "internal" (PROTOCOL.md: "a server bug; nothing of the request was
 * kept"), never "illegal_action", which tells a player the rules forbid his
 * move (STYLE.md 5). Linked with -Wl,--wrap=malloc, so that the module's
 * copy of the state can be refused. */
#include <stdlib.h>
#include <string.h>

#include "lw_engine.h"

extern const struct game_module lincolns_war_module;
#include "tap.h"

void *__real_malloc(size_t n);
void *__wrap_malloc(size_t n);

static size_t refuse_size; /* a malloc of exactly this size fails (0: none) */

void *__wrap_malloc(size_t n)
{
	if (refuse_size && n == refuse_size)
		return NULL;
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
	json_t *before_j = M->save(g);
	char *before = json_dumps(before_j, JSON_SORT_KEYS | JSON_COMPACT);
	refuse_size = sizeof(struct lw_state);
	int rc = M->act(g, role, action, NULL, &err);
	refuse_size = 0;
	CHECK_EQ_INT(rc, -1);
	CHECK_EQ_STR(err.code, "internal");
	/* and nothing changed */
	json_t *after_j = M->save(g);
	char *after = json_dumps(after_j, JSON_SORT_KEYS | JSON_COMPACT);
	CHECK(before && after && strcmp(before, after) == 0);
	/* with memory, the same action is accepted */
	CHECK_EQ_INT(M->act(g, role, action, NULL, &err), 0);
	json_decref(before_j);
	json_decref(after_j);
	free(before);
	free(after);
	json_decref(legal);
	M->free(g);
	return tap_done();
}
