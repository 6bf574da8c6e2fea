/* lw_data_cards.c — reads cards_union.json / cards_confederate.json and
 * checks each deck against the structure rule 1.2 gives. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lw_data_internal.h"

static const struct {
	const char *name;
	enum lw_card_kind kind;
} KINDS[] = {
    {"activation", LW_KIND_ACTIVATION},       {"campaign", LW_KIND_CAMPAIGN},
    {"seditious", LW_KIND_SEDITIOUS},         {"committee", LW_KIND_COMMITTEE},
    {"irregulars", LW_KIND_IRREGULARS},       {"peculiar", LW_KIND_PECULIAR},
    {"zero_resource", LW_KIND_ZERO_RESOURCE}, {"trap", LW_KIND_TRAP},
    {"assassination", LW_KIND_ASSASSINATION}, {"csp", LW_KIND_CSP},
};

/* The kind rule 1.2 puts at each number, per side. */
static enum lw_card_kind kind_at(enum lw_side side, int n)
{
	if (n <= 57 || n == 74 || n == 75)
		return LW_KIND_ACTIVATION;
	if (n <= 62)
		return LW_KIND_CAMPAIGN;
	if (n <= 68)
		return LW_KIND_SEDITIOUS;
	if (n == 69)
		return side == LW_UNION ? LW_KIND_COMMITTEE : LW_KIND_IRREGULARS;
	if (n <= 71)
		return LW_KIND_PECULIAR;
	if (n == 72)
		return LW_KIND_ZERO_RESOURCE;
	if (n == 73)
		return side == LW_UNION ? LW_KIND_TRAP : LW_KIND_ASSASSINATION;
	return LW_KIND_CSP;
}

static bool optional_at(enum lw_side side, int n)
{
	return n == 70 || n == 71 || n == 74 || n == 75 || (n == 73 && side == LW_UNION) ||
	       (n == 69 && side == LW_CONFEDERATE);
}

static int symbols(const struct lw_ctx *c, const json_t *j, unsigned *out)
{
	const json_t *arr;
	if (lw_get_array(c, j, "symbols", &arr) < 0)
		return -1;
	*out = 0;
	size_t i;
	const json_t *s;
	json_array_foreach(arr, i, s)
	{
		const char *v = json_string_value(s);
		if (v && strcmp(v, "forage") == 0)
			*out |= LW_SYM_FORAGE;
		else if (v && strcmp(v, "casualty") == 0)
			*out |= LW_SYM_CASUALTY;
		else if (v && strcmp(v, "disaster") == 0)
			*out |= LW_SYM_DISASTER;
		else
			return lw_fail(c->err, LW_DATA_ESCHEMA, c->file, c->item,
			               "unknown symbol (forage, casualty, disaster)");
	}
	return 0;
}

static int erratic(const struct lw_ctx *c, const json_t *j, struct lw_card *k)
{
	const json_t *e = json_object_get(j, "erratic");
	if (e == NULL || json_is_null(e))
		return 0;
	if (!json_is_array(e) || json_array_size(e) != 6)
		return lw_fail(c->err, LW_DATA_ESCHEMA, c->file, c->item,
		               "\"erratic\" must be null or six PC values for die rolls 1..6");
	for (int i = 0; i < 6; i++) {
		const json_t *v = json_array_get(e, (size_t)i);
		if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 9)
			return lw_fail(c->err, LW_DATA_ESCHEMA, c->file, c->item,
			               "erratic value %d must be an integer 0..9", i + 1);
		k->erratic_pc[i] = (int)json_integer_value(v);
	}
	if (k->erratic_pc[0] != 0 || k->erratic_pc[1] != 0)
		return lw_fail(c->err, LW_DATA_ERULE, c->file, c->item,
		               "an erratic roll of 1 or 2 nets 0 PC (10.6.5)");
	if (k->pc < 1 || k->pc > 2)
		return lw_fail(c->err, LW_DATA_ERULE, c->file, c->item,
		               "erratic personalities have a one or two PC value (10.6.5)");
	k->erratic = true;
	return 0;
}

