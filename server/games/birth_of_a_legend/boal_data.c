/* boal_data.c — the loader of data/ (*.json) (boal_data.h). Every member is
 * read by a typed reader that names the file and the item on failure; the
 * checks that span items (references, counts, the bridges against the
 * boundaries) come after each file. */
#include <jansson.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "boal_data.h"

#ifndef TG_BOAL_DATA_DIR
#define TG_BOAL_DATA_DIR "data"
#endif

struct ctx {
	const char *file;
	char item[64];
	struct tg_error *err;
};

static int fail(const struct ctx *c, const char *what, const char *key)
{
	return tg_fail(c->err, TG_E_DATA, "%s: %s: member \"%s\" %s", c->file,
	               c->item[0] ? c->item : "top level", key, what);
}

static int get_int(const struct ctx *c, const json_t *o, const char *key, int lo, int hi, int *out)
{
	const json_t *v = json_object_get(o, key);
	if (!json_is_integer(v))
		return fail(c, "must be an integer", key);
	json_int_t x = json_integer_value(v);
	if (x < lo || x > hi)
		return tg_fail(c->err, TG_E_DATA, "%s: %s: member \"%s\" is %lld, outside %d..%d",
		               c->file, c->item[0] ? c->item : "top level", key, (long long)x, lo,
		               hi);
	*out = (int)x;
	return 0;
}

static int get_bool(const struct ctx *c, const json_t *o, const char *key, bool *out)
{
	const json_t *v = json_object_get(o, key);
	if (!json_is_boolean(v))
		return fail(c, "must be true or false", key);
	*out = json_is_true(v);
	return 0;
}

static int get_str(const struct ctx *c, const json_t *o, const char *key, char *out, size_t n)
{
	const json_t *v = json_object_get(o, key);
	if (!json_is_string(v) || json_string_length(v) == 0)
		return fail(c, "must be a non-empty string", key);
	if (json_string_length(v) >= n)
		return fail(c, "is too long", key);
	memcpy(out, json_string_value(v), json_string_length(v) + 1);
	return 0;
}

/* Every item says where it comes from (README "Data"): the text, or a
 * reconstruction with its reason. */
static int get_source(const struct ctx *c, const json_t *o, bool *by_rule)
{
	const json_t *v = json_object_get(o, "source");
	const char *s = json_string_value(v);
	if (s == NULL || (strncmp(s, "rule ", 5) != 0 && strstr(s, "reconstructed: ") == NULL))
		return fail(c, "must start \"rule \" or say \"reconstructed: <why>\"", "source");
	if (by_rule)
		*by_rule = strncmp(s, "rule ", 5) == 0;
	return 0;
}

static int get_side(const struct ctx *c, const json_t *o, const char *key, int *out)
{
	const char *s = json_string_value(json_object_get(o, key));
	if (s && strcmp(s, "union") == 0)
		*out = BOAL_UNION;
	else if (s && strcmp(s, "confederate") == 0)
		*out = BOAL_CONFEDERATE;
	else
		return fail(c, "must be \"union\" or \"confederate\"", key);
	return 0;
}

static const json_t *get_array(const struct ctx *c, const json_t *o, const char *key)
{
	const json_t *v = json_object_get(o, key);
	if (!json_is_array(v)) {
		fail(c, "must be an array", key);
		return NULL;
	}
	return v;
}

static const json_t *get_object(const struct ctx *c, const json_t *o, const char *key)
{
	const json_t *v = json_object_get(o, key);
	if (!json_is_object(v)) {
		fail(c, "must be an object", key);
		return NULL;
	}
	return v;
}

static int get_pair(const struct ctx *c, const json_t *o, int *a, int *b)
{
	const json_t *v = json_object_get(o, "areas");
	if (!json_is_array(v) || json_array_size(v) != 2 ||
	    !json_is_integer(json_array_get(v, 0)) || !json_is_integer(json_array_get(v, 1)))
		return fail(c, "must be two area numbers", "areas");
	json_int_t x = json_integer_value(json_array_get(v, 0));
	json_int_t y = json_integer_value(json_array_get(v, 1));
	if (x < 1 || x > BOAL_AREAS || y < 1 || y > BOAL_AREAS || x == y)
		return fail(c, "must name two different areas 1..45", "areas");
	*a = (int)x;
	*b = (int)y;
	return 0;
}

