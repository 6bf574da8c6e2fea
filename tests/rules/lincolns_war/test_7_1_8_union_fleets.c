/* 7.1.8: the Union buys Fleets at two PC each, as many as the turn track
 * allows, placed in Washington, Baltimore, Philadelphia or New York. */
#include "lw_naval_fixture.h"

int main(void)
{
	struct game *g = nv_game(72);
	struct lw_state *s = &g->s;
	s->phasing = LW_UNION;
	s->side[LW_UNION].pc = 20;
	int allowed = lw_D()->turns[s->turn].fleets;
	CHECK(allowed >= 1);
	CHECK(nv_offered(g, "union", "buy_fleet"));
	char a[96];
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
