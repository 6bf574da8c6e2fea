/* boal_save.c — the whole state as JSON and back (game.h save/load), the
 * generator and the hidden bids included, so load(save(g)) behaves exactly
 * like g. Versioned (BOAL_SAVE_VERSION); every field is written by name
 * from one table, and loading checks each against its bounds: a corrupt or
 * foreign save is refused with bad_save, never trusted. A block that adds
 * fields to struct boal_state adds their rows here. */
#include <stddef.h>
#include <string.h>

#include "boal_module.h"
#include "boal_rules.h"

enum ftype { F_BOOL, F_I8, F_U8, F_I16, F_U16, F_U32, F_U64 };

struct field {
	const char *name;
	size_t off;
	enum ftype type;
	int n; /* elements: 1 a scalar, more an array */
	long long min, max;
};

#define S(m) offsetof(struct boal_state, m)
#define N(m) ((int)(sizeof(((struct boal_state *)0)->m) / sizeof(((struct boal_state *)0)->m[0])))

static const struct field fields[] = {
    {"advanced", S(advanced), F_BOOL, 1, 0, 1},
    {"turn", S(turn), F_I8, 1, 0, BOAL_TURNS_MAX - 1},
    {"phase", S(phase), F_U8, 1, BOAL_DAWN, BOAL_OVER},
    {"impulse", S(impulse), F_I8, 1, 0, 99},
    {"advantage", S(advantage), F_I8, 1, -1, 1},
    {"advantage_next", S(advantage_next), F_I8, 1, -1, 1},
    {"army_active", S(army_active), F_BOOL, 2, 0, 1},
    {"rain", S(rain), F_BOOL, 1, 0, 1},
    {"control", S(control), F_U8, BOAL_AREAS + 1, 0, 1},
    {"entrench_side", S(entrench_side), F_I8, BOAL_AREAS + 1, -1, 1},
    {"entrench_level", S(entrench_level), F_U8, BOAL_AREAS + 1, 0, 2},
    {"reserve", S(reserve), F_I16, 2, 0, 999},
    {"train_area", S(train_area), F_U8, 1, 0, BOAL_AREAS},
    {"train_arrives", S(train_arrives), F_I8, 1, -1, 99},
    {"train_moved", S(train_moved), F_BOOL, 1, 0, 1},
    {"bridge", S(bridge), F_I8, BOAL_BRIDGES_MAX, -1, 1},
    /* the Daylight impulse's block (boal_impulse.h) */
    {"imp_step", S(imp.step), F_U8, 1, BOAL_IS_IDLE, BOAL_IS_OVER},
    {"imp_kind", S(imp.kind), F_U8, 1, BOAL_IK_NONE, BOAL_IK_TRAIN},
    {"imp_side", S(imp.side), F_I8, 1, -1, 1},
    {"imp_area", S(imp.area), F_U8, 1, 0, BOAL_AREAS},
    {"imp_area2", S(imp.area2), F_U8, 1, 0, BOAL_AREAS},
    {"imp_leader", S(imp.leader), F_I8, 2, -1, BOAL_LEADERS_MAX - 1},
    {"imp_army_leader", S(imp.army_leader), F_I8, 1, -1, BOAL_LEADERS_MAX - 1},
    {"imp_rallied", S(imp.rallied), F_BOOL, 1, 0, 1},
    {"imp_rout", S(imp.rout), F_BOOL, 1, 0, 1},
    {"imp_assaulted_active", S(imp.assaulted_active), F_BOOL, 1, 0, 1},
    {"imp_exit_cost", S(imp.exit_cost), F_U8, 1, 0, 9},
    {"imp_sunset_dr", S(imp.sunset_dr), F_I8, 1, 0, 12},
    {"imp_uflag", S(imp.uflag), F_U8, BOAL_UNITS_MAX, 0, 255},
    {"imp_mf", S(imp.mf), F_I8, BOAL_UNITS_MAX, -1, 99},
    {"imp_mf_full", S(imp.mf_full), F_I8, BOAL_UNITS_MAX, 0, 99},
    {"imp_from", S(imp.from), F_U8, BOAL_UNITS_MAX, 0, BOAL_AREAS},
    {"imp_via", S(imp.via), F_U8, BOAL_UNITS_MAX, 0, 3},
    {"imp_lmf", S(imp.lmf), F_I8, BOAL_LEADERS_MAX, -1, 99},
    {"imp_contested0", S(imp.contested0), F_BOOL, BOAL_AREAS + 1, 0, 1},
    {"imp_assaulted", S(imp.assaulted), F_BOOL, BOAL_AREAS + 1, 0, 1},
    {"imp_pointed", S(imp.pointed), F_BOOL, BOAL_AREAS + 1, 0, 1},
    {"imp_crossed", S(imp.crossed), F_U8, BOAL_BRIDGES_MAX, 0, 255},
    {"imp_a_area", S(imp.a_area), F_U8, 1, 0, BOAL_AREAS},
    {"imp_a_mandatory", S(imp.a_mandatory), F_BOOL, 1, 0, 1},
    {"imp_a_point", S(imp.a_point), F_I8, 1, -1, BOAL_UNITS_MAX - 1},
    {"imp_a_forward", S(imp.a_forward), F_I8, 1, -1, BOAL_UNITS_MAX - 1},
    {"imp_a_at", S(imp.a_at), F_I8, 1, -128, 127},
    {"imp_a_dt", S(imp.a_dt), F_I8, 1, -128, 127},
    {"imp_a_cp", S(imp.a_cp), F_I8, 1, -128, 127},
    {"imp_a_result", S(imp.a_result), F_U8, 1, BOAL_REPULSE, BOAL_SUCCESS},
    {"imp_a_first_cp", S(imp.a_first_cp), F_BOOL, 1, 0, 1},
    {"imp_a_lc", S(imp.a_lc), F_U8, 1, 0, 3},
    {"imp_screen_area", S(imp.screen_area), F_U8, 1, 0, BOAL_AREAS},
    {"imp_ent_area", S(imp.ent_area), F_U8, 1, 0, BOAL_AREAS},
    {"imp_place_due", S(imp.place_due), F_U32, 1, 0, (1LL << BOAL_LEADERS_MAX) - 1},
    {"imp_l_asked", S(imp.l_asked), F_U32, 1, 0, (1LL << BOAL_LEADERS_MAX) - 1},
    {"imp_place_retreat", S(imp.place_retreat), F_U32, 1, 0, (1LL << BOAL_LEADERS_MAX) - 1},
    {"imp_r_dest", S(imp.r_dest), F_U64, 2, 0, 0x3ffffffffffeLL},
    {"imp_screen_mover", S(imp.screen_mover), F_I8, 1, -1, BOAL_UNITS_MAX - 1},
    {"imp_r_unit", S(imp.r_unit), F_I8, 1, -1, BOAL_UNITS_MAX - 1},
    {"imp_r_from", S(imp.r_from), F_U8, 1, 0, BOAL_AREAS},
    {"imp_r_side", S(imp.r_side), F_I8, 1, -1, 1},
    {"imp_r_back", S(imp.r_back), F_U8, 1, 0, 3},
    {"imp_r_last", S(imp.r_last), F_U8, 1, 0, BOAL_AREAS},
    {"imp_held0", S(imp.held0), F_BOOL, 2, 0, 1},
    {"imp_repair_tried", S(imp.repair_tried), F_BOOL, 1, 0, 1},
    {"imp_demo_asked", S(imp.demo_asked), F_U16, 1, 0, (1 << BOAL_BRIDGES_MAX) - 1},
    {"imp_demo_bridge", S(imp.demo_bridge), F_U8, 1, 0, BOAL_BRIDGES_MAX},
    {"imp_repaired", S(imp.repaired), F_I8, 2, 0, BOAL_TURNS_MAX + 1},
    {"imp_engineers", S(imp.engineers), F_U8, 1, 0, BOAL_BRIDGES_MAX},
    {"imp_lee_commanded", S(imp.lee_commanded), F_I8, 1, 0, BOAL_TURNS_MAX + 1},
    {"imp_army_moved", S(imp.army_moved), F_I8, 2, 0, BOAL_TURNS_MAX + 1},
    {"step", S(step), F_U8, 1, BOAL_STEP_BID, BOAL_STEP_OVER},
    {"active", S(active), F_I8, 1, -1, 1},
    {"first_side", S(first_side), F_I8, 1, -1, 1},
    {"day_ends", S(day_ends), F_BOOL, 1, 0, 1},
    {"weather_change", S(weather_change), F_BOOL, 1, 0, 1},
    {"army_dr", S(army_dr), F_I8, 2, 0, 6},
    {"weather_dr", S(weather_dr), F_I8, 1, 0, 6},
    {"night_side", S(night_side), F_I8, 1, -1, 1},
    {"night_dug", S(night_dug), F_U64, 1, 0, 0x3ffffffffffeLL},
    {"night_adv_used", S(night_adv_used), F_BOOL, 1, 0, 1},
    {"winner", S(winner), F_I8, 1, -1, 1},
    {"result", S(result), F_U8, 1, BOAL_OUTCOME_NONE, BOAL_OUTCOME_UNION_FINAL},
    {"bidding", S(bidding), F_BOOL, 1, 0, 1},
    {"bid_side", S(bid_side), F_U8, 1, 0, 1},
    {"bid_made", S(bid_made), F_BOOL, 2, 0, 1},
    {"bid", S(bid), F_I16, 2, 0, 999},
    {"bid_revealed", S(bid_revealed), F_BOOL, 1, 0, 1},
    {"bid_dr", S(bid_dr), F_I8, 2, 0, 6},
    {"swapped", S(swapped), F_BOOL, 1, 0, 1},
    {"actions", S(actions), F_U32, 1, 0, BOAL_MAX_ACTIONS},
    {"log_next", S(log_next), F_U8, 1, 0, BOAL_LOG_MAX - 1},
};
#define N_FIELDS (sizeof fields / sizeof *fields)