/* ---- map.json: 3.2 areas, boundaries, 15.4 bridges, 15.6 ---- */

static int load_map(const json_t *root, struct boal_data *d, struct tg_error *err)
{
	struct ctx c = {.file = "map.json", .err = err};
	const json_t *areas = get_array(&c, root, "areas");
	if (!areas)
		return -1;
	if (json_array_size(areas) != BOAL_AREAS)
		return tg_fail(err, TG_E_DATA, "map.json: 3.2 gives 45 areas, the file has %zu",
		               json_array_size(areas));
	tg_areagraph_init(&d->graph, BOAL_AREAS);
	bool seen[BOAL_AREAS + 1] = {false};
	size_t i;
	const json_t *a;
	json_array_foreach(areas, i, a)
	{
		snprintf(c.item, sizeof c.item, "areas[%zu]", i);
		int id;
		if (get_int(&c, a, "id", 1, BOAL_AREAS, &id))
			return -1;
		if (seen[id])
			return tg_fail(err, TG_E_DATA, "map.json: area %d twice", id);
		seen[id] = true;
		snprintf(c.item, sizeof c.item, "area %d", id);
		struct boal_area *x = &d->area[id];
		const char *bank = json_string_value(json_object_get(a, "bank"));
		if (!bank || (strcmp(bank, "north") && strcmp(bank, "south")))
			return fail(&c, "must be \"north\" or \"south\"", "bank");
		x->north = strcmp(bank, "north") == 0;
		if (get_str(&c, a, "name", x->name, sizeof x->name) ||
		    get_int(&c, a, "tem", 1, 4, &x->tem) ||
		    get_bool(&c, a, "victory", &x->victory) ||
		    get_bool(&c, a, "james_river", &x->james_river) ||
		    get_side(&c, a, "initial_control", &x->control) ||
		    get_int(&c, a, "x", 0, 100, &x->x) || get_int(&c, a, "y", 0, 100, &x->y) ||
		    get_source(&c, a, NULL))
			return -1;
		const char *src = json_string_value(json_object_get(a, "source"));
		x->named_by_rule = strncmp(src, "rule ", 5) == 0;
	}
	const json_t *bridges = get_array(&c, root, "bridges");
	if (!bridges)
		return -1;
	if (json_array_size(bridges) > BOAL_BRIDGES_MAX)
		return tg_fail(err, TG_E_DATA, "map.json: more than %d bridges", BOAL_BRIDGES_MAX);
	json_array_foreach(bridges, i, a)
	{
		snprintf(c.item, sizeof c.item, "bridges[%zu]", i);
		struct boal_bridge *b = &d->bridge[i];
		if (get_pair(&c, a, &b->a, &b->b) ||
		    get_str(&c, a, "name", b->name, sizeof b->name) ||
		    get_side(&c, a, "initial", &b->initial) || get_source(&c, a, &b->by_rule))
			return -1;
		for (size_t j = 0; j < i; j++)
			if ((d->bridge[j].a == b->a && d->bridge[j].b == b->b) ||
			    (d->bridge[j].a == b->b && d->bridge[j].b == b->a))
				return tg_fail(err, TG_E_DATA, "map.json: two bridges on %d-%d",
				               b->a, b->b);
		d->n_bridges = (int)i + 1;
	}
	const json_t *bounds = get_array(&c, root, "boundaries");
	if (!bounds)
		return -1;
	json_array_foreach(bounds, i, a)
	{
		snprintf(c.item, sizeof c.item, "boundaries[%zu]", i);
		int x = 0, y = 0, br = -1;
		bool road = false;
		if (get_pair(&c, a, &x, &y) || get_bool(&c, a, "road", &road) ||
		    get_source(&c, a, NULL))
			return -1;
		int type = tg_boundary_parse(json_string_value(json_object_get(a, "type")));
		if (type < 0)
			return fail(&c, "must be \"open\", \"minor\" or \"major\"", "type");
		const json_t *bn = json_object_get(a, "bridge");
		if (json_is_string(bn)) {
			br = boal_data_bridge(d, x, y);
			if (br < 0 || strcmp(d->bridge[br].name, json_string_value(bn)) != 0)
				return fail(&c, "names no bridge of \"bridges\" on this boundary",
				            "bridge");
		} else if (!json_is_null(bn)) {
			return fail(&c, "must be a bridge name or null", "bridge");
		}
		if ((type == TG_BOUNDARY_MAJOR) != (br >= 0))
			return tg_fail(err, TG_E_DATA,
			               "map.json: %s: a major water boundary is crossed only at a "
			               "bridge, and a bridge spans only major water (3.2.5, 9.5.2)",
			               c.item);
		if (tg_areagraph_add(&d->graph, x, y, (enum tg_boundary)type, road, br) != 0)
			return tg_fail(
			    err, TG_E_DATA,
			    "map.json: %s: boundary %d-%d repeated or an area has too many", c.item,
			    x, y);
	}
	for (int b = 0; b < d->n_bridges; b++)
		if (!tg_areagraph_adjacent(&d->graph, d->bridge[b].a, d->bridge[b].b))
			return tg_fail(err, TG_E_DATA, "map.json: bridge %s: no boundary %d-%d",
			               d->bridge[b].name, d->bridge[b].a, d->bridge[b].b);
	/* 15.6: the James River areas, and White House Landing's gunboat defense */
	c.item[0] = '\0';
	const json_t *jr = get_object(&c, root, "james_river");
	const json_t *gd = jr ? get_object(&c, root, "gunboat_defense_extra") : NULL;
	if (!gd)
		return -1;
	const json_t *lists[2] = {json_object_get(jr, "areas"), json_object_get(gd, "areas")};
	for (int l = 0; l < 2; l++) {
		if (!json_is_array(lists[l]))
			return tg_fail(err, TG_E_DATA, "map.json: 15.6 area lists must be arrays");
		json_array_foreach(lists[l], i, a)
		{
			json_int_t id = json_integer_value(a);
			if (!json_is_integer(a) || id < 1 || id > BOAL_AREAS)
				return tg_fail(err, TG_E_DATA, "map.json: 15.6 lists a non-area");
			if (l == 0 && !d->area[id].james_river)
				return tg_fail(
				    err, TG_E_DATA,
				    "map.json: area %lld is in james_river but not marked so",
				    (long long)id);
			d->area[id].gunboat_defense = true;
		}
	}
	for (int id = 1; id <= BOAL_AREAS; id++)
		if (d->area[id].james_river && !d->area[id].gunboat_defense)
			return tg_fail(err, TG_E_DATA,
			               "map.json: area %d is marked james_river but not listed",
			               id);
	return 0;
}

