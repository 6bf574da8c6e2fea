/* 8.1.1 / 8.3.1: Raiders move between friendly ocean ports and empty RAID
 * hexes (one a column); on the track one hex to an empty adjacent hex, and
 * then do not raid this turn; leaving or entering a fully blockaded port
 * needs 3-6, else the Raider is lost. 8.3.4: Raiders in a port captured by
 * land must run for the sea; an amphibious capture sinks them. */
#include "lw_naval_fixture.h"

static int rmove(struct game *g, const char *from, const char *to)
{
	char a[128];
	snprintf(a, sizeof a, "{\"type\":\"raider_move\",\"from\":\"%s\",\"to\":\"%s\"}", from, to);
	return tk_act(g, "confederate", a);
}

int main(void)
{
	struct game *g = nv_game(811);
	struct lw_state *s = &g->s;
	nv_naval_phase(s, LW_CONFEDERATE);
	char wil[32], chs[32];
	snprintf(wil, sizeof wil, "port:%d", nv_hex("wilmington"));
	snprintf(chs, sizeof chs, "port:%d", nv_hex("charleston"));
	nv_raider_port(s, 0, nv_hex("wilmington"));
	nv_raider_raid(s, 1, 2);
	nv_raider_raid(s, 2, 0);
	/* one Raider a column */
	CHECK(rmove(g, wil, "raid:3") != 0);
	CHECK(strstr(tk_err.message, "8.1.1") != NULL);
	CHECKF(rmove(g, wil, "raid:5") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->navy.raider[0].where, LW_NW_RAID);
	CHECK_EQ_INT(s->navy.raider[0].col, 4);
	/* on the track: one hex to an empty adjacent hex only */
	CHECK(rmove(g, "raid:3", "raid:1") != 0); /* occupied */
	CHECK(rmove(g, "raid:3", "raid:6") != 0); /* not adjacent */
	CHECKF(rmove(g, "raid:3", "raid:4") == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->navy.raider[1].col, 3);
	CHECK(s->navy.raider[1].moved);
	/* a moved Raider does not raid; the unmoved one (column 1) does */
	int before = (int)s->log_total;
	lw_naval_raids(s);
	CHECK_EQ_INT((int)s->log_total - before, 1);
	CHECK(nv_log(s, "RAID hex 1 rolls") != NULL);
	/* back to a friendly ocean port, not a river port */
	char mem[32];
	snprintf(mem, sizeof mem, "port:%d", nv_hex("memphis"));
	CHECK(rmove(g, "raid:1", mem) != 0);
	CHECKF(rmove(g, "raid:1", chs) == 0, "%s", tk_err.message);
	CHECK_EQ_INT(s->navy.raider[2].where, LW_NW_PORT);

	/* blockade running: leaving a blockaded port, over many tries, passes
	 * on 3-6 and is lost on 1-2, as the logged die says */
	int passed = 0, lost = 0;
	for (int trial = 0; trial < 60; trial++) {
		nv_blockade(s, "charleston", 0);
		nv_raider_port(s, 3, nv_hex("charleston"));
		for (int c = 0; c < LW_NAVY_RAIDERS; c++)
			if (c != 3)
				s->navy.raider[c].where = LW_NW_POOL;
		CHECKF(rmove(g, chs, "raid:2") == 0, "%s", tk_err.message);
		const char *l = nv_log(s, "runs the blockade of Charleston");
		int die = 0;
		CHECK(l && sscanf(strstr(l, "roll "), "roll %d", &die) == 1);
		bool through = s->navy.raider[3].where == LW_NW_RAID;
		CHECKF(through == (die >= 3), "die %d through %d", die, through);
		passed += through;
		lost += s->navy.raider[3].where == LW_NW_GONE;
	}
	CHECK(passed > 0 && lost > 0 && passed + lost == 60);
	/* an unblockaded port: no roll */
	for (int i = 0; i < LW_NAVY_FLEETS; i++)
		s->navy.fleet[i].where = LW_NW_POOL;
	nv_raider_port(s, 3, nv_hex("charleston"));
	s->navy.raider[3].moved = 0;
	uint64_t used = s->rng.consumed;
	CHECKF(rmove(g, chs, "raid:2") == 0, "%s", tk_err.message);
	CHECK(s->rng.consumed == used);

	/* 8.3.4: a port captured by land: its Raiders must run the blockade (if
	 * any) and go back to sea; by an amphibious attack they are lost */
	for (int i = 0; i < LW_NAVY_RAIDERS; i++)
		s->navy.raider[i].where = LW_NW_POOL;
	nv_raider_port(s, 0, nv_hex("wilmington"));
	lw_capture_city(s, LW_UNION, nv_city("wilmington"), false);
	/* where it goes is the Confederate's (test_8_1_2_1_ironclad_escape_choice) */
	CHECK_EQ_INT(s->navy.raider[0].where, LW_NW_ESCAPE);
	CHECKF(tk_act(g, "confederate", "{\"type\":\"naval_escape\",\"raider\":0,\"column\":0}") ==
	           0,
	       "%s", tk_err.message);
	CHECK_EQ_INT(s->navy.raider[0].where, LW_NW_RAID);
	nv_raider_port(s, 1, nv_hex("mobile"));
	s->city[nv_city("mobile")].owner = LW_UNION;
	lw_naval_port_captured(s, nv_city("mobile"), true);
	CHECK_EQ_INT(s->navy.raider[1].where, LW_NW_GONE);
	lincolns_war_module.free(g);
	return tap_done();
}
