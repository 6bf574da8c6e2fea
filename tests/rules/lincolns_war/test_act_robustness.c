/* game.h "errors are data": act() with malformed or mutated actions never
 * crashes and, when it refuses, leaves the state exactly as it was (the
 * save is byte-for-byte the same) with a stable code and a sentence.
 * Mutations of offered actions: wrong types, unknown members, out-of-range
 * numbers, unknown ids, another role's action. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_bot.h"
#include "lw_engine.h"
#include "tap.h"

extern const struct game_module lincolns_war_module;
static const struct game_module *M = &lincolns_war_module;

static char *save_str(const struct game *g)
{
	json_t *j = M->save(g);
	char *s = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(j);
	return s;
}

static json_t *mutate(struct lw_bot *b, const json_t *a)
{
	json_t *m = json_deep_copy(a);
	const char *key;
	json_t *v;
	int which = (int)lw_bot_below(b, 7);
	json_object_foreach(m, key, v)
	{
		if (strcmp(key, "type") == 0 && which != 6)
			continue;
		switch (which) {
		case 0:
			json_object_set_new(m, key, json_integer(-7));
			break;
		case 1:
			json_object_set_new(m, key, json_integer(1000000));
			break;
		case 2:
			json_object_set_new(m, key, json_string("no-such-thing"));
			break;
		case 3:
			json_object_set_new(m, key, json_null());
			break;
		case 4:
			json_object_set_new(m, key, json_integer(9999));
			break;
		case 5:
			json_object_set_new(m, key, json_string("tco-99999"));
			break;
		default:
			json_object_set_new(m, key, json_integer(72));
			break;
		}
		break;
	}
	if (which == 6)
		json_object_set_new(m, "type", json_string("play"));
	return m;
}

int main(int argc, char **argv)
{
	int games = argc > 1 ? atoi(argv[1]) : 6;
	int refused = 0, accepted = 0;
	for (int gi = 0; gi < games; gi++) {
		uint8_t key[TG_SEED_BYTES] = {(uint8_t)(gi + 3), 0x99};
		struct tg_error err;
		struct game *g = M->setup(key, M->scenarios[gi % 3].id, NULL, &err);
		struct lw_bot bot;
		lw_bot_init(&bot, 77 + (uint64_t)gi);
		for (int step = 0; step < 3000; step++) {
			char role[TG_ROLE_MAX * 2];
			json_t *a = NULL;
			if (lw_bot_choose(&bot, M, g, role, &a) <= 0)
				break;
			for (int k = 0; k < 3; k++) {
				json_t *m = mutate(&bot, a);
				const char *who =
				    lw_bot_below(&bot, 4) == 0
				        ? (strcmp(role, "union") == 0 ? "confederate" : "union")
				        : role;
				char *before = save_str(g);
				memset(&err, 0, sizeof err);
				if (M->act(g, who, m, NULL, &err) != 0) {
					char *after = save_str(g);
					CHECKF(strcmp(before, after) == 0,
					       "a refused action changed the state");
					CHECK(err.code[0] != 0 && err.message[0] != 0);
					free(after);
					refused++;
				} else {
					accepted++;
				}
				free(before);
				json_decref(m);
			}
			struct game_status st;
			M->status(g, &st);
			if (!st.finished &&
			    (st.awaiting & (1u << (strcmp(role, "union") == 0 ? 0 : 1))))
				M->act(g, role, a, NULL, &err);
			json_decref(a);
		}
		/* not even objects */
		json_t *junk[] = {json_string("move"), json_integer(3), json_array(), json_null()};
		for (int i = 0; i < 4; i++) {
			CHECK(M->act(g, "union", junk[i], NULL, &err) != 0);
			json_decref(junk[i]);
		}
		M->free(g);
	}
	printf("# %d refused, %d accepted mutations\n", refused, accepted);
	CHECK(refused > 1000);
	return tap_done();
}