/* ---- units.json: 4.3.3 commands, 5.2 units and leaders ---- */

static int unit_type(const char *s)
{
	static const char *const t[] = {"infantry", "artillery", "cavalry", "horse_artillery"};
	for (int i = 0; i < 4; i++)
		if (s && strcmp(s, t[i]) == 0)
			return i;
	return -1;
}

static int load_units(const json_t *root, struct boal_data *d, struct tg_error *err)
{
	struct ctx c = {.file = "units.json", .err = err};
	const json_t *cmds = get_array(&c, root, "commands");
	const json_t *units = cmds ? get_array(&c, root, "units") : NULL;
	const json_t *leaders = units ? get_array(&c, root, "leaders") : NULL;
	if (!leaders || get_int(&c, root, "leader_mf", 1, 20, &d->leader_mf))
		return -1;
	if (json_array_size(cmds) > BOAL_COMMANDS_MAX || json_array_size(units) > BOAL_UNITS_MAX ||
	    json_array_size(leaders) > BOAL_LEADERS_MAX)
		return tg_fail(err, TG_E_DATA,
		               "units.json: more items than the bounds of boal_data.h");
	size_t i;
	const json_t *o;
	json_array_foreach(cmds, i, o)
	{
		snprintf(c.item, sizeof c.item, "commands[%zu]", i);
		struct boal_command *k = &d->command[i];
		if (get_side(&c, o, "side", &k->side) ||
		    get_str(&c, o, "id", k->id, sizeof k->id) ||
		    get_str(&c, o, "name", k->name, sizeof k->name) ||
		    get_bool(&c, o, "optional", &k->optional) || get_source(&c, o, NULL))
			return -1;
		if (boal_data_command(d, k->side, k->id) >= 0)
			return tg_fail(err, TG_E_DATA, "units.json: command %s twice", k->id);
		k->independent = strcmp(k->id, "independent") == 0;
		d->n_commands = (int)i + 1;
	}
	json_array_foreach(units, i, o)
	{
		snprintf(c.item, sizeof c.item, "units[%zu]", i);
		struct boal_unit *u = &d->unit[i];
		char cmd[BOAL_ID_MAX];
		if (get_str(&c, o, "id", u->id, sizeof u->id))
			return -1;
		snprintf(c.item, sizeof c.item, "unit %s", u->id);
		if (boal_data_unit(d, u->id) >= 0)
			return tg_fail(err, TG_E_DATA, "units.json: unit %s twice", u->id);
		if (get_str(&c, o, "name", u->name, sizeof u->name) ||
		    get_side(&c, o, "side", &u->side) ||
		    get_str(&c, o, "command", cmd, sizeof cmd) ||
		    get_int(&c, o, "attack", 0, 12, &u->attack) ||
		    get_int(&c, o, "defense", 0, 12, &u->defense) ||
		    get_int(&c, o, "move", 0, 12, &u->move) ||
		    get_int(&c, o, "setup", 1, BOAL_AREAS, &u->setup) || get_source(&c, o, NULL))
			return -1;
		u->type = unit_type(json_string_value(json_object_get(o, "type")));
		if (u->type < 0)
			return fail(&c, "must be infantry, artillery, cavalry or horse_artillery",
			            "type");
		u->command = boal_data_command(d, u->side, cmd);
		if (u->command < 0)
			return fail(&c, "names no command of its side (4.3.3)", "command");
		const char *src = json_string_value(json_object_get(o, "source"));
		u->factors_by_rule = strstr(src, "reconstructed: factors") == NULL;
		const json_t *r = json_object_get(o, "reduced");
		if (r != NULL) {
			if (!json_is_array(r) || json_array_size(r) != 3)
				return fail(&c, "must be [attack, defense, move]", "reduced");
			int *f[3] = {&u->reduced_attack, &u->reduced_defense, &u->reduced_move};
			for (size_t k = 0; k < 3; k++) {
				if (!json_is_integer(json_array_get(r, k)))
					return fail(&c, "must be [attack, defense, move]",
					            "reduced");
				*f[k] = (int)json_integer_value(json_array_get(r, k));
			}
			u->reduced = true;
		}
		d->n_units = (int)i + 1;
	}
	json_array_foreach(leaders, i, o)
	{
		snprintf(c.item, sizeof c.item, "leaders[%zu]", i);
		struct boal_leader *l = &d->leader[i];
		if (get_str(&c, o, "id", l->id, sizeof l->id))
			return -1;
		snprintf(c.item, sizeof c.item, "leader %s", l->id);
		if (boal_data_leader(d, l->id) >= 0)
			return tg_fail(err, TG_E_DATA, "units.json: leader %s twice", l->id);
		if (get_str(&c, o, "name", l->name, sizeof l->name) ||
		    get_side(&c, o, "side", &l->side) || get_bool(&c, o, "army", &l->army) ||
		    get_int(&c, o, "initiative", 1, 6, &l->initiative) ||
		    get_int(&c, o, "setup", 1, BOAL_AREAS, &l->setup) || get_source(&c, o, NULL))
			return -1;
		if (l->army) {
			/* 4.4.1: "Army Leaders have only an Initiative Rating" */
			if (!json_is_null(json_object_get(o, "combat")) ||
			    !json_is_null(json_object_get(o, "command")))
				return fail(&c, "of an Army Leader must be null (4.4.1)",
				            "combat/command");
			l->combat = 0;
			l->command = -1;
		} else {
			char cmd[BOAL_ID_MAX];
			if (get_int(&c, o, "combat", 0, 6, &l->combat) ||
			    get_str(&c, o, "command", cmd, sizeof cmd))
				return -1;
			l->command = boal_data_command(d, l->side, cmd);
			if (l->command < 0 || d->command[l->command].independent)
				return fail(&c, "names no command of its side (4.3.3)", "command");
		}
		d->n_leaders = (int)i + 1;
	}
	for (int s = 0; s < 2; s++) {
		int armies = 0;
		for (int k = 0; k < d->n_leaders; k++)
			armies += d->leader[k].army && d->leader[k].side == s;
		if (armies != 1)
			return tg_fail(err, TG_E_DATA,
			               "units.json: the %s needs one Army Leader (4.4.1)",
			               boal_side_name(s));
	}
	return 0;
}

