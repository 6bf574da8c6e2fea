/* 10.7.3: "If only some units are required to retreat, the owning player
 * decides whether a Leader marker present in the Area will remain or
 * retreat." Once the assault's retreats are done, a player whose units
 * both left the assaulted Area and remain in it is asked, for each of his
 * leaders there, to keep him or to send him into an Area one of the
 * retreating units went to (leader_retreat, 10.7.3).
 *
 * A.P. Hill's infantry assaults McCall and Morell in Ellerson's Mill (6)
 * with Porter; on a Success the Union takes the CP by exhausting, then
 * retreats Morell voluntarily and keeps McCall. */
#include "boal_mccall_testkit.h"

static struct game *morell_retreated(int from_k)
{
	for (int k = from_k; k < from_k + 400; k++) {
		struct game *g = bk_both_at_voluntary(k);
		if (!g)
			continue;
		if (bk_act(g, "union", "{\"type\":\"retreat\",\"unit\":\"morell_inf\"}") != 0) {
			BM->free(g);
			continue;
		}
		json_t *tie = bm_find(g, "union", "retreat_to", NULL, 0);
		if (tie)
			bm_do(g, "union", tie); /* 10.7.2: among equal priorities */
		if (bk_act(g, "union", "{\"type\":\"done\"}") != 0) {
			BM->free(g);
			continue;
		}
		return g;
	}
	return NULL;
}

int main(void)
{
	const int porter = bt_leader("porter");
	for (int stay = 0; stay < 2; stay++) {
		struct game *g = morell_retreated(stay * 400);
		CHECK(g != NULL);
		if (!g)
			return tap_done();
		int to = g->s.unit[bt_unit("morell_inf")].area;
		CHECK(to != 6 && to != BOAL_NOWHERE);
		/* the Union is asked about Porter: stay, or go where Morell went */
		CHECK_EQ_STR(bm_awaited(g), "union");
		json_t *st = bm_find(g, "union", "leader_stays", NULL, 0);
		json_t *go = bm_find(g, "union", "leader_retreats", "area", to);
		CHECK(st && go);
		CHECK_EQ_STR(json_string_value(json_object_get(go, "leader")), "porter");
		json_decref(st);
		json_decref(go);
		char prompt[200];
		CHECK(strstr(boal_prompt(&g->s, 0, prompt, sizeof prompt), "(10.7.3)"));
		/* not into an Area no retreating unit went to */
		CHECK_EQ_INT(
		    bk_act(g, "union",
		           "{\"type\":\"leader_retreats\",\"leader\":\"porter\",\"area\":40}"),
		    -1);
		char text[96];
		if (stay)
			snprintf(text, sizeof text,
			         "{\"type\":\"leader_stays\",\"leader\":\"porter\"}");
		else
			snprintf(text, sizeof text,
			         "{\"type\":\"leader_retreats\",\"leader\":\"porter\",\"area\":%d}",
			         to);
		CHECK_EQ_INT(bk_act(g, "union", text), 0);
		CHECK_EQ_INT(g->s.leader[porter].area, stay ? 6 : to);
		/* asked once: the Attacker's impulse goes on */
		CHECK_EQ_STR(bm_awaited(g), "confederate");
		BM->free(g);
	}
	return tap_done();
}
