/* lw_data_map.c — reads map.json: grid, states, ocean, mountains, cities,
 * rivers, impassable hexsides and rails (schema in data/SCHEMA.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_data_internal.h"
#include "lw_data_sections.h"

static const char F[] = "map.json";

static const char *nz(const char *s)
{
	return s ? s : "?";
}

static int hex_index(const struct lw_data_owned *o, int id)
{
	for (size_t i = 0; i < o->pub.n_hexes; i++)
		if (o->hexes[i].id == id)
			return (int)i;
	return -1;
}

/* Adds a hex; a hex may be listed only once across states and ocean. */
static int add_hex(struct lw_data_owned *o, struct lw_ctx *c, const char *id_s, const char *state,
                   enum lw_terrain t, enum lw_region r, const char *source)
{
	int h = tg_hex_parse(id_s);
	if (h < 0 || !tg_hex_on_grid(&o->pub.grid, h))
		return lw_fail(c->err, LW_DATA_EREF, F, c->item, "\"%s\" is not a hex of the grid",
		               id_s ? id_s : "(not a string)");
	if (hex_index(o, h) >= 0)
		return lw_fail(c->err, LW_DATA_ERULE, F, c->item, "hex %s is listed twice", id_s);
	struct lw_hex *x = &o->hexes[o->pub.n_hexes++];
	memset(x, 0, sizeof *x);
	x->id = h;
	x->state = state;
	x->terrain = t;
	x->region = r;
	x->city = -1;
	x->source = source;
	return 0;
}

/* lw_data's next and rail_next, and the loader's next_flags and next_side
 * (after the hexes and the hexsides are sorted and indexed). next_flags and
 * next_side are set last: until then lw_data_hexside_flags and
 * lw_data_hexside search the hexsides. */
static int neighbour_lists(struct lw_data_owned *o, struct lw_data_error *err)
{
	size_t n = o->pub.n_hexes ? o->pub.n_hexes : 1;
	o->next = calloc(n, sizeof *o->next);
	o->rail_next = calloc(n, sizeof *o->rail_next);
	unsigned(*flags)[6] = calloc(n, sizeof *flags);
	const struct lw_hexside *(*sides)[6] = calloc(n, sizeof *sides);
	if (!o->next || !o->rail_next || !flags || !sides) {
		free(flags);
		free(sides);
		return lw_fail(err, LW_DATA_ENOMEM, F, NULL, "out of memory");
	}
	o->pub.next = (const int16_t(*)[6])o->next;
	o->pub.rail_next = (const int16_t(*)[6])o->rail_next;
	for (size_t i = 0; i < o->pub.n_hexes; i++) {
		int nb[6], a = o->hexes[i].id, k = 0;
		int m = tg_hex_neighbours(&o->pub.grid, a, nb);
		for (int j = 0; j < m; j++) {
			if (nb[j] == 0) { /* the lists end at 0 */
				free(flags);
				free(sides);
				return lw_fail(err, LW_DATA_ESCHEMA, F, NULL,
				               "the grid may not hold hex 0000");
			}
			o->next[i][j] = (int16_t)nb[j];
			unsigned f = lw_data_hexside_flags(&o->pub, a, nb[j]);
			flags[i][j] = f;
			sides[i][j] = lw_data_hexside(&o->pub, a, nb[j]);
			if (nb[j] > 0 && lw_data_hex(&o->pub, nb[j]) && (f & LW_HS_RAIL) &&
			    !(f & LW_HS_IMPASSABLE))
				o->rail_next[i][k++] = (int16_t)nb[j];
		}
	}
	o->next_flags = flags;
	o->next_side = sides;
	o->pub.next_flags = (const unsigned(*)[6])flags;
	o->pub.next_side = (const struct lw_hexside *const(*)[6])sides;
	return 0;
}

