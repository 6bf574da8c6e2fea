/* 13.2.4: "Cavalry units may ... conduct a Foray ... A Foray costs 1 PC
 * ... [and is] either a Raid or the placement of an RIT" into a hex next to
 * the cavalry. While a card's PC are spent (LW_ST_SPEND) the offer lists
 * each cavalry unit's forays as one entry per kind ("do": raid or rit), the
 * hex its param "target" (issue 17: one entry per unit, hex and kind was a
 * product). This test holds it to the plain reading, built the slow way:
 * every unit of the side in unit order, every hex next to it, both kinds,
 * sent to act (lw_cav_foray_act, on a copy of the state): the triples act
 * accepts. The offer's foray entries, expanded over their choices, must
 * reach exactly these, each once, at every such state of bot-played
 * Campaign games; and no two entries name one unit and kind. */
#include <stdlib.h>
#include <string.h>

#include "lincolns_war/lw_cavalry.h"
#include "lw_testkit.h"

static int states, compared, twice, same_kind;

/* [unit id, target, do] triples, sorted by their text */
static int by_text(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static json_t *sorted(json_t *triples)
{
	size_t n = json_array_size(triples);
	char **t = calloc(n ? n : 1, sizeof *t);
	for (size_t i = 0; i < n; i++)
		t[i] = json_dumps(json_array_get(triples, i), JSON_COMPACT);
	qsort(t, n, sizeof *t, by_text);
	json_t *out = json_array();
	for (size_t i = 0; i < n; i++) {
		if (i > 0 && strcmp(t[i], t[i - 1]) == 0)
			twice++;
		json_array_append_new(out, json_string(t[i]));
	}
	for (size_t i = 0; i < n; i++)
		free(t[i]); /* after: the loop compares each with the one before */
	free(t);
	json_decref(triples);
	return out;
}

static json_t *reference(const struct lw_state *s, int side)
{
	static const char *const kinds[] = {"raid", "rit"};
	json_t *out = json_array();
	struct lw_state *copy = malloc(sizeof *copy);
	memcpy(copy, s, sizeof *copy);
	char id[48];
	for (int u = 0; u < s->n_units; u++) {
		if (s->unit[u].side != side || s->unit[u].where != LW_W_MAP)
			continue;
		int nb[6];
		int n = tg_hex_neighbours(&lw_D()->grid, s->unit[u].hex, nb);
		for (int i = 0; i < n; i++)
			for (int k = 0; k < 2; k++) {
				json_t *a = json_pack("{s:s,s:s,s:i,s:s}", "type", "foray", "unit",
				                      lw_unit_id(s, u, id, sizeof id), "target",
				                      nb[i], "do", kinds[k]);
				struct tg_error err = {0};
				if (lw_cav_foray_act(copy, side, a, NULL, &err) == 0) {
					json_array_append_new(
					    out, json_pack("[s,i,s]", id, nb[i], kinds[k]));
					memcpy(copy, s, sizeof *copy); /* accepted: changed */
				}
				json_decref(a);
			}
	}
	free(copy);
	return sorted(out);
}

static json_t *offered(const struct lw_state *s, int side)
{
	json_t *l = json_array(), *out = json_array(), *kinds = json_object();
	lw_cav_foray_offer(s, side, TG_OFFERS_TREE(l));
	size_t i;
	json_t *e;
	json_array_foreach(l, i, e)
	{
		json_t *a = json_object_get(e, "action"), *ps = json_object_get(e, "params");
		json_t *p = json_array_get(ps, 0);
		const char *unit = json_string_value(json_object_get(a, "unit"));
		const char *what = json_string_value(json_object_get(a, "do"));
		if (!CHECKF(
		        unit && what && !json_object_get(a, "target") && json_array_size(ps) == 1 &&
		            strcmp(json_string_value(json_object_get(p, "name")), "target") == 0,
		        "turn %d: a foray entry without one param target", s->turn))
			continue;
		char key[128];
		snprintf(key, sizeof key, "%s %s", unit, what);
		if (json_object_get(kinds, key))
			same_kind++;
		json_object_set_new(kinds, key, json_true());
		size_t c;
		json_t *x;
		json_array_foreach(json_object_get(p, "choices"), c, x) json_array_append_new(
		    out, json_pack("[s,O,s]", unit, json_object_get(x, "value"), what));
	}
	json_decref(kinds);
	json_decref(l);
	return sorted(out);
}

static void after(void *ctx, struct game *g)
{
	(void)ctx;
	const struct lw_state *s = &g->s;
	if (s->step != LW_ST_SPEND)
		return;
	int side = s->play.side;
	json_t *want = reference(s, side), *got = offered(s, side);
	states += json_array_size(want) > 0;
	compared += (int)json_array_size(want);
	TK_CHECK_SAME_OFFER(want, got, s->turn, 400);
}

int main(void)
{
	tk_bot_positions(&(struct tk_positions){.games = 4,
	                                        .seed_tag = 0x24,
	                                        .scenario = "campaign",
	                                        .bot_mul = 19,
	                                        .bot_add = 11,
	                                        .max_actions = 1500},
	                 after, NULL);
	printf("# %d SPEND steps with forays, %d (unit, hex, kind) forays compared, %d offered "
	       "twice, %d entries of one unit and kind\n",
	       states, compared, twice, same_kind);
	CHECK(states > 20);
	CHECK(compared > 100);
	CHECK(twice == 0);
	CHECK(same_kind == 0);
	return tap_done();
}
