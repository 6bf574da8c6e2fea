/* lw_data.c — loads the data folder once, checks what spans files, and
 * answers lookups. The per-file readers are lw_data_map.c, lw_data_units.c,
 * lw_data_cards.c and lw_data_track.c. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_data_internal.h"

#ifndef TG_LW_DATA_DIR
#define TG_LW_DATA_DIR "data"
#endif

static const char *const FILES[LW_F_COUNT] = {
    "map.json",   "generals.json",  "cards_union.json", "cards_confederate.json",
    "turns.json", "scenarios.json", "tables.json"};

const char *lw_data_dir(void)
{
	const char *e = getenv("TG_GAME_DATA");
	return (e != NULL && e[0] != '\0') ? e : TG_LW_DATA_DIR;
}

const char *lw_side_name(enum lw_side s)
{
	return s == LW_UNION ? "union" : s == LW_CONFEDERATE ? "confederate" : "none";
}

bool lw_source_is_rule(const char *source)
{
	return source != NULL && strncmp(source, "rule ", 5) == 0;
}

static int read_file(struct lw_data_owned *o, const char *dir, enum lw_file f,
                     struct lw_data_error *err)
{
	char path[1024];
	int n = snprintf(path, sizeof path, "%s/%s", dir, FILES[f]);
	if (n < 0 || (size_t)n >= sizeof path)
		return lw_fail(err, LW_DATA_EIO, FILES[f], NULL, "data folder path is too long");
	json_error_t je;
	o->root[f] = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
	if (o->root[f] == NULL) {
		if (je.line < 0 || je.line == 0)
			return lw_fail(err, LW_DATA_EIO, FILES[f], NULL, "cannot read %s: %s", path,
			               je.text);
		return lw_fail(err, LW_DATA_EJSON, FILES[f], NULL, "line %d: %s", je.line, je.text);
	}
	if (!json_is_object(o->root[f]))
		return lw_fail(err, LW_DATA_ESCHEMA, FILES[f], NULL,
		               "the document must be an object");
	return 0;
}

static bool land(const struct lw_data *d, int hex)
{
	const struct lw_hex *h = lw_data_hex(d, hex);
	return h != NULL && h->terrain != LW_TERRAIN_OCEAN;
}

/* Checks that span files, and the fixed shape of the border states. */
static int cross_check(const struct lw_data *d, struct lw_data_error *err)
{
	for (size_t i = 0; i < d->n_generals; i++) {
		const struct lw_general *g = &d->generals[i];
		int hex = g->setup_hex ? g->setup_hex : g->entry_hex;
		char item[64];
		snprintf(item, sizeof item, "general '%s'", g->id);
		if (!land(d, hex))
			return lw_fail(err, LW_DATA_EREF, "generals.json", item,
			               "hex %04d is not a land hex of the map", hex);
		const struct lw_city *c = lw_data_city_at(d, hex);
		if (g->side == LW_CONFEDERATE && c != NULL && c->no_confederate_entry)
			return lw_fail(err, LW_DATA_ERULE, "generals.json", item,
			               "Confederates may not enter %s (2.3)", c->name);
	}
	for (size_t s = 0; s < d->n_scenarios; s++)
		for (size_t i = 0; i < d->scenarios[s].n_setup; i++)
			if (!land(d, d->scenarios[s].setup[i].hex))
				return lw_fail(err, LW_DATA_EREF, "scenarios.json",
				               d->scenarios[s].id,
				               "setup hex %04d is not a land hex",
				               d->scenarios[s].setup[i].hex);
	int capitals[3] = {0}, ky = 0, mo = 0, mo_ctrl[4] = {0};
	for (size_t i = 0; i < d->n_cities; i++) {
		const struct lw_city *c = &d->cities[i];
		const struct lw_hex *h = lw_data_hex(d, c->hex);
		if (c->capital)
			capitals[c->control == LW_CTRL_UNION ? LW_UNION : LW_CONFEDERATE]++;
		if (strcmp(h->state, "KY") == 0) {
			ky++;
			if (c->control != LW_CTRL_NEUTRAL)
				return lw_fail(err, LW_DATA_ERULE, "map.json", c->id,
				               "Kentucky cities start neutral (2.4.3)");
		}
		if (strcmp(h->state, "MO") == 0) {
			mo++;
			mo_ctrl[c->control]++;
		}
		if (c->river_port && !h->river)
			return lw_fail(err, LW_DATA_ERULE, "map.json", c->id,
			               "a river port needs a river hexside (2.2)");
	}
	if (capitals[LW_UNION] != 1 || capitals[LW_CONFEDERATE] != 1)
		return lw_fail(err, LW_DATA_ERULE, "map.json", "cities",
		               "one capital per side (Washington, Richmond)");
	if (ky != 4)
		return lw_fail(err, LW_DATA_ERULE, "map.json", "cities",
		               "Kentucky has four cities (2.4.3), found %d", ky);
	if (mo != 6 || mo_ctrl[LW_CTRL_UNION] != 2 || mo_ctrl[LW_CTRL_CONFEDERATE] != 2)
		return lw_fail(
		    err, LW_DATA_ERULE, "map.json", "cities",
		    "Missouri has six cities, two Union, two Confederate, two neutral (2.4.2)");
	return 0;
}

