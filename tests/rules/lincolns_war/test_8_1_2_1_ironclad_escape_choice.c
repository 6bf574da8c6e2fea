/* 8.1.2.1 "When a Confederate River Port with an ironclad is captured via
 * land attack, the ironclad is moved to the closest friendly Port on a
 * river within 4 hexes" (an ocean port: "the nearest friendly Ocean Port
 * within four hexes"), and 8.3.4 "If a fully Blockaded Confederate port
 * that contains a Raider is successfully captured by a Union attack from
 * land, it MUST attempt to escape by trying to run the Blockade (See
 * 8.1.1)": where it goes is the Confederate's (8.1.1: an empty RAID hex or
 * a friendly Ocean Port; entering a fully blockaded one takes 3-6).
 *
 * Through act(): the Union storms an empty Memphis holding an ironclad. The
 * battle stops at the capture: the Confederate alone is awaited, offered
 * exactly the closest friendly river ports (Helena and Little Rock tie),
 * the Union may do nothing, a farther port is refused; his answer places
 * the ironclad and the Union's card play resumes where it stood. Then New
 * Orleans (river and ocean port) captured with an ironclad and a Raider:
 * the ironclad's closest river and ocean ports, then the Raider's RAID
 * columns and ports, a blockaded port entered on a 3-6, a port already
 * full refused to the ironclad. */
#include "lw_land_fixture.h"
#include "lw_naval_fixture.h"

static int next_die(const struct lw_state *s)
{
	struct tg_rng r = s->rng;
	return tg_rng_die(&r, 6);
}

static void memphis_battle(void)
{
	/* a strong Union force next to an empty Memphis */
	static const char *const ids[] = {"grant", "sherman", "thomas", "mcpherson"};
	int card, from;
	struct game *g = nv_storm_setup(31, LW_UNION, "memphis", ids, &card, &from);
	if (!g)
		return;
	struct lw_state *s = &g->s;
	int mem = nv_hex("memphis");
	int ic = nv_slot(LW_AK_IRONCLAD);
	nv_asset(s, ic, mem);
	char buf[160];
	snprintf(buf, sizeof buf,
	         "{\"type\":\"play\",\"card\":%d,\"use\":\"activate\",\"general\":\"grant\"}",
	         card);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	snprintf(buf, sizeof buf, "{\"type\":\"attack\",\"target\":%d}", mem);
	CHECKF(tk_act(g, "union", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->navy.asset[ic].revealed, 1); /* 8.1.2.1: an attacked port's Assets */
	if (!CHECKF(nv_drive_to_escape(g, LW_CONFEDERATE, 30),
	            "the capture of Memphis never asked the Confederate"))
		return;

	/* the capture happened; the battle waits for the Confederate alone */
	CHECK_EQ_INT(s->city[lw_city_at(mem)].owner, LW_UNION);
	CHECK_EQ_INT(s->navy.asset[ic].where, LW_NW_ESCAPE);
	CHECK_EQ_INT(tk_awaiting(g), LW_SIDE_BIT(LW_CONFEDERATE));
	CHECK(tk_offers(g, "confederate", "8.1.2.1"));
	CHECK_EQ_INT(tk_count_offers(g, "union", "\"type\""), 0);
	CHECK(tk_act(g, "union", "{\"type\":\"pass\"}") != 0);
	/* the closest friendly river ports: Helena and Little Rock, both at the
	 * same river distance, and nothing farther */
	bool ky;
	int dh = lw_naval_river_route(s, mem, nv_hex("helena"), &ky);
	int dl = lw_naval_river_route(s, mem, nv_hex("little_rock"), &ky);
	int dv = lw_naval_river_route(s, mem, nv_hex("vicksburg"), &ky);
	CHECK(dh >= 0 && dh == dl && dh <= 4);
	CHECK(dv > dh);
	CHECK_EQ_INT(tk_count_offers(g, "confederate", "naval_escape"), 2);
	char want[64];
	snprintf(want, sizeof want, "\"hex\":%d", nv_hex("helena"));
	CHECK(nv_offered(g, "confederate", want));
	snprintf(want, sizeof want, "\"hex\":%d", nv_hex("little_rock"));
	CHECK(nv_offered(g, "confederate", want));
	snprintf(buf, sizeof buf, "{\"type\":\"naval_escape\",\"asset\":%d,\"hex\":%d}", ic,
	         nv_hex("vicksburg"));
	CHECK(tk_act(g, "confederate", buf) != 0);
	CHECK(strstr(tk_err.message, "8.1.2.1") != NULL);
	snprintf(buf, sizeof buf, "{\"type\":\"naval_escape\",\"asset\":%d,\"hex\":%d}", ic,
	         nv_hex("little_rock"));
	CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->navy.asset[ic].where, LW_NW_PORT);
	CHECK_EQ_INT(s->navy.asset[ic].hex, nv_hex("little_rock"));
	CHECK_EQ_INT(s->navy.asset[ic].revealed, 1);
	/* the Union's card play resumes */
	CHECK(!s->battle.active);
	CHECK_EQ_INT(s->phase, LW_PH_OPS);
	CHECK(tk_awaiting(g) & LW_SIDE_BIT(LW_UNION));
	CHECK(!nv_offered(g, "confederate", "naval_escape"));
	lincolns_war_module.free(g);
}

