/* offer.c — see offer.h. */
#include "offer.h"

#include <stdarg.h>
#include <stdio.h>

/* {label, action, params} built member by member: json_pack read its
 * format string again for every entry, about half of an entry's cost
 * (issue 17: 7,101 entries in bench_views 300). NULL, and action and
 * params released, if a value is missing or the label is not UTF-8
 * (json_pack's "s" and "o" refuse the same). */
static json_t *entry(const char *label, json_t *action, json_t *params)
{
	json_t *e = NULL, *l = json_string(label);
	if (l && action && params && (e = json_object()) &&
	    json_object_set_new_nocheck(e, "label", l) == 0) {
		l = NULL;
		int rc = json_object_set_new_nocheck(e, "action", action);
		action = NULL;
		rc |= json_object_set_new_nocheck(e, "params", params);
		params = NULL;
		if (rc != 0) {
			json_decref(e);
			e = NULL;
		}
	}
	json_decref(l);
	json_decref(action);
	json_decref(params);
	return e;
}

void tg_offer(json_t *list, json_t *action, const char *fmt, ...)
{
	char label[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(label, sizeof label, fmt, ap);
	va_end(ap);
	json_array_append_new(list, entry(label, action, json_array()));
}

void tg_offer_choice(json_t *list, json_t *action, const char *param, const char *param_label,
                     json_t *choices, const char *fmt, ...)
{
	char label[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(label, sizeof label, fmt, ap);
	va_end(ap);
	json_t *p = json_object(), *params = json_array();
	json_t *name = json_string(param), *pl = json_string(param_label);
	int rc = !p || !params || !name || !pl || !choices;
	rc |= json_object_set_new_nocheck(p, "name", name);
	rc |= json_object_set_new_nocheck(p, "label", pl);
	rc |= json_object_set_new_nocheck(p, "choices", choices);
	rc |= json_array_append_new(params, p);
	if (rc) {
		json_decref(params);
		params = NULL;
	}
	json_array_append_new(list, entry(label, action, params));
}