static void free_owned(struct lw_data_owned *o)
{
	if (o == NULL)
		return;
	for (int f = 0; f < LW_F_COUNT; f++)
		json_decref(o->root[f]);
	free(o->hexes);
	free(o->hex_slot);
	free(o->kentucky_cities);
	free(o->next);
	free(o->rail_next);
	free(o->next_flags);
	free(o->next_side);
	free(o->section);
	free(o->section_first);
	free(o->section_city);
	free(o->seed_first);
	free(o->seed_city);
	free(o->end_set_of);
	free(o->end_sets);
	free(o->hexsides);
	free(o->cities);
	free(o->generals);
	free(o->general_slot);
	free(o->tcos);
	free(o->cards[LW_UNION]);
	free(o->cards[LW_CONFEDERATE]);
	free(o->turns);
	if (o->setups != NULL)
		for (size_t i = 0; i < o->n_setups; i++)
			free(o->setups[i]);
	free(o->setups);
	free(o->scenarios);
	free(o->vp);
	free(o);
}

struct lw_data *lw_data_load(const char *dir, struct lw_data_error *err)
{
	struct lw_data_error scratch;
	if (err == NULL)
		err = &scratch;
	memset(err, 0, sizeof *err);
	struct lw_data_owned *o = calloc(1, sizeof *o);
	if (o == NULL) {
		lw_fail(err, LW_DATA_ENOMEM, "data", NULL, "out of memory");
		return NULL;
	}
	for (int f = 0; f < LW_F_COUNT; f++)
		if (read_file(o, dir, (enum lw_file)f, err) < 0)
			goto fail;
	/* Order matters: generals name turns, cards name cities, scenarios name generals. */
	if (lw_load_map(o, err) < 0 || lw_load_turns(o, err) < 0 || lw_load_generals(o, err) < 0 ||
	    lw_load_cards(o, LW_UNION, err) < 0 || lw_load_cards(o, LW_CONFEDERATE, err) < 0 ||
	    lw_load_scenarios(o, err) < 0 || lw_load_tables(o, err) < 0 ||
	    cross_check(&o->pub, err) < 0)
		goto fail;
	return &o->pub;
fail:
	free_owned(o);
	return NULL;
}

void lw_data_free(struct lw_data *d)
{
	free_owned((struct lw_data_owned *)d);
}

static pthread_once_t once = PTHREAD_ONCE_INIT;
static struct lw_data *cached;
static struct lw_data_error cached_err;

static void load_cached(void)
{
	cached = lw_data_load(lw_data_dir(), &cached_err);
}

const struct lw_data *lw_data_get(struct lw_data_error *err)
{
	pthread_once(&once, load_cached);
	if (cached == NULL && err != NULL)
		*err = cached_err;
	return cached;
}

