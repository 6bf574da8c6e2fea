/* 6.2 Dawn Phase on the state.
 * 6.2: "Inactive Subordinate Leader units are flipped to their Active
 * Sides." 6.2.1: "During the first Game Turn Lee is automatically Active
 * and McClellan is automatically Inactive."
 * 6.2.2: "Beginning with the second Turn of the game, after Army Leader
 * activation die rolls, the Union player may announce he is relocating his
 * Supply Train marker from White House Landing (Area 17) to Harrison's
 * Landing (Area 27). ... Example: It is the June 27 Dawn Phase. The Union
 * player announces he is relocating the Union Supply Train. He places the
 * Supply Train marker on the Game Turn Track in the "June 30" box. Once
 * moved to Harrison's Landing the Supply Train may not be relocated back".
 * 6.2.1: "Once the Union Supply Train relocates out of White House Landing
 * the Union player suffers a -1 die roll modifier". */
#include "boal_mechanics.h"
#include "boal_testkit.h"

int main(void)
{
	const struct boal_data *d = bt_data();
	struct boal_state s;
	struct tg_error err = {{0}, {0}};
	const int U = BOAL_UNION, C = BOAL_CONFEDERATE;
	bt_setup(&s, false);

	/* turn 1: whatever the dice */
	boal_army_leader_dawn(&s, d, C, 1);
	boal_army_leader_dawn(&s, d, U, 6);
	CHECK(s.army_active[C] && !s.army_active[U]);
	/* the first turn: relocation only by giving up the Advantage */
	CHECK_EQ_INT(boal_relocate_train(&s, d, false, &err), -1);
	CHECK(strstr(err.message, "6.2.2") != NULL && s.train_area == 17);

	/* June 27: the dice decide */
	s.turn = (int8_t)(d->first_turn + 1);
	CHECK_EQ_STR(d->turn_label[s.turn], "June 27");
	boal_army_leader_dawn(&s, d, C, 2);
	boal_army_leader_dawn(&s, d, U, 5);
	CHECK(!s.army_active[C] && s.army_active[U]);

	/* leaders flip back, those on the map */
	int jackson = bt_leader("jackson"), porter = bt_leader("porter");
	s.leader[jackson].inactive = s.leader[porter].inactive = true;
	s.leader[porter].area = BOAL_NOWHERE; /* a 15.2 casualty on the track */
	boal_dawn_flip_leaders(&s, d);
	CHECK(!s.leader[jackson].inactive);
	CHECK(s.leader[porter].inactive);

	/* the text's example: announced June 27, in the June 30 box */
	CHECK_EQ_INT(boal_relocate_train(&s, d, false, &err), 0);
	CHECK_EQ_INT(s.train_area, BOAL_NOWHERE);
	CHECK(s.train_moved);
	CHECK_EQ_STR(d->turn_label[s.train_arrives], "June 30");
	CHECK_EQ_INT(boal_relocate_train(&s, d, false, &err), -1); /* once only */
	/* McClellan now needs a 6 */
	s.turn++;
	boal_army_leader_dawn(&s, d, U, 5);
	CHECK(!s.army_active[U]);
	boal_army_leader_dawn(&s, d, U, 6);
	CHECK(s.army_active[U]);
	/* June 28, 29: in transit; June 30: at Harrison's Landing */
	CHECK(!boal_train_arrives(&s));
	s.turn++;
	CHECK(!boal_train_arrives(&s));
	s.turn++;
	CHECK_EQ_STR(d->turn_label[s.turn], "June 30");
	CHECK(boal_train_arrives(&s));
	CHECK_EQ_INT(s.train_area, 27);
	CHECK(!boal_train_arrives(&s));
	CHECK_EQ_INT(boal_relocate_train(&s, d, false, &err), -1); /* never back */

	/* the first turn, giving up the Advantage: arrives June 29 */
	bt_setup(&s, false);
	CHECK_EQ_INT(boal_relocate_train(&s, d, true, &err), 0);
	CHECK_EQ_STR(d->turn_label[s.train_arrives], "June 29");
	return tap_done();
}
