/* 16.9.4 "must retreat by water to the nearest friendly ... port": from a
 * river port the boats go along the rivers (14.1.1: enemy ports, and enemy
 * forces on both banks, stop them), so a friendly river port the rivers do
 * not join is no destination however near it is. The sea joins every
 * ocean port. With no port within reach the force retreats as any other
 * (16.9). */
#include "lw_amphib_fixture.h"

/* Union-held captured port `id` with a lone two-star Union general in it. */
static int hold(struct lw_state *s, const char *id)
{
	int c = am_city(id);
	s->city[c].owner = LW_UNION;
	s->city[c].garrison = 1;
	return am_general(s, LW_UNION, am_hex(id), 2, LW_NONE);
}

int main(void)
{
	struct lw_state *s = fx_new(4);
	if (!s)
		return 1;
	/* Chattanooga: Cairo and Cincinnati are the nearest Union river ports
	 * by distance, but the Tennessee below Chattanooga passes Confederate
	 * Fort Donelson: no port is reached, no water retreat */
	int g = hold(s, "chattanooga"), hc = am_hex("chattanooga");
	CHECK_EQ_INT(lw_city_controller(s, am_city("fort_donelson")), LW_CONFEDERATE);
	am_lost_at(s, hc);
	int out[16];
	CHECK_EQ_INT(lw_amphib_water_ports(s, &g, 1, out, 16), 0);
	CHECK(!lw_amphib_water_retreat(s));
	CHECK_EQ_INT(s->unit[g].hex, hc);
	s->unit[g].where = LW_W_PENDING;

	/* every captured river port alone in Union hands: each port offered is
	 * an ocean port reached by sea, or one the rivers reach */
	static const char *const river_ports[] = {
	    "new_orleans", "nashville",  "memphis",     "baton_rouge", "vicksburg",
	    "port_gibson", "natchez",    "chattanooga", "knoxville",   "fort_donelson",
	    "little_rock", "fort_smith", "helena"};
	for (size_t k = 0; k < sizeof river_ports / sizeof *river_ports; k++) {
		struct lw_state *w = fx_new(4);
		int u = hold(w, river_ports[k]), h = am_hex(river_ports[k]);
		am_lost_at(w, h);
		int n = lw_amphib_water_ports(w, &u, 1, out, 16);
		int land[512], ports[64], np = 0;
		int nl = lw_amphib_river_reach(w, LW_UNION, h, land, 512, ports, &np, 64);
		bool sea = lw_amphib_ocean_port(am_city(river_ports[k]));
		for (int i = 0; i < n; i++)
			CHECKF(am_has(land, nl, out[i]) ||
			           (sea && lw_amphib_ocean_port(lw_city_at(out[i]))),
			       "from %s: %04d is reached by water", river_ports[k], out[i]);
		free(w);
	}
	free(s);
	return tap_done();
}