/* ---- setup.json: 5.1 markers, 5.2 entrenchments and the Supply Train ---- */

static int load_setup(const json_t *root, struct boal_data *d, struct tg_error *err)
{
	struct ctx c = {.file = "setup.json", .err = err};
	const json_t *en = get_array(&c, root, "entrenchments");
	if (!en)
		return -1;
	if (json_array_size(en) > BOAL_ENTRENCH_MAX)
		return tg_fail(err, TG_E_DATA, "setup.json: too many entrenchments");
	size_t i;
	const json_t *o;
	json_array_foreach(en, i, o)
	{
		snprintf(c.item, sizeof c.item, "entrenchments[%zu]", i);
		struct boal_entrench *e = &d->entrench[i];
		if (get_int(&c, o, "area", 1, BOAL_AREAS, &e->area) ||
		    get_side(&c, o, "side", &e->side) || get_int(&c, o, "level", 1, 2, &e->level) ||
		    get_source(&c, o, NULL))
			return -1;
		d->n_entrench = (int)i + 1;
	}
	c.item[0] = '\0';
	const json_t *tr = get_object(&c, root, "supply_train");
	const json_t *adv = tr ? get_object(&c, root, "advantage") : NULL;
	const json_t *rp = adv ? get_object(&c, root, "replacements") : NULL;
	if (!rp || get_int(&c, tr, "area", 1, BOAL_AREAS, &d->train_area) ||
	    get_side(&c, adv, "holder", &d->advantage) ||
	    get_int(&c, adv, "impulse", 0, 0, &d->advantage_space) ||
	    get_int(&c, rp, "union", 0, 0, &d->rp[BOAL_UNION]) ||
	    get_int(&c, rp, "confederate", 0, 0, &d->rp[BOAL_CONFEDERATE]))
		return -1;
	return 0;
}

