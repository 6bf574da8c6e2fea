/* boal_night.c — 6.4 / 13.2 the Night Phase: the Advantage marker back to
 * "0", 15.2 wounded Leaders' return, then the Union's Night and the
 * Confederate's, each: Artillery Refit (automatic), the night's
 * Replacement Points (13.3), Replace Losses, Entrench (boal_phases.h); in
 * the Union's, 15.4.4's removal of the Engineers. */
#include "boal_phases.h"

static void side_begin(struct boal_state *s, const struct boal_data *d, int side)
{
	s->night_side = (int8_t)side;
	s->night_dug = 0;
	s->night_adv_used = false;
	s->step = BOAL_STEP_NIGHT;
	/* 13.2 "Artillery Refit. Exhausted Artillery units flip to their Fresh
	 * sides. This is automatic" */
	int n = boal_artillery_refit(s, d, side);
	/* 13.3: the night's points join the Reserves (13.3.2), which "may be
	 * expended during a player's Night Phase to supplement Replacement
	 * Points he receives that Turn" */
	int before = s->reserve[side];
	boal_receive_replacements(s, d, side, false);
	boal_log(s,
	         "13.2: %s Night: %d Artillery refit, %d Replacement Points received (%d "
	         "available)",
	         boal_side_name(side), n, s->reserve[side] - before, s->reserve[side]);
}

void boal_night_after_returns(struct boal_state *s, const struct boal_data *d)
{
	/* 13.2: "The Union Player conducts his Night Phase first, followed by
	 * the Confederate player." */
	side_begin(s, d, BOAL_UNION);
}

void boal_night_begin(struct boal_state *s, const struct boal_data *d)
{
	s->phase = BOAL_NIGHT;
	s->active = BOAL_NOBODY;
	/* 6.4: "Return the Advantage marker to the "0" space on the Impulses
	 * Track." */
	s->impulse = (int8_t)d->impulse_first;
	if (boal_leader_due(s, d) >= 0) {
		s->step = BOAL_STEP_LEADER_RETURN;
		return;
	}
	boal_night_after_returns(s, d);
}

static int in_night(const struct boal_state *s, struct tg_error *err)
{
	if (s->phase != BOAL_NIGHT || s->step != BOAL_STEP_NIGHT)
		return tg_fail(err, TG_E_ILLEGAL, "13.2: it is not a Night Phase");
	return 0;
}

int boal_night_replace(struct boal_state *s, const struct boal_data *d, int u, struct tg_error *err)
{
	if (in_night(s, err) != 0)
		return -1;
	if (u < 0 || u >= s->n_units || d->unit[u].side != s->night_side)
		return tg_fail(err, TG_E_ILLEGAL, "13.2: not one of your units");
	/* 13.2 lists the steps in order: Replace Losses comes before Entrench */
	if (s->night_dug)
		return tg_fail(err, TG_E_ILLEGAL,
		               "13.2: Replace Losses comes before Entrench, which has begun");
	if (boal_replace(s, d, u, err) != 0)
		return -1;
	boal_log(s, "13.2: %s is replaced (Fresh)", d->unit[u].name);
	return 0;
}

bool boal_night_advantage_open(const struct boal_state *s, const struct boal_data *d)
{
	/* 13.3: "A player may receive one extra Replacement Point during his
	 * Night Phase by spending the Advantage ... Exception: Neither player
	 * receives replacements during the July 2nd Night Phase regardless of
	 * who has the Advantage" */
	return s->phase == BOAL_NIGHT && s->step == BOAL_STEP_NIGHT &&
	       s->advantage == s->night_side && !s->night_adv_used && !s->night_dug &&
	       s->turn != d->n_turns - 1;
}

int boal_night_advantage(struct boal_state *s, const struct boal_data *d, struct tg_error *err)
{
	if (in_night(s, err) != 0)
		return -1;
	if (!boal_night_advantage_open(s, d))
		return tg_fail(
		    err, TG_E_ILLEGAL,
		    s->turn == d->n_turns - 1
		        ? "13.3: no replacements in the July 2nd Night Phase, Advantage "
		          "or not"
		        : "12.1: you cannot spend the Advantage for a Replacement Point now");
	int side = s->night_side;
	if (boal_advantage_spend(s, side, err) != 0)
		return -1;
	bool at_landing = s->train_area == BOAL_WHITE_HOUSE || s->train_area == BOAL_HARRISONS;
	int extra = boal_replacement_points(d, side, at_landing, true, false) -
	            boal_replacement_points(d, side, at_landing, false, false);
	int rp = s->reserve[side] + extra;
	s->reserve[side] = (int16_t)(rp > d->record_max ? d->record_max : rp);
	s->night_adv_used = true;
	boal_log(s, "12.1: the %s spends the Advantage for %d more Replacement Point",
	         boal_side_name(side), extra);
	return 0;
}

int boal_night_entrench(struct boal_state *s, const struct boal_data *d, int a,
                        struct tg_error *err)
{
	if (in_night(s, err) != 0)
		return -1;
	if (a < 1 || a > BOAL_AREAS)
		return tg_fail(err, TG_E_ILLEGAL, "11.1: no area %d", a);
	/* 4.4.3: "Place an Entrenchment marker in an Area when that player
	 * announces he is Entrenching that Area during the Night Phase": one
	 * announcement an Area a Night (README decision 42) */
	if (s->night_dug >> a & 1u)
		return tg_fail(err, TG_E_ILLEGAL, "11.1: %s was entrenched this Night already",
		               d->area[a].name);
	if (boal_entrench(s, d, s->night_side, a, err) != 0)
		return -1;
	s->night_dug |= (uint64_t)1 << a;
	boal_log(s, "11.1: the %s entrenches %s (+%d)", boal_side_name(s->night_side),
	         d->area[a].name, s->entrench_level[a]);
	return 0;
}

bool boal_night_engineers_open(const struct boal_state *s)
{
	/* 15.4.4: "The Union player may remove the Engineer marker from the
	 * map during each Night Phase" (README decision 47) */
	return s->phase == BOAL_NIGHT && s->step == BOAL_STEP_NIGHT &&
	       s->night_side == BOAL_UNION && s->imp.engineers != 0;
}

int boal_night_remove_engineers(struct boal_state *s, const struct boal_data *d,
                                struct tg_error *err)
{
	if (in_night(s, err) != 0)
		return -1;
	if (!boal_night_engineers_open(s))
		return tg_fail(err, TG_E_ILLEGAL,
		               s->night_side != BOAL_UNION
		                   ? "15.4.4: the Engineers are the Union's"
		                   : "15.4.4: the Union Engineers are on no bridge");
	int br = s->imp.engineers - 1;
	s->imp.engineers = 0;
	boal_log(s, "15.4.4: the Union removes the Engineers from %s", d->bridge[br].name);
	return 0;
}

void boal_night_done(struct boal_state *s, const struct boal_data *d)
{
	if (s->night_side == BOAL_UNION) {
		side_begin(s, d, BOAL_CONFEDERATE);
		return;
	}
	/* 12.1.1: an Advantage spent for a Replacement Point passes at the end
	 * of the Night Phase */
	boal_advantage_settle(s);
	s->night_dug = 0;
	boal_end_begin(s, d);
}