/* A field added to the state needs its row above (and its bounds): these
 * sizes are the structs' as the rows cover them, so an added field stops
 * the build here instead of being lost at the next save. Update a size
 * only together with the rows. */
_Static_assert(sizeof(struct boal_impulse) == 656,
               "struct boal_impulse changed: give the new field its row in boal_save.c");
_Static_assert(sizeof(struct boal_state) == 2680,
               "struct boal_state changed: give the new field its row in boal_save.c");

static long long get(const void *base, const struct field *f, int i)
{
	const char *p = (const char *)base + f->off;
	switch (f->type) {
	case F_BOOL:
		return ((const bool *)p)[i];
	case F_I8:
		return ((const int8_t *)p)[i];
	case F_U8:
		return ((const uint8_t *)p)[i];
	case F_I16:
		return ((const int16_t *)p)[i];
	case F_U16:
		return ((const uint16_t *)p)[i];
	case F_U32:
		return ((const uint32_t *)p)[i];
	default:
		return (long long)((const uint64_t *)p)[i];
	}
}

static void put(void *base, const struct field *f, int i, long long v)
{
	char *p = (char *)base + f->off;
	switch (f->type) {
	case F_BOOL:
		((bool *)p)[i] = v != 0;
		break;
	case F_I8:
		((int8_t *)p)[i] = (int8_t)v;
		break;
	case F_U8:
		((uint8_t *)p)[i] = (uint8_t)v;
		break;
	case F_I16:
		((int16_t *)p)[i] = (int16_t)v;
		break;
	case F_U16:
		((uint16_t *)p)[i] = (uint16_t)v;
		break;
	case F_U32:
		((uint32_t *)p)[i] = (uint32_t)v;
		break;
	default:
		((uint64_t *)p)[i] = (uint64_t)v;
	}
}

