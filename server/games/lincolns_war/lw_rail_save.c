/* lw_rail_save.c — save/load of the rail and cavalry state blocks
 * (lw_rail.h, lw_cavalry.h): named members, every value bounded on load. */
#include <string.h>

#include "kit/json_text.h"
#include "lw_cavalry.h"
#include "lw_ints.h"
#include "lw_rail.h"

static json_t *ints(const void *p, int n, int width)
{
	json_t *a = json_array();
	for (int i = 0; i < n; i++) {
		long long v = width == 1 ? ((const uint8_t *)p)[i] : ((const int16_t *)p)[i];
		json_array_append_new(a, json_integer(v));
	}
	return a;
}

/* Reads exactly n integers in [lo, hi] into p (uint8_t or int16_t). */
static int read_ints(const json_t *o, const char *key, void *p, int n, int width, long lo, long hi)
{
	const json_t *a = json_object_get(o, key);
	if (!json_is_array(a) || json_array_size(a) != (size_t)n)
		return -1;
	for (int i = 0; i < n; i++) {
		const json_t *x = json_array_get(a, (size_t)i);
		if (!json_is_integer(x) || json_integer_value(x) < lo || json_integer_value(x) > hi)
			return -1;
		if (width == 1)
			((uint8_t *)p)[i] = (uint8_t)json_integer_value(x);
		else
			((int16_t *)p)[i] = (int16_t)json_integer_value(x);
	}
	return 0;
}

static int read_int(const json_t *o, const char *key, long lo, long hi, long *v)
{
	const json_t *x = json_object_get(o, key);
	if (!json_is_integer(x) || json_integer_value(x) < lo || json_integer_value(x) > hi)
		return -1;
	*v = (long)json_integer_value(x);
	return 0;
}

json_t *lw_rail_save(const struct lw_rail *r)
{
	json_t *o = json_object();
	json_object_set_new(o, "used", ints(r->used, LW_RAIL_SIDES, 1));
	json_object_set_new(o, "stage", ints(r->stage, LW_RAIL_SIDES, 1));
	json_object_set_new(o, "railed", ints(r->railed, LW_RAIL_UNITS / 8, 1));
	json_object_set_new(o, "done_turn", json_integer(r->done_turn));
	return o;
}

void lw_rail_save_text(struct tg_jw *w, const struct lw_rail *r)
{
	tg_jw_obj(w);
	tg_jw_key(w, "used");
	LW_INTS_TEXT(w, r->used, LW_RAIL_SIDES);
	tg_jw_key(w, "stage");
	LW_INTS_TEXT(w, r->stage, LW_RAIL_SIDES);
	tg_jw_key(w, "railed");
	LW_INTS_TEXT(w, r->railed, LW_RAIL_UNITS / 8);
	tg_jw_kint(w, "done_turn", r->done_turn);
	tg_jw_end(w);
}

int lw_rail_load(struct lw_rail *r, const json_t *saved)
{
	struct lw_rail n;
	memset(&n, 0, sizeof n);
	if (!json_is_object(saved) || read_ints(saved, "used", n.used, LW_RAIL_SIDES, 1, 0, 99) ||
	    read_ints(saved, "stage", n.stage, LW_RAIL_SIDES, 1, 0, 2) ||
	    read_ints(saved, "railed", n.railed, LW_RAIL_UNITS / 8, 1, 0, 255))
		return -1;
	long done;
	if (read_int(saved, "done_turn", 0, 99, &done))
		return -1;
	n.done_turn = (uint8_t)done;
	*r = n;
	return 0;
}

json_t *lw_cav_save(const struct lw_cav *c)
{
	json_t *o = json_object();
	json_object_set_new(o, "rit", ints(c->rit, c->rit_n, 2));
	json_object_set_new(o, "raided", ints(c->raided, LW_CAV_UNITS / 8, 1));
	json_object_set_new(o, "foray", ints(c->foray, LW_CAV_UNITS / 8, 1));
	json_object_set_new(o, "foray_card", json_integer(c->foray_card));
	json_object_set_new(o, "act_rit", json_integer(c->act_rit));
	json_object_set_new(o, "act_raid", json_integer(c->act_raid));
	json_object_set_new(o, "harass_hex", json_integer(c->harass_hex));
	json_object_set_new(o, "harass_from", ints(c->harass_from, c->harass_n, 2));
	json_object_set_new(o, "harass_stop", json_integer(c->harass_stop));
	json_object_set_new(o, "raid_battle", json_integer(c->raid_battle));
	json_object_set_new(o, "raider", json_integer(c->raider));
	json_object_set_new(o, "held", ints(c->held, LW_CAV_CITIES / 8, 1));
	json_object_set_new(o, "held_from", ints(c->held_from, LW_CAV_CITIES, 1));
	/* 13.2.3 the allow/deny question (save format 18) */
	json_object_set_new(o, "ask", json_integer(c->ask));
	json_object_set_new(o, "ask_unit", json_integer(c->ask_unit));
	json_object_set_new(o, "ask_hex", json_integer(c->ask_hex));
	return o;
}

