/* boal_dawn.c — 6.2 the Dawn Phase: 15.1 the weather, 6.2.2 the Supply
 * Train's arrival, 15.2 killed Leaders' return, 6.2.1 the Army Leaders'
 * drs, 12.1 the Advantage's reversal, 6.2 the Subordinates' flip, 6.2.2
 * the relocation (boal_phases.h). */
#include "boal_phases.h"

/* ---- 15.2 Leaders coming back ------------------------------------------- */

/* 15.2: "If the modified DR equals 7 the Leader is killed. Place the Leader
 * marker on the Game Turn Track in the space for the next Turn. During the
 * next Dawn Phase place the Leader marker in Richmond if Confederate, in
 * White House Landing or Harrison's Landing if Union." A wounded Leader
 * ("greater than 7 ... During the Night Phase the Leader marker is returned
 * to the map in any Area containing either Friendly units under his command
 * or at least one Independent unit") comes back at the first Night Phase
 * after his wound (README decision 9). */
bool boal_leader_return_ok(const struct boal_state *s, const struct boal_data *d, int l, int a)
{
	if (a < 1 || a > BOAL_AREAS)
		return false;
	int side = d->leader[l].side;
	if (s->leader[l].killed)
		return side == BOAL_CONFEDERATE ? a == BOAL_RICHMOND
		                                : a == BOAL_WHITE_HOUSE || a == BOAL_HARRISONS;
	for (int u = 0; u < s->n_units; u++) {
		if (s->unit[u].area != a || d->unit[u].side != side)
			continue;
		/* an Army Leader commands every friendly unit */
		if (d->leader[l].army || d->unit[u].command == d->leader[l].command ||
		    d->command[d->unit[u].command].independent)
			return true;
	}
	return false;
}

static bool can_return(const struct boal_state *s, const struct boal_data *d, int l)
{
	for (int a = 1; a <= BOAL_AREAS; a++)
		if (boal_leader_return_ok(s, d, l, a))
			return true;
	return false;
}

int boal_leader_due(const struct boal_state *s, const struct boal_data *d)
{
	for (int l = 0; l < s->n_leaders; l++) {
		const struct boal_leader_state *x = &s->leader[l];
		if (x->area != BOAL_NOWHERE || x->back_turn < 0)
			continue;
		bool due = x->killed ? s->phase == BOAL_DAWN && x->back_turn <= s->turn
		                     : s->phase == BOAL_NIGHT;
		/* a wounded Leader with no Area to go to waits on the track */
		if (due && can_return(s, d, l))
			return l;
	}
	return -1;
}

int boal_return_leader(struct boal_state *s, const struct boal_data *d, int l, int a,
                       struct tg_error *err)
{
	if (s->step != BOAL_STEP_LEADER_RETURN || l != boal_leader_due(s, d))
		return tg_fail(err, TG_E_ILLEGAL, "15.2: that Leader is not returning now");
	if (!boal_leader_return_ok(s, d, l, a))
		return tg_fail(
		    err, TG_E_ILLEGAL,
		    s->leader[l].killed
		        ? "15.2: a killed Leader returns in Richmond if Confederate, in "
		          "White House Landing or Harrison's Landing if Union"
		        : "15.2: a wounded Leader returns in an Area containing Friendly "
		          "units under his command or at least one Independent unit");
	s->leader[l].area = (uint8_t)a;
	s->leader[l].back_turn = -1;
	s->leader[l].inactive = false;
	boal_log(s, "15.2: %s returns to %s", d->leader[l].name, d->area[a].name);
	/* the phase that asked goes on once no Leader is due (the module's
	 * driver: boal_dawn_after_returns, boal_night_after_returns) */
	return 0;
}

/* ---- the Dawn Phase ------------------------------------------------------ */

static void dawn_end(struct boal_state *s, const struct boal_data *d)
{
	/* 12.1.1 / README decision 14: an Advantage spent at Dawn passes at the
	 * end of the Dawn Phase */
	boal_advantage_settle(s);
	boal_daylight_begin(s, d);
}

static void train_step(struct boal_state *s, const struct boal_data *d)
{
	/* 6.2.2: "Beginning with the second Turn of the game, after Army Leader
	 * activation die rolls, the Union player may announce he is relocating
	 * his Supply Train" */
	if (s->turn != d->first_turn && !s->train_moved && s->train_area == BOAL_WHITE_HOUSE) {
		s->step = BOAL_STEP_DAWN_TRAIN;
		return;
	}
	dawn_end(s, d);
}

