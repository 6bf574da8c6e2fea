/* lw_data_track.c — reads turns.json (the turn track, 1.1), scenarios.json
 * (5.0, 21.3) and tables.json (16.8, 13.2.2.1, 16.4, 16.6, 7.1, 21.3). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_data_internal.h"

static int side_pair(const struct lw_ctx *c, const json_t *o, const char *key, int lo, int hi,
                     int out[3])
{
	const json_t *p;
	if (lw_get_object(c, o, key, &p) < 0 ||
	    lw_get_int(c, p, "union", lo, hi, &out[LW_UNION]) < 0 ||
	    lw_get_int(c, p, "confederate", lo, hi, &out[LW_CONFEDERATE]) < 0)
		return -1;
	return 0;
}

int lw_load_turns(struct lw_data_owned *o, struct lw_data_error *err)
{
	static const char F[] = "turns.json";
	struct lw_ctx c = {err, F, NULL};
	const json_t *arr;
	if (lw_get_array(&c, o->root[LW_F_TURNS], "turns", &arr) < 0)
		return -1;
	if (json_array_size(arr) != 7)
		return lw_fail(err, LW_DATA_ERULE, F, NULL,
		               "the track has seven turns, Summer 1861 to Summer 1864 (1.1)");
	o->turns = calloc(7, sizeof *o->turns);
	if (o->turns == NULL)
		return lw_fail(err, LW_DATA_ENOMEM, F, NULL, "out of memory");
	o->pub.turns = o->turns;
	size_t i;
	const json_t *j;
	json_array_foreach(arr, i, j)
	{
		struct lw_turn *t = &o->turns[i];
		char item[32];
		snprintf(item, sizeof item, "turn #%zu", i + 1);
		struct lw_ctx tc = {err, F, item};
		const char *season;
		t->index = (int)i;
		if (lw_get_str(&tc, j, "id", &t->id) < 0 ||
		    lw_get_str(&tc, j, "name", &t->name) < 0 ||
		    lw_get_int(&tc, j, "year", 1861, 1864, &t->year) < 0 ||
		    lw_get_str(&tc, j, "season", &season) < 0 ||
		    lw_get_int(&tc, j, "hand_size", 1, 12, &t->hand_size) < 0 ||
		    lw_get_int(&tc, j, "washington_defense", 0, 9, &t->washington_defense) < 0 ||
		    lw_get_int(&tc, j, "richmond_defense", 0, 9, &t->richmond_defense) < 0 ||
		    side_pair(&tc, j, "draft", 0, 9, t->draft) < 0 ||
		    lw_get_bool(&tc, j, "cs_manpower_roll", false, &t->cs_manpower_roll) < 0 ||
		    side_pair(&tc, j, "rail_stars", 0, 20, t->rail_stars) < 0 ||
		    lw_get_int(&tc, j, "amphib_stars", 0, 9, &t->amphib_stars) < 0 ||
		    lw_get_int(&tc, j, "fleets", 0, 9, &t->fleets) < 0 ||
		    lw_get_int(&tc, j, "raiders", 0, 9, &t->raiders) < 0 ||
		    lw_get_int(&tc, j, "assets", 0, 9, &t->assets) < 0 ||
		    lw_get_int(&tc, j, "ep_union_lead", 0, 99, &t->ep_union_lead) < 0 ||
		    lw_get_int(&tc, j, "bi_cs_lead", -1, 99, &t->bi_cs_lead) < 0 ||
		    lw_check_source(&tc, j, &t->source) < 0)
			return -1;
		if (strcmp(season, "spring") != 0 && strcmp(season, "summer") != 0)
			return lw_fail(err, LW_DATA_ESCHEMA, F, item, "season is spring or summer");
		t->spring = strcmp(season, "spring") == 0;
		if (t->spring == (i % 2 == 0))
			return lw_fail(err, LW_DATA_ERULE, F, item,
			               "turns alternate Summer and Spring from Summer 1861 (1.1)");
		o->pub.n_turns = i + 1;
	}
	return 0;
}

static int scenario_setup(struct lw_data_owned *o, size_t si, const json_t *j,
                          struct lw_data_error *err, const char *item)
{
	static const char F[] = "scenarios.json";
	struct lw_scenario *s = &o->scenarios[si];
	const json_t *setup = json_object_get(j, "setup");
	size_t n = 0;
	struct lw_setup_entry *e;
	if (json_is_string(setup) && strcmp(json_string_value(setup), "counters") == 0) {
		/* 5.0: every general with a hex printed and no turn, on his one-star side. */
		e = calloc(o->pub.n_generals ? o->pub.n_generals : 1, sizeof *e);
		if (e == NULL)
			return lw_fail(err, LW_DATA_ENOMEM, F, item, "out of memory");
		for (size_t g = 0; g < o->pub.n_generals; g++)
			if (o->generals[g].arrival_turn == LW_ON_MAP)
				e[n++] = (struct lw_setup_entry){o->generals[g].id,
				                                 o->generals[g].setup_hex, 1};
	} else if (json_is_array(setup)) {
		e = calloc(json_array_size(setup) ? json_array_size(setup) : 1, sizeof *e);
		if (e == NULL)
			return lw_fail(err, LW_DATA_ENOMEM, F, item, "out of memory");
		size_t i;
		const json_t *x;
		json_array_foreach(setup, i, x)
		{
			struct lw_ctx c = {err, F, item};
			if (lw_get_str(&c, x, "general", &e[n].general) < 0 ||
			    lw_get_hex(&c, &o->pub.grid, x, "hex", false, &e[n].hex) < 0 ||
			    lw_get_int(&c, x, "stars", 1, 3, &e[n].stars) < 0) {
				free(e);
				return -1;
			}
			const struct lw_general *g = lw_data_general(&o->pub, e[n].general);
			if (g == NULL || e[n].stars > g->max_stars) {
				free(e);
				return lw_fail(
				    err, LW_DATA_EREF, F, item,
				    "setup names unknown general \"%s\" or too many stars",
				    json_string_value(json_object_get(x, "general")));
			}
			n++;
		}
	} else {
		return lw_fail(err, LW_DATA_ESCHEMA, F, item,
		               "\"setup\" must be \"counters\" or a list of placements");
	}
	o->setups[si] = e;
	s->setup = e;
	s->n_setup = n;
	return 0;
}