static void new_orleans(void)
{
	struct game *g = nv_game(32);
	struct lw_state *s = &g->s;
	int no = nv_hex("new_orleans");
	int ic = nv_slot(LW_AK_IRONCLAD);
	nv_asset(s, ic, no);
	nv_raider_port(s, 0, no);
	nv_raider_raid(s, 1, 0); /* RAID column 1 is taken */
	nv_asset(s, ic + 1, nv_hex("mobile"));
	nv_asset(s, ic + 2, nv_hex("mobile")); /* Mobile is full (two Assets) */
	lw_capture_city(s, LW_UNION, nv_city("new_orleans"), false);
	CHECK_EQ_INT(tk_awaiting(g), LW_SIDE_BIT(LW_CONFEDERATE));
	/* the ironclad first: New Orleans is both: the closest river port
	 * (Baton Rouge) and the closest ocean port with room (Mobile is full:
	 * the next one) */
	CHECK_EQ_INT(s->navy.asset[ic].where, LW_NW_ESCAPE);
	char want[64], buf[160];
	snprintf(want, sizeof want, "\"hex\":%d", nv_hex("baton_rouge"));
	CHECK(nv_offered(g, "confederate", want));
	snprintf(want, sizeof want, "\"asset\":%d,\"hex\":%d", ic, nv_hex("mobile"));
	CHECK(!nv_offered(g, "confederate", want));
	snprintf(buf, sizeof buf, "{\"type\":\"naval_escape\",\"asset\":%d,\"hex\":%d}", ic,
	         nv_hex("mobile"));
	CHECK(tk_act(g, "confederate", buf) != 0);
	/* the Raider waits its turn */
	CHECK(!nv_offered(g, "confederate", "\"raider\""));
	CHECK(tk_act(g, "confederate", "{\"type\":\"naval_escape\",\"raider\":0,\"column\":2}") !=
	      0);
	snprintf(buf, sizeof buf, "{\"type\":\"naval_escape\",\"asset\":%d,\"hex\":%d}", ic,
	         nv_hex("baton_rouge"));
	CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->navy.asset[ic].hex, nv_hex("baton_rouge"));

	/* the Raider: the five empty RAID columns and the friendly ocean
	 * ports; not column 1 (taken), not New Orleans */
	CHECK_EQ_INT(s->navy.raider[0].where, LW_NW_ESCAPE);
	CHECK(tk_offers(g, "confederate", "8.3.4"));
	CHECK_EQ_INT(tk_count_offers(g, "confederate", "\"column\""), 5);
	CHECK(!nv_offered(g, "confederate", "\"raider\":0,\"column\":0"));
	snprintf(want, sizeof want, "\"raider\":0,\"hex\":%d", no);
	CHECK(!nv_offered(g, "confederate", want));
	snprintf(want, sizeof want, "\"raider\":0,\"hex\":%d", nv_hex("charleston"));
	CHECK(nv_offered(g, "confederate", want));
	CHECK(tk_act(g, "confederate", "{\"type\":\"naval_escape\",\"raider\":0,\"column\":0}") !=
	      0);
	/* Charleston fully blockaded: entering it takes 3-6 (8.1.1) */
	nv_blockade(s, "charleston", 0);
	CHECK(tk_offers(g, "confederate", "roll 3-6"));
	int die = next_die(s);
	snprintf(buf, sizeof buf, "{\"type\":\"naval_escape\",\"raider\":0,\"hex\":%d}",
	         nv_hex("charleston"));
	CHECKF(tk_act(g, "confederate", buf) == 0, "%s", tk_err.message);
	if (die >= 3) {
		CHECK_EQ_INT(s->navy.raider[0].where, LW_NW_PORT);
		CHECK_EQ_INT(s->navy.raider[0].hex, nv_hex("charleston"));
	} else {
		CHECK_EQ_INT(s->navy.raider[0].where, LW_NW_GONE);
	}
	CHECK(!nv_offered(g, "confederate", "naval_escape"));

	/* a Raider to a RAID column */
	nv_raider_port(s, 2, nv_hex("savannah"));
	lw_capture_city(s, LW_UNION, nv_city("savannah"), false);
	CHECK_EQ_INT(s->navy.raider[2].where, LW_NW_ESCAPE);
	CHECKF(tk_act(g, "confederate", "{\"type\":\"naval_escape\",\"raider\":2,\"column\":3}") ==
	           0,
	       "%s", tk_err.message);
	CHECK_EQ_INT(s->navy.raider[2].where, LW_NW_RAID);
	CHECK_EQ_INT(s->navy.raider[2].col, 3);
	lincolns_war_module.free(g);
}

int main(void)
{
	memphis_battle();
	new_orleans();
	return tap_done();
}