static json_t *value(const struct field *f, long long v)
{
	return f->type == F_BOOL ? json_boolean(v) : json_integer((json_int_t)v);
}

json_t *boal_save_json(const struct boal_state *s)
{
	json_t *o = json_object();
	json_object_set_new(o, "version", json_integer(BOAL_SAVE_VERSION));
	json_object_set_new(o, "rng", tg_rng_save(&s->rng));
	for (size_t k = 0; k < N_FIELDS; k++) {
		const struct field *f = &fields[k];
		if (f->n == 1) {
			json_object_set_new(o, f->name, value(f, get(s, f, 0)));
			continue;
		}
		json_t *arr = json_array();
		for (int i = 0; i < f->n; i++)
			json_array_append_new(arr, value(f, get(s, f, i)));
		json_object_set_new(o, f->name, arr);
	}
	json_t *units = json_array();
	for (int u = 0; u < s->n_units; u++)
		json_array_append_new(units, json_pack("[i,b,b]", s->unit[u].area,
		                                       s->unit[u].exhausted, s->unit[u].reduced));
	json_object_set_new(o, "units", units);
	json_t *leaders = json_array();
	for (int l = 0; l < s->n_leaders; l++)
		json_array_append_new(leaders, json_pack("[i,b,b,i]", s->leader[l].area,
		                                         s->leader[l].inactive, s->leader[l].killed,
		                                         s->leader[l].back_turn));
	json_object_set_new(o, "leaders", leaders);
	json_t *log = json_array();
	for (int i = 0; i < BOAL_LOG_MAX; i++)
		json_array_append_new(log, json_string(s->log[i]));
	json_object_set_new(o, "log", log);
	return o;
}