int lw_load_scenarios(struct lw_data_owned *o, struct lw_data_error *err)
{
	static const char F[] = "scenarios.json";
	struct lw_ctx c = {err, F, NULL};
	const json_t *arr;
	if (lw_get_array(&c, o->root[LW_F_SCENARIOS], "scenarios", &arr) < 0)
		return -1;
	size_t n = json_array_size(arr);
	if (n == 0 || n > 16)
		return lw_fail(err, LW_DATA_ESCHEMA, F, NULL, "1 to 16 scenarios");
	o->scenarios = calloc(n, sizeof *o->scenarios);
	o->setups = calloc(n, sizeof *o->setups);
	if (o->scenarios == NULL || o->setups == NULL)
		return lw_fail(err, LW_DATA_ENOMEM, F, NULL, "out of memory");
	o->n_setups = n;
	o->pub.scenarios = o->scenarios;
	size_t i;
	const json_t *j;
	json_array_foreach(arr, i, j)
	{
		struct lw_scenario *s = &o->scenarios[i];
		char item[64];
		snprintf(item, sizeof item, "scenario '%s'",
		         json_string_value(json_object_get(j, "id"))
		             ? json_string_value(json_object_get(j, "id"))
		             : "?");
		struct lw_ctx sc = {err, F, item};
		const char *first, *last, *init, *vside;
		const json_t *victory, *gic;
		if (lw_get_str(&sc, j, "id", &s->id) < 0 ||
		    lw_get_str(&sc, j, "name", &s->name) < 0 ||
		    lw_get_str(&sc, j, "first_turn", &first) < 0 ||
		    lw_get_str(&sc, j, "last_turn", &last) < 0 ||
		    side_pair(&sc, j, "pc", 0, 99, s->pc) < 0 ||
		    side_pair(&sc, j, "csp", 0, 10, s->csp) < 0 ||
		    lw_get_str(&sc, j, "initiative", &init) < 0 ||
		    lw_get_object(&sc, j, "victory", &victory) < 0 ||
		    lw_get_str(&sc, victory, "side", &vside) < 0 ||
		    lw_get_int(&sc, victory, "margin", 0, 99, &s->vp_margin) < 0 ||
		    lw_get_bool(&sc, j, "ignore_mississippi_and_ports", false,
		                &s->ignore_mississippi_and_ports) < 0 ||
		    lw_get_object(&sc, j, "gic_choices", &gic) < 0 ||
		    lw_check_source(&sc, j, &s->source) < 0)
			return -1;
		s->first_turn = lw_data_turn_index(&o->pub, first);
		s->last_turn = lw_data_turn_index(&o->pub, last);
		if (s->first_turn < 0 || s->last_turn < s->first_turn)
			return lw_fail(err, LW_DATA_EREF, F, item,
			               "turns \"%s\"..\"%s\" are not a span of the track", first,
			               last);
		int is = lw_side_parse(init), vs = lw_side_parse(vside);
		if (is < 0 || vs < 0)
			return lw_fail(err, LW_DATA_ESCHEMA, F, item,
			               "initiative and victory side are union or confederate");
		s->initiative = (enum lw_side)is;
		s->vp_side = (enum lw_side)vs;
		for (int side = LW_UNION; side <= LW_CONFEDERATE; side++) {
			const json_t *ch = json_object_get(gic, lw_side_name((enum lw_side)side));
			if (!json_is_array(ch) || json_array_size(ch) != 2)
				return lw_fail(err, LW_DATA_ESCHEMA, F, item,
				               "two GiC choices per side (5.0)");
			for (size_t k = 0; k < 2; k++) {
				const char *id = json_string_value(json_array_get(ch, k));
				const struct lw_general *g = lw_data_general(&o->pub, id ? id : "");
				if (g == NULL || (int)g->side != side || g->max_stars != 3 ||
				    g->arrival_turn != LW_ON_MAP)
					return lw_fail(
					    err, LW_DATA_EREF, F, item,
					    "GiC choice \"%s\" must be a general of that side on "
					    "the map with a three-star counter (11.1.1)",
					    id ? id : "?");
				s->gic_choices[side][k] = id;
			}
		}
		if (scenario_setup(o, i, j, err, item) < 0)
			return -1;
		for (size_t q = 0; q < i; q++)
			if (strcmp(o->scenarios[q].id, s->id) == 0)
				return lw_fail(err, LW_DATA_ERULE, F, item,
				               "duplicate scenario id");
		o->pub.n_scenarios = i + 1;
	}
	return 0;
}