/* ---- tracks.json: 3.3-3.5 and the numbers the text gives ---- */

static int load_tracks(const json_t *root, const json_t *setup, struct boal_data *d,
                       struct tg_error *err)
{
	struct ctx c = {.file = "tracks.json", .err = err};
	const json_t *turns = get_array(&c, root, "turns");
	if (!turns)
		return -1;
	if (json_array_size(turns) == 0 || json_array_size(turns) > BOAL_TURNS_MAX)
		return tg_fail(err, TG_E_DATA, "tracks.json: 1..%d turns", BOAL_TURNS_MAX);
	const char *first = json_string_value(json_object_get(setup, "turn"));
	d->first_turn = -1;
	size_t i;
	const json_t *o;
	json_array_foreach(turns, i, o)
	{
		snprintf(c.item, sizeof c.item, "turns[%zu]", i);
		char id[16];
		if (get_str(&c, o, "id", id, sizeof id) ||
		    get_str(&c, o, "label", d->turn_label[i], sizeof d->turn_label[i]) ||
		    get_bool(&c, o, "optional", &d->turn_optional[i]) || get_source(&c, o, NULL))
			return -1;
		if (first && strcmp(first, id) == 0)
			d->first_turn = (int)i;
		d->n_turns = (int)i + 1;
	}
	if (d->first_turn < 0)
		return tg_fail(err, TG_E_DATA, "setup.json: \"turn\" names no turn of tracks.json");
	c.item[0] = '\0';
	const json_t *imp = get_object(&c, root, "impulses"), *rec = get_object(&c, root, "record");
	const json_t *ent = get_object(&c, root, "entrenchment_markers");
	const json_t *stk = get_object(&c, root, "stacking");
	const json_t *brc = get_object(&c, root, "bridge_crossing");
	const json_t *al = get_object(&c, root, "army_leader");
	const json_t *rp = get_object(&c, root, "replacements");
	const json_t *mc = get_object(&c, root, "move_costs");
	const json_t *cp = get_object(&c, root, "casualty_points");
	const json_t *we = get_object(&c, root, "weather");
	if (!imp || !rec || !ent || !stk || !brc || !al || !rp || !mc || !cp || !we)
		return -1;
	if (get_int(&c, imp, "first", 0, 0, &d->impulse_first) ||
	    get_int(&c, imp, "last", 2, 40, &d->impulse_last) ||
	    get_int(&c, rec, "max", 1, 999, &d->record_max) ||
	    get_int(&c, ent, "union", 0, 40, &d->entrench_markers[BOAL_UNION]) ||
	    get_int(&c, ent, "confederate", 0, 40, &d->entrench_markers[BOAL_CONFEDERATE]) ||
	    get_int(&c, stk, "max", 1, 40, &d->stacking_max) ||
	    get_int(&c, brc, "max", 1, 40, &d->bridge_crossing_max) ||
	    get_int(&c, al, "lee", 1, 6, &d->lee_active_on) ||
	    get_int(&c, al, "mcclellan", 1, 6, &d->mcclellan_active_on) ||
	    get_int(&c, al, "train_moved_drm", -6, 0, &d->train_moved_drm) ||
	    get_int(&c, rp, "confederate", 0, 9, &d->rp_confederate) ||
	    get_int(&c, rp, "union_train_at_landing", 0, 9, &d->rp_union_landing) ||
	    get_int(&c, rp, "union_otherwise", 0, 9, &d->rp_union_otherwise) ||
	    get_int(&c, rp, "advantage_extra", 0, 9, &d->rp_advantage) ||
	    get_int(&c, root, "supply_train_transit_days", 1, 7, &d->train_transit_days) ||
	    get_int(&c, mc, "vacant", 1, 9, &d->move_cost.vacant) ||
	    get_int(&c, mc, "vacant_adjacent_fresh_artillery", 1, 9,
	            &d->move_cost.vacant_by_fresh_artillery) ||
	    get_int(&c, mc, "only_exhausted_enemy", 1, 9, &d->move_cost.only_exhausted) ||
	    get_int(&c, mc, "fresh_enemy", 1, 9, &d->move_cost.fresh_enemy) ||
	    get_int(&c, mc, "contested_exit_exhausted", 1, 9, &d->move_cost.contested_exhausted) ||
	    get_int(&c, mc, "contested_exit_fresh", 1, 9, &d->move_cost.contested_fresh) ||
	    get_int(&c, cp, "fresh_exhausted", 1, 9, &d->cp.fresh_exhausted) ||
	    get_int(&c, cp, "fresh_eliminated", 1, 9, &d->cp.fresh_eliminated) ||
	    get_int(&c, cp, "exhausted_retreats", 1, 9, &d->cp.exhausted_retreats) ||
	    get_int(&c, cp, "fresh_exhausted_and_retreats", 1, 9,
	            &d->cp.fresh_exhausted_retreats) ||
	    get_int(&c, cp, "exhausted_eliminated", 1, 9, &d->cp.exhausted_eliminated) ||
	    get_int(&c, we, "rain_on", 1, 6, &d->rain_on))
		return -1;
	return 0;
}

