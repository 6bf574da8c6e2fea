/* lw_data_json.c — typed member readers for the data loader; every failure
 * becomes one error sentence naming file, item and member. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lw_data_internal.h"

int lw_fail(struct lw_data_error *err, enum lw_data_err code, const char *file, const char *item,
            const char *fmt, ...)
{
	if (err == NULL)
		return -1;
	err->code = code;
	int n = snprintf(err->message, sizeof err->message, "%s: %s: ", file,
	                 item ? item : "top level");
	if (n < 0 || (size_t)n >= sizeof err->message)
		return -1;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(err->message + n, sizeof err->message - (size_t)n, fmt, ap);
	va_end(ap);
	return -1;
}

static int missing(const struct lw_ctx *c, const char *key, const char *want)
{
	return lw_fail(c->err, LW_DATA_ESCHEMA, c->file, c->item, "member \"%s\" must be %s", key,
	               want);
}

int lw_get_str(const struct lw_ctx *c, const json_t *o, const char *key, const char **out)
{
	const json_t *v = json_object_get(o, key);
	if (!json_is_string(v))
		return missing(c, key, "a string");
	*out = json_string_value(v);
	return 0;
}

int lw_get_int(const struct lw_ctx *c, const json_t *o, const char *key, int lo, int hi, int *out)
{
	const json_t *v = json_object_get(o, key);
	if (!json_is_integer(v))
		return missing(c, key, "an integer");
	json_int_t x = json_integer_value(v);
	if (x < lo || x > hi)
		return lw_fail(c->err, LW_DATA_ESCHEMA, c->file, c->item,
		               "member \"%s\" is %lld, outside %d..%d", key, (long long)x, lo, hi);
	*out = (int)x;
	return 0;
}

int lw_get_bool(const struct lw_ctx *c, const json_t *o, const char *key, bool dflt, bool *out)
{
	const json_t *v = json_object_get(o, key);
	if (v == NULL) {
		*out = dflt;
		return 0;
	}
	if (!json_is_boolean(v))
		return missing(c, key, "true or false");
	*out = json_is_true(v);
	return 0;
}

int lw_get_hex(const struct lw_ctx *c, const struct tg_hexgrid *g, const json_t *o, const char *key,
               bool may_be_null, int *out)
{
	const json_t *v = json_object_get(o, key);
	if (may_be_null && (v == NULL || json_is_null(v))) {
		*out = 0;
		return 0;
	}
	if (!json_is_string(v))
		return missing(c, key, "a hex number such as \"1903\"");
	int h = tg_hex_parse(json_string_value(v));
	if (h < 0 || !tg_hex_on_grid(g, h))
		return lw_fail(c->err, LW_DATA_EREF, c->file, c->item,
		               "member \"%s\": \"%s\" is not a hex of the map", key,
		               json_string_value(v));
	*out = h;
	return 0;
}

int lw_get_array(const struct lw_ctx *c, const json_t *o, const char *key, const json_t **out)
{
	const json_t *v = json_object_get(o, key);
	if (!json_is_array(v))
		return missing(c, key, "an array");
	*out = v;
	return 0;
}

int lw_get_object(const struct lw_ctx *c, const json_t *o, const char *key, const json_t **out)
{
	const json_t *v = json_object_get(o, key);
	if (!json_is_object(v))
		return missing(c, key, "an object");
	*out = v;
	return 0;
}

int lw_get_city_value(const struct lw_ctx *c, const json_t *o, const char *key, bool supply,
                      int *out)
{
	const json_t *v = json_object_get(o, key);
	if (json_is_integer(v))
		return lw_get_int(c, o, key, 0, 9, out);
	const char *s = json_string_value(v);
	if (s != NULL && strcmp(s, "?") == 0 && !supply) {
		*out = LW_VALUE_VARIABLE;
		return 0;
	}
	if (s != NULL && strcmp(s, "X") == 0 && !supply) {
		*out = LW_VALUE_X;
		return 0;
	}
	if (s != NULL && strcmp(s, "*") == 0) {
		*out = supply ? LW_VALUE_STAR : LW_VALUE_UNATTACKABLE;
		return 0;
	}
	return missing(c, key,
	               supply ? "an integer or \"*\"" : "an integer, \"?\", \"X\" or \"*\"");
}

int lw_side_parse(const char *s)
{
	if (s == NULL)
		return -1;
	if (strcmp(s, "union") == 0)
		return LW_UNION;
	if (strcmp(s, "confederate") == 0)
		return LW_CONFEDERATE;
	return -1;
}

int lw_region_parse(const char *s)
{
	static const char *const names[LW_REGION_COUNT] = {"none",  "eastern",    "up_north",
	                                                   "ky_tn", "down_south", "trans_miss"};
	if (s == NULL)
		return -1;
	for (int i = 0; i < LW_REGION_COUNT; i++)
		if (strcmp(s, names[i]) == 0)
			return i;
	return -1;
}

int lw_check_source(const struct lw_ctx *c, const json_t *o, const char **out)
{
	const char *s = NULL;
	if (lw_get_str(c, o, "source", &s) < 0)
		return -1;
	if (strncmp(s, "rule ", 5) != 0 && strncmp(s, "reconstructed", 13) != 0)
		return lw_fail(
		    c->err, LW_DATA_ESCHEMA, c->file, c->item,
		    "\"source\" must begin with \"rule \" or \"reconstructed\", got \"%.40s\"", s);
	*out = s;
	return 0;
}