static int casualty(const struct lw_ctx *c, const json_t *root, struct lw_casualty_table *t)
{
	const json_t *tab, *res, *mod;
	const char *src;
	if (lw_get_object(c, root, "general_casualty", &tab) < 0 ||
	    lw_check_source(c, tab, &src) < 0 || lw_get_object(c, tab, "results", &res) < 0 ||
	    lw_get_object(c, tab, "modifiers", &mod) < 0 ||
	    lw_get_int(c, mod, "gic_co_lone", -3, 3, &t->mod_gic_co_lone) < 0 ||
	    lw_get_int(c, mod, "sharpshooter", -3, 3, &t->mod_sharpshooter) < 0)
		return -1;
	static const char *const names[] = {"miss", "wound", "kill", "one_star", "two_star"};
	for (int s = 1; s <= 3; s++) {
		char key[2] = {(char)('0' + s), '\0'};
		const json_t *row = json_object_get(res, key);
		if (!json_is_array(row) || json_array_size(row) != 12)
			return lw_fail(c->err, LW_DATA_ESCHEMA, c->file, "general_casualty",
			               "row \"%s\" must list 12 results (rolls 1..12)", key);
		t->result[s - 1][0] = LW_CAS_MISS;
		for (int r = 1; r <= 12; r++) {
			const char *v = json_string_value(json_array_get(row, (size_t)(r - 1)));
			int k = -1;
			for (int q = 0; q < 5; q++)
				if (v && strcmp(v, names[q]) == 0)
					k = q;
			if (k < 0)
				return lw_fail(c->err, LW_DATA_ESCHEMA, c->file, "general_casualty",
				               "row %s roll %d: unknown result", key, r);
			t->result[s - 1][r] = (enum lw_casualty)k;
		}
	}
	return 0;
}

