/* offer.c — see offer.h. */
#include "offer.h"

#include <stdarg.h>
#include <stdio.h>

void tg_offer(json_t *list, json_t *action, const char *fmt, ...)
{
	char label[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(label, sizeof label, fmt, ap);
	va_end(ap);
	json_array_append_new(
	    list, json_pack("{s:s,s:o,s:[]}", "label", label, "action", action, "params"));
}

void tg_offer_choice(json_t *list, json_t *action, const char *param, const char *param_label,
                     json_t *choices, const char *fmt, ...)
{
	char label[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(label, sizeof label, fmt, ap);
	va_end(ap);
	json_array_append_new(list, json_pack("{s:s,s:o,s:[{s:s,s:s,s:o}]}", "label", label,
	                                      "action", action, "params", "name", param, "label",
	                                      param_label, "choices", choices));
}