static int load_states(struct lw_data_owned *o, const json_t *root, struct lw_data_error *err)
{
	struct lw_ctx c = {err, F, "states"};
	const json_t *states;
	if (lw_get_object(&c, root, "states", &states) < 0)
		return -1;
	const char *code;
	const json_t *st;
	json_object_foreach((json_t *)states, code, st)
	{
		char item[64];
		snprintf(item, sizeof item, "state '%s'", code);
		struct lw_ctx sc = {err, F, item};
		const char *region_s, *source, *name, *terr;
		const json_t *hexes;
		if (lw_get_str(&sc, st, "name", &name) < 0 ||
		    lw_get_str(&sc, st, "region", &region_s) < 0 ||
		    lw_get_str(&sc, st, "territory", &terr) < 0 ||
		    lw_check_source(&sc, st, &source) < 0 ||
		    lw_get_array(&sc, st, "hexes", &hexes) < 0)
			return -1;
		int region = lw_region_parse(region_s);
		if (region < 0)
			return lw_fail(err, LW_DATA_ESCHEMA, F, item, "unknown region \"%s\"",
			               region_s);
		enum lw_control t = 0;
		if (strcmp(terr, "union") == 0)
			t = LW_CTRL_UNION;
		else if (strcmp(terr, "confederate") == 0)
			t = LW_CTRL_CONFEDERATE;
		else if (strcmp(terr, "neutral") == 0)
			t = LW_CTRL_NEUTRAL;
		else
			return lw_fail(err, LW_DATA_ESCHEMA, F, item,
			               "territory must be union, confederate or neutral");
		size_t i;
		const json_t *h;
		json_array_foreach(hexes, i, h)
		{
			if (add_hex(o, &sc, json_string_value(h), code, LW_TERRAIN_CLEAR,
			            (enum lw_region)region, source) < 0)
				return -1;
			o->hexes[o->pub.n_hexes - 1].territory = t;
		}
	}
	return 0;
}

static int load_ocean(struct lw_data_owned *o, const json_t *root, struct lw_data_error *err)
{
	struct lw_ctx c = {err, F, "ocean"};
	const json_t *ocean, *hexes, *blockade;
	const char *source;
	if (lw_get_object(&c, root, "ocean", &ocean) < 0 ||
	    lw_check_source(&c, ocean, &source) < 0 ||
	    lw_get_array(&c, ocean, "hexes", &hexes) < 0 ||
	    lw_get_array(&c, ocean, "blockade_spaces", &blockade) < 0)
		return -1;
	size_t i;
	const json_t *h;
	json_array_foreach(hexes, i, h)
	{
		if (add_hex(o, &c, json_string_value(h), "", LW_TERRAIN_OCEAN, LW_REGION_NONE,
		            source) < 0)
			return -1;
	}
	json_array_foreach(blockade, i, h)
	{
		int idx = hex_index(o, tg_hex_parse(json_string_value(h)));
		if (idx < 0 || o->hexes[idx].terrain != LW_TERRAIN_OCEAN)
			return lw_fail(err, LW_DATA_ERULE, F, "ocean",
			               "blockade space %s is not an ocean hex",
			               json_string_value(h) ? json_string_value(h) : "?");
		o->hexes[idx].blockade_space = true;
	}
	return 0;
}

static int load_mountains(struct lw_data_owned *o, const json_t *root, struct lw_data_error *err)
{
	struct lw_ctx c = {err, F, "mountains"};
	const json_t *m, *hexes;
	const char *source;
	if (lw_get_object(&c, root, "mountains", &m) < 0 || lw_check_source(&c, m, &source) < 0 ||
	    lw_get_array(&c, m, "hexes", &hexes) < 0)
		return -1;
	size_t i;
	const json_t *h;
	json_array_foreach(hexes, i, h)
	{
		int idx = hex_index(o, tg_hex_parse(json_string_value(h)));
		if (idx < 0 || o->hexes[idx].terrain != LW_TERRAIN_CLEAR)
			return lw_fail(err, LW_DATA_ERULE, F, "mountains",
			               "%s is not a land hex of a state",
			               json_string_value(h) ? json_string_value(h) : "?");
		o->hexes[idx].terrain = LW_TERRAIN_MOUNTAIN;
	}
	return 0;
}

