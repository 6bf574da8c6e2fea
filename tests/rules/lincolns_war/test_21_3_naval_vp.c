/* 21.3, the naval rows of the Victory Point table: the Union scores 1 VP per
 * Southern Ocean Port blockaded or controlled; the Confederates score the
 * supply value of each one neither effectively blockaded (8.2) nor occupied
 * by a Union force or garrison; 1 VP per Raider in a RAID hex (not in
 * port). The Introductory scenario disregards the ports. */
#include "lw_naval_fixture.h"

static int vp_of(const struct lw_state *s, int side)
{
	int vp[LW_SIDE_SLOTS];
	lw_victory_points(s, vp);
	return vp[side];
}

int main(void)
{
	struct game *g = nv_game(213);
	struct lw_state *s = &g->s;
	int chs = nv_city("charleston"), sav = nv_city("savannah");
	/* every Southern port is open at the start */
	CHECK_EQ_INT(lw_naval_port_vp(s, chs, LW_CONFEDERATE), 3);
	CHECK_EQ_INT(lw_naval_port_vp(s, chs, LW_UNION), 0);
	int us0 = vp_of(s, LW_UNION), cs0 = vp_of(s, LW_CONFEDERATE);
	/* Charleston blockaded: the CS loses its 3, the Union gains 1 */
	nv_blockade(s, "charleston", 0);
	CHECK_EQ_INT(vp_of(s, LW_CONFEDERATE), cs0 - 3);
	CHECK_EQ_INT(vp_of(s, LW_UNION), us0 + 1);
	/* Savannah: one fleet of the two needed changes nothing */
	nv_fleet(s, 1, LW_NW_BLOCKADE, lw_D()->cities[sav].blockade_hexes[0]);
	CHECK_EQ_INT(lw_naval_port_vp(s, sav, LW_CONFEDERATE), 2);
	nv_blockade(s, "savannah", 1);
	CHECK_EQ_INT(lw_naval_port_vp(s, sav, LW_CONFEDERATE), 0);
	CHECK_EQ_INT(lw_naval_port_vp(s, sav, LW_UNION), 1);
	/* Fort Monroe and New York are no Southern ports */
	CHECK_EQ_INT(lw_naval_port_vp(s, nv_city("fort_monroe"), LW_UNION), 0);
	CHECK_EQ_INT(lw_naval_port_vp(s, nv_city("new_york"), LW_UNION), 0);
	/* a Union garrison in an open port: the Union's, not the CS's */
	int mob = nv_city("mobile");
	s->city[mob].owner = LW_UNION;
	s->city[mob].garrison = 1;
	CHECK_EQ_INT(lw_naval_port_vp(s, mob, LW_CONFEDERATE), 0);
	CHECK_EQ_INT(lw_naval_port_vp(s, mob, LW_UNION), 1);
	s->city[mob].owner = LW_CONFEDERATE;
	s->city[mob].garrison = 0;

	/* Raiders: on the track 1 VP each, in port nothing */
	int cs1 = vp_of(s, LW_CONFEDERATE);
	nv_raider_raid(s, 0, 0);
	nv_raider_raid(s, 1, 5);
	nv_raider_port(s, 2, nv_hex("wilmington"));
	CHECK_EQ_INT(lw_naval_raiders_on_track(s), 2);
	CHECK_EQ_INT(vp_of(s, LW_CONFEDERATE), cs1 + 2);
	s->navy.raider[1].where = LW_NW_GONE; /* sunk */
	CHECK_EQ_INT(vp_of(s, LW_CONFEDERATE), cs1 + 1);
	lincolns_war_module.free(g);

	/* Introductory: ports disregarded (the Raiders row still counts) */
	g = tk_new("introductory", 5);
	s = &g->s;
	int us = vp_of(s, LW_UNION), cs = vp_of(s, LW_CONFEDERATE);
	nv_blockade(s, "charleston", 0);
	CHECK_EQ_INT(vp_of(s, LW_UNION), us);
	CHECK_EQ_INT(vp_of(s, LW_CONFEDERATE), cs);
	nv_raider_raid(s, 0, 2);
	CHECK_EQ_INT(vp_of(s, LW_CONFEDERATE), cs + 1);
	lincolns_war_module.free(g);
	return tap_done();
}
