/* 14.1-14.3 Victory conditions, and the 13.3.1 path traces they share, as
 * conditions of the state (when they are checked is the End Phase's: 6.5).
 * 14.1: "There is a Fresh Union unit in Richmond (Area 44) ... The Fresh
 * Union unit in Richmond must be able to trace a path of friendly-Controlled
 * Areas to the Union Supply Train marker in either White House Landing (Area
 * 17) or Harrison's Landing (Area 27)"; "In the unlikely event the Union
 * Supply Train is in transit the Union player will not be able to claim an
 * automatic victory".
 * 14.2: "both White House Landing (Area 17) and Harrison's Landing (Area 27)
 * are friendly-Controlled ... The Areas must be able to trace a path of
 * friendly-Controlled Areas to Richmond (Area 44)."
 * 14.3: "If the Union player has moved his Supply Train the Confederate
 * player wins by controlling Malvern Hill (Area 35) and either White House
 * Landing or Harrison's Landing ... If the Union player has not moved his
 * Supply Train ... Providence Church (Area 19) and Harrison's Landing".
 * 13.3.1: replacement eligibility by the same traces. */
#include "boal_query.h"
#include "boal_testkit.h"

static void all(struct boal_state *s, int side)
{
	for (int a = 1; a <= BOAL_AREAS; a++)
		s->control[a] = (uint8_t)side;
}

int main(void)
{
	const struct boal_data *d = bt_data();
	struct boal_state s;
	const int U = BOAL_UNION, C = BOAL_CONFEDERATE;

	/* ---- at set-up nobody has won, and every unit may take replacements */
	bt_setup(&s, false);
	CHECK(!boal_union_automatic(&s, d));
	CHECK(!boal_confederate_automatic(&s, d));
	CHECK(!boal_confederate_final(&s, d));
	for (int u = 0; u < s.n_units; u++)
		CHECKF(boal_replacement_eligible(&s, d, d->unit[u].side, s.unit[u].area), "%s",
		       d->unit[u].id);

	/* ---- 14.1 */
	int kearny = bt_unit("kearny_inf");
	s.unit[kearny].area = 44;
	s.unit[bt_unit("richmond_garrison")].area = BOAL_NOWHERE;
	CHECK(!boal_union_automatic(&s, d)); /* Richmond still Confederate-controlled */
	all(&s, U);
	CHECK(boal_union_automatic(&s, d));
	s.unit[kearny].exhausted = true; /* "a Fresh Union unit" */
	CHECK(!boal_union_automatic(&s, d));
	s.unit[kearny].exhausted = false;
	/* cut the path: 44's neighbours 37, 41, 42, 43, 45 Confederate */
	static const int ring[] = {37, 41, 42, 43, 45};
	for (int i = 0; i < 5; i++)
		s.control[ring[i]] = (uint8_t)C;
	CHECK(!boal_union_automatic(&s, d));
	s.control[41] = (uint8_t)U; /* one way out through Old Tavern */
	CHECK(boal_union_automatic(&s, d));
	/* the train in transit (6.2.2): no automatic victory */
	s.train_area = BOAL_NOWHERE;
	s.train_moved = true;
	CHECK(!boal_union_automatic(&s, d));
	s.train_area = 27; /* arrived at Harrison's Landing */
	CHECK(boal_union_automatic(&s, d));
	/* 15.4 / README 22: a destroyed bridge cuts a trace. Area 26 only
	 * through Herring Creek 26-27 (23, 25 Confederate): */
	all(&s, U);
	s.control[23] = s.control[25] = (uint8_t)C;
	CHECK(boal_trace(&s, d, U, 26, 27));
	s.bridge[boal_data_bridge(d, 26, 27)] = BOAL_NOBODY;
	CHECK(!boal_trace(&s, d, U, 26, 27));

	/* ---- 14.2 */
	bt_setup(&s, false);
	all(&s, C);
	CHECK(boal_confederate_automatic(&s, d));
	s.control[17] = (uint8_t)U;
	CHECK(!boal_confederate_automatic(&s, d));
	s.control[17] = (uint8_t)C;
	/* White House Landing cut off from Richmond: its neighbours 12, 14, 16, 18 */
	static const int wh[] = {12, 14, 16, 18};
	for (int i = 0; i < 4; i++)
		s.control[wh[i]] = (uint8_t)U;
	CHECK(!boal_confederate_automatic(&s, d));
	s.control[16] = (uint8_t)C;
	CHECK(boal_confederate_automatic(&s, d));

	/* ---- 14.3, train not moved: Providence Church and Harrison's Landing */
	bt_setup(&s, false);
	all(&s, U);
	s.control[19] = (uint8_t)C;
	CHECK(!boal_confederate_final(&s, d));
	s.control[27] = (uint8_t)C;
	CHECK(boal_confederate_final(&s, d));
	s.control[19] = (uint8_t)U;
	s.control[17] = (uint8_t)C;
	s.control[35] = (uint8_t)C;
	CHECK(!boal_confederate_final(&s, d)); /* Malvern Hill counts only once moved */
	/* train moved: Malvern Hill and either landing */
	s.train_moved = true;
	CHECK(boal_confederate_final(&s, d));
	s.control[27] = (uint8_t)U;
	CHECK(boal_confederate_final(&s, d)); /* White House Landing is enough */
	s.control[17] = (uint8_t)U;
	CHECK(!boal_confederate_final(&s, d));
	s.control[27] = (uint8_t)C;
	s.control[35] = (uint8_t)U;
	CHECK(!boal_confederate_final(&s, d));

	/* ---- 13.3.1: the Union traces to Harrison's Landing while the train is
	 * in transit, and no longer to White House Landing */
	bt_setup(&s, false);
	all(&s, U);
	s.control[27] = (uint8_t)C;
	CHECK(boal_replacement_eligible(&s, d, U, 40)); /* to the train at 17 */
	s.train_area = BOAL_NOWHERE;
	s.train_moved = true;
	CHECK(!boal_replacement_eligible(&s, d, U, 40));
	s.control[27] = (uint8_t)U;
	CHECK(boal_replacement_eligible(&s, d, U, 40));
	/* the Confederate traces to Richmond */
	all(&s, C);
	CHECK(boal_replacement_eligible(&s, d, C, 17));
	s.control[44] = (uint8_t)U;
	CHECK(!boal_replacement_eligible(&s, d, C, 17));
	return tap_done();
}