static int load_cities(struct lw_data_owned *o, const json_t *root, struct lw_data_error *err)
{
	struct lw_ctx c = {err, F, "cities"};
	const json_t *arr;
	if (lw_get_array(&c, root, "cities", &arr) < 0)
		return -1;
	size_t n = json_array_size(arr);
	o->cities = calloc(n ? n : 1, sizeof *o->cities);
	if (o->cities == NULL)
		return lw_fail(err, LW_DATA_ENOMEM, F, "cities", "out of memory");
	o->pub.cities = o->cities;
	size_t i;
	const json_t *j;
	json_array_foreach(arr, i, j)
	{
		struct lw_city *y = &o->cities[i];
		char item[80];
		const char *id = json_string_value(json_object_get(j, "id"));
		snprintf(item, sizeof item, "city '%s'", id ? id : "?");
		struct lw_ctx cc = {err, F, item};
		const char *ctrl;
		if (lw_get_str(&cc, j, "id", &y->id) < 0 ||
		    lw_get_str(&cc, j, "name", &y->name) < 0 ||
		    lw_get_hex(&cc, &o->pub.grid, j, "hex", false, &y->hex) < 0 ||
		    lw_get_city_value(&cc, j, "defense", false, &y->defense) < 0 ||
		    lw_get_city_value(&cc, j, "supply", true, &y->supply) < 0 ||
		    lw_get_str(&cc, j, "control", &ctrl) < 0 ||
		    lw_get_bool(&cc, j, "capital", false, &y->capital) < 0 ||
		    lw_get_bool(&cc, j, "bracketed", false, &y->bracketed) < 0 ||
		    lw_get_bool(&cc, j, "transit", false, &y->transit) < 0 ||
		    lw_get_bool(&cc, j, "no_confederate_entry", false, &y->no_confederate_entry) <
		        0 ||
		    lw_get_bool(&cc, j, "southern_ocean_port", false, &y->southern_ocean_port) <
		        0 ||
		    lw_get_bool(&cc, j, "mississippi_vp", false, &y->mississippi_vp) < 0 ||
		    lw_get_int(&cc, j, "vp", 0, 10, &y->vp) < 0 ||
		    lw_check_source(&cc, j, &y->source) < 0)
			return -1;
		if (strcmp(ctrl, "union") == 0)
			y->control = LW_CTRL_UNION;
		else if (strcmp(ctrl, "confederate") == 0)
			y->control = LW_CTRL_CONFEDERATE;
		else if (strcmp(ctrl, "neutral") == 0)
			y->control = LW_CTRL_NEUTRAL;
		else
			return lw_fail(err, LW_DATA_ESCHEMA, F, item, "unknown control \"%s\"",
			               ctrl);
		const json_t *ports, *p;
		if (lw_get_array(&cc, j, "ports", &ports) < 0)
			return -1;
		size_t k;
		json_array_foreach(ports, k, p)
		{
			const char *s = json_string_value(p);
			if (s && strcmp(s, "ocean") == 0)
				y->ocean_port = true;
			else if (s && strcmp(s, "river") == 0)
				y->river_port = true;
			else
				return lw_fail(err, LW_DATA_ESCHEMA, F, item,
				               "ports may only be \"ocean\" or \"river\"");
		}
		const json_t *bs = json_object_get(j, "blockade_spaces");
		if (bs != NULL) {
			if (!json_is_array(bs) || json_array_size(bs) > 4)
				return lw_fail(
				    err, LW_DATA_ESCHEMA, F, item,
				    "\"blockade_spaces\" must be an array of at most 4 hexes");
			json_array_foreach(bs, k, p)
			{
				int h = tg_hex_parse(json_string_value(p));
				int idx = hex_index(o, h);
				if (idx < 0 || !o->hexes[idx].blockade_space ||
				    !tg_hex_adjacent(&o->pub.grid, h, y->hex))
					return lw_fail(err, LW_DATA_ERULE, F, item,
					               "blockade space %s is not a blockade space "
					               "next to the city",
					               json_string_value(p) ? json_string_value(p)
					                                    : "?");
				y->blockade_hexes[y->n_blockade_hexes++] = h;
			}
			if (lw_get_int(&cc, j, "blockade_fleets", 1, 4, &y->blockade_fleets) < 0)
				return -1;
		}
		int idx = hex_index(o, y->hex);
		if (idx < 0 || o->hexes[idx].terrain == LW_TERRAIN_OCEAN)
			return lw_fail(err, LW_DATA_ERULE, F, item, "hex %04d is not a land hex",
			               y->hex);
		if (o->hexes[idx].city >= 0)
			return lw_fail(err, LW_DATA_ERULE, F, item, "hex %04d already holds %s",
			               y->hex, o->cities[o->hexes[idx].city].id);
		for (size_t q = 0; q < i; q++)
			if (strcmp(o->cities[q].id, y->id) == 0)
				return lw_fail(err, LW_DATA_ERULE, F, item, "duplicate city id");
		o->hexes[idx].city = (int)i;
		o->pub.n_cities = i + 1;
	}
	return 0;
}

static struct lw_hexside *side_slot(struct lw_data_owned *o, long id, int a, int b)
{
	for (size_t i = 0; i < o->pub.n_hexsides; i++)
		if (o->hexsides[i].id == id)
			return &o->hexsides[i];
	if (o->pub.n_hexsides == o->cap_hexsides) {
		size_t cap = o->cap_hexsides ? o->cap_hexsides * 2 : 256;
		struct lw_hexside *n = realloc(o->hexsides, cap * sizeof *n);
		if (n == NULL)
			return NULL;
		o->hexsides = n;
		o->cap_hexsides = cap;
	}
	struct lw_hexside *s = &o->hexsides[o->pub.n_hexsides++];
	memset(s, 0, sizeof *s);
	s->id = id;
	s->a = a < b ? a : b;
	s->b = a < b ? b : a;
	return s;
}

