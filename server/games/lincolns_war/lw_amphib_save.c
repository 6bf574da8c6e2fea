/* lw_amphib_save.c — save/load and public view of the amphibious block
 * (lw_amphib.h: water operations, PCSA, siege). Nothing in it is hidden. */
#include <string.h>

#include "lw_amphib.h"
#include "lw_engine.h"
#include "lw_ints.h"

#define AM_INTS (3 + 1 + 2 * LW_AMPHIB_UNITS + 2 + 4 + 5 + 8)

void lw_amphib_init(struct lw_amphib *a)
{
	memset(a, 0, sizeof *a);
	a->assault_co = LW_NONE;
	a->siege.camp_co = LW_NONE;
	lw_pcsa_init(&a->pcsa);
}

static void to_ints(const struct lw_amphib *a, long long *v)
{
	int k = 0;
	for (int i = 0; i < 3; i++)
		v[k++] = a->river_turn[i];
	v[k++] = a->ocean_turn;
	for (int i = 0; i < LW_AMPHIB_UNITS; i++)
		v[k++] = a->river_units[i];
	for (int i = 0; i < LW_AMPHIB_UNITS; i++)
		v[k++] = a->ocean_units[i];
	v[k++] = a->river_n;
	v[k++] = a->ocean_n;
	v[k++] = a->assault;
	v[k++] = a->assault_from;
	v[k++] = a->assault_target;
	v[k++] = a->assault_co;
	v[k++] = a->pcsa.hex;
	v[k++] = a->pcsa.placed_turn;
	v[k++] = a->pcsa.removed_turn;
	v[k++] = a->pcsa.lost_turn;
	v[k++] = a->pcsa.ever_placed;
	v[k++] = a->siege.stage;
	v[k++] = a->siege.besieger;
	v[k++] = a->siege.city_hex;
	v[k++] = a->siege.camp_hex;
	v[k++] = a->siege.level;
	v[k++] = a->siege.pressed;
	v[k++] = a->siege.camp_co;
	v[k++] = a->campaign_mark;
}

json_t *lw_amphib_save(const struct lw_amphib *a)
{
	long long v[AM_INTS];
	to_ints(a, v);
	return lw_ints_json(v, AM_INTS);
}

int lw_amphib_load(struct lw_amphib *a, const json_t *saved, int n_units)
{
	if (!saved) {
		lw_amphib_init(a);
		return 0;
	}
	long long v[AM_INTS];
	if (lw_ints_read(saved, v, AM_INTS) != 0)
		return -1;
	struct lw_amphib n;
	memset(&n, 0, sizeof n);
	int k = 0;
	for (int i = 0; i < 3; i++)
		n.river_turn[i] = (uint8_t)v[k++];
	n.ocean_turn = (uint8_t)v[k++];
	for (int i = 0; i < LW_AMPHIB_UNITS; i++)
		n.river_units[i] = (int16_t)v[k++];
	for (int i = 0; i < LW_AMPHIB_UNITS; i++)
		n.ocean_units[i] = (int16_t)v[k++];
	n.river_n = (uint8_t)v[k++];
	n.ocean_n = (uint8_t)v[k++];
	n.assault = (uint8_t)v[k++];
	n.assault_from = (int16_t)v[k++];
	n.assault_target = (int16_t)v[k++];
	n.assault_co = (int16_t)v[k++];
	n.pcsa.hex = (int16_t)v[k++];
	n.pcsa.placed_turn = (uint8_t)v[k++];
	n.pcsa.removed_turn = (uint8_t)v[k++];
	n.pcsa.lost_turn = (uint8_t)v[k++];
	n.pcsa.ever_placed = (uint8_t)v[k++];
	n.siege.stage = (uint8_t)v[k++];
	n.siege.besieger = (int8_t)v[k++];
	n.siege.city_hex = (int16_t)v[k++];
	n.siege.camp_hex = (int16_t)v[k++];
	n.siege.level = (uint8_t)v[k++];
	n.siege.pressed = (uint8_t)v[k++];
	n.siege.camp_co = (int16_t)v[k++];
	if (v[k] < 0)
		return -1;
	n.campaign_mark = (uint16_t)v[k++];
	if (n.river_n > LW_AMPHIB_UNITS || n.ocean_n > LW_AMPHIB_UNITS ||
	    n.assault > LW_AM_OCEAN_ASSAULT || n.siege.stage > LW_SG_ON || n.siege.level > 3 ||
	    n.siege.pressed > LW_SIEGE_BEGUN || n.siege.besieger < LW_NOSIDE ||
	    n.siege.besieger > LW_CONFEDERATE)
		return -1;
	for (int i = 0; i < n.river_n; i++)
		if (n.river_units[i] < 0 || n.river_units[i] >= n_units)
			return -1;
	for (int i = 0; i < n.ocean_n; i++)
		if (n.ocean_units[i] < 0 || n.ocean_units[i] >= n_units)
			return -1;
	if (n.assault_co >= n_units || n.siege.camp_co >= n_units || n.assault_co < LW_NONE ||
	    n.siege.camp_co < LW_NONE)
		return -1;
	*a = n;
	return 0;
}

json_t *lw_amphib_view(const struct lw_state *s, int side)
{
	(void)side; /* the marker, the siege and the turn's uses are on the board */
	const struct lw_amphib *a = &s->amphib;
	json_t *o = json_object();
	json_object_set_new(o, "pcsa", a->pcsa.hex ? json_integer(a->pcsa.hex) : json_null());
	int mark = s->turn + 1;
	json_object_set_new(o, "river_used",
	                    json_pack("{s:b,s:b}", "union", a->river_turn[LW_UNION] == mark,
	                              "confederate", a->river_turn[LW_CONFEDERATE] == mark));
	json_object_set_new(o, "ocean_used", json_boolean(a->ocean_turn == mark));
	if (a->siege.stage != LW_SG_NONE)
		json_object_set_new(o, "siege",
		                    json_pack("{s:s,s:i,s:i,s:s}", "besieger",
		                              lw_side_name((enum lw_side)a->siege.besieger), "city",
		                              a->siege.city_hex, "camp", a->siege.camp_hex, "stage",
		                              a->siege.stage == LW_SG_ON      ? "on"
		                              : a->siege.stage == LW_SG_OFFER ? "offer"
		                                                              : "answer"));
	else
		json_object_set_new(o, "siege", json_null());
	return o;
}
