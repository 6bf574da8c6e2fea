/* 7.1.7 / 8.1.2 / 8.3.1: the Confederate buys one Raider and one randomly
 * drawn CSN Asset a turn for one PC each; he looks at the Asset, then places
 * it face down in a friendly port (two Assets a port; the Hunley only in an
 * ocean port); the Union sees only "asset". A Raider goes to an empty RAID
 * hex or a friendly ocean port. */
#include "lw_naval_fixture.h"

static char *view_of(struct game *g, const char *role)
{
	json_t *v = lincolns_war_module.view(g, role);
	char *t = json_dumps(json_object_get(json_object_get(v, "board"), "navy"),
	                     JSON_COMPACT | JSON_SORT_KEYS);
	json_decref(v);
	return t;
}

/* The label of the choice `value` of the Confederate's buy_raider entry
 * whose "to" is `to` (copied; "" when there is none). */
static const char *raider_choice(struct game *g, const char *to, json_int_t value)
{
	static char label[64];
	label[0] = '\0';
	json_t *v = lincolns_war_module.view(g, "confederate");
	json_t *acts = json_object_get(v, "actions");
	for (size_t i = 0; i < json_array_size(acts); i++) {
		json_t *a = json_object_get(json_array_get(acts, i), "action");
		const char *t = json_string_value(json_object_get(a, "type"));
		const char *w = json_string_value(json_object_get(a, "to"));
		if (!t || strcmp(t, "buy_raider") != 0 || !w || strcmp(w, to) != 0)
			continue;
		json_t *p = json_array_get(json_object_get(json_array_get(acts, i), "params"), 0);
		json_t *ch = json_object_get(p, "choices");
		for (size_t c = 0; c < json_array_size(ch); c++) {
			json_t *x = json_array_get(ch, c);
			if (json_integer_value(json_object_get(x, "value")) == value)
				snprintf(label, sizeof label, "%s",
				         json_string_value(json_object_get(x, "label")));
		}
	}
	json_decref(v);
	return label;
}