static int raid(const struct lw_ctx *c, const json_t *root, struct lw_raid_table *t)
{
	const json_t *tab, *res, *mod;
	const char *src;
	if (lw_get_object(c, root, "cavalry_raid", &tab) < 0 || lw_check_source(c, tab, &src) < 0 ||
	    lw_get_array(c, tab, "results", &res) < 0 ||
	    lw_get_object(c, tab, "modifiers", &mod) < 0 ||
	    lw_get_int(c, mod, "two_star", -3, 3, &t->mod_two_star) < 0 ||
	    lw_get_int(c, mod, "out_of_supply", -3, 3, &t->mod_out_of_supply) < 0 ||
	    lw_get_int(c, mod, "per_it", -3, 3, &t->mod_per_it) < 0)
		return -1;
	if (json_array_size(res) != 6)
		return lw_fail(c->err, LW_DATA_ESCHEMA, c->file, "cavalry_raid",
		               "six results (die 1..6)");
	for (int d = 1; d <= 6; d++) {
		const char *v = json_string_value(json_array_get(res, (size_t)(d - 1)));
		if (v == NULL || (strcmp(v, "fail") != 0 && strcmp(v, "succeed") != 0))
			return lw_fail(c->err, LW_DATA_ESCHEMA, c->file, "cavalry_raid",
			               "die %d: result is fail or succeed", d);
		t->success[d] = strcmp(v, "succeed") == 0;
	}
	return 0;
}

static int indecisive(const struct lw_ctx *c, const json_t *root, struct lw_indecisive_table *t)
{
	const json_t *tab, *vals, *mods;
	if (lw_get_object(c, root, "indecisive", &tab) < 0 ||
	    lw_check_source(c, tab, &t->source) < 0 || lw_get_array(c, tab, "values", &vals) < 0 ||
	    lw_get_object(c, tab, "tco_modifier", &mods) < 0)
		return -1;
	if (json_array_size(vals) != 8)
		return lw_fail(c->err, LW_DATA_ESCHEMA, c->file, "indecisive",
		               "eight values for modified rolls 1..8");
	for (int r = 1; r <= 8; r++) {
		const json_t *v = json_array_get(vals, (size_t)(r - 1));
		if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 9)
			return lw_fail(c->err, LW_DATA_ESCHEMA, c->file, "indecisive",
			               "value for roll %d must be 0..9", r);
		t->value[r] = (int)json_integer_value(v);
	}
	for (int s = 1; s <= 3; s++) {
		char key[2] = {(char)('0' + s), '\0'};
		if (lw_get_int(c, mods, key, 0, 3, &t->tco_modifier[s]) < 0)
			return -1;
	}
	return 0;
}

