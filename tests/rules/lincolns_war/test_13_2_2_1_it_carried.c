/* 13.2.2.1: "Cavalry generals also have a modifier of -1 to the die roll if
 * out of supply at the moment of activation and -1 per IT carried."
 * 18.1.1 / 18.2: IT sit on the force (its CO) and go with a general who
 * leaves it only as far as 18.2 lets him carry them.
 *
 * Issue 22 reading: the engine counts only the cavalry general's own IT,
 * so cavalry raiding out of an army whose IT sit on its CO takes no
 * penalty. Readings: (a) "IT carried" are those on the raider's own
 * counter; (b) the IT of the force he belongs to. Decision (docs/decisions.md "13.2.2.1"): (a),
 * the engine as it was: 13.2.1 lets cavalry act separately from its army
 * and a raid moves nobody but him; the army's IT stay with the army, which
 * is what they represent (its disorganisation), and the raider carries
 * only what has been put on him (a detachment under 18.2, harassment, his
 * own battles). */
#include "lw_land_fixture.h"

int main(void)
{
	struct lw_state *s = fx_new(2);
	if (!CHECK(s != NULL))
		return tap_done();
	int bragg = fx_place(s, "bragg", 1107, 3);
	int wheeler = fx_place(s, "wheeler", 1107, 1);
	s->unit[bragg].it = 4; /* the army's IT, on its CO */
	CHECK_EQ_INT(lw_force_co(s, 1107), bragg);
	/* no penalty for the army's IT */
	for (int die = 1; die <= 6; die++)
		CHECK_EQ_INT(lw_raid_modified(s, wheeler, die), die);
	/* his own IT count, one each */
	s->unit[wheeler].it = 2;
	for (int die = 1; die <= 6; die++)
		CHECK_EQ_INT(lw_raid_modified(s, wheeler, die), die - 2);
	free(s);
	return tap_done();
}
