/* boal_rules.c — the rules arithmetic (boal_rules.h). */
#include "boal_rules.h"

/* ---- 6.2.1, 8.1.1 ---- */

bool boal_army_leader_active(const struct boal_data *d, int side, int dr, bool train_moved)
{
	if (side == BOAL_CONFEDERATE)
		return dr >= d->lee_active_on;
	return dr + (train_moved ? d->train_moved_drm : 0) >= d->mcclellan_active_on;
}

bool boal_subordinate_activates(int dr, int initiative, bool army_active, bool army_killed,
                                bool rain)
{
	int m = dr + (army_active && !army_killed ? 1 : 0) - (rain ? 1 : 0);
	return m >= initiative;
}

/* ---- 6.3.1, 15.1.3 ---- */

enum boal_sunset boal_sunset(int dr, int impulse, bool advanced)
{
	/* 15.1.3: "If the Confederate Sunset DR equals the current Impulse
	 * number the Daylight Phase does not end; instead the Weather changes" */
	if (advanced && dr == impulse)
		return BOAL_SUNSET_WEATHER;
	/* 6.3.1: "If the Sunset DR is less than or equal to the Impulse number,
	 * the Daylight Phase ends" */
	return dr <= impulse ? BOAL_SUNSET_DAY_ENDS : BOAL_SUNSET_GO_ON;
}

bool boal_marker_leaves_track(const struct boal_data *d, int impulse)
{
	return impulse + 1 > d->impulse_last;
}

/* ---- 9.2, 9.2.1, 10.3 ---- */

int boal_entry_cost(const struct boal_data *d, const struct boal_entry *e)
{
	/* "Cross any Area boundary without moving along a road (Cavalry and
	 * Horse Artillery exempt) = All MF" */
	if (!e->road && !e->mounted)
		return BOAL_MF_ALL;
	if (e->enemy_fresh > 0)
		return d->move_cost.fresh_enemy; /* "containing a Fresh enemy unit = 4 MF" */
	if (e->enemy_exhausted > 0)
		return d->move_cost.only_exhausted; /* "only Exhausted enemy units = 3 MF" */
	if (e->by_fresh_enemy_artillery)
		return d->move_cost.vacant_by_fresh_artillery; /* "= 2 MF" */
	return d->move_cost.vacant;                            /* "Enter a Vacant Area = 1 MF" */
}

int boal_contested_exit_cost(const struct boal_data *d, bool fresh_defender_before)
{
	return fresh_defender_before ? d->move_cost.contested_fresh
	                             : d->move_cost.contested_exhausted;
}

int boal_pay(int mf, int left, int cost)
{
	if (left <= 0 || mf <= 0)
		return -1;
	bool unspent = left == mf;
	if (cost == BOAL_MF_ALL)
		return unspent ? 0 : -1; /* README decision 23: the whole allowance */
	if (cost <= left)
		return left - cost;
	return unspent ? 0 : -1; /* 9.2.1 minimum move */
}

/* ---- 10.4 ---- */

int boal_attack_value(const struct boal_attack *a)
{
	/* 10.4.2 */
	int av = a->point_attack + a->leader_combat;
	av += 2 * a->fresh_infantry; /* "+2 Each additional Fresh Infantry unit" */
	av += a->fresh_other;        /* "+1 Each additional Fresh Cavalry and Artillery" */
	av += a->exhausted_infantry; /* "+1 Each additional Exhausted Infantry unit" */
	if (a->commands > 1)
		av -= a->commands - 1; /* "-1 Each additional Command ID ... beyond the first" */
	if (a->army_leader_inactive)
		av -= 1; /* "-1 Inactive Army Leader" */
	if (a->rain)
		av -= 1; /* 15.1.2 */
	return av;
}

int boal_defense_value(const struct boal_defense *d)
{
	/* 10.4.3 */
	int dv = d->forward_defense + d->fresh_others + d->tem;
	dv += d->minor_crossed ? 1 : 0;
	dv += d->major_crossed ? 1 : 0; /* "an additional +1 if any unit crossed a Major" */
	dv += d->entrenchment;
	dv -= d->union_train_away ? 1 : 0;
	return dv;
}

