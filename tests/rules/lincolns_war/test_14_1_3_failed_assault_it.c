/* 14.1.3 "After a failed River Assault the retreating amphibious force
 * takes one additional IT": the force's IT, so also when the CO who led
 * the assault fell in the battle (a casualty): his successor's force
 * carries it. With the CO alive he carries it as before. */
#include "lw_amphib_fixture.h"

/* A river assault from `from` on Memphis just lost, its CO `co`. */
static void failed(struct lw_state *s, int from, int co)
{
	memset(&s->battle, 0, sizeof s->battle);
	s->amphib.assault = LW_AM_RIVER_ASSAULT;
	s->amphib.assault_from = (int16_t)from;
	s->amphib.assault_target = (int16_t)am_hex("memphis");
	s->amphib.assault_co = (int16_t)co;
	lw_amphib_settle(s);
}

int main(void)
{
	struct lw_state *s = fx_new(4);
	if (!s)
		return 1;
	int cairo = am_hex("cairo");
	int co = am_general(s, LW_UNION, cairo, 2, LW_NONE);
	int sub = am_general(s, LW_UNION, cairo, 1, co);
	CHECK_EQ_INT(lw_city_controller(s, am_city("memphis")), LW_CONFEDERATE);

	/* the CO alive: he carries the IT */
	failed(s, cairo, co);
	CHECK_EQ_INT(s->unit[co].it + s->unit[sub].it, 1);
	CHECK_EQ_INT(s->amphib.assault, LW_AM_NONE);

	/* the CO fell in the battle: the force still takes its IT */
	s->unit[co].it = s->unit[sub].it = 0;
	s->unit[co].where = LW_W_DECEASED;
	s->unit[co].hex = LW_NO_HEX;
	failed(s, cairo, co);
	CHECK_EQ_INT(s->unit[sub].it, 1);
	CHECK(am_log_has(s, "one more IT (14.1.3)"));
	free(s);
	return tap_done();
}