int main(void)
{
	struct game *g = nv_game(71);
	struct lw_state *s = &g->s;
	s->phasing = LW_CONFEDERATE;
	s->side[LW_CONFEDERATE].pc = 10;

	/* Only the Hunley is left in the pool: the draw must give it. */
	int hunley = nv_slot(LW_AK_HUNLEY);
	for (int i = 0; i < LW_NAVY_ASSETS; i++)
		if (i != hunley)
			s->navy.asset[i].where = LW_NW_GONE;
	CHECK(nv_offered(g, "confederate", "buy_asset"));
	CHECKF(tk_act(g, "confederate", "{\"type\":\"buy_asset\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, 9);
	CHECK_EQ_INT(s->navy.asset[hunley].where, LW_NW_DRAWN);
	/* the owner sees what he drew, the Union only "asset" */
	char *cs = view_of(g, "confederate"), *us = view_of(g, "union");
	CHECK(strstr(cs, "\"asset_drawn\":\"hunley\"") != NULL);
	CHECK(strstr(us, "\"asset_drawn\":\"asset\"") != NULL);
	CHECK(strstr(us, "hunley") == NULL);
	free(cs);
	free(us);
	/* until it is placed, nothing else: not even the end of administration */
	CHECK(!nv_offered(g, "confederate", "end_admin"));
	CHECK(tk_act(g, "confederate", "{\"type\":\"end_admin\"}") != 0);
	CHECK(strstr(tk_err.message, "7.1.7") != NULL);
	/* 8.1.2.3: the Hunley only in an ocean port; Nashville is a river port */
	char a[96];
	snprintf(a, sizeof a, "{\"type\":\"place_asset\",\"hex\":%d}", nv_hex("nashville"));
	CHECK(tk_act(g, "confederate", a) != 0);
	CHECK(strstr(tk_err.message, "8.1.2.3") != NULL);
	/* Savannah is ocean-only by the errata (8.2), still an ocean port */
	snprintf(a, sizeof a, "{\"type\":\"place_asset\",\"hex\":%d}", nv_hex("savannah"));
	CHECKF(tk_act(g, "confederate", a) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->navy.asset[hunley].where, LW_NW_PORT);
	CHECK_EQ_INT(s->navy.asset[hunley].hex, nv_hex("savannah"));
	/* the public log never names it */
	CHECK(nv_log(s, "Hunley") == NULL && nv_log(s, "hunley") == NULL);
	us = view_of(g, "union");
	CHECK(strstr(us, "\"kind\":\"asset\"") != NULL && strstr(us, "hunley") == NULL);
	free(us);

	/* one Asset a turn (1.1 turn track) */
	s->navy.asset[0].where = LW_NW_POOL;
	CHECK(!nv_offered(g, "confederate", "buy_asset"));
	CHECK(tk_act(g, "confederate", "{\"type\":\"buy_asset\"}") != 0);
	CHECK(strstr(tk_err.message, "one Asset a turn") != NULL);

	/* two Assets a port at most (8.1.2) */
	s->navy.assets_bought = 0;
	nv_asset(s, 1, nv_hex("charleston"));
	nv_asset(s, 2, nv_hex("charleston"));
	CHECKF(tk_act(g, "confederate", "{\"type\":\"buy_asset\"}") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->navy.asset[0].where, LW_NW_DRAWN); /* the only one in the pool */
	snprintf(a, sizeof a, "{\"type\":\"place_asset\",\"hex\":%d}", nv_hex("charleston"));
	CHECK(tk_act(g, "confederate", a) != 0);
	/* an ironclad may go to a river port */
	snprintf(a, sizeof a, "{\"type\":\"place_asset\",\"hex\":%d}", nv_hex("memphis"));
	CHECKF(tk_act(g, "confederate", a) == 0, "%s", tk_err.message);

	/* Raiders: into an empty RAID hex, one per hex, one a turn (8.3.1) */
	int pc = s->side[LW_CONFEDERATE].pc;
	/* offered as one entry a kind of place, the place its param (issue 17) */
	CHECK(tk_offers_action(g, "confederate",
	                       "{\"type\":\"buy_raider\",\"to\":\"raid\",\"column\":2}"));
	snprintf(a, sizeof a, "{\"type\":\"buy_raider\",\"to\":\"port\",\"hex\":%d}",
	         nv_hex("wilmington"));
	CHECK(tk_offers_action(g, "confederate", a));
	snprintf(a, sizeof a, "{\"type\":\"buy_raider\",\"to\":\"port\",\"hex\":%d}",
	         nv_hex("memphis"));
	CHECK(!tk_offers_action(g, "confederate", a));
	/* a RAID hex's choice is its number, a port's its city's name: the
	 * param's label says which (issue 17, the words a turn's start sends) */
	CHECK_EQ_STR(raider_choice(g, "raid", 2), "3");
	CHECK_EQ_STR(raider_choice(g, "port", nv_hex("wilmington")), "Wilmington");
	CHECKF(tk_act(g, "confederate", "{\"type\":\"buy_raider\",\"to\":\"raid\",\"column\":2}") ==
	           0,
	       "%s", tk_err.message);
	CHECK_EQ_INT(s->side[LW_CONFEDERATE].pc, pc - 1);
	CHECK_EQ_INT(s->navy.raider[0].where, LW_NW_RAID);
	CHECK_EQ_INT(s->navy.raider[0].col, 2);
	CHECK(tk_act(g, "confederate", "{\"type\":\"buy_raider\",\"to\":\"raid\",\"column\":3}") !=
	      0);
	CHECK(strstr(tk_err.message, "one Raider a turn") != NULL);
	CHECK(!tk_offers_action(g, "confederate",
	                        "{\"type\":\"buy_raider\",\"to\":\"raid\",\"column\":3}"));
	s->navy.raiders_bought = 0;
	CHECK(tk_act(g, "confederate", "{\"type\":\"buy_raider\",\"to\":\"raid\",\"column\":2}") !=
	      0);
	CHECK(strstr(tk_err.message, "8.3.1") != NULL);
	/* or a friendly ocean port, not a river port */
	snprintf(a, sizeof a, "{\"type\":\"buy_raider\",\"to\":\"port\",\"hex\":%d}",
	         nv_hex("memphis"));
	CHECK(tk_act(g, "confederate", a) != 0);
	snprintf(a, sizeof a, "{\"type\":\"buy_raider\",\"to\":\"port\",\"hex\":%d}",
	         nv_hex("wilmington"));
	CHECKF(tk_act(g, "confederate", a) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->navy.raider[1].where, LW_NW_PORT);
	/* six Raiders in all (8.1.2) */
	for (int i = 0; i < LW_NAVY_RAIDERS; i++)
		s->navy.raider[i].where = LW_NW_GONE;
	s->navy.raiders_bought = 0;
	CHECK(tk_act(g, "confederate", "{\"type\":\"buy_raider\",\"to\":\"raid\",\"column\":0}") !=
	      0);
	CHECK(strstr(tk_err.message, "six Raiders") != NULL);
	/* no PC, no purchase */
	s->side[LW_CONFEDERATE].pc = 0;
	s->navy.assets_bought = 0;
	s->navy.asset[3].where = LW_NW_POOL;
	CHECK(tk_act(g, "confederate", "{\"type\":\"buy_asset\"}") != 0);
	CHECK(strstr(tk_err.message, "costs") != NULL);
	/* the Union buys no CSN pieces */
	s->phasing = LW_UNION;
	CHECK(tk_act(g, "union", "{\"type\":\"buy_asset\"}") != 0);
	lincolns_war_module.free(g);
	return tap_done();
}
