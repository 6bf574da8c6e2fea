/* 7.1.8: the Union buys Fleets at two PC each, as many as the turn track
 * allows, placed in Washington, Baltimore, Philadelphia or New York. */
#include "lw_naval_fixture.h"

/* The Union's buy_fleet entries in his view: how many, and the first one's
 * param name (NULL when it has none). */
static int fleet_entries(struct game *g, const char **param)
{
	static char name[16];
	json_t *v = lincolns_war_module.view(g, "union");
	json_t *acts = json_object_get(v, "actions");
	int n = 0;
	*param = NULL;
	for (size_t i = 0; i < json_array_size(acts); i++) {
		json_t *e = json_array_get(acts, i);
		const char *t =
		    json_string_value(json_object_get(json_object_get(e, "action"), "type"));
		if (!t || strcmp(t, "buy_fleet") != 0)
			continue;
		json_t *p = json_array_get(json_object_get(e, "params"), 0);
		if (n++ == 0 && p) {
			snprintf(name, sizeof name, "%s",
			         json_string_value(json_object_get(p, "name")));
			*param = name;
		}
	}
	json_decref(v);
	return n;
}

int main(void)
{
	struct game *g = nv_game(72);
	struct lw_state *s = &g->s;
	s->phasing = LW_UNION;
	s->side[LW_UNION].pc = 20;
	int allowed = lw_D()->turns[s->turn].fleets;
	CHECK(allowed >= 1);
	CHECK(nv_offered(g, "union", "buy_fleet"));
	/* one entry, the port its param (issue 17: an entry a port repeated the
	 * purchase's words), each of the four ports a choice */
	const char *param;
	CHECK_EQ_INT(fleet_entries(g, &param), 1);
	CHECK(param && strcmp(param, "hex") == 0);
	char a[96];
	const char *all[] = {"washington", "baltimore", "philadelphia", "new_york"};
	for (int i = 0; i < 4; i++) {
		snprintf(a, sizeof a, "{\"type\":\"buy_fleet\",\"hex\":%d}", nv_hex(all[i]));
		CHECK(tk_offers_action(g, "union", a));
	}
	/* not in a Confederate port, nor in Fort Monroe */
	snprintf(a, sizeof a, "{\"type\":\"buy_fleet\",\"hex\":%d}", nv_hex("norfolk"));
	CHECK(tk_act(g, "union", a) != 0);
	CHECK(strstr(tk_err.message, "7.1.8") != NULL);
	snprintf(a, sizeof a, "{\"type\":\"buy_fleet\",\"hex\":%d}", nv_hex("fort_monroe"));
	CHECK(tk_act(g, "union", a) != 0);
	const char *ports[] = {"washington", "new_york", "baltimore", "philadelphia"};
	for (int i = 0; i < allowed; i++) {
		snprintf(a, sizeof a, "{\"type\":\"buy_fleet\",\"hex\":%d}", nv_hex(ports[i % 4]));
		CHECKF(tk_act(g, "union", a) == 0, "%s", tk_err.message);
		CHECK_EQ_INT(s->navy.fleet[i].where, LW_NW_PORT);
		CHECK_EQ_INT(s->navy.fleet[i].hex, nv_hex(ports[i % 4]));
	}
	CHECK_EQ_INT(s->side[LW_UNION].pc, 20 - 2 * allowed);
	/* the turn track's limit */
	snprintf(a, sizeof a, "{\"type\":\"buy_fleet\",\"hex\":%d}", nv_hex("washington"));
	CHECK(tk_act(g, "union", a) != 0);
	CHECK(!nv_offered(g, "union", "buy_fleet"));
	/* a new turn, a new allowance; two PC each */
	lw_naval_new_turn(s);
	s->side[LW_UNION].pc = 1;
	CHECK(tk_act(g, "union", a) != 0);
	CHECK(strstr(tk_err.message, "2 PC") != NULL);
	s->side[LW_UNION].pc = 2;
	CHECKF(tk_act(g, "union", a) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->side[LW_UNION].pc, 0);
	/* the Union's view shows the fleets in port */
	json_t *v = lincolns_war_module.view(g, "observer");
	json_t *fl =
	    json_object_get(json_object_get(json_object_get(v, "board"), "navy"), "fleets");
	CHECK_EQ_INT((int)json_array_size(fl), allowed + 1);
	json_decref(v);
	lincolns_war_module.free(g);
	return tap_done();
}