enum boal_result boal_assault_result(int attack_total, int defense_total, bool entrenched, int *cp)
{
	*cp = 0;
	if (attack_total < defense_total)
		return BOAL_REPULSE;
	if (attack_total == defense_total)
		return BOAL_STALEMATE;
	/* "absorb Casualty Points (CP ...) equal to the difference"; 10.6.1
	 * "Defending units in Entrenchments suffer one less CP" */
	*cp = attack_total - defense_total - (entrenched ? 1 : 0);
	return BOAL_SUCCESS;
}

/* ---- 10.6 ---- */

int boal_loss_cp(const struct boal_data *d, bool fresh, enum boal_loss loss)
{
	switch (loss) {
	case BOAL_LOSS_EXHAUST:
		return fresh ? d->cp.fresh_exhausted : -1;
	case BOAL_LOSS_ELIMINATE:
		return fresh ? d->cp.fresh_eliminated : d->cp.exhausted_eliminated;
	case BOAL_LOSS_RETREAT:
		return fresh ? -1 : d->cp.exhausted_retreats;
	case BOAL_LOSS_EXHAUST_RETREAT:
		return fresh ? d->cp.fresh_exhausted_retreats : -1;
	}
	return -1;
}

int boal_cp_capacity(const struct boal_data *d, int fresh, int exhausted)
{
	return fresh * d->cp.fresh_eliminated + exhausted * d->cp.exhausted_eliminated;
}

int boal_cp_capacity_staying(const struct boal_data *d, int fresh, int exhausted)
{
	if (fresh + exhausted == 0)
		return 0;
	int all = boal_cp_capacity(d, fresh, exhausted);
	/* one unit stays: a Fresh one at most Exhausted, an Exhausted one untouched */
	int keep_fresh = fresh > 0 ? all - d->cp.fresh_eliminated + d->cp.fresh_exhausted : 0;
	int keep_exh = exhausted > 0 ? all - d->cp.exhausted_eliminated : 0;
	return keep_fresh > keep_exh ? keep_fresh : keep_exh;
}

/* ---- 13.3 ---- */

int boal_replacement_points(const struct boal_data *d, int side, bool train_at_landing,
                            bool spend_advantage, bool last_turn)
{
	/* "Neither player receives replacements during the July 2nd Night Phase
	 * regardless of who has the Advantage" */
	if (last_turn)
		return 0;
	int rp = side == BOAL_CONFEDERATE ? d->rp_confederate
	         : train_at_landing       ? d->rp_union_landing
	                                  : d->rp_union_otherwise;
	return rp + (spend_advantage ? d->rp_advantage : 0);
}

/* ---- 15.2 ---- */

bool boal_leader_check_due(int attack_dr, int defense_dr)
{
	return attack_dr == defense_dr;
}

enum boal_casualty boal_leader_casualty(int dr, bool added_rating)
{
	int m = dr + (added_rating ? 1 : 0);
	if (m < 7)
		return BOAL_LEADER_UNHURT;
	return m > 7 ? BOAL_LEADER_WOUNDED : BOAL_LEADER_KILLED;
}

/* ---- 15.4 ---- */

int boal_bridge_area_mod(enum boal_bridge_area st)
{
	switch (st) {
	case BOAL_BRIDGE_AREA_FREE:
		return 3;
	case BOAL_BRIDGE_AREA_CONTESTED_FRIENDLY:
		return 2;
	case BOAL_BRIDGE_AREA_CONTESTED_ENEMY:
		return 1;
	case BOAL_BRIDGE_AREA_OTHER:
		break;
	}
	return 0;
}

bool boal_demolition_succeeds(int dr, enum boal_bridge_area a, enum boal_bridge_area b)
{
	return dr + boal_bridge_area_mod(a) + boal_bridge_area_mod(b) > 8;
}

bool boal_repair_succeeds(int dr, enum boal_bridge_area a, enum boal_bridge_area b, bool engineers)
{
	return dr + boal_bridge_area_mod(a) + boal_bridge_area_mod(b) + (engineers ? 1 : 0) >= 7;
}