static int load_card(struct lw_data_owned *o, enum lw_side side, const char *file, const json_t *j,
                     struct lw_data_error *err)
{
	int n = (int)json_integer_value(json_object_get(j, "number"));
	char item[32];
	snprintf(item, sizeof item, "card %d", n);
	struct lw_ctx c = {err, file, item};
	if (lw_get_int(&c, j, "number", 1, LW_DECK_SIZE, &n) < 0)
		return -1;
	struct lw_card *k = &o->cards[side][n - 1];
	if (k->number != 0)
		return lw_fail(err, LW_DATA_ERULE, file, item, "number used twice");
	k->side = side;
	k->number = n;
	const char *kind;
	if (lw_get_str(&c, j, "name", &k->name) < 0 || lw_get_str(&c, j, "role", &k->role) < 0 ||
	    lw_get_str(&c, j, "kind", &kind) < 0 || lw_get_int(&c, j, "pc", -6, 6, &k->pc) < 0 ||
	    lw_get_bool(&c, j, "optional", false, &k->optional) < 0 ||
	    lw_get_bool(&c, j, "resource", false, &k->resource) < 0 ||
	    lw_get_int(&c, j, "csp", 0, 5, &k->csp) < 0 || symbols(&c, j, &k->symbols) < 0 ||
	    erratic(&c, j, k) < 0 || lw_get_str(&c, j, "text", &k->text) < 0 ||
	    lw_check_source(&c, j, &k->source) < 0)
		return -1;
	bool found = false;
	for (size_t i = 0; i < sizeof KINDS / sizeof KINDS[0]; i++)
		if (strcmp(kind, KINDS[i].name) == 0) {
			k->kind = KINDS[i].kind;
			found = true;
		}
	if (!found)
		return lw_fail(err, LW_DATA_ESCHEMA, file, item, "unknown kind \"%s\"", kind);
	if (k->kind != kind_at(side, n) || k->optional != optional_at(side, n))
		return lw_fail(err, LW_DATA_ERULE, file, item,
		               "kind \"%s\"%s does not match the deck layout of rule 1.2", kind,
		               k->optional ? " (optional)" : "");
	const json_t *eff;
	if (lw_get_object(&c, j, "effect", &eff) < 0 ||
	    lw_get_str(&c, eff, "kind", &k->effect_kind) < 0)
		return -1;
	k->effect = eff;
	k->effect_id = json_string_value(json_object_get(eff, "id"));
	if (k->effect_id == NULL)
		k->effect_id = "";
	const json_t *reg = json_object_get(j, "region");
	if (k->kind == LW_KIND_CAMPAIGN) {
		int r = lw_region_parse(json_string_value(reg));
		if (r <= 0)
			return lw_fail(err, LW_DATA_ESCHEMA, file, item,
			               "a campaign card needs a region (10.7.3.1)");
		k->campaign_region = (enum lw_region)r;
	}
	const json_t *bp = json_object_get(j, "blockade_port");
	if (json_is_string(bp)) {
		k->blockade_port = json_string_value(bp);
		const struct lw_city *y = lw_data_city(&o->pub, k->blockade_port);
		if (y == NULL || !y->ocean_port || y->control != LW_CTRL_CONFEDERATE)
			return lw_fail(err, LW_DATA_EREF, file, item,
			               "blockade port \"%s\" is not a Confederate ocean port",
			               k->blockade_port);
	}
	/* 10.7.1: a green ribbon means a combat resource; 10.7.4: Reluctant to Follow
	 * Orders is a ribboned card whose use is an event. */
	bool res_effect = strcmp(k->effect_kind, "resource") == 0;
	if (res_effect && !k->resource)
		return lw_fail(err, LW_DATA_ERULE, file, item,
		               "a \"resource\" effect needs the green ribbon (\"resource\": true)");
	if (k->resource && !res_effect && strcmp(k->effect_kind, "event") != 0)
		return lw_fail(err, LW_DATA_ERULE, file, item,
		               "a green-ribbon card has a \"resource\" or \"event\" effect");
	if (k->kind == LW_KIND_SEDITIOUS && k->pc >= 0)
		return lw_fail(err, LW_DATA_ERULE, file, item,
		               "seditious cards have a negative PC value (10.7.7)");
	if (k->kind == LW_KIND_ACTIVATION && k->pc < 1)
		return lw_fail(err, LW_DATA_ERULE, file, item,
		               "activation cards have a positive PC value (1.2)");
	if (k->kind == LW_KIND_CSP && k->csp != n - 76)
		return lw_fail(err, LW_DATA_ERULE, file, item,
		               "CSP cards 76-81 are worth 0 to 5 in order (1.2)");
	return 0;
}