/* ---- cross-file checks ---- */

static int cross_check(const struct boal_data *d, struct tg_error *err)
{
	int stack[2][BOAL_AREAS + 1] = {{0}};
	for (int u = 0; u < d->n_units; u++)
		stack[d->unit[u].side][d->unit[u].setup]++;
	for (int s = 0; s < 2; s++)
		for (int a = 1; a <= BOAL_AREAS; a++)
			if (stack[s][a] > d->stacking_max)
				return tg_fail(
				    err, TG_E_DATA,
				    "units.json: %d %s units set up in area %d (7.1: %d)",
				    stack[s][a], boal_side_name(s), a, d->stacking_max);
	for (int s = 0; s < 2; s++)
		for (int a = 1; a <= BOAL_AREAS; a++)
			if (stack[s][a] > 0 && d->area[a].control != s)
				return tg_fail(
				    err, TG_E_DATA,
				    "map.json: area %d starts %s-controlled but holds %s units", a,
				    boal_side_name(!s), boal_side_name(s));
	for (int e = 0; e < d->n_entrench; e++) {
		const struct boal_entrench *x = &d->entrench[e];
		if (stack[x->side][x->area] == 0)
			return tg_fail(err, TG_E_DATA,
			               "setup.json: an entrenchment in area %d without %s "
			               "units",
			               x->area, boal_side_name(x->side));
	}
	if (d->area[d->train_area].control != BOAL_UNION)
		return tg_fail(err, TG_E_DATA,
		               "setup.json: the Supply Train must start in a Union area");
	return 0;
}