void boal_dawn_after_returns(struct boal_state *s, const struct boal_data *d)
{
	/* 6.2.1: "Both players make a dr for their Army Leader ... During the
	 * first Game Turn Lee is automatically Active and McClellan is
	 * automatically Inactive." Lee's dr is drawn first. */
	static const int order[2] = {BOAL_CONFEDERATE, BOAL_UNION};
	for (int i = 0; i < 2; i++) {
		int side = order[i];
		int dr = s->turn == d->first_turn ? 0 : boal_roll_die(s);
		s->army_dr[side] = (int8_t)dr;
		boal_army_leader_dawn(s, d, side, dr);
		if (dr)
			boal_log(s, "6.2.1: %s dr %d%s: %s is %s", boal_side_name(side), dr,
			         side == BOAL_UNION && s->train_moved ? " (-1, the train has moved)"
			                                              : "",
			         side == BOAL_CONFEDERATE ? "Lee" : "McClellan",
			         s->army_active[side] ? "Active" : "Inactive");
	}
	if (s->turn == d->first_turn)
		boal_log(s, "6.2.1: the first Turn: Lee is Active, McClellan Inactive");
	/* 6.2: "Inactive Subordinate Leader units are flipped to their Active
	 * Sides." */
	boal_dawn_flip_leaders(s, d);
	/* 12.1: "During the Dawn Phase after the dr to determine whether Lee or
	 * McClellan is Active the player may use the Advantage to reverse the
	 * result" (only an Inactive Army Leader can be made Active) */
	if (s->advantage != BOAL_NOBODY && !s->army_active[s->advantage]) {
		s->step = BOAL_STEP_DAWN_ADVANTAGE;
		return;
	}
	train_step(s, d);
}

void boal_dawn_begin(struct boal_state *s, const struct boal_data *d)
{
	s->phase = BOAL_DAWN;
	s->active = BOAL_NOBODY;
	s->army_dr[0] = s->army_dr[1] = 0;
	boal_log(s, "6.2: Dawn of %s", d->turn_label[s->turn]);
	/* 15.1: "At the beginning of the Dawn Phase, before taking any other
	 * action, the Union player makes a dr to determine the starting Weather
	 * for that Turn. On a result of "6" there is Rain, otherwise the Weather
	 * is Clear." */
	s->weather_dr = 0;
	s->rain = false;
	if (s->advanced) {
		s->weather_dr = (int8_t)boal_roll_die(s);
		s->rain = s->weather_dr >= d->rain_on;
		boal_log(s, "15.1: weather dr %d: %s", s->weather_dr, s->rain ? "Rain" : "Clear");
	}
	/* 6.2.2 / README decision 27: the train reaches Harrison's Landing at
	 * the start of the Dawn Phase of its turn */
	if (boal_train_arrives(s))
		boal_log(s, "6.2.2: the Supply Train arrives at Harrison's Landing");
	if (boal_leader_due(s, d) >= 0) {
		s->step = BOAL_STEP_LEADER_RETURN;
		return;
	}
	boal_dawn_after_returns(s, d);
}

int boal_dawn_advantage(struct boal_state *s, const struct boal_data *d, int side, bool use,
                        struct tg_error *err)
{
	if (s->step != BOAL_STEP_DAWN_ADVANTAGE || s->advantage != side)
		return tg_fail(err, TG_E_ILLEGAL, "12.1: the Advantage is not offered to you now");
	if (use) {
		if (boal_advantage_spend(s, side, err) != 0)
			return -1;
		s->army_active[side] = true;
		boal_log(s, "12.1: the %s spends the Advantage: %s is Active", boal_side_name(side),
		         side == BOAL_CONFEDERATE ? "Lee" : "McClellan");
	}
	train_step(s, d);
	return 0;
}

int boal_dawn_train(struct boal_state *s, const struct boal_data *d, bool relocate,
                    struct tg_error *err)
{
	if (s->step != BOAL_STEP_DAWN_TRAIN)
		return tg_fail(err, TG_E_ILLEGAL, "6.2.2: the Supply Train is not asked about now");
	if (relocate) {
		if (boal_relocate_train(s, d, false, err) != 0)
			return -1;
		boal_log(s,
		         "6.2.2: the Union relocates the Supply Train; it reaches Harrison's "
		         "Landing on %s",
		         s->train_arrives < d->n_turns ? d->turn_label[s->train_arrives]
		                                       : "no day of the game (after July 2)");
	}
	dawn_end(s, d);
	return 0;
}
