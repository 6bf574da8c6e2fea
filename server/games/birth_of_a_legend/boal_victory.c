/* boal_victory.c — 6.5 the End Phase and 14 Victory: the automatic
 * victories at the end of the Daylight Phase (14.1, 14.2) and at the
 * capture of a landing with the Supply Train (14.2), 11.3 voluntary
 * removal, the Turn marker, and the July 2nd check (14.3) (boal_phases.h). */
#include "boal_phases.h"

static void game_over(struct boal_state *s, int winner, int outcome)
{
	s->phase = BOAL_OVER;
	s->step = BOAL_STEP_OVER;
	s->active = BOAL_NOBODY;
	s->winner = (int8_t)winner;
	s->result = (uint8_t)outcome;
	boal_log(s, "%s", boal_outcome_text(outcome));
}

const char *boal_outcome_text(int outcome)
{
	switch (outcome) {
	case BOAL_OUTCOME_UNION_AUTOMATIC:
		return "Union Automatic Victory: a Fresh Union unit in Richmond traces to the "
		       "Supply "
		       "Train (14.1)";
	case BOAL_OUTCOME_CONFEDERATE_AUTOMATIC:
		return "Confederate Automatic Victory: White House Landing and Harrison's Landing "
		       "are Confederate-Controlled and trace to Richmond (14.2)";
	case BOAL_OUTCOME_CONFEDERATE_CAPTURE:
		return "Confederate Automatic Victory: a landing captured with the Union Supply "
		       "Train present (14.2)";
	case BOAL_OUTCOME_CONFEDERATE_FINAL:
		return "Confederate Victory at the end of the July 2nd Turn (14.3)";
	case BOAL_OUTCOME_UNION_FINAL:
		return "Union Victory: the Confederate did not fulfil his Victory Conditions "
		       "(14.3)";
	default:
		return "";
	}
}

const char *boal_outcome_headline(int outcome)
{
	switch (outcome) {
	case BOAL_OUTCOME_UNION_AUTOMATIC:
		return "Union Automatic Victory (14.1)";
	case BOAL_OUTCOME_CONFEDERATE_AUTOMATIC:
	case BOAL_OUTCOME_CONFEDERATE_CAPTURE:
		return "Confederate Automatic Victory (14.2)";
	case BOAL_OUTCOME_CONFEDERATE_FINAL:
		return "Confederate Victory (14.3)";
	case BOAL_OUTCOME_UNION_FINAL:
		return "Union Victory (14.3)";
	default:
		return "";
	}
}

bool boal_automatic_victory(struct boal_state *s, const struct boal_data *d)
{
	/* 14.1: "There is a Fresh Union unit in Richmond (Area 44) at the end of
	 * the Daylight Phase of any Game Turn ... must be able to trace a path
	 * of friendly-Controlled Areas to the Union Supply Train marker" */
	if (boal_union_automatic(s, d)) {
		game_over(s, BOAL_UNION, BOAL_OUTCOME_UNION_AUTOMATIC);
		return true;
	}
	/* 14.2: "both White House Landing (Area 17) and Harrison's Landing (Area
	 * 27) are friendly-Controlled at the end of the Daylight Phase ... The
	 * Areas must be able to trace a path of friendly-Controlled Areas to
	 * Richmond" */
	if (boal_confederate_automatic(s, d)) {
		game_over(s, BOAL_CONFEDERATE, BOAL_OUTCOME_CONFEDERATE_AUTOMATIC);
		return true;
	}
	return false;
}

bool boal_capture_victory(struct boal_state *s, const struct boal_data *d, int a)
{
	/* 14.2: "either White House Landing (Area 17) or Harrison's Landing
	 * (Area 27) is captured with the Union Supply Train present" */
	if ((a != BOAL_WHITE_HOUSE && a != BOAL_HARRISONS) || s->train_area != a ||
	    s->control[a] != BOAL_CONFEDERATE ||
	    !boal_trace(s, d, BOAL_CONFEDERATE, a, BOAL_RICHMOND))
		return false;
	game_over(s, BOAL_CONFEDERATE, BOAL_OUTCOME_CONFEDERATE_CAPTURE);
	return true;
}

static void end_finish(struct boal_state *s, const struct boal_data *d)
{
	/* 6.5: "If the game has reached the End Phase of the July 2nd Turn,
	 * determine who has won the game." 14.3; "The Union player wins by
	 * preventing the Confederate player from fulfilling his Victory
	 * Conditions." */
	if (s->turn >= d->n_turns - 1) {
		if (boal_confederate_final(s, d))
			game_over(s, BOAL_CONFEDERATE, BOAL_OUTCOME_CONFEDERATE_FINAL);
		else
			game_over(s, BOAL_UNION, BOAL_OUTCOME_UNION_FINAL);
		return;
	}
	/* 6.5: "advance the Turn marker to the next box"; 3.3 */
	s->turn++;
	boal_dawn_begin(s, d);
}

/* 11.3: a side with no marker on the map has nothing to decide */
static void removal_step(struct boal_state *s, const struct boal_data *d, int side)
{
	for (; side <= BOAL_CONFEDERATE; side++)
		if (boal_entrench_markers_used(s, side) > 0) {
			s->night_side = (int8_t)side;
			s->step = BOAL_STEP_END_ENTRENCH;
			return;
		}
	end_finish(s, d);
}

void boal_end_begin(struct boal_state *s, const struct boal_data *d)
{
	s->phase = BOAL_END;
	s->active = BOAL_NOBODY;
	/* 14.1 / 14.2 were determined at the end of the Daylight Phase, the
	 * moment they name (README decision 43). 11.3: "The Union player
	 * removes Entrench markers first, followed by the Confederate player." */
	removal_step(s, d, BOAL_UNION);
}

int boal_end_remove(struct boal_state *s, const struct boal_data *d, int a, struct tg_error *err)
{
	if (s->phase != BOAL_END || s->step != BOAL_STEP_END_ENTRENCH)
		return tg_fail(err, TG_E_ILLEGAL, "11.3: markers are removed in the End Phase");
	if (boal_entrench_remove(s, s->night_side, a, err) != 0)
		return -1;
	boal_log(s, "11.3: the %s removes his Entrench marker from %s",
	         boal_side_name(s->night_side), d->area[a].name);
	return 0;
}

void boal_end_done(struct boal_state *s, const struct boal_data *d)
{
	if (s->night_side == BOAL_UNION)
		removal_step(s, d, BOAL_CONFEDERATE);
	else
		end_finish(s, d);
}