static int bad(struct tg_error *err, const char *what)
{
	return tg_fail(err, TG_E_BAD_SAVE, "Birth of a Legend save: %s", what);
}

/* a number (or a boolean for F_BOOL) within the field's bounds */
static int read_one(const struct field *f, const json_t *v, long long *out)
{
	if (f->type == F_BOOL) {
		if (!json_is_boolean(v))
			return -1;
		*out = json_is_true(v);
		return 0;
	}
	if (!json_is_integer(v))
		return -1;
	long long x = json_integer_value(v);
	if (x < f->min || x > f->max)
		return -1;
	*out = x;
	return 0;
}

static bool is_bool(const json_t *v)
{
	return json_is_boolean(v);
}

static bool int_in(const json_t *v, long long lo, long long hi)
{
	return json_is_integer(v) && json_integer_value(v) >= lo && json_integer_value(v) <= hi;
}

/* Fields added to version 1 after matches were saved with it: absent, one
 * reads 0 (its "none"), so those matches still load. A new field is either
 * listed here or makes a new version. */
static bool added_to_v1(const char *name)
{
	static const char *const added[] = {"imp_place_retreat", NULL};
	for (int i = 0; added[i]; i++)
		if (strcmp(name, added[i]) == 0)
			return true;
	return false;
}

void boal_save_drop_added(json_t *again, const json_t *saved)
{
	for (size_t k = 0; k < N_FIELDS; k++)
		if (added_to_v1(fields[k].name) && !json_object_get(saved, fields[k].name))
			json_object_del(again, fields[k].name);
}