const struct lw_hexside *lw_data_hexside(const struct lw_data *d, int a, int b)
{
	/* b next to a data hex a: its slot in a's list (as
	 * lw_data_hexside_flags); any other pair is searched */
	const struct lw_data_owned *o = (const struct lw_data_owned *)d;
	if (o->next_side && a >= 0 && a < LW_HEX_IDS && d->hex_slot[a]) {
		size_t i = (size_t)d->hex_slot[a] - 1;
		for (int k = 0; k < 6 && d->next[i][k]; k++)
			if (d->next[i][k] == b)
				return o->next_side[i][k];
	}
	long id = tg_hexside_id(&d->grid, a, b);
	if (id < 0)
		return NULL;
	size_t lo = 0, hi = d->n_hexsides;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (d->hexsides[mid].id == id)
			return &d->hexsides[mid];
		if (d->hexsides[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

unsigned lw_data_hexside_flags(const struct lw_data *d, int a, int b)
{
	/* b next to a data hex a: its slot in a's list (lw_data_map.c
	 * neighbour_lists); any other pair is asked of the hexsides */
	const struct lw_data_owned *o = (const struct lw_data_owned *)d;
	if (o->next_flags && a >= 0 && a < LW_HEX_IDS && d->hex_slot[a]) {
		size_t i = (size_t)d->hex_slot[a] - 1;
		for (int k = 0; k < 6 && d->next[i][k]; k++)
			if (d->next[i][k] == b)
				return o->next_flags[i][k];
	}
	const struct lw_hexside *s = lw_data_hexside(d, a, b);
	return s ? s->flags : 0;
}

bool lw_data_territory_scan(const struct lw_data *d, const struct lw_hex *h, int side)
{
	if (!h->state[0] || strcmp(h->state, "KY") == 0 || strcmp(h->state, "MO") == 0)
		return false;
	int own = 0, other = 0;
	for (size_t i = 0; i < d->n_cities; i++) {
		const struct lw_hex *ch = lw_data_hex(d, d->cities[i].hex);
		if (!ch || strcmp(ch->state, h->state) != 0)
			continue;
		int ctl = d->cities[i].control == LW_CTRL_UNION         ? LW_UNION
		          : d->cities[i].control == LW_CTRL_CONFEDERATE ? LW_CONFEDERATE
		                                                        : LW_NOSIDE;
		if (ctl == side)
			own++;
		else if (ctl != LW_NOSIDE)
			other++;
	}
	if (own || other)
		return own > other;
	return h->territory == (side == LW_UNION ? LW_CTRL_UNION : LW_CTRL_CONFEDERATE);
}

bool lw_data_in_territory(const struct lw_data *d, int hex, int side)
{
	const struct lw_hex *h = lw_data_hex(d, hex);
	if (!h)
		return false;
	if (side >= LW_NOSIDE && side <= LW_CONFEDERATE)
		return (h->territory_of >> side) & 1u;
	return lw_data_territory_scan(d, h, side);
}

uint32_t lw_data_river_bit(const struct lw_data *d, const char *name)
{
	for (size_t r = 0; name != NULL && r < d->n_rivers; r++)
		if (strcmp(d->rivers[r], name) == 0)
			return 1u << r;
	return 0;
}

const struct lw_city *lw_data_city(const struct lw_data *d, const char *id)
{
	for (size_t i = 0; id != NULL && i < d->n_cities; i++)
		if (strcmp(d->cities[i].id, id) == 0)
			return &d->cities[i];
	return NULL;
}

int lw_data_general_index(const struct lw_data *d, const char *id)
{
	const struct lw_data_owned *o = (const struct lw_data_owned *)d;
	if (id != NULL && o->general_slot != NULL) {
		for (size_t k = lw_data_id_hash(id) & o->general_mask; o->general_slot[k];
		     k = (k + 1) & o->general_mask)
			if (strcmp(d->generals[o->general_slot[k] - 1].id, id) == 0)
				return o->general_slot[k] - 1;
		return -1;
	}
	for (size_t i = 0; id != NULL && i < d->n_generals; i++)
		if (strcmp(d->generals[i].id, id) == 0)
			return (int)i;
	return -1;
}

const struct lw_general *lw_data_general(const struct lw_data *d, const char *id)
{
	int i = lw_data_general_index(d, id);
	return i >= 0 ? &d->generals[i] : NULL;
}

const struct lw_card *lw_data_card(const struct lw_data *d, enum lw_side side, int number)
{
	if ((side != LW_UNION && side != LW_CONFEDERATE) || number < 1 || number > LW_DECK_SIZE ||
	    d->cards[side] == NULL)
		return NULL;
	return &d->cards[side][number - 1];
}

const struct lw_scenario *lw_data_scenario(const struct lw_data *d, const char *id)
{
	for (size_t i = 0; id != NULL && i < d->n_scenarios; i++)
		if (strcmp(d->scenarios[i].id, id) == 0)
			return &d->scenarios[i];
	return NULL;
}

int lw_data_turn_index(const struct lw_data *d, const char *id)
{
	for (size_t i = 0; id != NULL && i < d->n_turns; i++)
		if (strcmp(d->turns[i].id, id) == 0)
			return (int)i;
	return -1;
}