static int costs(const struct lw_ctx *c, const json_t *root, struct lw_costs *k)
{
	const json_t *o;
	const char *src;
	if (lw_get_object(c, root, "costs", &o) < 0 || lw_check_source(c, o, &src) < 0)
		return -1;
	struct {
		const char *key;
		int *v;
	} m[] = {{"disgraced_general", &k->disgraced_general},
	         {"promote_two_star", &k->promote_two_star},
	         {"promote_three_star", &k->promote_three_star},
	         {"gic", &k->gic},
	         {"gic_after_defeat", &k->gic_after_defeat},
	         {"co_swap", &k->co_swap},
	         {"csp_each", &k->csp_each},
	         {"csp_max", &k->csp_max},
	         {"raider", &k->raider},
	         {"asset", &k->asset},
	         {"fleet", &k->fleet},
	         {"assassination", &k->assassination},
	         {"tco_star", &k->tco_star},
	         {"foray", &k->foray},
	         {"campaign_min_pc", &k->campaign_min_pc},
	         {"seditious_free_discard_pc", &k->seditious_free_discard_pc},
	         {"passing_bonus_pc", &k->passing_bonus_pc},
	         {"withdrawal_success", &k->withdrawal_success}};
	for (size_t i = 0; i < sizeof m / sizeof m[0]; i++)
		if (lw_get_int(c, o, m[i].key, 0, 20, m[i].v) < 0)
			return -1;
	return 0;
}

static int naval(const struct lw_ctx *c, const json_t *root, struct lw_naval *n)
{
	const json_t *o, *assets, *raid;
	if (lw_get_object(c, root, "naval", &o) < 0 || lw_check_source(c, o, &n->source) < 0 ||
	    lw_get_object(c, o, "assets", &assets) < 0 || lw_get_array(c, o, "raid_min", &raid) < 0)
		return -1;
	struct {
		const json_t *obj;
		const char *key;
		int *v;
	} m[] = {{o, "raiders", &n->raiders},
	         {o, "raid_columns", &n->raid_columns},
	         {assets, "ironclad", &n->ironclads},
	         {assets, "hunley", &n->hunley},
	         {assets, "false_information", &n->false_information},
	         {o, "max_assets_per_port", &n->max_assets_per_port},
	         {o, "ironclad_river_hexes", &n->ironclad_river_hexes},
	         {o, "ironclad_port_defense", &n->ironclad_port_defense},
	         {o, "run_blockade_min", &n->run_blockade_min},
	         {o, "hunley_cancel_min", &n->hunley_cancel_min},
	         {o, "asset_destroy_min", &n->asset_destroy_min},
	         {o, "foote_bonus", &n->foote_bonus},
	         {o, "shadow_sink_min", &n->shadow_sink_min},
	         {o, "shadow_hunt_sink_min", &n->shadow_hunt_sink_min},
	         {o, "blockade_it_threshold", &n->blockade_it_threshold},
	         {o, "blockade_defense_minus", &n->blockade_defense_minus}};
	for (size_t i = 0; i < sizeof m / sizeof m[0]; i++)
		if (lw_get_int(c, m[i].obj, m[i].key, 0, 20, m[i].v) < 0)
			return -1;
	if (json_array_size(raid) != 3)
		return lw_fail(c->err, LW_DATA_ESCHEMA, c->file, "naval",
		               "raid_min lists the roll needed against 0, 1 and 2 fleets");
	for (int i = 0; i < 3; i++) {
		const json_t *v = json_array_get(raid, (size_t)i);
		if (!json_is_integer(v) || json_integer_value(v) < 1 || json_integer_value(v) > 6)
			return lw_fail(c->err, LW_DATA_ESCHEMA, c->file, "naval",
			               "raid_min values are die rolls 1..6");
		n->raid_min[i] = (int)json_integer_value(v);
	}
	return 0;
}