/* Counts rule 1.2 and 10.x fix for the whole deck. */
static int check_deck(const struct lw_data_owned *o, enum lw_side side, const char *file,
                      struct lw_data_error *err)
{
	const struct lw_card *d = o->cards[side];
	int res_main = 0, res_kick = 0, six = 0, err_n = 0, runners = 0;
	bool region_seen[LW_REGION_COUNT] = {false};
	for (int i = 0; i < LW_DECK_SIZE; i++) {
		if (d[i].number == 0)
			return lw_fail(err, LW_DATA_ERULE, file, NULL,
			               "card %d is missing (81 cards, 1.2)", i + 1);
		if (d[i].resource && d[i].number <= 57)
			res_main++;
		if (d[i].resource && (d[i].number == 74 || d[i].number == 75))
			res_kick++;
		if (d[i].pc == 6 && !d[i].optional)
			six++;
		if (d[i].erratic)
			err_n++;
		if (d[i].blockade_port)
			runners++;
		if (d[i].kind == LW_KIND_CAMPAIGN) {
			if (region_seen[d[i].campaign_region])
				return lw_fail(err, LW_DATA_ERULE, file, NULL,
				               "two campaign cards for one region (10.7.3.1)");
			region_seen[d[i].campaign_region] = true;
		}
	}
	int want_res = side == LW_UNION ? 22 : 18, want_err = side == LW_UNION ? 9 : 8;
	int want_runners = side == LW_UNION ? 0 : 3;
	if (res_main != want_res)
		return lw_fail(err, LW_DATA_ERULE, file, NULL,
		               "%d resource cards among 1-57, rule 1.2 says %d", res_main,
		               want_res);
	if (res_kick != 1)
		return lw_fail(err, LW_DATA_ERULE, file, NULL,
		               "one of the kickstarters 74-75 is a resource (1.2), found %d",
		               res_kick);
	if (six != 5)
		return lw_fail(err, LW_DATA_ERULE, file, NULL,
		               "%d six-value cards, 10.7.3.2 says five", six);
	if (err_n != want_err)
		return lw_fail(err, LW_DATA_ERULE, file, NULL,
		               "%d erratic personalities, 10.6.5 says %d", err_n, want_err);
	if (runners != want_runners)
		return lw_fail(err, LW_DATA_ERULE, file, NULL,
		               "%d blockade runners, 10.7.5 says %d", runners, want_runners);
	return 0;
}

int lw_load_cards(struct lw_data_owned *o, enum lw_side side, struct lw_data_error *err)
{
	const char *file = side == LW_UNION ? "cards_union.json" : "cards_confederate.json";
	const json_t *root = o->root[side == LW_UNION ? LW_F_CARDS_US : LW_F_CARDS_CS];
	struct lw_ctx c = {err, file, NULL};
	const char *s;
	const json_t *arr;
	if (lw_get_str(&c, root, "side", &s) < 0 || lw_get_array(&c, root, "cards", &arr) < 0)
		return -1;
	if (lw_side_parse(s) != (int)side)
		return lw_fail(err, LW_DATA_ERULE, file, NULL, "\"side\" must be \"%s\"",
		               lw_side_name(side));
	if (json_array_size(arr) != LW_DECK_SIZE)
		return lw_fail(err, LW_DATA_ERULE, file, NULL, "%zu cards, a deck has 81 (1.2)",
		               json_array_size(arr));
	o->cards[side] = calloc(LW_DECK_SIZE, sizeof(struct lw_card));
	if (o->cards[side] == NULL)
		return lw_fail(err, LW_DATA_ENOMEM, file, NULL, "out of memory");
	o->pub.cards[side] = o->cards[side];
	size_t i;
	const json_t *j;
	json_array_foreach(arr, i, j)
	{
		if (load_card(o, side, file, j, err) < 0)
			return -1;
	}
	return check_deck(o, side, file, err);
}
