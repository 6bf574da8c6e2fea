/* 13.2.3 rail interdiction contested by enemy cavalry "adjacent to the same
 * hex": not across a river. "You may not interdict across any rivers", and
 * the same contest in 13.2.6 (supply) stops at rivers; enemy cavalry of
 * equal rank across the Potomac from the hex neither denies the RIT nor is
 * revealed by it. The same cavalry on the hex's side of the river still
 * denies it. */
#include "lincolns_war/lw_march.h"
#include "lw_land_fixture.h"

/* Winchester 1703 on the Baltimore & Ohio; 1803 across the Potomac from it;
 * 1603 west of Winchester on the line, 1503 touching 1603. */
enum { WINCHESTER = 1703, H1803 = 1803, H1603 = 1603, H1503 = 1503 };

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	const struct lw_data *d = lw_D();
	CHECK(lw_data_hexside_flags(d, WINCHESTER, H1803) & LW_HS_RIVER);
	CHECK(!(lw_data_hexside_flags(d, H1603, H1503) & LW_HS_RIVER));
	int stuart = fx_place(s, "stuart", WINCHESTER, 1);
	int buford = fx_place(s, "buford", H1803, 1); /* equal rank, across the river */
	CHECK(stuart != LW_NONE && buford != LW_NONE);
	s->phase = LW_PH_OPS;
	s->play.side = LW_CONFEDERATE;

	/* Stuart interdicts his own hex: Buford across the Potomac does not
	 * contest it */
	lw_march_begin(s, stuart, true);
	ACT_OK(s, LW_CONFEDERATE, "{\"type\":\"rit\",\"hex\":1703,\"remove\":false}");
	CHECK(lw_rit_at(s, WINCHESTER));
	CHECK(!(s->unit[buford].flags & LW_UF_REVEALED));
	CHECK(!(s->unit[stuart].flags & LW_UF_REVEALED));

	/* on the same side of a river he does: Buford at 1503, the RIT at 1603 */
	s->unit[buford].hex = H1503;
	lw_march_begin(s, stuart, true);
	ACT_OK(s, LW_CONFEDERATE, "{\"type\":\"rit\",\"hex\":1603,\"remove\":false}");
	CHECK(!lw_rit_at(s, H1603));
	CHECK(s->unit[buford].flags & LW_UF_REVEALED);
	free(s);
	return tap_done();
}
