/* boal_mechanics.c — control, losses, entrenchments, the night's steps
 * (boal_mechanics.h). */
#include "boal_mechanics.h"

#include "boal_rules.h"

int boal_unit_attack(const struct boal_state *s, const struct boal_data *d, int u)
{
	return s->unit[u].reduced ? d->unit[u].reduced_attack : d->unit[u].attack;
}

int boal_unit_defense(const struct boal_state *s, const struct boal_data *d, int u)
{
	return s->unit[u].reduced ? d->unit[u].reduced_defense : d->unit[u].defense;
}

int boal_unit_move(const struct boal_state *s, const struct boal_data *d, int u)
{
	return s->unit[u].reduced ? d->unit[u].reduced_move : d->unit[u].move;
}

bool boal_update_control(struct boal_state *s, const struct boal_data *d, int a)
{
	int owner = s->control[a];
	if (boal_units_in(s, d, !owner, a) > 0 && boal_units_in(s, d, owner, a) == 0) {
		s->control[a] = (uint8_t)!owner;
		return true;
	}
	return false;
}

int boal_exhaust(struct boal_state *s, int u)
{
	if (s->unit[u].area == BOAL_NOWHERE || s->unit[u].exhausted)
		return -1;
	s->unit[u].exhausted = true;
	return 0;
}

void boal_eliminate(struct boal_state *s, const struct boal_data *d, int u)
{
	/* 15.5: "If any of the following Confederate Divisions are eliminated
	 * they are replaced, immediately, with an asterisked unit ... The
	 * replacement is made in the Area where combat was resolved and the
	 * reduced counter is available to absorb additional casualties" */
	if (s->advanced && d->unit[u].reduced && !s->unit[u].reduced &&
	    s->unit[u].area != BOAL_NOWHERE) {
		s->unit[u].reduced = true;
		s->unit[u].exhausted = true;
		return;
	}
	s->unit[u].area = BOAL_NOWHERE;
	s->unit[u].exhausted = false;
}

int boal_entrench_markers_used(const struct boal_state *s, int side)
{
	int n = 0;
	for (int a = 1; a <= BOAL_AREAS; a++)
		n += s->entrench_side[a] == side;
	return n;
}

static bool has_infantry(const struct boal_state *s, const struct boal_data *d, int side, int a)
{
	for (int u = 0; u < s->n_units; u++)
		if (s->unit[u].area == a && d->unit[u].side == side &&
		    d->unit[u].type == BOAL_INFANTRY)
			return true;
	return false;
}

int boal_entrench(struct boal_state *s, const struct boal_data *d, int side, int a,
                  struct tg_error *err)
{
	/* 11.1: "The Area must contain at least one friendly Infantry unit to
	 * place an Entrenchment marker. If the Area does not contain a friendly
	 * Entrench marker place an Entrench +1 marker. If the Area already
	 * contains a friendly +1 Entrench marker, flip the marker to its
	 * Entrench +2 side." */
	if (a < 1 || a > BOAL_AREAS)
		return tg_fail(err, TG_E_ILLEGAL, "11.1: no area %d", a);
	if (!has_infantry(s, d, side, a))
		return tg_fail(err, TG_E_ILLEGAL,
		               "11.1: the Area must contain at least one friendly Infantry unit");
	if (s->entrench_side[a] == !side)
		return tg_fail(err, TG_E_ILLEGAL,
		               "11.2: an enemy Entrench marker holds the area; it must be captured "
		               "first");
	if (s->entrench_side[a] == side) {
		if (s->entrench_level[a] >= 2)
			return tg_fail(err, TG_E_ILLEGAL,
			               "11.1: the marker is already Entrench +2");
		s->entrench_level[a] = 2;
		return 0;
	}
	/* 11.0: "limited to the counters supplied with the game" */
	if (boal_entrench_markers_used(s, side) >= d->entrench_markers[side])
		return tg_fail(err, TG_E_ILLEGAL, "11.0: all %d Entrench markers are in play",
		               d->entrench_markers[side]);
	s->entrench_side[a] = (int8_t)side;
	s->entrench_level[a] = 1;
	return 0;
}

int boal_capture_entrenchment(struct boal_state *s, const struct boal_data *d, int side, int a,
                              bool place, struct tg_error *err)
{
	/* 11.2: "if there are no defending units left in the assaulted Area ...
	 * and there are no friendly Entrench markers already in the Area, an
	 * enemy Entrench +1 or Entrench +2 marker may be replaced by a friendly
	 * Entrench +1 marker. If a friendly unit enters an Area containing an
	 * enemy entrenchment marker and there are no enemy units in the Area to
	 * assault, that entrenchment marker is removed and a friendly Entrench
	 * +1 marker may be placed" */
	if (s->entrench_side[a] != !side)
		return tg_fail(err, TG_E_ILLEGAL, "11.2: no enemy Entrench marker in area %d", a);
	if (boal_units_in(s, d, side, a) == 0 || boal_units_in(s, d, !side, a) > 0)
		return tg_fail(err, TG_E_ILLEGAL,
		               "11.2: friendly units must hold the area and no enemy unit remain");
	s->entrench_side[a] = BOAL_NOBODY;
	s->entrench_level[a] = 0;
	if (place && boal_entrench_markers_used(s, side) < d->entrench_markers[side]) {
		s->entrench_side[a] = (int8_t)side;
		s->entrench_level[a] = 1;
	}
	return 0;
}