/* Marks a hexside given as "AAAA/BBBB"; both hexes must exist and be adjacent. */
static int mark_side(struct lw_data_owned *o, const char *item, const char *s, unsigned flags,
                     const char *river, const char *source, struct lw_data_error *err)
{
	long id = tg_hexside_parse(&o->pub.grid, s);
	if (id < 0)
		return lw_fail(err, LW_DATA_ERULE, F, item,
		               "hexside \"%s\" is not two adjacent hexes", s ? s : "?");
	int a, b;
	tg_hexside_hexes(id, &a, &b);
	if (hex_index(o, a) < 0 || hex_index(o, b) < 0)
		return lw_fail(err, LW_DATA_EREF, F, item, "hexside %s names a hex not on the map",
		               s);
	struct lw_hexside *x = side_slot(o, id, a, b);
	if (x == NULL)
		return lw_fail(err, LW_DATA_ENOMEM, F, item, "out of memory");
	if (river != NULL && x->river != NULL && strcmp(x->river, river) != 0)
		return lw_fail(err, LW_DATA_ERULE, F, item, "hexside %s is already the %s", s,
		               x->river);
	x->flags |= flags;
	if (river != NULL)
		x->river = river;
	if (x->source == NULL || river != NULL)
		x->source = source;
	return 0;
}

static int load_sides(struct lw_data_owned *o, const json_t *root, const char *key, bool river,
                      struct lw_data_error *err)
{
	struct lw_ctx c = {err, F, key};
	const json_t *arr;
	if (lw_get_array(&c, root, key, &arr) < 0)
		return -1;
	size_t i;
	const json_t *j;
	json_array_foreach(arr, i, j)
	{
		const char *name, *source;
		const json_t *sides;
		char item[96];
		snprintf(item, sizeof item, "%s '%s'", key,
		         nz(json_string_value(json_object_get(j, "name"))));
		struct lw_ctx cc = {err, F, item};
		if (lw_get_str(&cc, j, "name", &name) < 0 || lw_check_source(&cc, j, &source) < 0 ||
		    lw_get_array(&cc, j, "hexsides", &sides) < 0)
			return -1;
		unsigned flags = river ? LW_HS_RIVER : LW_HS_IMPASSABLE;
		if (river && strcmp(name, "Mississippi") == 0)
			flags |= LW_HS_MISSISSIPPI;
		size_t k;
		const json_t *s;
		json_array_foreach(sides, k, s)
		{
			if (mark_side(o, item, json_string_value(s), flags, river ? name : NULL,
			              source, err) < 0)
				return -1;
		}
	}
	return 0;
}

static int load_rails(struct lw_data_owned *o, const json_t *root, struct lw_data_error *err)
{
	struct lw_ctx c = {err, F, "rails"};
	const json_t *arr;
	if (lw_get_array(&c, root, "rails", &arr) < 0)
		return -1;
	size_t i;
	const json_t *j;
	json_array_foreach(arr, i, j)
	{
		const char *name, *source;
		const json_t *path;
		char item[96];
		snprintf(item, sizeof item, "rail '%s'",
		         nz(json_string_value(json_object_get(j, "name"))));
		struct lw_ctx cc = {err, F, item};
		if (lw_get_str(&cc, j, "name", &name) < 0 || lw_check_source(&cc, j, &source) < 0 ||
		    lw_get_array(&cc, j, "path", &path) < 0)
			return -1;
		if (json_array_size(path) < 2)
			return lw_fail(err, LW_DATA_ESCHEMA, F, item,
			               "a rail needs two hexes or more");
		int prev = -1;
		size_t k;
		const json_t *h;
		json_array_foreach(path, k, h)
		{
			int id = tg_hex_parse(json_string_value(h));
			int idx = hex_index(o, id);
			if (idx < 0 || o->hexes[idx].terrain == LW_TERRAIN_OCEAN)
				return lw_fail(err, LW_DATA_EREF, F, item,
				               "path hex %s is not a land hex",
				               nz(json_string_value(h)));
			o->hexes[idx].rail = true;
			if (prev >= 0) {
				char s[24];
				snprintf(s, sizeof s, "%04d/%04d", prev, id);
				if (mark_side(o, item, s, LW_HS_RAIL, NULL, source, err) < 0)
					return -1;
			}
			prev = id;
		}
	}
	return 0;
}