int boal_load_json(struct boal_state *s, const json_t *j, struct tg_error *err)
{
	const struct boal_data *d = boal_data(err);
	if (!d)
		return -1;
	if (!json_is_object(j))
		return bad(err, "not an object");
	if (!int_in(json_object_get(j, "version"), BOAL_SAVE_VERSION, BOAL_SAVE_VERSION))
		return bad(err, "a version this server does not read");
	memset(s, 0, sizeof *s);
	s->version = BOAL_SAVE_VERSION;
	if (tg_rng_load(&s->rng, json_object_get(j, "rng")) != 0)
		return bad(err, "the generator");
	for (size_t k = 0; k < N_FIELDS; k++) {
		const struct field *f = &fields[k];
		const json_t *v = json_object_get(j, f->name);
		long long x;
		if (!v && added_to_v1(f->name))
			continue; /* 0, from the memset */
		if (f->n == 1) {
			if (read_one(f, v, &x) != 0)
				return tg_fail(err, TG_E_BAD_SAVE, "Birth of a Legend save: \"%s\"",
				               f->name);
			put(s, f, 0, x);
			continue;
		}
		if (!json_is_array(v) || json_array_size(v) != (size_t)f->n)
			return tg_fail(err, TG_E_BAD_SAVE,
			               "Birth of a Legend save: \"%s\" needs %d", f->name, f->n);
		for (int i = 0; i < f->n; i++) {
			if (read_one(f, json_array_get(v, (size_t)i), &x) != 0)
				return tg_fail(err, TG_E_BAD_SAVE,
				               "Birth of a Legend save: \"%s\"[%d]", f->name, i);
			put(s, f, i, x);
		}
	}
	if (s->turn >= d->n_turns || s->impulse > d->impulse_last)
		return bad(err, "turn or impulse past the tracks");
	const json_t *units = json_object_get(j, "units");
	if (!json_is_array(units) || json_array_size(units) != (size_t)d->n_units)
		return bad(err, "the units");
	s->n_units = (uint8_t)d->n_units;
	for (int u = 0; u < d->n_units; u++) {
		const json_t *x = json_array_get(units, (size_t)u);
		if (!json_is_array(x) || json_array_size(x) != 3 ||
		    !int_in(json_array_get(x, 0), 0, BOAL_AREAS) ||
		    !is_bool(json_array_get(x, 1)) || !is_bool(json_array_get(x, 2)))
			return bad(err, "a unit");
		s->unit[u].area = (uint8_t)json_integer_value(json_array_get(x, 0));
		s->unit[u].exhausted = json_is_true(json_array_get(x, 1));
		s->unit[u].reduced = json_is_true(json_array_get(x, 2));
		if (s->unit[u].reduced && !d->unit[u].reduced)
			return bad(err, "a reduced unit without a reduced counter (15.5)");
	}
	const json_t *leaders = json_object_get(j, "leaders");
	if (!json_is_array(leaders) || json_array_size(leaders) != (size_t)d->n_leaders)
		return bad(err, "the leaders");
	s->n_leaders = (uint8_t)d->n_leaders;
	for (int l = 0; l < d->n_leaders; l++) {
		const json_t *x = json_array_get(leaders, (size_t)l);
		if (!json_is_array(x) || json_array_size(x) != 4 ||
		    !int_in(json_array_get(x, 0), 0, BOAL_AREAS) ||
		    !is_bool(json_array_get(x, 1)) || !is_bool(json_array_get(x, 2)) ||
		    !int_in(json_array_get(x, 3), -1, BOAL_TURNS_MAX + 3))
			return bad(err, "a leader");
		s->leader[l].area = (uint8_t)json_integer_value(json_array_get(x, 0));
		s->leader[l].inactive = json_is_true(json_array_get(x, 1));
		s->leader[l].killed = json_is_true(json_array_get(x, 2));
		s->leader[l].back_turn = (int8_t)json_integer_value(json_array_get(x, 3));
	}
	s->n_bridges = (uint8_t)d->n_bridges;
	const json_t *log = json_object_get(j, "log");
	if (!json_is_array(log) || json_array_size(log) != BOAL_LOG_MAX)
		return bad(err, "the log");
	for (int i = 0; i < BOAL_LOG_MAX; i++) {
		const char *t = json_string_value(json_array_get(log, (size_t)i));
		if (!t || strlen(t) >= BOAL_LOG_LEN)
			return bad(err, "a log line");
		memcpy(s->log[i], t, strlen(t));
	}
	return 0;
}
