/* lw_land.c — save/load of the land rules' state block (see lw_land.h). */
#include "lw_land.h"
#include "lw_ints.h"

#include <string.h>

/* The block as one flat integer array, in field order. */
#define LW_LAND_INTS (22 + 4 * LW_LAND_SIDES + 2 * LW_LAND_GROUP)

static void to_ints(const struct lw_land *l, long long *v)
{
	int k = 0;
	v[k++] = l->mountain;
	v[k++] = l->stopped;
	v[k++] = l->stage;
	v[k++] = l->withdrew;
	for (int i = 0; i < LW_LAND_SIDES; i++)
		v[k++] = l->it_gain[i];
	v[k++] = l->pc_award;
	v[k++] = l->auto_promote;
	v[k++] = l->city_falls;
	v[k++] = l->disaster;
	for (int i = 0; i < LW_LAND_SIDES; i++)
		v[k++] = l->sym[i];
	for (int i = 0; i < LW_LAND_SIDES; i++)
		v[k++] = l->cas_todo[i];
	v[k++] = l->att_co;
	v[k++] = l->def_co;
	v[k++] = l->def_stars;
	v[k++] = l->def_it_before;
	for (int i = 0; i < LW_LAND_GROUP; i++)
		v[k++] = l->group[i];
	v[k++] = l->group_n;
	v[k++] = l->group_side;
	v[k++] = l->from_hex;
	for (int i = 0; i < LW_LAND_SIDES; i++)
		v[k++] = l->sharp[i];
	v[k++] = l->cas_sharp;
	v[k++] = l->pursuit;
	v[k++] = l->post;
	v[k++] = l->demote_why;
	v[k++] = l->demote_side;
	v[k++] = l->cand_n;
	for (int i = 0; i < LW_LAND_GROUP; i++)
		v[k++] = l->cand[i];
	v[k++] = l->hold; /* save format 11 */
}

json_t *lw_land_save(const struct lw_land *l)
{
	long long v[LW_LAND_INTS];
	to_ints(l, v);
	return lw_ints_json(v, LW_LAND_INTS);
}

void lw_land_save_text(struct tg_jw *w, const struct lw_land *l)
{
	long long v[LW_LAND_INTS];
	to_ints(l, v);
	lw_ints_text(w, v, LW_LAND_INTS);
}

int lw_land_load(struct lw_land *l, const json_t *saved)
{
	long long v[LW_LAND_INTS];
	if (lw_ints_read(saved, v, LW_LAND_INTS) != 0)
		return -1;
	struct lw_land n;
	memset(&n, 0, sizeof n);
	int k = 0;
	n.mountain = (uint8_t)v[k++];
	n.stopped = (uint8_t)v[k++];
	n.stage = (uint8_t)v[k++];
	n.withdrew = (uint8_t)v[k++];
	for (int i = 0; i < LW_LAND_SIDES; i++)
		n.it_gain[i] = (int8_t)v[k++];
	n.pc_award = (int8_t)v[k++];
	n.auto_promote = (uint8_t)v[k++];
	n.city_falls = (uint8_t)v[k++];
	n.disaster = (uint8_t)v[k++];
	for (int i = 0; i < LW_LAND_SIDES; i++)
		n.sym[i] = (uint8_t)v[k++];
	for (int i = 0; i < LW_LAND_SIDES; i++)
		n.cas_todo[i] = (uint8_t)v[k++];
	n.att_co = (int16_t)v[k++];
	n.def_co = (int16_t)v[k++];
	n.def_stars = (uint8_t)v[k++];
	n.def_it_before = (uint8_t)v[k++];
	for (int i = 0; i < LW_LAND_GROUP; i++)
		n.group[i] = (int16_t)v[k++];
	n.group_n = (uint8_t)v[k++];
	n.group_side = (int8_t)v[k++];
	n.from_hex = (int16_t)v[k++];
	for (int i = 0; i < LW_LAND_SIDES; i++)
		n.sharp[i] = (uint8_t)v[k++];
	n.cas_sharp = (uint8_t)v[k++];
	n.pursuit = (uint8_t)v[k++];
	n.post = (uint8_t)v[k++];
	n.demote_why = (uint8_t)v[k++];
	n.demote_side = (int8_t)v[k++];
	n.cand_n = (uint8_t)v[k++];
	for (int i = 0; i < LW_LAND_GROUP; i++)
		n.cand[i] = (int16_t)v[k++];
	n.hold = (uint8_t)v[k++];
	if (n.hold > LW_BH_REVERSAL || n.stage > LW_BS_DADVANCE || n.group_n > LW_LAND_GROUP ||
	    n.post > LW_BP_ROUT_CARDS || n.demote_why > LW_DW_OVERSTACK || n.demote_side < 0 ||
	    n.demote_side > 2 || n.cand_n > LW_LAND_GROUP)
		return -1;
	*l = n;
	return 0;
}