int boal_entrench_remove(struct boal_state *s, int side, int a, struct tg_error *err)
{
	/* 11.3: "players may remove any friendly Entrench marker from the map" */
	if (a < 1 || a > BOAL_AREAS || s->entrench_side[a] != side)
		return tg_fail(err, TG_E_ILLEGAL, "11.3: no friendly Entrench marker in area %d",
		               a);
	s->entrench_side[a] = BOAL_NOBODY;
	s->entrench_level[a] = 0;
	return 0;
}

int boal_artillery_refit(struct boal_state *s, const struct boal_data *d, int side)
{
	/* 13.2: "Exhausted Artillery units flip to their Fresh sides. This is
	 * automatic and does not require the use of Replacement points." */
	int n = 0;
	for (int u = 0; u < s->n_units; u++) {
		int t = d->unit[u].type;
		if (d->unit[u].side == side && s->unit[u].area != BOAL_NOWHERE &&
		    s->unit[u].exhausted && (t == BOAL_ARTILLERY || t == BOAL_HORSE_ARTILLERY)) {
			s->unit[u].exhausted = false;
			n++;
		}
	}
	return n;
}

void boal_receive_replacements(struct boal_state *s, const struct boal_data *d, int side,
                               bool spend_advantage)
{
	bool at_landing = s->train_area == BOAL_WHITE_HOUSE || s->train_area == BOAL_HARRISONS;
	bool last = s->turn == d->n_turns - 1;
	int rp =
	    s->reserve[side] + boal_replacement_points(d, side, at_landing, spend_advantage, last);
	/* 13.3.2: the Record Track holds what its two markers can show */
	s->reserve[side] = (int16_t)(rp > d->record_max ? d->record_max : rp);
}

int boal_replace(struct boal_state *s, const struct boal_data *d, int u, struct tg_error *err)
{
	int side = d->unit[u].side, t = d->unit[u].type;
	if (s->unit[u].area == BOAL_NOWHERE || !s->unit[u].exhausted)
		return tg_fail(err, TG_E_ILLEGAL, "13.2: %s is not an Exhausted unit on the map",
		               d->unit[u].name);
	if (t != BOAL_INFANTRY && t != BOAL_CAVALRY)
		return tg_fail(err, TG_E_ILLEGAL,
		               "13.2: only Infantry and Cavalry take Replacement Points (Artillery "
		               "refits)");
	if (s->reserve[side] < 1)
		return tg_fail(err, TG_E_ILLEGAL, "13.2: no Replacement Point left");
	if (!boal_replacement_eligible(s, d, side, s->unit[u].area))
		return tg_fail(err, TG_E_ILLEGAL,
		               "13.3.1: %s cannot trace a path of friendly-Controlled Areas to %s",
		               d->unit[u].name,
		               side == BOAL_CONFEDERATE ? "Richmond" : "the Supply Train");
	s->reserve[side]--;
	s->unit[u].exhausted = false;
	return 0;
}

/* ---- 6.2 Dawn ---- */

void boal_dawn_flip_leaders(struct boal_state *s, const struct boal_data *d)
{
	for (int l = 0; l < s->n_leaders; l++)
		if (!d->leader[l].army && s->leader[l].area != BOAL_NOWHERE)
			s->leader[l].inactive = false;
}

void boal_army_leader_dawn(struct boal_state *s, const struct boal_data *d, int side, int dr)
{
	if (s->turn == d->first_turn) {
		s->army_active[side] = side == BOAL_CONFEDERATE;
		return;
	}
	s->army_active[side] = boal_army_leader_active(d, side, dr, s->train_moved);
}

int boal_relocate_train(struct boal_state *s, const struct boal_data *d, bool by_advantage,
                        struct tg_error *err)
{
	/* "Once moved to Harrison's Landing the Supply Train may not be
	 * relocated back to White House Landing." */
	if (s->train_moved || s->train_area != BOAL_WHITE_HOUSE)
		return tg_fail(err, TG_E_ILLEGAL, "6.2.2: the Supply Train has already relocated");
	/* "Beginning with the second Turn of the game ... To relocate the
	 * Supply Train on the first Turn of the game the Union player must first
	 * possess and then give up the Advantage Marker" */
	if (s->turn == d->first_turn && !by_advantage)
		return tg_fail(err, TG_E_ILLEGAL,
		               "6.2.2: on the first Turn the Supply Train relocates only by giving "
		               "up the Advantage");
	s->train_area = BOAL_NOWHERE;
	s->train_moved = true;
	s->train_arrives = (int8_t)(s->turn + d->train_transit_days);
	return 0;
}

bool boal_train_arrives(struct boal_state *s)
{
	if (s->train_area != BOAL_NOWHERE || s->train_arrives < 0 || s->turn < s->train_arrives)
		return false;
	s->train_area = BOAL_HARRISONS;
	s->train_arrives = -1;
	return true;
}

/* ---- 12.1.1 Advantage Shift ---- */

int boal_advantage_spend(struct boal_state *s, int side, struct tg_error *err)
{
	if (s->advantage != side)
		return tg_fail(err, TG_E_ILLEGAL, "12.1: the %s does not hold the Advantage",
		               boal_side_name(side));
	s->advantage = BOAL_NOBODY;
	s->advantage_next = (int8_t)!side;
	return 0;
}

void boal_advantage_settle(struct boal_state *s)
{
	if (s->advantage_next == BOAL_NOBODY)
		return;
	s->advantage = s->advantage_next;
	s->advantage_next = BOAL_NOBODY;
}