void lw_cav_save_text(struct tg_jw *w, const struct lw_cav *c)
{
	tg_jw_obj(w);
	tg_jw_key(w, "rit");
	LW_INTS_TEXT(w, c->rit, c->rit_n);
	tg_jw_key(w, "raided");
	LW_INTS_TEXT(w, c->raided, LW_CAV_UNITS / 8);
	tg_jw_key(w, "foray");
	LW_INTS_TEXT(w, c->foray, LW_CAV_UNITS / 8);
	tg_jw_kint(w, "foray_card", c->foray_card);
	tg_jw_kint(w, "act_rit", c->act_rit);
	tg_jw_kint(w, "act_raid", c->act_raid);
	tg_jw_kint(w, "harass_hex", c->harass_hex);
	tg_jw_key(w, "harass_from");
	LW_INTS_TEXT(w, c->harass_from, c->harass_n);
	tg_jw_kint(w, "harass_stop", c->harass_stop);
	tg_jw_kint(w, "raid_battle", c->raid_battle);
	tg_jw_kint(w, "raider", c->raider);
	tg_jw_key(w, "held");
	LW_INTS_TEXT(w, c->held, LW_CAV_CITIES / 8);
	tg_jw_key(w, "held_from");
	/* held_from is int8_t, saved as its bytes read unsigned (as ints() and
	 * read_ints() do, width 1): the same text for any byte */
	LW_INTS_TEXT(w, (const uint8_t *)c->held_from, LW_CAV_CITIES);
	tg_jw_kint(w, "ask", c->ask);
	tg_jw_kint(w, "ask_unit", c->ask_unit);
	tg_jw_kint(w, "ask_hex", c->ask_hex);
	tg_jw_end(w);
}

int lw_cav_load(struct lw_cav *c, const json_t *saved)
{
	struct lw_cav n;
	memset(&n, 0, sizeof n);
	if (!json_is_object(saved))
		return -1;
	const json_t *rit = json_object_get(saved, "rit");
	const json_t *hf = json_object_get(saved, "harass_from");
	if (!json_is_array(rit) || json_array_size(rit) > LW_RIT_MAX || !json_is_array(hf) ||
	    json_array_size(hf) > LW_HARASS_HEXES)
		return -1;
	n.rit_n = (uint8_t)json_array_size(rit);
	n.harass_n = (uint8_t)json_array_size(hf);
	long v[10];
	if (read_ints(saved, "rit", n.rit, n.rit_n, 2, 1, 9999) ||
	    read_ints(saved, "raided", n.raided, LW_CAV_UNITS / 8, 1, 0, 255) ||
	    read_ints(saved, "foray", n.foray, LW_CAV_UNITS / 8, 1, 0, 255) ||
	    read_ints(saved, "harass_from", n.harass_from, n.harass_n, 2, 1, 9999) ||
	    read_int(saved, "foray_card", 0, 255, &v[0]) ||
	    read_int(saved, "act_rit", 0, LW_ACT_RIT_TRIED, &v[1]) ||
	    read_int(saved, "act_raid", 0, 1, &v[2]) ||
	    read_int(saved, "harass_hex", 0, 9999, &v[3]) ||
	    read_int(saved, "harass_stop", 0, 1, &v[4]) ||
	    read_int(saved, "raid_battle", 0, LW_CAV_PURSUIT, &v[5]) ||
	    read_int(saved, "raider", 0, LW_CAV_UNITS - 1, &v[6]) ||
	    read_ints(saved, "held", n.held, LW_CAV_CITIES / 8, 1, 0, 255) ||
	    read_ints(saved, "held_from", n.held_from, LW_CAV_CITIES, 1, 0, 2) ||
	    read_int(saved, "ask", 0, LW_RIT_ASK_PENDING | LW_RIT_ASK_REMOVE | LW_RIT_ASK_FORAY,
	             &v[7]) ||
	    read_int(saved, "ask_unit", 0, LW_CAV_UNITS - 1, &v[8]) ||
	    read_int(saved, "ask_hex", 0, 9999, &v[9]))
		return -1;
	n.foray_card = (uint8_t)v[0];
	n.act_rit = (uint8_t)v[1];
	n.act_raid = (uint8_t)v[2];
	n.harass_hex = (int16_t)v[3];
	n.harass_stop = (uint8_t)v[4];
	n.raid_battle = (uint8_t)v[5];
	n.raider = (int16_t)v[6];
	n.ask = (uint8_t)v[7];
	n.ask_unit = (int16_t)v[8];
	n.ask_hex = (int16_t)v[9];
	*c = n;
	return 0;
}