static int cmp_hex(const void *a, const void *b)
{
	return ((const struct lw_hex *)a)->id - ((const struct lw_hex *)b)->id;
}

static int cmp_side(const void *a, const void *b)
{
	long x = ((const struct lw_hexside *)a)->id, y = ((const struct lw_hexside *)b)->id;
	return x < y ? -1 : x > y;
}

static int river_sections(struct lw_data_owned *o, struct lw_data_error *err);

int lw_load_map(struct lw_data_owned *o, struct lw_data_error *err)
{
	const json_t *root = o->root[LW_F_MAP];
	struct lw_ctx c = {err, F, NULL};
	const char *orient;
	const json_t *cols, *rows;
	if (lw_get_str(&c, root, "orientation", &orient) < 0 ||
	    lw_get_array(&c, root, "columns", &cols) < 0 ||
	    lw_get_array(&c, root, "rows", &rows) < 0)
		return -1;
	int ori = tg_hex_orientation_parse(orient);
	if (ori < 0)
		return lw_fail(err, LW_DATA_ESCHEMA, F, NULL,
		               "orientation must be odd-q or even-q");
	struct tg_hexgrid *g = &o->pub.grid;
	g->orientation = (enum tg_hex_orientation)ori;
	g->first_col = (int)json_integer_value(json_array_get(cols, 0));
	g->last_col = (int)json_integer_value(json_array_get(cols, 1));
	g->first_row = (int)json_integer_value(json_array_get(rows, 0));
	g->last_row = (int)json_integer_value(json_array_get(rows, 1));
	if (g->first_col < 0 || g->last_col > 99 || g->first_col > g->last_col ||
	    g->first_row < 0 || g->last_row > 99 || g->first_row > g->last_row)
		return lw_fail(err, LW_DATA_ESCHEMA, F, NULL,
		               "columns/rows must be [first, last] in 0..99");
	size_t cap =
	    (size_t)(g->last_col - g->first_col + 1) * (size_t)(g->last_row - g->first_row + 1);
	o->hexes = calloc(cap, sizeof *o->hexes);
	if (o->hexes == NULL)
		return lw_fail(err, LW_DATA_ENOMEM, F, NULL, "out of memory");
	o->pub.hexes = o->hexes;
	if (load_states(o, root, err) < 0 || load_ocean(o, root, err) < 0 ||
	    load_mountains(o, root, err) < 0 || load_cities(o, root, err) < 0 ||
	    load_sides(o, root, "rivers", true, err) < 0 ||
	    load_sides(o, root, "impassable", false, err) < 0 || load_rails(o, root, err) < 0)
		return -1;
	for (size_t i = 0; i < o->pub.n_hexsides; i++) {
		struct lw_hexside *s = &o->hexsides[i];
		if (!(s->flags & LW_HS_RIVER))
			continue;
		size_t r = 0;
		while (r < o->pub.n_rivers && strcmp(o->rivers[r], s->river) != 0)
			r++;
		if (r == o->pub.n_rivers) {
			if (r == LW_MAX_RIVERS)
				return lw_fail(err, LW_DATA_ESCHEMA, F, "rivers",
				               "more than %d rivers", LW_MAX_RIVERS);
			o->rivers[o->pub.n_rivers++] = s->river;
		}
		s->river_bit = 1u << r;
		struct lw_hex *a = &o->hexes[hex_index(o, s->a)],
		              *b = &o->hexes[hex_index(o, s->b)];
		a->river = b->river = true;
		a->rivers |= s->river_bit;
		b->rivers |= s->river_bit;
	}
	o->pub.rivers = o->rivers;
	/* Sort for binary search; city indexes in hexes stay valid (they index cities). */
	qsort(o->hexes, o->pub.n_hexes, sizeof *o->hexes, cmp_hex);
	qsort(o->hexsides, o->pub.n_hexsides, sizeof *o->hexsides, cmp_side);
	o->pub.hexsides = o->hexsides;
	/* lw_data_hex's index: tg_hex_parse gave every id four digits */
	if (!(o->hex_slot = calloc(LW_HEX_IDS, sizeof *o->hex_slot)))
		return lw_fail(err, LW_DATA_ENOMEM, F, NULL, "out of memory");
	o->pub.hex_slot = o->hex_slot;
	for (size_t i = 0; i < o->pub.n_hexes; i++)
		if (o->hexes[i].id >= 0 && o->hexes[i].id < LW_HEX_IDS)
			o->hex_slot[o->hexes[i].id] = (uint16_t)(i + 1);
	/* Kentucky's hexes and cities (2.4.3) */
	for (size_t i = 0; i < o->pub.n_hexes; i++)
		o->hexes[i].kentucky = o->hexes[i].state && strcmp(o->hexes[i].state, "KY") == 0;
	if (!(o->kentucky_cities = calloc(o->pub.n_cities + 1, sizeof *o->kentucky_cities)))
		return lw_fail(err, LW_DATA_ENOMEM, F, NULL, "out of memory");
	o->pub.kentucky_cities = o->kentucky_cities;
	for (size_t c = 0; c < o->pub.n_cities; c++) {
		const struct lw_hex *h = lw_data_hex(&o->pub, o->cities[c].hex);
		if (h && h->kentucky)
			o->kentucky_cities[o->pub.n_kentucky_cities++] = (int16_t)c;
	}
	/* each hex's territory, from the cities' starting control (loaded
	 * above with the map) */
	for (size_t i = 0; i < o->pub.n_hexes; i++)
		for (int side = LW_NOSIDE; side <= LW_CONFEDERATE; side++)
			if (lw_data_territory_scan(&o->pub, &o->hexes[i], side))
				o->hexes[i].territory_of |= (uint8_t)(1u << side);
	if (neighbour_lists(o, err) < 0)
		return -1;
	return river_sections(o, err);
}

