/* lw_move.c — 12.0 movement and stacking, the pure rules (see lw_move.h). */
#include "lw_move.h"

enum lw_army_kind lw_army_kind(int infantry_generals, int infantry_stars)
{
	if (infantry_stars >= 7)
		return LW_ARMY_MAJOR; /* 12.3: seven to twelve stars */
	if (infantry_generals >= 2)
		return LW_ARMY_MINOR; /* 12.2: two to six stars */
	return LW_FORCE_SINGLE;       /* 12.1 */
}

int lw_move_max(const struct lw_move_track *t)
{
	return t->major_limits ? 2 : 3; /* 12.3 : 12.1/12.2 */
}

int lw_move_max_before_attack(const struct lw_move_track *t)
{
	int m = t->major_limits ? 1 : 2;
	/* 15.0: "Movement of two hexes into or through mountain hexes prevents
	 * attacking ... A force may still move one hex and attack in a mountain
	 * hex." We read: once a mountain hex was entered, attack only after one
	 * hex of movement at most. */
	if (t->entered_mountain && m > 1)
		m = 1;
	return m;
}

int lw_move_step_check(const struct lw_move_track *t, const struct lw_hexstep *s,
                       struct tg_error *err)
{
	if (t->attacked)
		return tg_fail(err, TG_E_ILLEGAL,
		               "16.1: a force that has attacked moves no further");
	if (t->stopped)
		return tg_fail(err, TG_E_ILLEGAL,
		               "12.5: this force's movement has ended for this activation");
	if (s->prohibited)
		return tg_fail(err, TG_E_ILLEGAL, "2.1: that hexside is impassable");
	if (t->crossed_river)
		return tg_fail(
		    err, TG_E_ILLEGAL,
		    "12.3.1: a Major Army that crosses a river uses its entire activation");
	if (t->moved >= lw_move_max(t))
		return tg_fail(err, TG_E_ILLEGAL, "%s: this force may move only %d hexes",
		               t->major_limits ? "12.3" : "12.2", lw_move_max(t));
	if (s->major_now) {
		if (s->into_mountain)
			return tg_fail(err, TG_E_ILLEGAL,
			               "12.3: a Major Army may not enter mountains");
		if (s->across_mississippi)
			return tg_fail(err, TG_E_ILLEGAL,
			               "12.3.1: a Major Army may not cross the Mississippi");
		if (s->across_river && t->moved > 0)
			return tg_fail(
			    err, TG_E_ILLEGAL,
			    "12.3.1: a Major Army may cross a river only from the hex where "
			    "its activation began");
	}
	return 0;
}

void lw_move_step_record(struct lw_move_track *t, const struct lw_hexstep *s)
{
	t->moved++;
	if (s->into_mountain)
		t->entered_mountain = true;
	if (s->major_now && s->across_river)
		t->crossed_river = true; /* 12.3.1: "uses its entire activation to cross" */
}

int lw_attack_check(const struct lw_move_track *t, const struct lw_hexstep *s, struct tg_error *err)
{
	if (t->attacked)
		return tg_fail(err, TG_E_ILLEGAL, "16.1: a force attacks once per activation");
	if (t->stopped)
		return tg_fail(err, TG_E_ILLEGAL,
		               "12.5: this force's movement has ended (it joined a CO of equal or "
		               "higher rank); it may not attack");
	if (s->prohibited)
		return tg_fail(err, TG_E_ILLEGAL, "16.1: no attack across an impassable hexside");
	if (t->crossed_river)
		return tg_fail(err, TG_E_ILLEGAL,
		               "12.3.1: a Major Army that crossed a river may not then attack");
	if (t->moved > lw_move_max_before_attack(t)) {
		if (t->entered_mountain && t->moved >= 2)
			return tg_fail(
			    err, TG_E_ILLEGAL,
			    "15.0: two hexes of movement into or through mountains prevent "
			    "attacking");
		return tg_fail(err, TG_E_ILLEGAL,
		               "16.1: a %s that has moved %d hexes may not attack",
		               t->major_limits ? "Major Army" : "force", t->moved);
	}
	if (s->major_now) {
		if (s->into_mountain)
			return tg_fail(err, TG_E_ILLEGAL,
			               "12.3: a Major Army may not attack into mountains");
		if (s->across_mississippi)
			return tg_fail(
			    err, TG_E_ILLEGAL,
			    "12.3.2: a Major Army may not attack across the Mississippi");
	}
	/* 12.3.2 / 12.3.4(2): across a river only without moving first. */
	if (t->major_limits && s->across_river && t->moved > 0)
		return tg_fail(
		    err, TG_E_ILLEGAL,
		    "12.3.2: a Major Army (or a force dispersed from one) attacks across a "
		    "river only if it has not moved");
	return 0;
}

void lw_stack_sum_add(struct lw_stack_sum *t, int stars, bool cavalry)
{
	if (cavalry) {
		t->cav++;
		t->cav_stars = stars;
	} else {
		t->inf++;
		t->inf_stars += stars;
		if (stars > t->top)
			t->top = stars;
	}
}

void lw_stack_sum_merge(struct lw_stack_sum *t, const struct lw_stack_sum *more)
{
	if (more->cav)
		t->cav_stars = more->cav_stars;
	t->cav += more->cav;
	t->inf += more->inf;
	t->inf_stars += more->inf_stars;
	if (more->top > t->top)
		t->top = more->top;
}

int lw_stack_check(const struct lw_stack_unit *u, int n, bool mountain, struct tg_error *err)
{
	struct lw_stack_sum t = {0};
	for (int i = 0; i < n; i++)
		lw_stack_sum_add(&t, u[i].stars, u[i].cavalry);
	return lw_stack_sum_check(&t, mountain, err);
}

int lw_stack_sum_check(const struct lw_stack_sum *t, bool mountain, struct tg_error *err)
{
	if (t->cav > 1)
		return tg_fail(err, TG_E_ILLEGAL,
		               "13.1.1: no more than one cavalry general per hex");
	/* 12.1 / 12.4: a cavalry general "may not outrank the Force CO", "plus one
	 * cavalry unit of any rank". 12.2 gives a Minor Army "one cavalry general
	 * of either one or two stars": read as the usual case, not a bar on a
	 * three-star cavalry general under a three-star CO of a Minor Army (12.1
	 * allows him with that CO alone, 12.4 in any hex; decision, docs/decisions.md "12.2 / 12.1
	 * / 12.4 a Minor Army's cavalry") */
	if (t->inf > 0 && t->cav_stars > t->top)
		return tg_fail(err, TG_E_ILLEGAL,
		               "13.1.1: a cavalry general may not outrank the CO of his force");
	if (mountain && t->inf_stars > 6)
		return tg_fail(err, TG_E_ILLEGAL,
		               "12.4: no more than six stars (plus one cavalry) in a mountain hex");
	int limit = t->top >= 3 ? 12 : 6;
	if (t->inf_stars > limit)
		return tg_fail(err, TG_E_ILLEGAL,
		               "12.4: no more than %d stars (plus one cavalry) in a hex%s", limit,
		               t->top >= 3 ? "" : " without a three-star general");
	return 0;
}