static int vp_table(struct lw_data_owned *o, const struct lw_ctx *c, const json_t *root)
{
	static const char *const kinds[] = {"pc_remaining",
	                                    "no_emancipation",
	                                    "no_british_intervention",
	                                    "assassinated_president",
	                                    "assassinated_co",
	                                    "enemy_stars_oos",
	                                    "control_kentucky",
	                                    "control_missouri",
	                                    "city",
	                                    "mississippi",
	                                    "southern_port_us",
	                                    "southern_port_cs",
	                                    "raiders"};
	const json_t *arr;
	if (lw_get_array(c, root, "victory_points", &arr) < 0)
		return -1;
	size_t n = json_array_size(arr);
	o->vp = calloc(n ? n : 1, sizeof *o->vp);
	if (o->vp == NULL)
		return lw_fail(c->err, LW_DATA_ENOMEM, c->file, "victory_points", "out of memory");
	size_t i;
	const json_t *j;
	json_array_foreach(arr, i, j)
	{
		char item[40];
		snprintf(item, sizeof item, "victory_points #%zu", i + 1);
		struct lw_ctx vc = {c->err, c->file, item};
		struct lw_vp_entry *e = &o->vp[i];
		const char *kind, *src;
		const json_t *sides;
		if (lw_get_str(&vc, j, "kind", &kind) < 0 ||
		    lw_get_int(&vc, j, "vp", 0, 20, &e->vp) < 0 ||
		    lw_get_int(&vc, j, "param", 0, 20, &e->param) < 0 ||
		    lw_get_str(&vc, j, "text", &e->text) < 0 ||
		    lw_get_array(&vc, j, "sides", &sides) < 0 || lw_check_source(&vc, j, &src) < 0)
			return -1;
		int k = -1;
		for (int q = 0; q < (int)(sizeof kinds / sizeof kinds[0]); q++)
			if (strcmp(kind, kinds[q]) == 0)
				k = q;
		if (k < 0)
			return lw_fail(c->err, LW_DATA_ESCHEMA, c->file, item,
			               "unknown kind \"%s\"", kind);
		e->kind = (enum lw_vp_kind)k;
		size_t q;
		const json_t *s;
		json_array_foreach(sides, q, s)
		{
			int sd = lw_side_parse(json_string_value(s));
			if (sd < 0)
				return lw_fail(c->err, LW_DATA_ESCHEMA, c->file, item,
				               "sides are union or confederate");
			e->side_mask |= 1 << sd;
		}
	}
	o->pub.tables.vp = o->vp;
	o->pub.tables.n_vp = n;
	return 0;
}

int lw_load_tables(struct lw_data_owned *o, struct lw_data_error *err)
{
	static const char F[] = "tables.json";
	const json_t *root = o->root[LW_F_TABLES];
	struct lw_ctx c = {err, F, NULL};
	struct lw_tables *t = &o->pub.tables;
	const json_t *crt, *bs;
	const char *src;
	if (casualty(&c, root, &t->casualty) < 0 || raid(&c, root, &t->raid) < 0 ||
	    indecisive(&c, root, &t->indecisive) < 0 || costs(&c, root, &t->costs) < 0 ||
	    naval(&c, root, &t->naval) < 0 || lw_get_object(&c, root, "combat_results", &crt) < 0 ||
	    lw_check_source(&c, crt, &src) < 0 ||
	    lw_get_int(&c, crt, "standoff_max", 0, 9, &t->combat.standoff_max) < 0 ||
	    lw_get_int(&c, crt, "minor_max", 0, 20, &t->combat.minor_max) < 0 ||
	    lw_get_object(&c, root, "border_states", &bs) < 0 ||
	    lw_check_source(&c, bs, &src) < 0 ||
	    lw_get_int(&c, bs, "kentucky_control", 1, 9, &t->kentucky_cities_for_control) < 0 ||
	    lw_get_int(&c, bs, "missouri_control", 1, 9, &t->missouri_cities_for_control) < 0 ||
	    lw_get_int(&c, bs, "kentucky_violation_pc", 0, 20, &t->kentucky_violation_pc) < 0)
		return -1;
	return vp_table(o, &c, root);
}