int boal_data_load(const char *dir, struct boal_data *d, struct tg_error *err)
{
	static const char *const files[4] = {"map.json", "units.json", "setup.json", "tracks.json"};
	json_t *root[4] = {NULL};
	int rc = -1;
	memset(d, 0, sizeof *d);
	for (int f = 0; f < 4; f++) {
		char path[1024];
		int n = snprintf(path, sizeof path, "%s/%s", dir, files[f]);
		if (n < 0 || (size_t)n >= sizeof path) {
			tg_fail(err, TG_E_DATA, "%s: the data folder's path is too long", files[f]);
			goto out;
		}
		json_error_t je;
		root[f] = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
		if (!json_is_object(root[f])) {
			tg_fail(err, TG_E_DATA, "%s: line %d: %s", files[f], je.line,
			        root[f] ? "the document must be an object" : je.text);
			goto out;
		}
	}
	if (load_map(root[0], d, err) || load_units(root[1], d, err) ||
	    load_setup(root[2], d, err) || load_tracks(root[3], root[2], d, err) ||
	    cross_check(d, err))
		goto out;
	rc = 0;
out:
	for (int f = 0; f < 4; f++)
		json_decref(root[f]);
	return rc;
}

static struct boal_data the_data;
static struct tg_error the_error;
static int the_rc = -1;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load_once(void)
{
	the_rc = boal_data_load(TG_BOAL_DATA_DIR, &the_data, &the_error);
}

const struct boal_data *boal_data(struct tg_error *err)
{
	pthread_once(&once, load_once);
	if (the_rc != 0) {
		if (err)
			*err = the_error;
		return NULL;
	}
	return &the_data;
}

int boal_data_unit(const struct boal_data *d, const char *id)
{
	for (int i = 0; i < d->n_units; i++)
		if (strcmp(d->unit[i].id, id) == 0)
			return i;
	return -1;
}

int boal_data_leader(const struct boal_data *d, const char *id)
{
	for (int i = 0; i < d->n_leaders; i++)
		if (strcmp(d->leader[i].id, id) == 0)
			return i;
	return -1;
}

int boal_data_command(const struct boal_data *d, int side, const char *id)
{
	for (int i = 0; i < d->n_commands; i++)
		if (d->command[i].side == side && strcmp(d->command[i].id, id) == 0)
			return i;
	return -1;
}

int boal_data_bridge(const struct boal_data *d, int a, int b)
{
	for (int i = 0; i < d->n_bridges; i++)
		if ((d->bridge[i].a == a && d->bridge[i].b == b) ||
		    (d->bridge[i].a == b && d->bridge[i].b == a))
			return i;
	return -1;
}

const char *boal_side_name(int side)
{
	return side == BOAL_UNION ? "union" : side == BOAL_CONFEDERATE ? "confederate" : "none";
}