/* The hexes next to hex, as tg_hex_neighbours gives them (the same hexes
 * in the same order): a data hex's read from its list in the data (issue
 * 17: the supply trace asks them of every hex it steps through, hundreds of
 * thousands of times an action while forces are out of supply, and the
 * grid's arithmetic was the largest part of it), any other's from the
 * grid. The lists are built before the river sections, which use them. */
int lw_data_neighbours(const struct lw_data *d, int hex, int nb[6])
{
	if (hex >= 0 && hex < LW_HEX_IDS && d->hex_slot[hex]) {
		const int16_t *next = d->next[d->hex_slot[hex] - 1];
		int n = 0;
		while (n < 6 && next[n]) {
			nb[n] = next[n];
			n++;
		}
		return n;
	}
	return tg_hex_neighbours(&d->grid, hex, nb);
}

int lw_data_neighbours_flags(const struct lw_data *d, int hex, int nb[6], unsigned flags[6])
{
	const struct lw_data_owned *o = (const struct lw_data_owned *)d;
	if (o->next_flags && hex >= 0 && hex < LW_HEX_IDS && d->hex_slot[hex]) {
		size_t i = (size_t)d->hex_slot[hex] - 1;
		int n = 0;
		while (n < 6 && d->next[i][n]) {
			nb[n] = d->next[i][n];
			flags[n] = o->next_flags[i][n];
			n++;
		}
		return n;
	}
	int n = lw_data_neighbours(d, hex, nb);
	for (int k = 0; k < n; k++)
		flags[k] = lw_data_hexside_flags(d, hex, nb[k]);
	return n;
}

int lw_data_neighbour_sides(const struct lw_data *d, int hex, int nb[6],
                            const struct lw_hexside *sides[6])
{
	const struct lw_data_owned *o = (const struct lw_data_owned *)d;
	if (o->next_side && hex >= 0 && hex < LW_HEX_IDS && d->hex_slot[hex]) {
		size_t i = (size_t)d->hex_slot[hex] - 1;
		int n = 0;
		while (n < 6 && d->next[i][n]) {
			nb[n] = d->next[i][n];
			sides[n] = o->next_side[i][n];
			n++;
		}
		return n;
	}
	int n = lw_data_neighbours(d, hex, nb);
	for (int k = 0; k < n; k++)
		sides[k] = lw_data_hexside(d, hex, nb[k]);
	return n;
}

static bool seed_hex(int h)
{
	return h > 0 && h < LW_HEX_IDS;
}

static bool city_hex(const struct lw_data *d, int h)
{
	const struct lw_hex *x = lw_data_hex(d, h);
	return x && x->city >= 0;
}

static int add_end(int16_t *out, int n, int cap, int hex)
{
	for (int i = 0; i < n && i < cap; i++)
		if (out[i] == hex)
			return n;
	if (n < cap)
		out[n] = (int16_t)hex;
	return n + 1;
}

