/* lw_data_internal.h — shared by the lw_data_*.c loaders; not for the engine.
 *
 * Strings in the loaded data point into the parsed JSON documents, which the
 * loader keeps alive for the life of the data (the card effects are borrowed
 * from them too).
 */
#ifndef TG_LW_DATA_INTERNAL_H
#define TG_LW_DATA_INTERNAL_H

#include "lw_data.h"
#include "lw_data_sections.h"

enum lw_file {
	LW_F_MAP,
	LW_F_GENERALS,
	LW_F_CARDS_US,
	LW_F_CARDS_CS,
	LW_F_TURNS,
	LW_F_SCENARIOS,
	LW_F_TABLES,
	LW_F_COUNT
};

/* The loader's private view of lw_data: the public part first, then what it owns. */
struct lw_data_owned {
	struct lw_data pub;
	json_t *root[LW_F_COUNT];
	struct lw_hex *hexes;
	uint16_t *hex_slot;       /* LW_HEX_IDS entries */
	int16_t *kentucky_cities; /* lw_data.kentucky_cities */
	int16_t (*next)[6], (*rail_next)[6];
	/* by index in hexes, as next: the flags of the hexside between the
	 * hex and next[i][k] (LW_HS_*, 0 for none), so that
	 * lw_data_hexside_flags of two neighbours is one read, not a binary
	 * search over the hexsides (issue 17: the campaign reach's bounds ask
	 * it tens of thousands of times an offer); NULL until neighbour_lists
	 * has filled it */
	unsigned (*next_flags)[6];
	/* by index in hexes, as next: the hexside between the hex and
	 * next[i][k] (NULL for none), so that lw_data_hexside of two
	 * neighbours is one read (issue 17: the supply trace's river and rail
	 * steps, 20.1, asked it a hundred thousand times an action when forces
	 * were out of supply, each a binary search); NULL until
	 * neighbour_lists has filled it */
	const struct lw_hexside *(*next_side)[6];
	struct lw_hexside *hexsides;
	size_t cap_hexsides;
	const char *rivers[LW_MAX_RIVERS]; /* lw_data.rivers */
	/* 20.1's river sections (lw_data_sections.h): section[i * n_rivers +
	 * r] is 1 + the section of river r that the hex of index i is in (0: a
	 * city, or a hex not touching r); section k's city hexes are
	 * section_city[section_first[k]] up to section_city[section_first[k +
	 * 1]] */
	uint16_t *section;
	uint32_t *section_first;
	int16_t *section_city;
	size_t n_sections;
	/* each hex's own ends (lw_data_section_ends_of): the city hexes
	 * lw_data_section_ends gives for the hex of index i alone and river
	 * r are seed_city[seed_first[i * n_rivers + r]] up to
	 * seed_city[seed_first[i * n_rivers + r + 1]] */
	uint32_t *seed_first;
	int16_t *seed_city;
	/* the same ends as sets of cities (lw_data_section_end_set): the set
	 * of the hex of index i and river r is end_sets[end_set_of[i *
	 * n_rivers + r]], each set once in end_sets (most are empty, set 0);
	 * NULL when the data has more cities than a set holds */
	uint16_t *end_set_of;
	struct lw_city_set *end_sets;
	struct lw_city *cities;
	struct lw_general *generals;
	/* the generals by id (lw_data_general_index): an open-addressed
	 * table of general_mask + 1 slots, each 1 + a general's index (0:
	 * empty), at lw_data_id_hash(id) & general_mask or the next slots
	 * after it (issue 17: the actions name generals by id, and a scan
	 * strcmp'd every general's id until it found one, ~1 K instructions a
	 * look-up); NULL until lw_load_generals has made it */
	uint16_t *general_slot;
	size_t general_mask;
	struct lw_tco *tcos;
	struct lw_card *cards[3];
	struct lw_turn *turns;
	struct lw_scenario *scenarios;
	struct lw_setup_entry **setups; /* one array per scenario */
	size_t n_setups;
	struct lw_vp_entry *vp;
};

/* The hash of an id for the tables by id (FNV-1a) */
static inline uint32_t lw_data_id_hash(const char *id)
{
	uint32_t h = 2166136261u;
	for (; *id; id++)
		h = (h ^ (unsigned char)*id) * 16777619u;
	return h;
}

/* Reports a load error ("file: item: problem") and returns -1. */
int lw_fail(struct lw_data_error *err, enum lw_data_err code, const char *file, const char *item,
            const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* Member readers; each reports its own error (naming file, item, member) and returns -1. */
struct lw_ctx {
	struct lw_data_error *err;
	const char *file;
	const char *item; /* e.g. "city 'richmond'" */
};
int lw_get_str(const struct lw_ctx *c, const json_t *o, const char *key, const char **out);
int lw_get_int(const struct lw_ctx *c, const json_t *o, const char *key, int lo, int hi, int *out);
int lw_get_bool(const struct lw_ctx *c, const json_t *o, const char *key, bool dflt, bool *out);
/* A four-digit hex that is on the grid; "null" allowed when may_be_null (then *out = 0). */
int lw_get_hex(const struct lw_ctx *c, const struct tg_hexgrid *g, const json_t *o, const char *key,
               bool may_be_null, int *out);
int lw_get_array(const struct lw_ctx *c, const json_t *o, const char *key, const json_t **out);
int lw_get_object(const struct lw_ctx *c, const json_t *o, const char *key, const json_t **out);
/* An int, or one of the city markers "?", "X", "*" (LW_VALUE_*). */
int lw_get_city_value(const struct lw_ctx *c, const json_t *o, const char *key, bool supply,
                      int *out);
/* "union" / "confederate" -> side; -1 otherwise. */
int lw_side_parse(const char *s);
int lw_region_parse(const char *s);
/* A source must start "rule " or "reconstructed". */
int lw_check_source(const struct lw_ctx *c, const json_t *o, const char **out);

/* lw_data_in_territory's definition, a walk of the cities: what
 * lw_hex.territory_of keeps for each side (lw_data.c). */
bool lw_data_territory_scan(const struct lw_data *d, const struct lw_hex *h, int side);
int lw_load_map(struct lw_data_owned *o, struct lw_data_error *err);
int lw_load_generals(struct lw_data_owned *o, struct lw_data_error *err);
int lw_load_cards(struct lw_data_owned *o, enum lw_side side, struct lw_data_error *err);
int lw_load_turns(struct lw_data_owned *o, struct lw_data_error *err);
int lw_load_scenarios(struct lw_data_owned *o, struct lw_data_error *err);
int lw_load_tables(struct lw_data_owned *o, struct lw_data_error *err);

#endif
