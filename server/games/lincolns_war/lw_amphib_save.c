/* lw_amphib_save.c — save/load and public view of the amphibious block
 * (lw_amphib.h: water operations, PCSA, siege). Nothing in it is hidden. */
#include <string.h>

#include "lw_amphib.h"
#include "lw_engine.h"
#include "lw_ints.h"

#define SG_INTS 9 /* per siege */
#define AM_INTS (3 + 1 + 2 * LW_AMPHIB_UNITS + 2 + 4 + 5 + 1 + SG_INTS * (1 + LW_MAX_SIEGES))

void lw_amphib_init(struct lw_amphib *a)
{
	memset(a, 0, sizeof *a);
	a->assault_co = LW_NONE;
	a->siege.camp_co = LW_NONE;
	for (int i = 0; i < LW_MAX_SIEGES; i++)
		a->sieges[i].camp_co = LW_NONE;
	lw_pcsa_init(&a->pcsa);
}

static void siege_ints(const struct lw_siege *g, long long *v)
{
	int k = 0;
	v[k++] = g->stage;
	v[k++] = g->besieger;
	v[k++] = g->city_hex;
	v[k++] = g->camp_hex;
	v[k++] = g->level;
	v[k++] = g->pressed;
	v[k++] = g->camp_co;
	v[k++] = g->assault;
	v[k++] = g->returning;
}

/* 0, or -1 when out of range; `on`: a siege that is on (else pending). */
static int siege_read(struct lw_siege *g, const long long *v, int n_units, bool on)
{
	int k = 0;
	for (int i = 0; i < SG_INTS; i++)
		if (v[i] < -32768 || v[i] > 32767)
			return -1;
	g->stage = (uint8_t)v[k++];
	g->besieger = (int8_t)v[k++];
	g->city_hex = (int16_t)v[k++];
	g->camp_hex = (int16_t)v[k++];
	g->level = (uint8_t)v[k++];
	g->pressed = (uint8_t)v[k++];
	g->camp_co = (int16_t)v[k++];
	g->assault = (uint8_t)v[k++];
	g->returning = (uint8_t)v[k++];
	if (v[0] < 0 || v[0] > LW_SG_EXCESS ||
	    (on && g->stage != LW_SG_ON && g->stage != LW_SG_NONE) ||
	    (!on && g->stage == LW_SG_ON) || v[4] < 0 || v[4] > 3 || v[5] < 0 ||
	    v[5] > LW_SIEGE_BEGUN || g->besieger < LW_NOSIDE || g->besieger > LW_CONFEDERATE ||
	    v[7] < 0 || v[7] > 1 || v[8] < 0 || v[8] > 1 || (!on && v[8] != 0) ||
	    g->camp_co >= n_units || g->camp_co < LW_NONE)
		return -1;
	return 0;
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
	v[k++] = a->campaign_mark;
	siege_ints(&a->siege, v + k);
	k += SG_INTS;
	for (int i = 0; i < LW_MAX_SIEGES; i++, k += SG_INTS)
		siege_ints(&a->sieges[i], v + k);
}

json_t *lw_amphib_save(const struct lw_amphib *a)
{
	long long v[AM_INTS];
	to_ints(a, v);
	return lw_ints_json(v, AM_INTS);
}

void lw_amphib_save_text(struct tg_jw *w, const struct lw_amphib *a)
{
	long long v[AM_INTS];
	to_ints(a, v);
	lw_ints_text(w, v, AM_INTS);
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
	if (v[k] < 0)
		return -1;
	n.campaign_mark = (uint16_t)v[k++];
	if (siege_read(&n.siege, v + k, n_units, false) != 0)
		return -1;
	k += SG_INTS;
	for (int i = 0; i < LW_MAX_SIEGES; i++, k += SG_INTS)
		if (siege_read(&n.sieges[i], v + k, n_units, true) != 0)
			return -1;
	if (n.river_n > LW_AMPHIB_UNITS || n.ocean_n > LW_AMPHIB_UNITS ||
	    n.assault > LW_AM_OCEAN_ASSAULT)
		return -1;
	for (int i = 0; i < n.river_n; i++)
		if (n.river_units[i] < 0 || n.river_units[i] >= n_units)
			return -1;
	for (int i = 0; i < n.ocean_n; i++)
		if (n.ocean_units[i] < 0 || n.ocean_units[i] >= n_units)
			return -1;
	if (n.assault_co >= n_units || n.assault_co < LW_NONE)
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
		                              a->siege.city_hex, "from", a->siege.camp_hex, "stage",
		                              a->siege.stage == LW_SG_OFFER    ? "offer"
		                              : a->siege.stage == LW_SG_EXCESS ? "excess"
		                                                               : "answer"));
	else
		json_object_set_new(o, "siege", json_null());
	json_t *on = json_array();
	for (int i = 0; i < LW_MAX_SIEGES; i++) {
		const struct lw_siege *g = &a->sieges[i];
		if (g->stage == LW_SG_ON)
			json_array_append_new(on,
			                      json_pack("{s:s,s:i,s:i}", "besieger",
			                                lw_side_name((enum lw_side)g->besieger),
			                                "city", g->city_hex, "from", g->camp_hex));
	}
	json_object_set_new(o, "sieges", on);
	return o;
}
