/* 18.1: a force's activation cost counts its IT against the CO's stars
 * (10.6.2, 16.8.1, 20.5, 10.7.4 add to it). The forces section shows each
 * of the viewer's own generals' cost; since issue 17 the view's walk of
 * the forces hands each unit its force's CO and IT
 * (lw_activation_cost_in) instead of scanning every unit for every unit
 * shown. This test holds the shown figure to lw_activation_cost, which
 * gathers the force itself, for every own unit (CO and subordinates,
 * cavalry alone or not) in both players' views, at every state of
 * bot-played Campaign games. */
#include <stdlib.h>
#include <string.h>

#include "lw_testkit.h"

static long units_seen, cavalry_seen, wrong;

static void check_unit(const struct lw_state *s, const json_t *unit)
{
	int u = lw_unit_by_id(s, json_string_value(json_object_get(unit, "id")));
	const json_t *shown = json_object_get(unit, "activation");
	if (!CHECKF(u != LW_NONE && json_is_integer(shown), "an own unit without its cost"))
		return;
	units_seen++;
	cavalry_seen += s->unit[u].cavalry;
	int want = lw_activation_cost(s, u);
	if (json_integer_value(shown) != want && wrong++ < 5)
		CHECKF(0, "turn %d: %s shows activation %lld, lw_activation_cost says %d", s->turn,
		       json_string_value(json_object_get(unit, "id")),
		       (long long)json_integer_value(shown), want);
}

static void after(void *ctx, struct game *g)
{
	(void)ctx;
	static const char *const roles[] = {"union", "confederate"};
	for (int r = 0; r < 2; r++) {
		json_t *v = lincolns_war_module.view(g, roles[r]);
		size_t i, k;
		json_t *f, *sub;
		json_array_foreach(json_object_get(json_object_get(v, "board"), "forces"), i, f)
		{
			if (strcmp(json_string_value(json_object_get(f, "side")), roles[r]) != 0)
				continue;
			check_unit(&g->s, json_object_get(f, "co"));
			json_array_foreach(json_object_get(f, "subordinates"), k, sub)
			    check_unit(&g->s, sub);
		}
		json_decref(v);
	}
}

int main(void)
{
	tk_bot_positions(&(struct tk_positions){.games = 2,
	                                        .seed_tag = 0x18,
	                                        .scenario = "campaign",
	                                        .bot_mul = 7,
	                                        .bot_add = 3,
	                                        .max_actions = 400},
	                 after, NULL);
	printf("# %ld own units' costs compared (%ld cavalry), %ld differed\n", units_seen,
	       cavalry_seen, wrong);
	CHECK(units_seen > 1000);
	CHECK(cavalry_seen > 10);
	CHECK(wrong == 0);
	return tap_done();
}
