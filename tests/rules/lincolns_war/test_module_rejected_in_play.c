/* test_module_rejected_in_play.c — game.h principle 5 in play: "a rejected
 * act() leaves the state exactly as it was", for refusals made anywhere
 * in a game, not only at its start (test_module_contract). act() applies
 * the action to the match's own state and puts its copy back when the
 * action is refused (lw_module.c, issue 17), so a handler that refuses
 * part way, after it changed the state, must leave no trace either.
 *
 * The random bot plays a few games; before each chosen action, the test
 * sends variants of it that may be refused (each member other than "type"
 * replaced by a value the role's offers give that member elsewhere, by a
 * number out of range, by -1, by a string, or removed; an array member
 * with one element out of range) and checks, byte for byte,
 * that every refused variant left the state as it was. A variant that is
 * accepted (it was legal too) is undone from the test's own copy, and the
 * bot's action goes on. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_bot.h"
#include "lw_engine.h"
#include "tap.h"

extern const struct game_module lincolns_war_module;
static const struct game_module *M = &lincolns_war_module;

/* LW_REJECT_GAMES, LW_REJECT_ACTIONS: a longer search than the default */
static int env_or(const char *name, int dflt)
{
	const char *v = getenv(name);
	return v && atoi(v) > 0 ? atoi(v) : dflt;
}

static struct lw_state before;
static long refused, accepted, traces;

/* Sends v as role's action; a refusal must leave g as before. */
static void try_variant(struct game *g, const char *role, json_t *v, const char *what)
{
	before = g->s;
	struct tg_error err = {0};
	struct game_outcome out = {0};
	if (M->act(g, role, v, &out, &err) == 0) {
		accepted++;
		g->s = before; /* legal too: undone, the bot's action goes on */
		return;
	}
	refused++;
	if (memcmp(&before, &g->s, sizeof before) != 0) {
		traces++;
		char *text = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS);
		CHECKF(0, "%s refused (%s: %s) changed the state: %s", what, err.code, err.message,
		       text ? text : "?");
		free(text);
		g->s = before;
	}
}

/* Every value the role's offers give each member (the offered actions'
 * members and their params' choices), into pool: {"member": [values]}. */
static json_t *offered_values(const struct game *g, const char *role)
{
	json_t *pool = json_object();
	json_t *legal = lw_legal_actions(&g->s, lw_role_side(role));
	size_t i, j;
	json_t *e, *p;
	json_array_foreach(legal, i, e)
	{
		const char *key;
		json_t *val;
		json_object_foreach(json_object_get(e, "action"), key, val)
		{
			if (!json_object_get(pool, key))
				json_object_set_new(pool, key, json_array());
			json_array_append(json_object_get(pool, key), val);
		}
		json_array_foreach(json_object_get(e, "params"), j, p)
		{
			const char *name = json_string_value(json_object_get(p, "name"));
			if (!name)
				continue;
			if (!json_object_get(pool, name))
				json_object_set_new(pool, name, json_array());
			size_t c;
			json_t *x;
			json_array_foreach(json_object_get(p, "choices"), c, x) json_array_append(
			    json_object_get(pool, name), json_object_get(x, "value"));
		}
	}
	json_decref(legal);
	return pool;
}

static void try_variants(struct game *g, const char *role, const json_t *a, struct lw_bot *pick)
{
	json_t *pool = offered_values(g, role);
	const char *key;
	json_t *val;
	json_object_foreach((json_t *)a, key, val)
	{
		if (strcmp(key, "type") == 0)
			continue;
		/* values offered elsewhere: legal-looking, but perhaps not here,
		 * so refused later in the handler (a few of them, at random) */
		json_t *others = json_object_get(pool, key);
		for (int i = 0; i < 6 && json_array_size(others); i++) {
			json_t *o = json_array_get(
			    others, lw_bot_below(pick, (uint32_t)json_array_size(others)));
			if (json_equal(o, val))
				continue;
			json_t *v = json_deep_copy(a);
			json_object_set(v, key, o);
			try_variant(g, role, v, key);
			json_decref(v);
		}
		json_t *repl[] = {json_integer(9999), json_integer(-1), json_string("x"), NULL};
		for (size_t i = 0; repl[i]; i++) {
			json_t *v = json_deep_copy(a);
			json_object_set_new(v, key, repl[i]);
			try_variant(g, role, v, key);
			json_decref(v);
		}
		json_t *v = json_deep_copy(a);
		json_object_del(v, key);
		try_variant(g, role, v, key);
		json_decref(v);
		for (size_t i = 0; json_is_array(val) && i < json_array_size(val); i++) {
			v = json_deep_copy(a);
			json_array_set_new(json_object_get(v, key), i, json_integer(9999));
			try_variant(g, role, v, key);
			json_decref(v);
		}
	}
	json_decref(pool);
}

int main(void)
{
	int games = env_or("LW_REJECT_GAMES", 4), actions = env_or("LW_REJECT_ACTIONS", 300);
	for (int k = 0; k < games; k++) {
		static const char *const scn[] = {"campaign", "introductory"};
		uint8_t seed[TG_SEED_BYTES] = {(uint8_t)(k + 1), 0x5a};
		struct tg_error err;
		struct game *g = M->setup(seed, scn[k % 2], NULL, &err);
		if (!CHECKF(g != NULL, "setup: %s", g ? "" : err.message))
			return tap_done();
		struct lw_bot bot;
		lw_bot_init_prudent(&bot, 1000 + (uint64_t)k);
		struct lw_bot pick;
		lw_bot_init(&pick, 77 + (uint64_t)k);
		if (k % 3 == 2)
			lw_bot_seek_sieges(&bot, true);
		for (int n = 0; n < actions; n++) {
			char role[TG_ROLE_MAX * 2];
			json_t *a = NULL;
			if (lw_bot_choose(&bot, M, g, role, &a) <= 0)
				break;
			try_variants(g, role, a, &pick);
			int rc = M->act(g, role, a, NULL, &err);
			CHECKF(rc == 0, "game %d action %d: offered action refused: %s", k, n,
			       rc ? err.message : "");
			json_decref(a);
			if (rc != 0)
				break;
		}
		M->free(g);
	}
	printf("# %ld variants refused, %ld accepted, %ld left a trace\n", refused, accepted,
	       traces);
	CHECKF(refused > 1000, "the variants were refused (%ld)", refused);
	return tap_done();
}
