/* 18.2 "a general or force without IT moving into an IT-encumbered force can
 * remove a number of IT equal to the rank of the CO moving into the hex ...
 * Example: A two-star general is moved into a hex containing a force with
 * three IT. As soon as the two star general enters the hex the owning player
 * may remove two IT". Entering a hex whose CO is of equal or higher rank
 * ends the move (12.5), but the removal is still his owner's to make: the
 * MOVE step offers `revive` (two IT off) or `stop` (none), nothing else.
 * And "Conversely, an IT encumbered force moving into a friendly force
 * without IT transfers its IT ... A force carrying four IT moves in to join
 * with another force carrying 2 IT. The newly created force now has six
 * IT." */
#include "lincolns_war/lw_march.h"
#include "lw_land_fixture.h"

int main(void)
{
	int x = LW_NO_HEX, y = LW_NO_HEX;
	char a[64];
	/* host: a three-star (outranks him) and a two-star (equal rank) */
	for (int host_stars = 3; host_stars >= 2; host_stars--)
		for (int revive = 1; revive >= 0; revive--) {
			struct lw_state *s = fx_new(2);
			if (!CHECK(s != NULL) || !CHECK(fx_plain_pair("OH", &x, &y)))
				return tap_done();
			int sherman = fx_place(s, "sherman", x, 2);
			int grant = fx_place(s, "grant", y, host_stars);
			s->unit[grant].it = 3;
			lw_march_begin(s, sherman, false);
			snprintf(a, sizeof a, "{\"type\":\"move\",\"to\":%d}", y);
			ACT_OK(s, LW_UNION, a);
			CHECK_EQ_INT(s->unit[sherman].hex, y);
			/* 12.5: his move has ended; 18.2: the removal is offered */
			CHECK_EQ_INT(s->step, LW_ST_MOVE);
			CHECK(fx_march_offers(s, LW_UNION, "revive", NULL, 0));
			CHECK(fx_march_offers(s, LW_UNION, "stop", NULL, 0));
			CHECK(!fx_march_offers(s, LW_UNION, "move", NULL, 0));
			CHECK(!fx_march_offers(s, LW_UNION, "attack", NULL, 0));
			snprintf(a, sizeof a, "{\"type\":\"move\",\"to\":%d}", x);
			ACT_FAILS(s, LW_UNION, a); /* 12.5: no further */
			if (revive) {
				ACT_OK(s, LW_UNION, "{\"type\":\"revive\"}");
				CHECK_EQ_INT(lw_force_it(s, y), 1); /* two IT off: his stars */
			} else {
				ACT_OK(s, LW_UNION, "{\"type\":\"stop\"}");
				CHECK_EQ_INT(lw_force_it(s, y), 3);
			}
			CHECK(s->step != LW_ST_MOVE ||
			      s->play.movers_n == 0); /* the move is over */
			CHECK_EQ_INT(s->unit[sherman].hex, y);
			free(s);
		}

	/* A mover carrying IT removes none: the IT add up (4 + 2 = 6), and his
	 * move ends at once (nothing to ask). */
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL) || !CHECK(fx_plain_pair("OH", &x, &y)))
		return tap_done();
	int sherman = fx_place(s, "sherman", x, 2);
	int grant = fx_place(s, "grant", y, 3);
	s->unit[sherman].it = 4;
	s->unit[grant].it = 2;
	lw_march_begin(s, sherman, false);
	snprintf(a, sizeof a, "{\"type\":\"move\",\"to\":%d}", y);
	ACT_OK(s, LW_UNION, a);
	CHECK(!fx_march_offers(s, LW_UNION, "revive", NULL, 0));
	CHECK_EQ_INT(s->play.movers_n, 0); /* 12.5: finished */
	CHECK_EQ_INT(lw_force_it(s, y), 6);
	free(s);
	return tap_done();
}
