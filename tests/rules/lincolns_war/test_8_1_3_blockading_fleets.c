/* 8.1.3 / 8.2 / 8.3.3: Union fleets move from port to blockade spaces (one
 * fleet a space; Savannah's space takes two and needs both), to the SHADOW
 * box opposite a Raider, then to its HUNT box, or back to a Union port. A
 * port is effectively blockaded when all its spaces are full. The naval
 * moves are made in the turn's order, each side ending his own. */
#include "lw_naval_fixture.h"

static int fmove(struct game *g, const char *from, const char *to)
{
	char a[128];
	snprintf(a, sizeof a, "{\"type\":\"fleet_move\",\"from\":\"%s\",\"to\":\"%s\"}", from, to);
	return tk_act(g, "union", a);
}

int main(void)
{
	struct game *g = nv_game(813);
	struct lw_state *s = &g->s;
	int wash = nv_hex("washington");
	for (int i = 0; i < 5; i++)
		nv_fleet(s, i, LW_NW_PORT, wash);
	nv_raider_raid(s, 0, 3);
	nv_naval_phase(s, LW_UNION);
	char from[32], sav[32], chs[32];
	snprintf(from, sizeof from, "port:%d", wash);
	int sav_space = lw_D()->cities[nv_city("savannah")].blockade_hexes[0];
	int chs_space = lw_D()->cities[nv_city("charleston")].blockade_hexes[0];
	snprintf(sav, sizeof sav, "blockade:%d", sav_space);
	snprintf(chs, sizeof chs, "blockade:%d", chs_space);
	CHECK_EQ_INT(lw_naval_space_capacity(sav_space), 2);
	CHECK_EQ_INT(lw_naval_space_capacity(chs_space), 1);

	/* Savannah: one fleet is not a blockade, two are (8.2) */
	CHECKF(fmove(g, from, sav) == 0, "%s", tk_err.message);
	CHECK(!lw_naval_effectively_blockaded(s, nv_city("savannah")));
	CHECKF(fmove(g, from, sav) == 0, "%s", tk_err.message);
	CHECK(lw_naval_effectively_blockaded(s, nv_city("savannah")));
	CHECK(fmove(g, from, sav) != 0); /* a third does not fit */
	CHECK(strstr(tk_err.message, "8.1.3") != NULL);
	/* Charleston: one space, one fleet */
	CHECKF(fmove(g, from, chs) == 0, "%s", tk_err.message);
	CHECK(lw_naval_effectively_blockaded(s, nv_city("charleston")));
	CHECK(fmove(g, from, chs) != 0);
	/* SHADOW only opposite a Raider; HUNT only once SHADOW is taken */
	CHECK(fmove(g, from, "shadow:1") != 0);
	CHECK(fmove(g, from, "hunt:4") != 0);
	CHECKF(fmove(g, from, "shadow:4") == 0, "%s", tk_err.message);
	CHECK(fmove(g, from, "shadow:4") != 0);
	CHECKF(fmove(g, from, "hunt:4") == 0, "%s", tk_err.message);
	/* each fleet moves once a phase: none left in Washington unmoved */
	CHECK(fmove(g, sav, chs) != 0);
	CHECK(strstr(tk_err.message, "no Fleet left") != NULL);
	/* not the Confederate's turn to move ships */
	CHECK(tk_act(g, "confederate", "{\"type\":\"end_naval\"}") != 0);

	/* a new phase: blockade spaces to other spaces and back home */
	for (int i = 0; i < LW_NAVY_FLEETS; i++)
		s->navy.fleet[i].moved = 0;
	char home[32];
	snprintf(home, sizeof home, "port:%d", nv_hex("new_york"));
	CHECKF(fmove(g, chs, home) == 0, "%s", tk_err.message);
	CHECK(!lw_naval_effectively_blockaded(s, nv_city("charleston")));
	/* ending: the Confederate moves next, then the phase resolves */
	CHECKF(tk_act(g, "union", "{\"type\":\"end_naval\"}") == 0, "%s", tk_err.message);
	if (s->phase == LW_PH_NAVAL) {
		CHECK_EQ_INT(s->navy.mover, LW_CONFEDERATE);
		CHECKF(tk_act(g, "confederate", "{\"type\":\"end_naval\"}") == 0, "%s",
		       tk_err.message);
	}
	CHECK(s->phase != LW_PH_NAVAL);
	CHECK(nv_log(s, "8.3.4") != NULL); /* the hunt was rolled */
	lincolns_war_module.free(g);
	return tap_done();
}
