/* 10.7: "see Cases 10.7.1 and 10.7.2 below to determine which Area
 * affected units/leaders retreat to." 10.7.1: "Units must retreat one unit
 * at a time ... subsequent units must continue their retreat to another
 * Area". 10.7.2: "If there is more than one Area to which units may
 * retreat" the priorities decide, and among ties the owner (issue 21).
 * When every unit of a side left an Area by retreat and they went into
 * more than one Area, the rules name no Area for the leaders there: the
 * owner is asked where each one goes, among the Areas his units entered
 * (README decision 52, the per-leader place_leader question); into a
 * single Area they follow unasked.
 *
 * McCall and Morell hold Ellerson's Mill (6) with Porter; A.P. Hill's
 * infantry assaults them; the Union retreats both voluntarily (10.7.3),
 * choosing among the tied Areas (5 and 7, both Free) for each. */
#include "boal_mccall_testkit.h"

/* The Union at the voluntary step of an assault on 6 that left McCall and
 * Morell there (k: the first key tried), or NULL. */
static struct game *at_voluntary(int k0)
{
	for (int k = k0; k < k0 + 400; k++) {
		struct game *g = bk_both_at_voluntary(k);
		if (g)
			return g;
	}
	return NULL;
}

/* unit retreats voluntarily into `to`, which must be among tied Areas */
static void retreat_into(struct game *g, const char *unit, int to)
{
	char text[96];
	snprintf(text, sizeof text, "{\"type\":\"retreat\",\"unit\":\"%s\"}", unit);
	CHECK_EQ_INT(bk_act(g, "union", text), 0);
	json_t *tie = bm_find(g, "union", "retreat_to", "area", to);
	CHECK(tie != NULL);
	if (tie)
		bm_do(g, "union", tie);
	CHECK_EQ_INT(g->s.unit[bt_unit(unit)].area, to);
}

int main(void)
{
	const int porter = bt_leader("porter");

	/* into two Areas: Porter's owner is asked, between 5 and 7 only */
	for (int pick = 5; pick <= 7; pick += 2) {
		struct game *g = at_voluntary(pick * 100);
		CHECK(g != NULL);
		if (!g)
			return tap_done();
		retreat_into(g, "mccall_inf", 5);
		retreat_into(g, "morell_inf", 7);
		CHECK_EQ_STR(bm_awaited(g), "union");
		CHECK(g->s.leader[porter].area != 7); /* he did not follow the last unit */
		json_t *a5 = bm_find(g, "union", "place_leader", "area", 5);
		json_t *a7 = bm_find(g, "union", "place_leader", "area", 7);
		json_t *a40 = bm_find(g, "union", "place_leader", "area", 40);
		CHECK(a5 && a7);
		CHECK(a40 == NULL); /* Smith's 40 is no Area a retreating unit entered */
		if (a5)
			CHECK_EQ_STR(json_string_value(json_object_get(a5, "leader")), "porter");
		json_decref(a5);
		json_decref(a7);
		json_decref(a40);
		char prompt[240];
		const char *pr = boal_prompt(&g->s, 0, prompt, sizeof prompt);
		CHECK(pr && strstr(pr, "(10.7)") != NULL);
		CHECK_EQ_INT(
		    bk_act(g, "union",
		           "{\"type\":\"place_leader\",\"leader\":\"porter\",\"area\":40}"),
		    -1);
		char text[96];
		snprintf(text, sizeof text,
		         "{\"type\":\"place_leader\",\"leader\":\"porter\",\"area\":%d}", pick);
		CHECK_EQ_INT(bk_act(g, "union", text), 0);
		CHECK_EQ_INT(g->s.leader[porter].area, pick);
		CHECK(!g->s.leader[porter].inactive); /* a retreat, not 9.6's elimination */
		CHECK_EQ_STR(bm_awaited(g), "confederate");
		BM->free(g);
	}

	/* into one Area: Porter follows unasked */
	struct game *g = at_voluntary(900);
	CHECK(g != NULL);
	if (!g)
		return tap_done();
	retreat_into(g, "mccall_inf", 7);
	retreat_into(g, "morell_inf", 7);
	CHECK_EQ_INT(g->s.leader[porter].area, 7);
	CHECK_EQ_STR(bm_awaited(g), "confederate");
	BM->free(g);
	return tap_done();
}