int lw_data_section_ends(const struct lw_data *d, uint32_t river_bit, int a, int b, int16_t *out,
                         int cap)
{
	const struct lw_data_owned *o = (const struct lw_data_owned *)d;
	int r = river_bit ? __builtin_ctz(river_bit) : 0;
	int seeds[2] = {a, b}, n = 0;
	for (int s = 0; s < 2; s++) {
		int x = seeds[s];
		if (!seed_hex(x) || (s == 1 && b == a))
			continue;
		if (city_hex(d, x)) {
			n = add_end(out, n, cap, x);
			continue;
		}
		int nb[6];
		int m = lw_data_neighbours(d, x, nb);
		for (int j = 0; j < m; j++) {
			int y = nb[j];
			if (!seed_hex(y) || !(lw_data_hex_rivers(d, y) & river_bit))
				continue;
			if (city_hex(d, y)) {
				n = add_end(out, n, cap, y);
				continue;
			}
			unsigned k =
			    o->section[(size_t)(d->hex_slot[y] - 1) * d->n_rivers + (size_t)r];
			if (!k)
				continue; /* river_bit was not one river's */
			for (uint32_t e = o->section_first[k - 1]; e < o->section_first[k]; e++)
				n = add_end(out, n, cap, o->section_city[e]);
		}
	}
	return n;
}

/* The seed ends of each hex and river as sets of cities
 * (lw_data_section_end_set), each distinct set kept once. None are kept
 * (end_set_of NULL) when a set cannot hold every city. */
static int end_sets(struct lw_data_owned *o, struct lw_data_error *err)
{
	const struct lw_data *d = &o->pub;
	size_t nh = d->n_hexes, nr = d->n_rivers, n_sets = 1;
	if (d->n_cities > 64 * LW_CITY_SET_WORDS)
		return 0;
	o->end_set_of = calloc(nh * nr + 1, sizeof *o->end_set_of);
	o->end_sets = calloc(nh * nr + 1, sizeof *o->end_sets); /* set 0: empty */
	if (!o->end_set_of || !o->end_sets)
		return lw_fail(err, LW_DATA_ENOMEM, F, NULL, "out of memory");
	for (size_t k = 0; k < nh * nr; k++) {
		struct lw_city_set set = {{0}};
		for (uint32_t e = o->seed_first[k]; e < o->seed_first[k + 1]; e++) {
			const struct lw_hex *h = lw_data_hex(d, o->seed_city[e]);
			if (!h || h->city < 0)
				return lw_fail(err, LW_DATA_ERULE, F, "rivers",
				               "a section ends at hex %04d, which holds no city",
				               o->seed_city[e]);
			set.w[h->city / 64] |= 1ull << (h->city % 64);
		}
		size_t j = 0;
		while (j < n_sets && memcmp(&o->end_sets[j], &set, sizeof set) != 0)
			j++;
		if (j == n_sets) {
			if (n_sets > UINT16_MAX)
				return lw_fail(err, LW_DATA_ERULE, F, "rivers",
				               "too many river sections");
			o->end_sets[n_sets++] = set;
		}
		o->end_set_of[k] = (uint16_t)j;
	}
	struct lw_city_set *fit = realloc(o->end_sets, n_sets * sizeof *fit);
	if (fit)
		o->end_sets = fit;
	return 0;
}

const struct lw_city_set *lw_data_section_end_set(const struct lw_data *d, uint32_t river_bit,
                                                  int x)
{
	const struct lw_data_owned *o = (const struct lw_data_owned *)d;
	if (!o->end_set_of)
		return NULL;
	if (!seed_hex(x))
		return &o->end_sets[0]; /* no seed: no ends */
	if (!d->hex_slot[x] || !river_bit || (river_bit & (river_bit - 1)) ||
	    (size_t)__builtin_ctz(river_bit) >= d->n_rivers)
		return NULL;
	size_t k = (size_t)(d->hex_slot[x] - 1) * d->n_rivers + (size_t)__builtin_ctz(river_bit);
	return &o->end_sets[o->end_set_of[k]];
}

/* Each hex's own ends for each river, lw_data_section_ends of the hex
 * alone, kept (lw_data_section_ends_of). Counted first, then written. */
