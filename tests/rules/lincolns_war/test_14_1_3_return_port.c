/* 14.1.3 "If the assault fails or is a Stand Off, the Union forces retreat
 * back to the nearest friendly port in the direction they came from": a
 * force that sailed from Cairo down the Mississippi against Memphis goes
 * back to Columbus, Kentucky, when the Union holds it (it lies on the way,
 * nearer Memphis), and to Cairo when he does not. Either way it takes one
 * more IT. */
#include "lw_amphib_fixture.h"

/* Cairo's river assault on Memphis, fought and lost; where is the CO? */
static int failed_assault(struct lw_state *s, bool columbus_union, int *it)
{
	int cairo = am_hex("cairo");
	s->kentucky.violator = LW_CONFEDERATE; /* no violation to charge here */
	/* held by the Union, or neutral (a Confederate Columbus would bar the
	 * river) */
	s->city[am_city("columbus_ky")].owner = columbus_union ? LW_UNION : LW_NOSIDE;
	int g = am_general(s, LW_UNION, cairo, 2, LW_NONE);
	am_activate(s, LW_UNION, &g, 1);
	s->side[LW_UNION].pc = 12;
	char act[96];
	snprintf(act, sizeof act, "{\"type\":\"river_assault\",\"target\":%d}", am_hex("memphis"));
	AM_OK(s, LW_UNION, act);
	CHECK(s->battle.active);
	/* the battle lost: Memphis still Confederate once it is over */
	s->battle.active = 0;
	lw_amphib_settle(s);
	*it = s->unit[g].it;
	return s->unit[g].hex;
}

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!s)
		return 1;
	struct lw_state *w = malloc(sizeof *w);
	*w = *s;
	int it = 0;
	CHECK_EQ_INT(failed_assault(w, true, &it), am_hex("columbus_ky"));
	CHECK_EQ_INT(it, 1);
	CHECK(am_log_has(w, "nearest friendly port on its way (14.1.3)"));
	*w = *s;
	CHECK_EQ_INT(failed_assault(w, false, &it), am_hex("cairo"));
	CHECK_EQ_INT(it, 1);
	free(w);
	free(s);
	return tap_done();
}