static int seed_ends(struct lw_data_owned *o, struct lw_data_error *err)
{
	const struct lw_data *d = &o->pub;
	size_t nh = d->n_hexes, nr = d->n_rivers;
	enum { SEED_CAP = LW_HEX_IDS / 16 };
	int16_t buf[SEED_CAP];
	o->seed_first = calloc(nh * nr + 1, sizeof *o->seed_first);
	if (!o->seed_first)
		return lw_fail(err, LW_DATA_ENOMEM, F, NULL, "out of memory");
	size_t total = 0;
	for (size_t i = 0; i < nh; i++)
		for (size_t r = 0; r < nr; r++) {
			int x = o->hexes[i].id;
			int n = lw_data_section_ends(d, 1u << r, x, x, buf, SEED_CAP);
			if (n > SEED_CAP)
				return lw_fail(err, LW_DATA_ERULE, F, "rivers",
				               "a hex bounded by too many river cities");
			o->seed_first[i * nr + r] = (uint32_t)total;
			total += (size_t)n;
		}
	o->seed_first[nh * nr] = (uint32_t)total;
	o->seed_city = calloc(total + 1, sizeof *o->seed_city);
	if (!o->seed_city)
		return lw_fail(err, LW_DATA_ENOMEM, F, NULL, "out of memory");
	for (size_t i = 0; i < nh; i++)
		for (size_t r = 0; r < nr; r++) {
			int x = o->hexes[i].id;
			uint32_t at = o->seed_first[i * nr + r];
			lw_data_section_ends(d, 1u << r, x, x, o->seed_city + at,
			                     (int)(o->seed_first[i * nr + r + 1] - at));
		}
	return end_sets(o, err);
}

int lw_data_section_ends_of(const struct lw_data *d, uint32_t river_bit, int x,
                            const int16_t **ends)
{
	const struct lw_data_owned *o = (const struct lw_data_owned *)d;
	*ends = NULL;
	if (!seed_hex(x))
		return 0;
	if (!d->hex_slot[x] || !river_bit || (river_bit & (river_bit - 1)) ||
	    (size_t)__builtin_ctz(river_bit) >= d->n_rivers || !o->seed_first)
		return -1;
	size_t k = (size_t)(d->hex_slot[x] - 1) * d->n_rivers + (size_t)__builtin_ctz(river_bit);
	*ends = o->seed_city + o->seed_first[k];
	return (int)(o->seed_first[k + 1] - o->seed_first[k]);
}

/* Each river's sections: the hexes touching the river that are not
 * cities, joined where they are next to each other, and the cities
 * touching the river next to them (lw_data_sections.h). */
static int river_sections(struct lw_data_owned *o, struct lw_data_error *err)
{
	const struct lw_data *d = &o->pub;
	size_t nh = d->n_hexes, nr = d->n_rivers;
	o->section = calloc(nh * nr + 1, sizeof *o->section);
	o->section_first = calloc(nh * nr + 2, sizeof *o->section_first);
	o->section_city = calloc(nh * nr * 6 + 1, sizeof *o->section_city);
	int *queue = calloc(nh + 1, sizeof *queue);
	if (!o->section || !o->section_first || !o->section_city || !queue) {
		free(queue);
		return lw_fail(err, LW_DATA_ENOMEM, F, NULL, "out of memory");
	}
	size_t k = 0, ne = 0;
	for (size_t r = 0; r < nr; r++)
		for (size_t i = 0; i < nh; i++) {
			if (!(o->hexes[i].rivers & (1u << r)) || o->hexes[i].city >= 0 ||
			    !seed_hex(o->hexes[i].id) || o->section[i * nr + r])
				continue;
			if (k + 1 >= UINT16_MAX) {
				free(queue);
				return lw_fail(err, LW_DATA_ERULE, F, "rivers",
				               "too many river sections");
			}
			size_t first = ne, nq = 0;
			o->section_first[k] = (uint32_t)first;
			o->section[i * nr + r] = (uint16_t)(k + 1);
			queue[nq++] = (int)i;
			for (size_t q = 0; q < nq; q++) {
				int nb[6];
				int m = lw_data_neighbours(d, o->hexes[queue[q]].id, nb);
				for (int j = 0; j < m; j++) {
					int y = nb[j];
					if (!seed_hex(y) || !(lw_data_hex_rivers(d, y) & (1u << r)))
						continue;
					size_t yi = (size_t)d->hex_slot[y] - 1;
					if (o->hexes[yi].city >= 0) {
						bool seen = false;
						for (size_t e = first; e < ne && !seen; e++)
							seen = o->section_city[e] == y;
						if (!seen)
							o->section_city[ne++] = (int16_t)y;
					} else if (!o->section[yi * nr + r]) {
						o->section[yi * nr + r] = (uint16_t)(k + 1);
						queue[nq++] = (int)yi;
					}
				}
			}
			k++;
		}
	o->section_first[k] = (uint32_t)ne;
	o->n_sections = k;
	free(queue);
	return seed_ends(o, err);
}
